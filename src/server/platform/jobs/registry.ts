import type { z } from 'zod';
import type { JobStatus } from './jobs.tables.js';

/** What a handler sees of the job it runs. */
export interface JobInfo {
  id: string;
  type: string;
  queue: string;
  /** 1 on the first run */
  attempt: number;
  maxAttempts: number;
  status: JobStatus;
}

/**
 * The payload of each known job type. The module that registers a type declares it here, so
 * `ctx.jobs.enqueue('mail.send', payload)` is checked by tsc (and by the type's zod schema at run time):
 *
 *   declare module '../jobs/registry.js' { interface JobPayloads { 'mail.send': MailSendPayload } }
 */
/** @public exported for module augmentation: each job type's module declares its payload here */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface JobPayloads {}

/** The payload type of a job type: declared in JobPayloads, or unknown (tests, ad-hoc types). */
export type PayloadOf<T extends string> = T extends keyof JobPayloads ? JobPayloads[T] : unknown;

export type JobHandler<P = unknown> = (payload: P, job: JobInfo) => Promise<void>;

export interface HandlerOptions<P = unknown> {
  /** attempts before the job is marked failed (default 5, or what enqueue says) */
  maxAttempts?: number;
  /** delay before retry number `attempt` (1-based count of failed runs) */
  backoffMs?: (attempt: number) => number;
  /**
   * The payload's schema: checked when the job is enqueued (a bad payload fails the enqueuing
   * write) and again before the handler runs (a stored payload that no longer parses fails the
   * job at once, without retries).
   */
  payload?: z.ZodType<P>;
  /**
   * A periodic job: the worker enqueues one (payload `{}`) whenever none of this type is queued
   * or running and none was enqueued in the last `everyMs` (checked at start, then every 5 min).
   */
  everyMs?: number;
  /**
   * Clean-up for a job that stale-job recovery fails because its worker died during the last
   * attempt: the handler's own failure path never ran (an import's version would stay 'importing').
   */
  onAbandoned?: (payload: P, job: { id: string }) => Promise<void>;
}

export interface RegisteredHandler {
  type: string;
  run: JobHandler<unknown>;
  options: HandlerOptions<unknown>;
}

/** A failure that retrying cannot fix (bad payload): the worker fails the job at once. */
export class PermanentJobError extends Error {
  readonly permanent = true;
}

/** Exponential backoff: 5 s, 10 s, 20 s, ... capped at one hour. */
export function defaultBackoffMs(attempt: number): number {
  return Math.min(5_000 * 2 ** Math.max(0, attempt - 1), 60 * 60 * 1000);
}

/** Job types and their handlers; modules register theirs at startup (ctx.jobs.register). */
export class HandlerRegistry {
  private handlers = new Map<string, RegisteredHandler>();

  register<P>(type: string, run: JobHandler<P>, options: HandlerOptions<P> = {}) {
    if (!/^[a-z][a-z0-9_-]*(\.[a-z0-9_-]+)+$/.test(type))
      throw new Error(`Job type '${type}' must be dotted lower-case, e.g. 'sources.import'.`);
    if (this.handlers.has(type)) throw new Error(`Job type '${type}' already has a handler.`);
    this.handlers.set(type, {
      type,
      run: run as JobHandler<unknown>,
      options: options as HandlerOptions<unknown>,
    });
  }

  get(type: string) {
    return this.handlers.get(type);
  }

  types(): string[] {
    return [...this.handlers.keys()];
  }
}

/** The payload checked against the type's schema (if it has one); throws PermanentJobError. */
export function parsePayload(handler: RegisteredHandler | undefined, payload: unknown): unknown {
  const schema = handler?.options.payload;
  if (!schema) return payload;
  const parsed = schema.safeParse(payload);
  if (!parsed.success)
    throw new PermanentJobError(
      `The payload of a '${handler.type}' job does not match its schema: ${parsed.error.issues
        .map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`)
        .join('; ')
        .slice(0, 500)}`,
    );
  return parsed.data;
}
