import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import pino from 'pino';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../../../../test/helpers/app.js';
import { until, WAIT_GUARD_MS } from '../../../../test/helpers/wait.js';
import { enqueue, jobs, JobWorker, Jobs, pruneFinishedJobs, recoverStaleJobs } from './index.js';
import type { AppContext } from '../context.js';

let t: TestApp;
let ctx: AppContext;
const log = pino({ level: 'silent' });

beforeAll(async () => {
  t = await createTestApp();
  ctx = t.app.ctx;
});
afterAll(() => t.close());
beforeEach(async () => {
  await ctx.db.delete(jobs);
});

const row = async (id: string) => (await ctx.db.select().from(jobs).where(eq(jobs.id, id)))[0];

describe('jobs', () => {
  it('enqueue stores a queued job; a worker runs its handler once and marks it done', async () => {
    const q = new Jobs(ctx.db, log, { pollMs: 20 });
    const seen: unknown[] = [];
    q.register('test.echo', async (payload, job) => {
      seen.push({ payload, attempt: job.attempt });
    });
    const id = await enqueue({ jobs: q }, 'test.echo', { n: 7 });
    const queued = await row(id);
    expect(queued).toMatchObject({
      status: 'queued',
      type: 'test.echo',
      queue: 'default',
      attempts: 0,
      maxAttempts: 5,
      payload: { n: 7 },
    });
    q.startWorker();
    await until(async () => (await row(id)).status === 'done');
    await q.stopWorker();
    const done = await row(id);
    expect(done.attempts).toBe(1);
    expect(done.finishedAt).toBeInstanceOf(Date);
    expect(done.lockedAt).toBeNull();
    expect(seen).toEqual([{ payload: { n: 7 }, attempt: 1 }]);
  });

  it('a failing job is retried with its backoff, then succeeds; the last error is kept', async () => {
    const q = new Jobs(ctx.db, log, { pollMs: 20 });
    const delays: number[] = [];
    let calls = 0;
    q.register(
      'test.flaky',
      async () => {
        calls += 1;
        if (calls < 3) throw new Error(`boom ${calls}`);
      },
      { backoffMs: (attempt) => (delays.push(attempt), 0) },
    );
    const id = await q.enqueue('test.flaky', {});
    q.startWorker();
    await until(async () => (await row(id)).status === 'done');
    await q.stopWorker();
    expect(calls).toBe(3);
    expect(delays).toEqual([1, 2]);
    expect(await row(id)).toMatchObject({ status: 'done', attempts: 3, lastError: 'boom 2' });
  });

  it('the backoff moves run_at forward, so the retry waits', async () => {
    const q = new Jobs(ctx.db, log, { pollMs: 20 });
    q.register(
      'test.later',
      async () => {
        throw new Error('not yet');
      },
      { backoffMs: () => 60 * 60 * 1000 },
    );
    const id = await q.enqueue('test.later', {});
    q.startWorker();
    await until(async () => (await row(id)).attempts === 1 && (await row(id)).status === 'queued');
    await q.stopWorker();
    const r = await row(id);
    expect(r.runAt.getTime()).toBeGreaterThan(Date.now() + 50 * 60 * 1000);
    expect(r.lastError).toBe('not yet');
    expect(r.lockedBy).toBeNull();
  });

  it('after max_attempts the job is failed with the error', async () => {
    const q = new Jobs(ctx.db, log, { pollMs: 20 });
    q.register(
      'test.broken',
      async () => {
        throw new Error('always broken');
      },
      { backoffMs: () => 0 },
    );
    const id = await q.enqueue('test.broken', {}, { maxAttempts: 2 });
    q.startWorker();
    await until(async () => (await row(id)).status === 'failed');
    await q.stopWorker();
    expect(await row(id)).toMatchObject({
      status: 'failed',
      attempts: 2,
      lastError: 'always broken',
    });
    expect((await row(id)).finishedAt).toBeInstanceOf(Date);
  });

  it('two workers with FOR UPDATE SKIP LOCKED run every job exactly once', async () => {
    const counts = new Map<number, number>();
    const handler = async (payload: unknown) => {
      const p = payload as { i: number };
      counts.set(p.i, (counts.get(p.i) ?? 0) + 1);
      await new Promise((r) => setTimeout(r, 2));
    };
    const a = new Jobs(ctx.db, log, { pollMs: 10, concurrency: 3 });
    const b = new Jobs(ctx.db, log, { pollMs: 10, concurrency: 3 });
    a.register('test.count', handler);
    b.register('test.count', handler);
    const ids: string[] = [];
    for (let i = 0; i < 40; i++) ids.push(await a.enqueue('test.count', { i }));
    const wa = a.startWorker();
    const wb = b.startWorker();
    await until(async () => {
      const [{ n }] = await ctx.db
        .select({ n: sql<number>`count(*)::int` })
        .from(jobs)
        .where(eq(jobs.status, 'done'));
      return n === 40;
    });
    await Promise.all([a.stopWorker(), b.stopWorker()]);
    expect([...counts.values()].every((c) => c === 1)).toBe(true);
    expect(counts.size).toBe(40);
    const by = await ctx.db
      .select({ lockedBy: jobs.lockedBy })
      .from(jobs)
      .where(inArray(jobs.id, ids));
    expect(new Set(by.map((r) => r.lockedBy)).size).toBeGreaterThanOrEqual(1);
    expect(by.every((r) => r.lockedBy === wa.id || r.lockedBy === wb.id)).toBe(true);
  });

  it('claim() hands the same job to only one of two concurrent claimers', async () => {
    const q = new Jobs(ctx.db, log);
    q.register('test.claim', async () => {});
    for (let i = 0; i < 5; i++) await q.enqueue('test.claim', { i });
    const w1 = new JobWorker(ctx.db, q.registry, log);
    const w2 = new JobWorker(ctx.db, q.registry, log);
    const [c1, c2] = await Promise.all([w1.claim(5), w2.claim(5)]);
    const all = [...c1, ...c2].map((r) => r.id);
    expect(all).toHaveLength(5);
    expect(new Set(all).size).toBe(5);
    expect([...c1, ...c2].every((r) => r.status === 'running' && r.attempts === 1)).toBe(true);
  });

  it('claim(n) takes at most n jobs, however many are due', async () => {
    const q = new Jobs(ctx.db, log);
    q.register('test.claim-n', async () => {});
    for (let i = 0; i < 8; i++) await q.enqueue('test.claim-n', { i });
    const w = new JobWorker(ctx.db, q.registry, log);
    for (const n of [1, 2, 3]) expect(await w.claim(n)).toHaveLength(n);
    expect(await w.claim(5)).toHaveLength(2);
  });

  it('graceful stop waits for the running job to finish', async () => {
    const q = new Jobs(ctx.db, log, { pollMs: 20 });
    let release!: () => void;
    let started = false;
    q.register('test.slow', async () => {
      started = true;
      await new Promise<void>((r) => (release = r));
    });
    const id = await q.enqueue('test.slow', {});
    q.startWorker();
    await until(async () => started);
    const stopping = q.stopWorker(WAIT_GUARD_MS);
    let stopped = false;
    void stopping.then(() => (stopped = true));
    await new Promise((r) => setTimeout(r, 50));
    expect(stopped).toBe(false);
    release();
    expect(await stopping).toBe(true);
    expect((await row(id)).status).toBe('done');
  });

  it('a stopped worker claims nothing more', async () => {
    const q = new Jobs(ctx.db, log, { pollMs: 20 });
    let calls = 0;
    q.register('test.after-stop', async () => {
      calls += 1;
    });
    q.startWorker();
    await q.stopWorker();
    const id = await q.enqueue('test.after-stop', {});
    await new Promise((r) => setTimeout(r, 100));
    expect(calls).toBe(0);
    expect((await row(id)).status).toBe('queued');
  });

  it('jobs of types without a handler here stay queued for a worker that has one', async () => {
    const q = new Jobs(ctx.db, log, { pollMs: 20 });
    q.register('test.known', async () => {});
    const unknown = await q.enqueue('test.unknown', {});
    const known = await q.enqueue('test.known', {});
    q.startWorker();
    await until(async () => (await row(known)).status === 'done');
    await q.stopWorker();
    expect((await row(unknown)).status).toBe('queued');
  });

  it('enqueue inside a rolled-back transaction leaves no job', async () => {
    const q = new Jobs(ctx.db, log);
    let id = '';
    await ctx.db
      .transaction(async (tx) => {
        id = await q.enqueue('test.tx', {}, { tx: tx as never });
        throw new Error('rollback');
      })
      .catch(() => {});
    expect(id).not.toBe('');
    expect(await row(id)).toBeUndefined();
  });

  it('orphaned running jobs are put back in the queue, or failed on their last attempt', async () => {
    const old = new Date(Date.now() - 60 * 60 * 1000);
    const [a] = await ctx.db
      .insert(jobs)
      .values({
        type: 'test.orphan',
        payload: {},
        status: 'running',
        attempts: 1,
        maxAttempts: 3,
        lockedAt: old,
        lockedBy: 'gone:1:x',
      })
      .returning();
    const [b] = await ctx.db
      .insert(jobs)
      .values({
        type: 'test.orphan',
        payload: {},
        status: 'running',
        attempts: 3,
        maxAttempts: 3,
        lockedAt: old,
        lockedBy: 'gone:1:x',
      })
      .returning();
    const [fresh] = await ctx.db
      .insert(jobs)
      .values({
        type: 'test.orphan',
        payload: {},
        status: 'running',
        attempts: 1,
        lockedAt: new Date(),
        lockedBy: 'alive:2:y',
      })
      .returning();
    expect(await recoverStaleJobs(ctx.db, 15 * 60 * 1000)).toBe(2);
    expect(await row(a.id)).toMatchObject({ status: 'queued', lockedBy: null });
    expect(await row(b.id)).toMatchObject({ status: 'failed' });
    expect((await row(fresh.id)).status).toBe('running');
    expect(await recoverStaleJobs(ctx.db, 0)).toBe(1);
  });

  it('a running job renews its lock (heartbeat), so a long job is not taken for orphaned', async () => {
    const q = new Jobs(ctx.db, log, { pollMs: 20, staleAfterMs: 750 });
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    q.register('test.long', () => held);
    const id = await q.enqueue('test.long', {});
    q.startWorker();
    await until(async () => (await row(id)).status === 'running');
    const first = (await row(id)).lockedAt!.getTime();
    await until(
      async () => (await row(id)).lockedAt!.getTime() > first,
      'the lock renewed while the job runs',
    );
    release();
    await until(async () => (await row(id)).status === 'done');
    await q.stopWorker();
  });

  it('old finished jobs are pruned, recent and unfinished ones kept', async () => {
    const old = new Date(Date.now() - 30 * 24 * 60 * 60 * 1000);
    const [gone] = await ctx.db
      .insert(jobs)
      .values({ type: 'test.p', payload: {}, status: 'done', finishedAt: old })
      .returning();
    const [failed] = await ctx.db
      .insert(jobs)
      .values({ type: 'test.p', payload: {}, status: 'failed', finishedAt: old })
      .returning();
    const [recent] = await ctx.db
      .insert(jobs)
      .values({ type: 'test.p', payload: {}, status: 'done', finishedAt: new Date() })
      .returning();
    const [queued] = await ctx.db.insert(jobs).values({ type: 'test.p', payload: {} }).returning();
    expect(await pruneFinishedJobs(ctx.db, 14)).toBe(2);
    expect(await row(gone.id)).toBeUndefined();
    expect(await row(failed.id)).toBeUndefined();
    expect(await row(recent.id)).toBeDefined();
    expect(await row(queued.id)).toBeDefined();
  });

  it('a typed payload is checked on enqueue (nothing stored) and before each run (failed at once)', async () => {
    const q = new Jobs(ctx.db, log);
    const seen: unknown[] = [];
    q.register(
      'test.typed',
      async (p) => {
        seen.push(p);
      },
      { payload: z.strictObject({ n: z.number().int() }), backoffMs: () => 0 },
    );
    await expect(q.enqueue('test.typed', { n: 'seven' })).rejects.toThrow(
      /payload of a 'test.typed' job does not match its schema: n:/,
    );
    expect(await ctx.db.select().from(jobs)).toHaveLength(0);
    const good = await q.enqueue('test.typed', { n: 7 });
    // a stored payload that no longer parses (say, written by an older version)
    const [bad] = await ctx.db
      .insert(jobs)
      .values({ type: 'test.typed', payload: { n: 1.5 } })
      .returning();
    expect(await q.drain()).toBe(2);
    expect(seen).toEqual([{ n: 7 }]);
    expect(await row(good)).toMatchObject({ status: 'done' });
    expect(await row(bad.id)).toMatchObject({ status: 'failed', attempts: 1 });
    expect((await row(bad.id)).lastError).toMatch(/does not match its schema/);
  });

  it('drain() runs due jobs until none is left, including jobs they enqueue; `at` reaches later ones', async () => {
    const q = new Jobs(ctx.db, log);
    const order: string[] = [];
    q.register('test.first', async () => {
      order.push('first');
      await q.enqueue('test.second', {});
    });
    q.register('test.second', async () => {
      order.push('second');
    });
    await q.enqueue('test.first', {});
    const later = await q.enqueue('test.second', {}, { delayMs: 60 * 60 * 1000 });
    expect(await q.drain()).toBe(2);
    expect(order).toEqual(['first', 'second']);
    expect((await row(later)).status).toBe('queued');
    expect(await q.drain()).toBe(0);
    expect(await q.drain({ at: new Date(Date.now() + 2 * 60 * 60 * 1000) })).toBe(1);
    expect((await row(later)).status).toBe('done');
  });

  it('job types are validated and registered once', () => {
    const q = new Jobs(ctx.db, log);
    expect(() => q.register('NoDots', async () => {})).toThrow(/dotted lower-case/);
    q.register('test.once', async () => {});
    expect(() => q.register('test.once', async () => {})).toThrow(/already has a handler/);
  });

  it('the app exposes ctx.jobs; closing the app stops its worker', async () => {
    const other = await createTestApp();
    other.app.ctx.jobs.register('test.ctx', async () => {});
    other.app.ctx.jobs.startWorker({ pollMs: 20 });
    expect(other.app.ctx.jobs.workerRunning).toBe(true);
    await other.close();
    expect(other.app.ctx.jobs.workerRunning).toBe(false);
  });
});
