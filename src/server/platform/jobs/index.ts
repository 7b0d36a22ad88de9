import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
import { insertJob, type EnqueueOptions } from './queue.js';
import {
  HandlerRegistry,
  parsePayload,
  type HandlerOptions,
  type JobHandler,
  type PayloadOf,
} from './registry.js';
import { JobWorker, type WorkerOptions } from './worker.js';

export { jobs } from './jobs.tables.js';
export {
  type JobHandler,
  type JobInfo,
  type HandlerOptions,
  type PayloadOf,
  PermanentJobError,
} from './registry.js';
export { pruneFinishedJobs, recoverStaleJobs, type EnqueueOptions } from './queue.js';
export { JobWorker, type WorkerOptions } from './worker.js';
export { enqueuePeriodic } from './periodic.js';

/** ctx.jobs: register handlers by type, enqueue jobs, run a worker in this process. */
export class Jobs {
  readonly registry = new HandlerRegistry();
  private worker: JobWorker | null = null;

  constructor(
    private db: Db,
    private log: FastifyBaseLogger,
    private defaults: WorkerOptions = {},
  ) {}

  /** A job type and its handler; `options.payload` (zod) checks the payload on enqueue and before each run. */
  register<T extends string>(
    type: T,
    handler: JobHandler<PayloadOf<T>>,
    options: HandlerOptions<PayloadOf<T>> = {},
  ) {
    this.registry.register(type, handler, options);
  }

  /**
   * Put a job in the queue. With `opts.tx` it is part of that transaction: it exists (and runs)
   * only if the transaction commits; call `poke()` after the commit to wake this process's worker.
   */
  async enqueue<T extends string>(
    type: T,
    payload: PayloadOf<T>,
    opts: EnqueueOptions = {},
  ): Promise<string> {
    const handler = this.registry.get(type);
    // a payload its own handler would refuse is a bug in the caller: fail the write now
    const checked = parsePayload(handler, payload);
    const id = await insertJob(opts.tx ?? this.db, type, checked, {
      ...opts,
      defaultMaxAttempts: handler?.options.maxAttempts,
    });
    if (!opts.tx) this.poke();
    return id;
  }

  /** Wake this process's worker (a job was committed); no-op when this process runs none. */
  poke() {
    this.worker?.poke();
  }

  /**
   * Run every due job of the registered types now, in this call, until none is left (tests;
   * `at` stands for "now", so a retry whose backoff lies ahead can be reached without waiting).
   */
  drain(opts: { at?: Date } = {}): Promise<number> {
    return new JobWorker(this.db, this.registry, this.log, this.defaults).drain(opts);
  }

  /** Start this process's worker (embedded mode: in the web process; `npm run worker`: alone). */
  startWorker(opts: WorkerOptions = {}): JobWorker {
    if (!this.worker) {
      this.worker = new JobWorker(this.db, this.registry, this.log, { ...this.defaults, ...opts });
      this.worker.start();
    }
    return this.worker;
  }

  get workerRunning() {
    return this.worker?.running ?? false;
  }

  async stopWorker(timeoutMs?: number): Promise<boolean> {
    const w = this.worker;
    this.worker = null;
    return w ? w.stop(timeoutMs) : true;
  }
}

/** Enqueue a background job (the job runs on a worker; pass opts.tx to enqueue inside a transaction). */
export function enqueue<T extends string>(
  ctx: { jobs: Jobs },
  type: T,
  payload: PayloadOf<T>,
  opts: EnqueueOptions = {},
): Promise<string> {
  return ctx.jobs.enqueue(type, payload, opts);
}
