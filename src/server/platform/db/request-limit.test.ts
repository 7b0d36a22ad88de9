import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { installRequestLimit, RequestLimiter } from './request-limit.js';

describe('RequestLimiter', () => {
  it('admits `limit` holders and lets the others in first-come first-served', async () => {
    const l = new RequestLimiter(2);
    const order: number[] = [];
    await l.acquire();
    await l.acquire();
    const waiting = [3, 4, 5].map((n) => Promise.resolve(l.acquire()).then(() => order.push(n)));
    expect(l.queued).toBe(3);
    l.release();
    l.release();
    l.release();
    await Promise.all(waiting);
    expect(order).toEqual([3, 4, 5]);
    expect(l.queued).toBe(0);
  });

  it('admits everyone when the limit is 0', () => {
    const l = new RequestLimiter(0);
    for (let i = 0; i < 100; i++) expect(l.acquire()).toBeUndefined();
    expect(l.queued).toBe(0);
  });

  it('queues requests beyond the limit and releases their slots when they answer', async () => {
    const app = Fastify();
    const limiter = installRequestLimit(app, 1);
    let inside = 0;
    let most = 0;
    app.get('/slow', async () => {
      inside += 1;
      most = Math.max(most, inside);
      await new Promise((r) => setTimeout(r, 20));
      inside -= 1;
      return { ok: true };
    });
    app.get('/assets/x.js', async () => 'x');
    await app.ready();
    const answers = await Promise.all([...Array(5)].map(() => app.inject('/slow')));
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    expect(most).toBe(1);
    expect(limiter.queued).toBe(0);
    // static assets bypass the queue
    await limiter.acquire();
    expect((await app.inject('/assets/x.js')).statusCode).toBe(200);
    limiter.release();
    await app.close();
  });
});
