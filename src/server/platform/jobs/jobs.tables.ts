import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

export type JobStatus = 'queued' | 'running' | 'done' | 'failed';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Background jobs. Workers claim queued rows with `FOR UPDATE SKIP LOCKED` (PGlite and PostgreSQL),
 * so any number of worker processes can share the table.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    queue: text('queue').notNull().default('default'),
    /** the handler that runs it, noun.verb (e.g. jobs.prune, sources.import) */
    type: text('type').notNull(),
    payload: jsonb('payload').$type<unknown>().notNull(),
    status: text('status').$type<JobStatus>().notNull().default('queued'),
    /** how many times a worker has started it */
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    /** not before this time (retries move it forward with a backoff) */
    runAt: ts('run_at').notNull().defaultNow(),
    lockedAt: ts('locked_at'),
    /** the worker holding it: host:pid:random */
    lockedBy: text('locked_by'),
    lastError: text('last_error'),
    /** what a long job has done so far ({ done, total, rate, etaSeconds, phase }: datasets.md 7) */
    progress: jsonb('progress').$type<Record<string, unknown>>(),
    /** a user asked to stop it: the handler checks between chunks */
    cancelRequested: boolean('cancel_requested').notNull().default(false),
    createdAt: ts('created_at').notNull().defaultNow(),
    finishedAt: ts('finished_at'),
  },
  (t) => [
    index('jobs_claim_idx').on(t.status, t.queue, t.runAt),
    index('jobs_finished_idx').on(t.finishedAt),
  ],
);
