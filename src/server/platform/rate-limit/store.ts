import { createHash } from 'node:crypto';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Db } from '../db/client.js';
import { rateLimits } from './rate-limit.tables.js';

/*
 * A @fastify/rate-limit store on the `rate_limits` table, so every web process counts against
 * the same limits (scaled mode: ARCHITECTURE.md §4). One statement per hit: an atomic upsert
 * that starts a new window when the old one has ended. The database clock decides windows, so
 * processes on different machines agree; a test passes its own clock (`now`) instead, so windows
 * end when the test says, not after a sleep.
 */

/** The time windows are measured on; without one, the database's `now()`. */
export type Clock = () => Date;

const at = (now?: Clock) => (now ? sql`${now().toISOString()}::timestamptz` : sql`now()`);

type StoreCallback = (err: Error | null, res?: { current: number; ttl: number }) => void;

/** what @fastify/rate-limit passes to `child()`: the route's merged limit options */
interface ChildOptions {
  continueExceeding?: boolean;
  exponentialBackoff?: boolean;
  routeInfo?: { method?: string | string[]; url?: string; config?: { name?: unknown } };
}

/** Each route has its own counters (as with the in-memory store): the route is part of the key. */
export function routeScope(o: ChildOptions): string {
  const info = o.routeInfo ?? {};
  const method = Array.isArray(info.method) ? info.method.join(',') : (info.method ?? '');
  const name = typeof info.config?.name === 'string' ? info.config.name : (info.url ?? '');
  return `${method} ${name}`;
}

/** the stored key: a hash, so the table holds no emails, IPs or user ids */
export function storedKey(scope: string, key: string): string {
  return createHash('sha256').update(scope).update('\u0000').update(key).digest('base64url');
}

/** Start a window or count one more hit in it; the count and the milliseconds left. */
export async function hit(
  db: Db,
  key: string,
  windowMs: number,
  max: number,
  continueExceeding = false,
  now?: Clock,
): Promise<{ current: number; ttl: number }> {
  const t = at(now);
  const freshReset = sql`${t} + ${windowMs}::float8 * interval '1 millisecond'`;
  const expired = sql`${rateLimits.resetAt} <= ${t}`;
  const [row] = await db
    .insert(rateLimits)
    .values({ key, count: 1, resetAt: freshReset })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${expired} then 1 else ${rateLimits.count} + 1 end`,
        // continueExceeding: every hit over the limit starts the window again
        resetAt: sql`case when ${expired} or (${continueExceeding}::boolean and ${rateLimits.count} + 1 > ${max}::int) then excluded.reset_at else ${rateLimits.resetAt} end`,
      },
    })
    .returning({
      count: rateLimits.count,
      ttl: sql<number>`greatest(0, extract(epoch from (${rateLimits.resetAt} - ${t})) * 1000)::float8`,
    });
  return { current: row.count, ttl: Math.ceil(Number(row.ttl)) };
}

/** The current count and time left, without counting a hit. */
export async function peek(
  db: Db,
  key: string,
  now?: Clock,
): Promise<{ current: number; ttl: number }> {
  const t = at(now);
  const [row] = await db
    .select({
      count: rateLimits.count,
      ttl: sql<number>`(extract(epoch from (${rateLimits.resetAt} - ${t})) * 1000)::float8`,
    })
    .from(rateLimits)
    .where(and(eq(rateLimits.key, key), gt(rateLimits.resetAt, t)));
  return row ? { current: row.count, ttl: Math.ceil(Number(row.ttl)) } : { current: 0, ttl: 0 };
}

/** Delete counters whose window has ended (they would be reset on their next hit anyway). */
export async function deleteExpiredRateLimits(db: Db, now?: Clock): Promise<number> {
  const rows = await db
    .delete(rateLimits)
    .where(lt(rateLimits.resetAt, at(now)))
    .returning({ key: rateLimits.key });
  return rows.length;
}

/**
 * The store class @fastify/rate-limit instantiates (`store:` option), bound to a database.
 * (Its typings say `child()` gets the route options; it really gets the route's merged limit
 * options with the route under `routeInfo`, hence the cast.)
 */
export function databaseRateLimitStore(db: Db, now?: Clock): FastifyRateLimitStoreCtor {
  return class DatabaseRateLimitStore {
    private readonly scope: string;
    private readonly continueExceeding: boolean;
    constructor(options: ChildOptions = {}, scope = '') {
      if (options.exponentialBackoff)
        throw new Error('The database rate-limit store does not support exponentialBackoff.');
      this.continueExceeding = options.continueExceeding === true;
      this.scope = scope;
    }

    incr(key: string, cb: StoreCallback, timeWindow: number, max: number) {
      hit(db, storedKey(this.scope, key), timeWindow, max, this.continueExceeding, now).then(
        (res) => cb(null, res),
        (err: Error) => cb(err),
      );
    }

    read(key: string, cb: StoreCallback) {
      peek(db, storedKey(this.scope, key), now).then(
        (res) => cb(null, res),
        (err: Error) => cb(err),
      );
    }

    child(routeOptions: ChildOptions) {
      return new DatabaseRateLimitStore(routeOptions, routeScope(routeOptions));
    }
  } as unknown as FastifyRateLimitStoreCtor;
}

/** Delete ended windows every `intervalMs` (web processes in PostgreSQL mode; harmless when several do it). */
export function scheduleRateLimitCleanup(
  db: Db,
  log: FastifyBaseLogger,
  intervalMs = 10 * 60_000,
): { stop(): Promise<void> } {
  let running: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = deleteExpiredRateLimits(db)
      .then((n) => {
        if (n) log.debug({ deleted: n }, 'rate limits: deleted ended windows');
      })
      .catch((err: unknown) => log.error({ err }, 'rate limits: deleting ended windows failed'))
      .finally(() => {
        running = null;
      });
  }, intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
