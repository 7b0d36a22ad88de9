import type { JobStatus } from './jobs.tables.js';

/** What a handler sees of the job it runs. */
interface JobInfo {
  id: string;
  type: string;
  queue: string;
  /** 1 on the first run */
  attempt: number;
  maxAttempts: number;
  status: JobStatus;
}

export type JobHandler<P = unknown> = (payload: P, job: JobInfo) => Promise<void>;

export interface HandlerOptions {
  /** attempts before the job is marked failed (default 5, or what enqueue says) */
  maxAttempts?: number;
  /** delay before retry number `attempt` (1-based count of failed runs) */
  backoffMs?: (attempt: number) => number;
}

export interface RegisteredHandler {
  type: string;
  run: JobHandler<unknown>;
  options: HandlerOptions;
}

/** Exponential backoff: 5 s, 10 s, 20 s, ... capped at one hour. */
export function defaultBackoffMs(attempt: number): number {
  return Math.min(5_000 * 2 ** Math.max(0, attempt - 1), 60 * 60 * 1000);
}

/** Job types and their handlers; modules register theirs at startup (ctx.jobs.register). */
export class HandlerRegistry {
  private handlers = new Map<string, RegisteredHandler>();

  register<P>(type: string, run: JobHandler<P>, options: HandlerOptions = {}) {
    if (!/^[a-z][a-z0-9_-]*(\.[a-z0-9_-]+)+$/.test(type))
      throw new Error(`Job type '${type}' must be dotted lower-case, e.g. 'sources.import'.`);
    if (this.handlers.has(type)) throw new Error(`Job type '${type}' already has a handler.`);
    this.handlers.set(type, { type, run: run as JobHandler<unknown>, options });
  }

  get(type: string) {
    return this.handlers.get(type);
  }

  types(): string[] {
    return [...this.handlers.keys()];
  }
}
