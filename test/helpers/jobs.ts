import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { jobs, JobWorker } from '../../src/server/platform/jobs/index.js';
import { until } from './wait.js';

/**
 * Run every due job (mail, notifications, ...) in this call until none is left: what the worker
 * of a running server would have done by now. Tests that read the outbox or notifications call it
 * first; no sleeping, the queue is empty when it returns. `at` stands for "now" when choosing
 * what is due (a retry whose backoff lies ahead).
 */
export function drainJobs(app: FastifyInstance, opts: { at?: Date } = {}): Promise<number> {
  return app.ctx.jobs.drain(opts);
}

/**
 * A job as a SIGKILLed worker leaves it on its last attempt (running, its lock long stale), then a
 * fresh worker whose housekeeping runs first: it fails the job and calls its handler's
 * `onAbandoned`. Resolves once `cleanedUp()` holds, with that worker stopped.
 */
export async function recoverAbandonedJob(
  app: FastifyInstance,
  jobId: string,
  cleanedUp: () => Promise<boolean>,
  what: string,
): Promise<void> {
  await app.ctx.db
    .update(jobs)
    .set({
      status: 'running',
      attempts: 2,
      lockedAt: new Date(Date.now() - 3_600_000),
      lockedBy: 'dead:1:x',
    })
    .where(eq(jobs.id, jobId));
  const worker = new JobWorker(app.ctx.db, app.ctx.jobs.registry, app.log, {
    staleAfterMs: 60_000,
  });
  worker.start();
  try {
    await until(cleanedUp, what);
  } finally {
    await worker.stop();
  }
}
