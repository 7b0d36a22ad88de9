import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app.js';
import { freshDatabase } from '../../../../test/helpers/database.js';
import { TEST_APP_KEY } from '../../../../test/helpers/app.js';
import { TestClient } from '../../../../test/helpers/client.js';
import type { Database } from '../db/client.js';
import { always, defer, merge, optional } from './props.js';
import { ValidationError } from '../errors.js';

// a page only this test renders
declare module '../../../shared/pages.js' {
  interface PageProps {
    'test/props': {
      plain: string;
      lazy: string;
      opt?: string;
      later?: string;
      grouped?: string;
      stamp: string;
      items: number[];
    };
  }
}

let app: FastifyInstance;
let database: Database;
const calls: string[] = [];

beforeAll(async () => {
  database = await freshDatabase();
  app = await buildApp({
    database,
    migrate: false,
    logger: false,
    env: { NODE_ENV: 'test' },
    config: { appKey: TEST_APP_KEY },
    assets: { version: 'test', dev: false, headTags: '' },
  });
  // a page exercising every prop kind (test-only routes on this instance)
  app.get(
    '/props-demo',
    { config: { name: 'test.props', access: { kind: 'public' } } },
    async (_req, reply) =>
      reply.inertia('test/props', {
        plain: 'p',
        lazy: () => (calls.push('lazy'), 'l'),
        opt: optional(() => (calls.push('opt'), 'o')),
        later: defer(() => (calls.push('later'), 'd')),
        grouped: defer(() => 'g', 'sidebar'),
        stamp: always(() => 's'),
        items: merge(() => [1, 2]),
      }),
  );
  // a background request of the page (as the live channel's auth or the bell's catch-up)
  app.get(
    '/props-demo/background',
    { config: { name: 'test.props.background', access: { kind: 'public' } } },
    async () => ({ ok: true }),
  );
  app.put(
    '/props-demo',
    { config: { name: 'test.props.update', access: { kind: 'public' } } },
    async (_req, reply) => reply.redirect('/props-demo'),
  );
  app.post(
    '/props-demo/validate',
    { config: { name: 'test.props.validate', access: { kind: 'public' } } },
    async () => {
      throw new ValidationError({ name: 'Please enter a name.' });
    },
  );
  app.get(
    '/props-demo/away',
    { config: { name: 'test.props.away', access: { kind: 'public' } } },
    async (_req, reply) => reply.inertiaLocation('https://example.org/elsewhere'),
  );
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.close();
});

const partial = (only?: string, except?: string) => ({
  'x-inertia-partial-component': 'test/props',
  ...(only !== undefined ? { 'x-inertia-partial-data': only } : {}),
  ...(except !== undefined ? { 'x-inertia-partial-except': except } : {}),
});

describe('Inertia props', () => {
  it('first visit: plain, lazy, always and merge props; optional and deferred left out and listed by group', async () => {
    calls.length = 0;
    const page = await new TestClient(app).page('/props-demo');
    expect(page.props).toMatchObject({ plain: 'p', lazy: 'l', stamp: 's', items: [1, 2] });
    expect(page.props).not.toHaveProperty('opt');
    expect(page.props).not.toHaveProperty('later');
    expect((page as Record<string, unknown>).deferredProps).toEqual({
      default: ['later'],
      sidebar: ['grouped'],
    });
    expect((page as Record<string, unknown>).mergeProps).toEqual(['items']);
    expect(calls).toEqual(['lazy']); // optional and deferred functions never ran
  });

  it('partial reload with X-Inertia-Partial-Data: only those props (plus always and errors), deferred and optional on request', async () => {
    calls.length = 0;
    const c = new TestClient(app);
    const res = await c.get('/props-demo', partial('later,opt'));
    const page = res.json();
    expect(Object.keys(page.props).sort()).toEqual(['errors', 'later', 'opt', 'stamp']);
    expect(page.props).toMatchObject({ later: 'd', opt: 'o', stamp: 's' });
    expect(calls.sort()).toEqual(['later', 'opt']);
  });

  it('partial reload with X-Inertia-Partial-Except leaves those out; a partial for another component is a full visit', async () => {
    const c = new TestClient(app);
    const except = (await c.get('/props-demo', partial(undefined, 'lazy,items'))).json();
    expect(except.props).not.toHaveProperty('lazy');
    expect(except.props).not.toHaveProperty('items');
    expect(except.props).toHaveProperty('plain');
    const other = (
      await c.get('/props-demo', {
        'x-inertia-partial-component': 'something/else',
        'x-inertia-partial-data': 'plain',
      })
    ).json();
    expect(other.props).toHaveProperty('lazy');
    expect(other.deferredProps).toBeDefined();
  });

  it('redirects after PUT are 303; external locations are 409 with X-Inertia-Location for Inertia visits', async () => {
    const c = new TestClient(app);
    const put = await c.put('/props-demo', {});
    expect(put.statusCode).toBe(303);
    expect(put.headers.location).toBe('/props-demo');
    const away = await c.get('/props-demo/away');
    expect(away.statusCode).toBe(409);
    expect(away.headers['x-inertia-location']).toBe('https://example.org/elsewhere');
    const plainAway = await app.inject({ url: '/props-demo/away' });
    expect([302, 303]).toContain(plainAway.statusCode);
  });

  it('validation errors come back on the next page under props.errors, grouped under the named error bag', async () => {
    const c = new TestClient(app);
    const res = await c.post(
      '/props-demo/validate',
      {},
      { referer: 'http://localhost:80/props-demo' },
    );
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/props-demo');
    expect((await c.page('/props-demo')).props.errors).toEqual({ name: 'Please enter a name.' });
    expect((await c.page('/props-demo')).props.errors).toEqual({}); // flashed once

    // requests that show no page, between the 303 and the page, leave the flash to the page: a
    // background JSON request, and a partial reload (errors go with it, the flash is not asked for)
    await c.post('/props-demo/validate', {}, { referer: 'http://localhost:80/props-demo' });
    expect((await c.get('/props-demo/background')).json()).toEqual({ ok: true });
    const reload = (
      await c.get('/props-demo', {
        'x-inertia-partial-component': 'test/props',
        'x-inertia-partial-data': 'plain',
      })
    ).json();
    expect(reload.props).not.toHaveProperty('flash');
    const shown = await c.page('/props-demo');
    expect(shown.props.errors).toEqual({ name: 'Please enter a name.' });
    expect(shown.props.flash.id).toMatch(/^[\w-]{36}$/);
    expect((await c.page('/props-demo')).props.errors).toEqual({}); // and then it is gone

    await c.post('/props-demo/validate', {}, { referer: 'http://localhost:80/props-demo' });
    const bagged = (await c.get('/props-demo', { 'x-inertia-error-bag': 'createTeam' })).json();
    expect(bagged.props.errors).toEqual({ createTeam: { name: 'Please enter a name.' } });
  });
});

describe('back()', () => {
  it('follows a same-host Referer and never another host (no open redirect)', async () => {
    const c = new TestClient(app);
    const evil = await c.post(
      '/props-demo/validate',
      {},
      { referer: 'https://evil.example/phish' },
    );
    expect(evil.headers.location).toBe('/dashboard');
    const ok = await c.post(
      '/props-demo/validate',
      {},
      { referer: 'http://localhost/props-demo?x=1' },
    );
    expect(ok.headers.location).toBe('/props-demo?x=1');
  });

  it('never answers a protocol-relative Location for a same-host Referer whose path is //host or /\\host', async () => {
    const c = new TestClient(app);
    for (const referer of [
      'http://localhost//evil.example',
      'http://localhost//evil.example/x?y=1',
      'http://localhost/\\evil.example',
      'http://localhost///evil.example',
    ]) {
      const res = await c.post('/props-demo/validate', {}, { referer });
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe('/dashboard');
    }
  });
});
