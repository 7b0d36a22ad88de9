import { createHash } from 'node:crypto';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Db } from '../db/client.js';
import { rateLimits } from './rate-limit.tables.js';

/*
 * A @fastify/rate-limit store on the `rate_limits` table, so every web process counts against
 * the same limits (scaled mode: ARCHITECTURE.md §4). An atomic upsert adds hits and starts a new
 * window when the old one has ended: one per hit for small limits, batched per process for large
 * ones (BatchedCounts). The database clock decides windows, so
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
export function hit(
  db: Db,
  key: string,
  windowMs: number,
  max: number,
  continueExceeding = false,
  now?: Clock,
): Promise<{ current: number; ttl: number }> {
  return add(db, key, windowMs, 1, now, continueExceeding ? max : undefined);
}

/**
 * Add `by` hits to a key's window (starting a new window when the old one has ended); the total
 * and the milliseconds left. `restartOver` set: a total over it starts the window again
 * (continueExceeding).
 */
async function add(
  db: Db,
  key: string,
  windowMs: number,
  by: number,
  now?: Clock,
  restartOver?: number,
): Promise<{ current: number; ttl: number }> {
  const t = at(now);
  const freshReset = sql`${t} + ${windowMs}::float8 * interval '1 millisecond'`;
  const expired = sql`${rateLimits.resetAt} <= ${t}`;
  const continueExceeding = restartOver !== undefined;
  const max = restartOver ?? 0;
  const [row] = await db
    .insert(rateLimits)
    .values({ key, count: by, resetAt: freshReset })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${expired} then ${by}::int else ${rateLimits.count} + ${by}::int end`,
        // continueExceeding: every hit over the limit starts the window again
        resetAt: sql`case when ${expired} or (${continueExceeding}::boolean and ${rateLimits.count} + ${by}::int > ${max}::int) then excluded.reset_at else ${rateLimits.resetAt} end`,
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

/** One key's window as this process sees it (BatchedCounts). */
interface LocalCount {
  /** when the window ends, on the store's clock (ms); 0 while its first sync is under way */
  windowEnd: number;
  /** the table's total at the last sync (every process's hits, this one's synced ones included) */
  shared: number;
  /** this process's hits in the sync under way */
  sending: number;
  /** this process's hits not yet sent */
  unsynced: number;
  /** when the last sync started (ms) */
  lastSync: number;
  windowMs: number;
  inflight: Promise<number> | null;
}

const settle = (p: Promise<unknown>) =>
  p.then(
    () => undefined,
    () => undefined,
  );

/**
 * Per-process counting with batched syncs to the `rate_limits` table (what API gateways do for
 * distributed limits): one upsert per hit made 50 concurrent requests on one token queue on
 * that row's lock. Each process counts a key's hits locally and adds them to the row in one
 * upsert that returns the shared total:
 * - always for the first hit of a window (the request waits for it: it learns the window and
 *   the other processes' hits);
 * - in the background when the unsent hits reach `batch` = min(maxBatch, floor(max / 10)), or
 *   when the key's last sync is older than `intervalMs`;
 * - one sync per key at a time; a hit that would take this process's unconfirmed hits (sent or
 *   not) past `batch` waits for the sync under way, or makes one and waits.
 * A hit is allowed while shared total + this process's unconfirmed hits <= max, so in one
 * process the count is exact; with P processes a window allows at most max + (P - 1) x batch
 * (each other process has at most `batch` hits the deciding one cannot see). Limits under 100
 * per window (sign-in, sign-up, comments, imports...) sync every hit, as before: exact across
 * processes; the per-token API limit (120/min) and the broadcasting auth one are batched. Hits still unsent when their window ends are dropped with it.
 */
export class BatchedCounts {
  private readonly counts = new Map<string, LocalCount>();
  private created = 0;
  private readonly ms: () => number;
  constructor(
    private readonly db: Db,
    private readonly now?: Clock,
    readonly options: { maxBatch: number; intervalMs: number } = { maxBatch: 25, intervalMs: 250 },
  ) {
    this.ms = now ? () => now().getTime() : () => Date.now();
  }

  /** the batch size for a limit; 1: every hit goes to the table (limits under 100 per window) */
  batchFor(max: number): number {
    return max < 100 ? 1 : Math.min(this.options.maxBatch, Math.floor(max / 10));
  }

  /** Count one hit; the key's count (this hit included) and the milliseconds left. */
  async hit(key: string, windowMs: number, max: number): Promise<{ current: number; ttl: number }> {
    const batch = this.batchFor(max);
    if (batch <= 1) return add(this.db, key, windowMs, 1, this.now);
    for (;;) {
      const now = this.ms();
      const c = this.counts.get(key);
      if (c && c.windowEnd <= now) {
        // its first sync is under way, or the window has ended (a sync may still be out)
        if (c.inflight) {
          await settle(c.inflight);
          continue;
        }
        this.counts.delete(key);
      } else if (c) {
        if (c.sending + c.unsynced >= batch) {
          // wait for the sync under way, or make one (its failure is this hit's)
          if (c.inflight) await settle(c.inflight);
          else await this.sync(key, c);
          continue;
        }
        c.unsynced += 1;
        const current = c.shared + c.sending + c.unsynced;
        if (!c.inflight && (c.unsynced >= batch || now - c.lastSync >= this.options.intervalMs))
          void settle(this.sync(key, c));
        return { current, ttl: c.windowEnd - now };
      }
      // the window's first hit here: counted in the table, which says the window and the total
      if (++this.created % 1000 === 0) this.prune(now);
      const fresh: LocalCount = {
        windowEnd: 0,
        shared: 0,
        sending: 0,
        unsynced: 1,
        lastSync: now,
        windowMs,
        inflight: null,
      };
      this.counts.set(key, fresh);
      const current = await this.sync(key, fresh);
      return { current, ttl: fresh.windowEnd - now };
    }
  }

  /** This process's view of a key (no hit counted), or null when it has none. */
  peek(key: string): { current: number; ttl: number } | null {
    const c = this.counts.get(key);
    const now = this.ms();
    if (!c || c.windowEnd <= now) return null;
    return { current: c.shared + c.sending + c.unsynced, ttl: c.windowEnd - now };
  }

  /** Send a key's unsent hits now and read the table's total back (after any sync under way). */
  async flush(key: string): Promise<void> {
    const c = this.counts.get(key);
    if (!c) return;
    if (c.inflight) await settle(c.inflight);
    if (c.windowEnd > this.ms() && !c.inflight) await this.sync(key, c);
  }

  /** Send the unsent hits; resolves to the table's new total. */
  private sync(key: string, c: LocalCount): Promise<number> {
    const started = this.ms();
    c.sending = c.unsynced;
    c.unsynced = 0;
    c.lastSync = started;
    const p = (async () => {
      try {
        const r = await add(this.db, key, c.windowMs, c.sending, this.now);
        c.shared = r.current;
        c.windowEnd = started + r.ttl;
        c.sending = 0;
        return r.current;
      } catch (err) {
        c.unsynced += c.sending; // tried again by the next sync
        c.sending = 0;
        throw err;
      } finally {
        c.inflight = null;
      }
    })();
    c.inflight = p;
    return p;
  }

  /** forget ended windows (their rows go with the table's sweep) */
  private prune(now: number) {
    for (const [key, c] of this.counts)
      if (!c.inflight && c.windowEnd <= now) this.counts.delete(key);
  }
}

/**
 * The store class @fastify/rate-limit instantiates (`store:` option), bound to a database.
 * (Its typings say `child()` gets the route options; it really gets the route's merged limit
 * options with the route under `routeInfo`, hence the cast.)
 */
export function databaseRateLimitStore(
  db: Db,
  now?: Clock,
  counts: BatchedCounts = new BatchedCounts(db, now),
): FastifyRateLimitStoreCtor {
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
      const k = storedKey(this.scope, key);
      (this.continueExceeding
        ? hit(db, k, timeWindow, max, true, now)
        : counts.hit(k, timeWindow, max)
      ).then(
        (res) => cb(null, res),
        (err: Error) => cb(err),
      );
    }

    read(key: string, cb: StoreCallback) {
      const k = storedKey(this.scope, key);
      const mine = this.continueExceeding ? null : counts.peek(k);
      (mine ? Promise.resolve(mine) : peek(db, k, now)).then(
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
