import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app.js';
import { openDatabase, type Database } from '../db/client.js';
import { freshDatabase } from '../../../../test/helpers/database.js';
import { TEST_APP_KEY } from '../../../../test/helpers/app.js';
import { createUser } from '../../../../test/helpers/auth.js';
import { TestClient } from '../../../../test/helpers/client.js';
import { sessions } from '../auth/auth.tables.js';
import { rateLimits } from './rate-limit.tables.js';
import {
  BatchedCounts,
  deleteExpiredRateLimits,
  hit,
  peek,
  routeScope,
  storedKey,
} from './store.js';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

let database: Database;
/** PostgreSQL: a second connection pool on the same database, as a second web process has */
let second: Database;
beforeAll(async () => {
  database = await freshDatabase();
  if (onPostgres) {
    const url = (database.pool!.options as { connectionString: string }).connectionString;
    second = await openDatabase({ databaseUrl: url, poolSize: 5 });
  } else {
    second = database;
  }
});
afterAll(async () => {
  if (second !== database) await second.close();
  await database.close();
});

/** A clock the test moves by hand: windows end when the test says, however slow the machine. */
function manualClock(start = Date.parse('2030-01-01T00:00:00Z')) {
  let ms = start;
  return { now: () => new Date(ms), advance: (by: number) => void (ms += by) };
}

describe('rate_limits counters', () => {
  it('counts hits in a window, reports the time left, and starts a new window when it ends', async () => {
    const db = database.db;
    const clock = manualClock();
    const key = storedKey('POST login', `window-${Date.now()}`);
    const first = await hit(db, key, 60_000, 5, false, clock.now);
    expect(first).toEqual({ current: 1, ttl: 60_000 });
    clock.advance(1_000);
    expect(await hit(db, key, 60_000, 5, false, clock.now)).toEqual({ current: 2, ttl: 59_000 });
    expect(await peek(db, key, clock.now)).toEqual({ current: 2, ttl: 59_000 });
    expect((await peek(db, key, clock.now)).current).toBe(2); // peeking counts nothing

    const short = storedKey('POST login', `short-${Date.now()}`);
    expect((await hit(db, short, 200, 5, false, clock.now)).current).toBe(1);
    clock.advance(199);
    expect(await hit(db, short, 200, 5, false, clock.now)).toEqual({ current: 2, ttl: 1 });
    clock.advance(1); // the window's last millisecond is over
    expect(await peek(db, short, clock.now)).toEqual({ current: 0, ttl: 0 });
    expect(await hit(db, short, 200, 5, false, clock.now)).toEqual({ current: 1, ttl: 200 });
  });

  it("measures windows on the database's clock when given none", async () => {
    const db = database.db;
    const key = storedKey('POST login', `db-clock-${Date.now()}`);
    const first = await hit(db, key, 60_000, 5);
    expect(first.current).toBe(1);
    expect(first.ttl).toBeGreaterThan(0);
    expect(first.ttl).toBeLessThanOrEqual(60_000);
    // a window that ended on the database's clock (an hour ago by the test's clock) starts again
    const ended = storedKey('POST login', `db-clock-ended-${Date.now()}`);
    await hit(db, ended, 1_000, 5, false, () => new Date(Date.now() - 3_600_000));
    expect(await peek(db, ended)).toEqual({ current: 0, ttl: 0 });
    expect((await hit(db, ended, 60_000, 5)).current).toBe(1);
  });

  it('is atomic: concurrent hits from two connection pools each get their own count', async () => {
    const key = storedKey('POST login', `race-${Date.now()}`);
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) => hit(i % 2 ? second.db : database.db, key, 60_000, 5)),
    );
    expect(results.map((r) => r.current).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 30 }, (_, i) => i + 1),
    );
  });

  it('restarts the window on every hit over the limit with continueExceeding', async () => {
    const db = database.db;
    const clock = manualClock();
    const key = storedKey('POST x', `continue-${Date.now()}`);
    for (let i = 0; i < 2; i++) await hit(db, key, 300, 2, true, clock.now);
    clock.advance(200);
    const over = await hit(db, key, 300, 2, true, clock.now); // third: over the limit, window restarts
    expect(over).toEqual({ current: 3, ttl: 300 });
    clock.advance(200); // past the first window's end, inside the restarted one
    expect(await hit(db, key, 300, 2, true, clock.now)).toEqual({ current: 4, ttl: 300 });
    // without continueExceeding the window is kept: it ends 300 ms after its first hit
    const kept = storedKey('POST x', `keep-${Date.now()}`);
    for (let i = 0; i < 3; i++) await hit(db, kept, 300, 2, false, clock.now);
    clock.advance(200);
    expect(await hit(db, kept, 300, 2, false, clock.now)).toEqual({ current: 4, ttl: 100 });
    clock.advance(100);
    expect((await hit(db, kept, 300, 2, false, clock.now)).current).toBe(1);
  });

  it('keeps routes apart and stores no raw key', async () => {
    const login = routeScope({
      routeInfo: { method: 'POST', url: '/login', config: { name: 'login' } },
    });
    const register = routeScope({
      routeInfo: { method: 'POST', url: '/register', config: { name: 'register' } },
    });
    expect(login).not.toBe(register);
    expect(storedKey(login, '10.0.0.1')).not.toBe(storedKey(register, '10.0.0.1'));
    expect(storedKey(login, 'someone@example.org')).not.toContain('example');
  });

  it('keeps the counters in an unlogged table (no WAL flush per hit; emptied after a crash)', async () => {
    const result: unknown = await database.db.execute(
      sql`select relpersistence from pg_class where relname = 'rate_limits' and relkind = 'r'`,
    );
    const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Array<{
      relpersistence: string;
    }>;
    expect(rows).toEqual([{ relpersistence: 'u' }]);
  });

  it('deletes only ended windows', async () => {
    const db = database.db;
    const live = storedKey('t', `live-${Date.now()}`);
    const ended = storedKey('t', `ended-${Date.now()}`);
    await hit(db, live, 60_000, 5);
    await db
      .insert(rateLimits)
      .values({ key: ended, count: 3, resetAt: sql`now() - interval '1 second'` });
    expect(await deleteExpiredRateLimits(db)).toBeGreaterThanOrEqual(1);
    expect(await db.select().from(rateLimits).where(eq(rateLimits.key, ended))).toHaveLength(0);
    expect(await db.select().from(rateLimits).where(eq(rateLimits.key, live))).toHaveLength(1);
    // on a given clock: a window ends at its reset time
    const clock = manualClock();
    const mine = storedKey('t', `clocked-${Date.now()}`);
    await hit(db, mine, 500, 5, false, clock.now);
    clock.advance(499);
    await deleteExpiredRateLimits(db, clock.now);
    expect(await db.select().from(rateLimits).where(eq(rateLimits.key, mine))).toHaveLength(1);
    clock.advance(2);
    await deleteExpiredRateLimits(db, clock.now);
    expect(await db.select().from(rateLimits).where(eq(rateLimits.key, mine))).toHaveLength(0);
  });
});

describe('batched counts (one store per web process)', () => {
  /** hits one after another; the counts they got */
  async function inTurn(
    counts: BatchedCounts,
    key: string,
    n: number,
    max: number,
    windowMs = 60_000,
  ) {
    const got: number[] = [];
    for (let i = 0; i < n; i++) got.push((await counts.hit(key, windowMs, max)).current);
    return got;
  }
  const allowed = (currents: number[], max: number) => currents.filter((c) => c <= max).length;

  it('syncs every hit for small limits and batches large ones', () => {
    const counts = new BatchedCounts(database.db);
    expect([5, 20, 99, 100, 120, 1_000_000].map((m) => counts.batchFor(m))).toEqual([
      1, 1, 1, 10, 12, 25,
    ]);
  });

  it('is exact in one process: max hits allowed, the next refused (small and large max)', async () => {
    for (const max of [5, 20, 120, 1000]) {
      const clock = manualClock();
      const counts = new BatchedCounts(database.db, clock.now);
      const key = storedKey('GET api', `exact-${max}-${Date.now()}`);
      const got: number[] = [];
      for (let i = 0; i <= max; i++) {
        if (i % 7 === 0) clock.advance(100); // some hits also sync on the interval
        got.push((await counts.hit(key, 60_000, max)).current);
      }
      expect(got).toEqual(Array.from({ length: max + 1 }, (_, i) => i + 1));
      expect(allowed(got, max)).toBe(max);
      // the table catches up with every hit once synced
      await counts.flush(key);
      expect((await peek(database.db, key, clock.now)).current).toBe(max + 1);
    }
  });

  it('allows exactly max of a concurrent burst in one process', async () => {
    for (const max of [5, 120, 150]) {
      const counts = new BatchedCounts(database.db, manualClock().now);
      const key = storedKey('GET api', `burst-${max}-${Date.now()}`);
      const got = await Promise.all(
        Array.from({ length: 200 }, () => counts.hit(key, 60_000, max)),
      );
      const currents = got.map((r) => r.current);
      expect(allowed(currents, max)).toBe(max);
      expect([...currents].sort((a, b) => a - b)).toEqual(
        Array.from({ length: 200 }, (_, i) => i + 1),
      );
      expect(got.every((r) => r.ttl === 60_000)).toBe(true);
    }
  });

  it('starts a new window when the old one ends (unsent hits go with it)', async () => {
    const clock = manualClock();
    const counts = new BatchedCounts(database.db, clock.now);
    const key = storedKey('GET api', `reset-${Date.now()}`);
    const first = await inTurn(counts, key, 121, 120, 1_000);
    expect(allowed(first, 120)).toBe(120);
    clock.advance(999);
    expect((await counts.hit(key, 1_000, 120)).current).toBe(122); // still the same window
    clock.advance(1);
    expect(await counts.hit(key, 1_000, 120)).toEqual({ current: 1, ttl: 1_000 });
    expect(await inTurn(counts, key, 3, 120, 1_000)).toEqual([2, 3, 4]);
    await counts.flush(key);
    expect((await peek(database.db, key, clock.now)).current).toBe(4);
  });

  it("two processes see each other's hits after a sync", async () => {
    const clock = manualClock();
    const a = new BatchedCounts(database.db, clock.now);
    const b = new BatchedCounts(second.db, clock.now);
    const key = storedKey('GET api', `share-${Date.now()}`);
    await inTurn(a, key, 30, 200);
    await a.flush(key);
    expect((await b.hit(key, 60_000, 200)).current).toBe(31); // b's first hit reads the total
    await inTurn(b, key, 9, 200); // unsent, under b's batch (20)
    expect(a.peek(key)?.current).toBe(30);
    clock.advance(250); // b's next hit syncs on the interval
    await b.hit(key, 60_000, 200);
    await b.flush(key);
    await a.flush(key);
    expect(a.peek(key)?.current).toBe(41);
    expect(b.peek(key)?.current).toBe(41);
  });

  it('two processes together allow at most max + one batch', async () => {
    for (const max of [120, 200, 1000]) {
      const clock = manualClock();
      const a = new BatchedCounts(database.db, clock.now);
      const b = new BatchedCounts(second.db, clock.now);
      const key = storedKey('GET api', `bound-${max}-${Date.now()}`);
      const n = max + 100;
      // concurrent bursts on both, then hits in turn, a and b alternating, on a moving clock
      const burst = await Promise.all(
        Array.from({ length: n }, (_, i) => (i % 2 ? b : a).hit(key, 60_000, max)),
      );
      const turns: number[] = [];
      for (let i = 0; i < 100; i++) {
        if (i % 10 === 0) clock.advance(50);
        turns.push((await (i % 2 ? b : a).hit(key, 60_000, max)).current);
      }
      const total =
        allowed(
          burst.map((r) => r.current),
          max,
        ) + allowed(turns, max);
      expect(total).toBeGreaterThanOrEqual(max); // nobody refuses before the true count passes max
      expect(total).toBeLessThanOrEqual(max + a.batchFor(max));
    }
  });
});

describe('two app instances on one database', () => {
  let a: FastifyInstance;
  let b: FastifyInstance;
  beforeAll(async () => {
    const build = (d: Database) =>
      buildApp({
        database: d,
        migrate: false,
        logger: false,
        env: { NODE_ENV: 'test', APP_URL: 'http://localhost:3000' },
        config: { appKey: TEST_APP_KEY },
        assets: { version: 'test', dev: false, headTags: '' },
        // PostgreSQL uses the table by default; PGlite (one process) needs telling
        ...(onPostgres ? {} : { rateLimitStore: 'database' as const }),
      });
    a = await build(database);
    b = await build(second);
    await Promise.all([a.ready(), b.ready()]);
  });
  afterAll(async () => {
    await a.close();
    await b.close();
  });

  it('share the login limit: the 6th attempt across both is refused with 429', async () => {
    const user = await createUser(a);
    const sessionsOf = async () =>
      (await database.db.select().from(sessions).where(eq(sessions.userId, user.id))).length;
    const before = await sessionsOf(); // sign-up's own session
    const onA = new TestClient(a, { ip: '10.9.8.7' });
    const onB = new TestClient(b, { ip: '10.9.8.7' });
    for (const [i, c] of [onA, onB, onA, onB, onA].entries()) {
      const r = await c.post('/login', { email: user.email, password: `wrong-${i}-password` });
      expect(r.statusCode).toBe(303);
    }
    const blocked = await onB.post('/login', { email: user.email, password: user.password });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ component: 'errors/show', props: { status: 429 } });
    expect(
      (await onA.post('/login', { email: user.email, password: user.password })).statusCode,
    ).toBe(429);
    expect(await sessionsOf()).toBe(before);
    // another address is counted apart
    const elsewhere = new TestClient(b, { ip: '10.9.8.8' });
    const ok = await elsewhere.post('/login', { email: user.email, password: user.password });
    expect(ok.headers.location).toBe('/dashboard');
  });
});
