import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
import { insertJob, type EnqueueOptions } from './queue.js';
import { HandlerRegistry, type HandlerOptions, type JobHandler } from './registry.js';
import { JobWorker, type WorkerOptions } from './worker.js';

export { jobs } from './jobs.tables.js';
export type { JobHandler, HandlerOptions } from './registry.js';
export { pruneFinishedJobs, recoverStaleJobs, type EnqueueOptions } from './queue.js';
export { JobWorker, type WorkerOptions } from './worker.js';

/** ctx.jobs: register handlers by type, enqueue jobs, run a worker in this process. */
export class Jobs {
  readonly registry = new HandlerRegistry();
  private worker: JobWorker | null = null;

  constructor(
    private db: Db,
    private log: FastifyBaseLogger,
    private defaults: WorkerOptions = {},
  ) {}

  register<P>(type: string, handler: JobHandler<P>, options: HandlerOptions = {}) {
    this.registry.register(type, handler, options);
  }

  async enqueue<P>(type: string, payload: P, opts: EnqueueOptions = {}): Promise<string> {
    const handler = this.registry.get(type);
    const id = await insertJob(opts.tx ?? this.db, type, payload, {
      ...opts,
      defaultMaxAttempts: handler?.options.maxAttempts,
    });
    this.worker?.poke();
    return id;
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
export function enqueue<P>(
  ctx: { jobs: Jobs },
  type: string,
  payload: P,
  opts: EnqueueOptions = {},
): Promise<string> {
  return ctx.jobs.enqueue(type, payload, opts);
}
