import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
import { jobs } from './jobs.tables.js';
import { defaultBackoffMs, parsePayload, type HandlerRegistry } from './registry.js';
import { pruneFinishedJobs, recoverStaleJobs } from './queue.js';
import { enqueuePeriodic } from './periodic.js';

export interface WorkerOptions {
  /** jobs run at the same time by this worker (default 1) */
  concurrency?: number;
  /** how long to sleep when the queue is empty (default 1000 ms; enqueue in this process wakes it at once) */
  pollMs?: number;
  queues?: string[];
  /**
   * a 'running' job whose lock is older than this is presumed orphaned (default 15 min); the worker
   * running a job renews its lock every third of this, so a long job is never taken for orphaned
   */
  staleAfterMs?: number;
  /** embedded database: no other process can hold a job, so every 'running' job at start is orphaned */
  singleProcess?: boolean;
  /** finished jobs are deleted after this many days (default 14; 0 keeps them) */
  keepDays?: number;
}

type JobRow = typeof jobs.$inferSelect;

const HOUSEKEEPING_EVERY_MS = 5 * 60 * 1000;
const PRUNE_EVERY_MS = 6 * 60 * 60 * 1000;

/** One worker loop: claims jobs with FOR UPDATE SKIP LOCKED, runs their handlers, retries with backoff. */
export class JobWorker {
  readonly id = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  private stopping = false;
  private loopDone: Promise<void> | null = null;
  private inflight = new Set<Promise<void>>();
  private wake: (() => void) | null = null;
  private poked = false;
  private lastHousekeeping = 0;
  private lastPrune = 0;
  private readonly opts: Required<Omit<WorkerOptions, 'queues'>> & { queues: string[] };

  constructor(
    private db: Db,
    private registry: HandlerRegistry,
    private log: FastifyBaseLogger,
    opts: WorkerOptions = {},
  ) {
    this.opts = {
      concurrency: Math.max(1, opts.concurrency ?? 1),
      pollMs: opts.pollMs ?? 1000,
      queues: opts.queues ?? ['default'],
      staleAfterMs: opts.staleAfterMs ?? 15 * 60 * 1000,
      singleProcess: opts.singleProcess ?? false,
      keepDays: opts.keepDays ?? 14,
    };
  }

  get running() {
    return this.loopDone !== null && !this.stopping;
  }

  start() {
    if (this.loopDone) return;
    this.log.info(
      {
        worker: this.id,
        concurrency: this.opts.concurrency,
        queues: this.opts.queues,
        types: this.registry.types(),
      },
      'jobs worker started',
    );
    this.loopDone = this.loop();
  }

  /** Wake the loop now (a job was enqueued in this process). */
  poke() {
    if (this.wake) this.wake();
    else this.poked = true;
  }

  /**
   * Stop claiming, then wait for running jobs (up to timeoutMs). Jobs still running after that
   * stay 'running' and are put back in the queue by a later worker's stale-job recovery.
   */
  async stop(timeoutMs = 10_000): Promise<boolean> {
    if (!this.loopDone) return true;
    this.stopping = true;
    this.poke();
    await this.loopDone;
    let timer: NodeJS.Timeout | undefined;
    const finished = await Promise.race([
      Promise.allSettled([...this.inflight]).then(() => true),
      new Promise<boolean>((r) => {
        timer = setTimeout(() => r(false), timeoutMs);
      }),
    ]);
    clearTimeout(timer);
    if (!finished)
      this.log.warn(
        { worker: this.id, running: this.inflight.size },
        'jobs worker stopped with jobs still running; they will be retried',
      );
    else this.log.info({ worker: this.id }, 'jobs worker stopped');
    return finished;
  }

  private async loop() {
    while (!this.stopping) {
      try {
        await this.housekeeping();
        const free = this.opts.concurrency - this.inflight.size;
        const rows = free > 0 ? await this.claim(free) : [];
        for (const row of rows) this.track(this.run(row));
        if (rows.length > 0 && rows.length === free) continue;
      } catch (err) {
        if (this.stopping) break;
        this.log.error({ err, worker: this.id }, 'jobs worker: claiming failed; retrying');
      }
      if (this.stopping) break;
      await this.sleep(this.opts.pollMs);
    }
  }

  private sleep(ms: number) {
    if (this.poked) {
      this.poked = false;
      return Promise.resolve();
    }
    return new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wake = null;
        this.poked = false;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.wake = done;
    });
  }

  private track(p: Promise<void>) {
    this.inflight.add(p);
    void p.finally(() => {
      this.inflight.delete(p);
      this.poke();
    });
  }

  private async housekeeping() {
    const now = Date.now();
    if (now - this.lastHousekeeping < HOUSEKEEPING_EVERY_MS) return;
    const first = this.lastHousekeeping === 0;
    this.lastHousekeeping = now;
    const recovered = await recoverStaleJobs(
      this.db,
      first && this.opts.singleProcess ? 0 : this.opts.staleAfterMs,
      (failed) => this.abandoned(failed),
    );
    if (recovered)
      this.log.warn({ recovered }, 'jobs: orphaned running jobs were put back in the queue');
    const periodic = await enqueuePeriodic(
      this.db,
      this.registry,
      this.opts.queues[0] ?? 'default',
    );
    if (periodic.length) this.log.debug({ types: periodic }, 'jobs: periodic jobs enqueued');
    if (this.opts.keepDays > 0 && now - this.lastPrune >= PRUNE_EVERY_MS) {
      this.lastPrune = now;
      const pruned = await pruneFinishedJobs(this.db, this.opts.keepDays);
      if (pruned)
        this.log.info({ pruned, keepDays: this.opts.keepDays }, 'jobs: deleted old finished jobs');
    }
  }

  /** The clean-up of jobs whose worker died during their last attempt (HandlerOptions.onAbandoned) */
  private async abandoned(failed: Array<{ id: string; type: string; payload: unknown }>) {
    for (const job of failed) {
      const handler = this.registry.get(job.type);
      if (!handler?.options.onAbandoned) continue;
      try {
        await handler.options.onAbandoned(parsePayload(handler, job.payload), { id: job.id });
      } catch (err) {
        this.log.error(
          { err, job: job.id, type: job.type },
          'jobs: the clean-up of an abandoned job failed',
        );
      }
    }
  }

  /**
   * Run due jobs one by one until none is left, without the loop (tests, and anything that must
   * see the queue's effects now). `at` stands for "now" when choosing what is due, so a test can
   * reach a retry whose backoff lies ahead without waiting for it. Returns how many ran.
   */
  async drain(opts: { at?: Date } = {}): Promise<number> {
    let ran = 0;
    for (;;) {
      // the LIMIT inside `id IN (...)` is not a hard bound (the planner may run the subquery
      // again): run whatever the claim took, or a claimed job would be left 'running'
      const rows = await this.claim(1, opts.at);
      if (rows.length === 0) return ran;
      for (const row of rows) await this.run(row);
      ran += rows.length;
    }
  }

  /** Claim up to n due jobs (due at `at`, default the database's now()) of the types this process can run. */
  async claim(n: number, at?: Date): Promise<JobRow[]> {
    const types = this.registry.types();
    if (types.length === 0) return [];
    // The due ids are picked once, in a CTE (a query with FOR UPDATE is never inlined); as an
    // `id IN (subquery)` the LIMIT was not applied (claim(1) took every due job, on both databases).
    const due = this.db.$with('due').as(
      this.db
        .select({ id: jobs.id })
        .from(jobs)
        .where(
          and(
            eq(jobs.status, 'queued'),
            lte(jobs.runAt, at ?? sql`now()`),
            inArray(jobs.queue, this.opts.queues),
            inArray(jobs.type, types),
          ),
        )
        .orderBy(asc(jobs.runAt), asc(jobs.createdAt))
        .limit(n)
        .for('update', { skipLocked: true }),
    );
    return this.db
      .with(due)
      .update(jobs)
      .set({
        status: 'running',
        lockedAt: sql`now()`,
        lockedBy: this.id,
        attempts: sql`${jobs.attempts} + 1`,
      })
      .where(
        and(inArray(jobs.id, this.db.select({ id: due.id }).from(due)), eq(jobs.status, 'queued')),
      )
      .returning();
  }

  private async run(row: JobRow) {
    const handler = this.registry.get(row.type);
    const mine = and(eq(jobs.id, row.id), eq(jobs.lockedBy, this.id), eq(jobs.status, 'running'));
    const started = Date.now();
    // heartbeat: another worker's stale-job recovery must not requeue a job that is still running
    // (a long import would then run twice at once); a killed worker's beats stop with it
    const beat = setInterval(
      () =>
        void this.db
          .update(jobs)
          .set({ lockedAt: sql`now()` })
          .where(mine)
          .catch(() => {}),
      Math.max(250, this.opts.staleAfterMs / 3),
    );
    beat.unref();
    try {
      if (!handler) throw new Error(`No handler for job type '${row.type}'.`);
      await handler.run(parsePayload(handler, row.payload), {
        id: row.id,
        type: row.type,
        queue: row.queue,
        attempt: row.attempts,
        maxAttempts: row.maxAttempts,
        status: 'running',
      });
      await this.db
        .update(jobs)
        .set({ status: 'done', finishedAt: sql`now()`, lockedAt: null })
        .where(mine);
      this.log.info(
        { job: row.id, type: row.type, attempt: row.attempts, ms: Date.now() - started },
        'job done',
      );
    } catch (err) {
      const message = (err instanceof Error ? err.message : String(err)).slice(0, 2000) || 'failed';
      const permanent = (err as { permanent?: unknown } | null)?.permanent === true;
      const last = permanent || row.attempts >= row.maxAttempts;
      try {
        if (last) {
          await this.db
            .update(jobs)
            .set({ status: 'failed', finishedAt: sql`now()`, lockedAt: null, lastError: message })
            .where(mine);
        } else {
          const delay = (handler?.options.backoffMs ?? defaultBackoffMs)(row.attempts);
          await this.db
            .update(jobs)
            .set({
              status: 'queued',
              lockedAt: null,
              lockedBy: null,
              lastError: message,
              runAt: new Date(Date.now() + Math.max(0, delay)),
            })
            .where(mine);
        }
      } catch (dbErr) {
        this.log.error(
          { err: dbErr, job: row.id },
          'job: could not record the failure (stale-job recovery will retry it)',
        );
      }
      this.log[last ? 'error' : 'warn'](
        { err, job: row.id, type: row.type, attempt: row.attempts, maxAttempts: row.maxAttempts },
        last ? 'job failed for good' : 'job failed; will retry',
      );
    } finally {
      clearInterval(beat);
    }
  }
}
