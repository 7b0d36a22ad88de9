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
import { deleteExpiredRateLimits, hit, peek, routeScope, storedKey } from './store.js';

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

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('rate_limits counters', () => {
  it('counts hits in a window, reports the time left, and starts a new window when it ends', async () => {
    const db = database.db;
    const key = storedKey('POST login', `window-${Date.now()}`);
    const first = await hit(db, key, 60_000, 5);
    expect(first.current).toBe(1);
    expect(first.ttl).toBeGreaterThan(55_000);
    expect(first.ttl).toBeLessThanOrEqual(60_000);
    expect((await hit(db, key, 60_000, 5)).current).toBe(2);
    expect(await peek(db, key)).toMatchObject({ current: 2 });
    expect((await peek(db, key)).current).toBe(2); // peeking counts nothing

    const short = storedKey('POST login', `short-${Date.now()}`);
    expect((await hit(db, short, 200, 5)).current).toBe(1);
    expect((await hit(db, short, 200, 5)).current).toBe(2);
    await sleep(400);
    expect(await peek(db, short)).toEqual({ current: 0, ttl: 0 });
    const again = await hit(db, short, 200, 5);
    expect(again.current).toBe(1);
    expect(again.ttl).toBeGreaterThan(0);
  });

  it('is atomic: concurrent hits from two connection pools each get their own count', async () => {
    const key = storedKey('POST login', `race-${Date.now()}`);
    const results = await Promise.all(Array.from({ length: 30 }, (_, i) => hit(i % 2 ? second.db : database.db, key, 60_000, 5)));
    expect(results.map((r) => r.current).sort((a, b) => a - b)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
  });

  it('restarts the window on every hit over the limit with continueExceeding', async () => {
    const db = database.db;
    const key = storedKey('POST x', `continue-${Date.now()}`);
    for (let i = 0; i < 2; i++) await hit(db, key, 300, 2, true);
    await sleep(200);
    const over = await hit(db, key, 300, 2, true); // third: over the limit, window restarts
    expect(over.current).toBe(3);
    expect(over.ttl).toBeGreaterThan(200);
    await sleep(200); // past the first window's end, inside the restarted one
    expect((await hit(db, key, 300, 2, true)).current).toBe(4);
  });

  it('keeps routes apart and stores no raw key', async () => {
    const login = routeScope({ routeInfo: { method: 'POST', url: '/login', config: { name: 'login' } } });
    const register = routeScope({ routeInfo: { method: 'POST', url: '/register', config: { name: 'register' } } });
    expect(login).not.toBe(register);
    expect(storedKey(login, '10.0.0.1')).not.toBe(storedKey(register, '10.0.0.1'));
    expect(storedKey(login, 'someone@example.org')).not.toContain('example');
  });

  it('deletes only ended windows', async () => {
    const db = database.db;
    const live = storedKey('t', `live-${Date.now()}`);
    const ended = storedKey('t', `ended-${Date.now()}`);
    await hit(db, live, 60_000, 5);
    await db.insert(rateLimits).values({ key: ended, count: 3, resetAt: sql`now() - interval '1 second'` });
    expect(await deleteExpiredRateLimits(db)).toBeGreaterThanOrEqual(1);
    expect(await db.select().from(rateLimits).where(eq(rateLimits.key, ended))).toHaveLength(0);
    expect(await db.select().from(rateLimits).where(eq(rateLimits.key, live))).toHaveLength(1);
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
    const sessionsOf = async () => (await database.db.select().from(sessions).where(eq(sessions.userId, user.id))).length;
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
    expect((await onA.post('/login', { email: user.email, password: user.password })).statusCode).toBe(429);
    expect(await sessionsOf()).toBe(before);
    // another address is counted apart
    const elsewhere = new TestClient(b, { ip: '10.9.8.8' });
    const ok = await elsewhere.post('/login', { email: user.email, password: user.password });
    expect(ok.headers.location).toBe('/dashboard');
  });
});
