import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { jobs } from './jobs.tables.js';

export interface EnqueueOptions {
  queue?: string;
  /** run not before this time */
  runAt?: Date;
  /** or: run after this many milliseconds */
  delayMs?: number;
  maxAttempts?: number;
  /** enqueue inside the caller's transaction (the job exists only if the transaction commits) */
  tx?: Db;
}

export async function insertJob(
  db: Db,
  type: string,
  payload: unknown,
  opts: Omit<EnqueueOptions, 'tx'> & { defaultMaxAttempts?: number } = {},
): Promise<string> {
  const runAt = opts.runAt ?? (opts.delayMs ? new Date(Date.now() + opts.delayMs) : undefined);
  const [row] = await db
    .insert(jobs)
    .values({
      type,
      payload: payload ?? {},
      queue: opts.queue ?? 'default',
      maxAttempts: Math.max(1, opts.maxAttempts ?? opts.defaultMaxAttempts ?? 5),
      ...(runAt ? { runAt } : {}),
    })
    .returning({ id: jobs.id });
  return row.id;
}

/** Delete finished (done or failed) jobs older than the given number of days; returns how many. */
export async function pruneFinishedJobs(db: Db, olderThanDays: number): Promise<number> {
  const cutoff = new Date(Date.now() - olderThanDays * 24 * 60 * 60 * 1000);
  const rows = await db
    .delete(jobs)
    .where(and(inArray(jobs.status, ['done', 'failed']), lt(jobs.finishedAt, cutoff)))
    .returning({ id: jobs.id });
  return rows.length;
}

/**
 * Put 'running' jobs whose worker is gone back in the queue (or fail them when out of attempts).
 * `olderThanMs` = 0 takes every running job (embedded mode at start: no other process can hold one).
 * `onFailed` gets the jobs failed here (their handlers' `onAbandoned` clean-up).
 */
export async function recoverStaleJobs(
  db: Db,
  olderThanMs: number,
  onFailed?: (failed: Array<{ id: string; type: string; payload: unknown }>) => Promise<void>,
): Promise<number> {
  const cutoff = new Date(Date.now() - olderThanMs);
  const stale = and(eq(jobs.status, 'running'), lt(jobs.lockedAt, cutoff));
  const requeued = await db
    .update(jobs)
    .set({
      status: 'queued',
      lockedAt: null,
      lockedBy: null,
      lastError: 'The worker stopped while running this job; it was put back in the queue.',
    })
    .where(and(stale, lt(jobs.attempts, jobs.maxAttempts)))
    .returning({ id: jobs.id });
  const failed = await db
    .update(jobs)
    .set({
      status: 'failed',
      finishedAt: sql`now()`,
      lastError: 'The worker stopped while running the last attempt of this job.',
    })
    .where(and(stale, sql`${jobs.attempts} >= ${jobs.maxAttempts}`))
    .returning({ id: jobs.id, type: jobs.type, payload: jobs.payload });
  if (failed.length && onFailed) await onFailed(failed);
  return requeued.length + failed.length;
}
