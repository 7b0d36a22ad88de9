/**
 * @runs-long: started first (test/sequencer.ts)
 * Malformed headers on EVERY registered route (discovered from the route registry, GET included):
 * bad XSRF tokens, cookies with broken encodings, X-Inertia-* garbage, odd Content-Types and
 * Accepts, Referers, Authorization junk. Never a 5xx; a state-changing route answers a malformed
 * or missing XSRF token with 419 (issue 8, item 4: `%E0%A4%A` made every one of them a 500).
 * Sent by a signed-out visitor and by team A's owner; fixed cases plus fast-check generated ones.
 */
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import type { RouteEntry } from '../../src/server/platform/routes/registry.js';
import { createTestApp } from '../helpers/app.js';
import { TestClient } from '../helpers/client.js';
import { RUNS } from './bad-input-runner.js';
import { describeResponse, fillUrl } from './probe.js';
import { ROUTE_EXPECTATIONS } from './route-expectations.js';
import { buildWorld, freshIp, worldIntact, type World } from './world.js';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);
const BAD_ESCAPES = [
  '%E0%A4%A',
  '%',
  '%%',
  '%zz',
  '%C0%AF',
  '%ED%A0%80',
  '%FF%FE',
  'a%2',
  '%u0041',
];

type Case = {
  label: string;
  headers?: Record<string, string>;
  cookies?: Record<string, string>;
  badToken?: boolean;
};

/** The fixed cases: each is one request per route and caller. */
const CASES: Case[] = [
  ...BAD_ESCAPES.map((v) => ({
    label: `X-XSRF-TOKEN ${v}`,
    headers: { 'x-xsrf-token': v },
    badToken: true,
  })),
  { label: 'X-CSRF-TOKEN %E0%A4%A', headers: { 'x-csrf-token': '%E0%A4%A' }, badToken: true },
  {
    label: 'X-XSRF-TOKEN of 10k chars',
    headers: { 'x-xsrf-token': '%41'.repeat(3400) },
    badToken: true,
  },
  {
    label: 'X-XSRF-TOKEN with a NUL and unicode',
    headers: { 'x-xsrf-token': 'a\u0000b\u00e9\u{1F600}' },
    badToken: true,
  },
  { label: 'X-XSRF-TOKEN empty', headers: { 'x-xsrf-token': '' }, badToken: true },
  ...BAD_ESCAPES.slice(0, 4).map((v) => ({
    label: `cookies with ${v}`,
    cookies: {
      'XSRF-TOKEN': v,
      pathways_flash: v,
      pathways_intended: v,
      'better-auth.session_token': v,
      'better-auth.session_data': v,
    },
  })),
  {
    label: 'a cookie header of junk',
    headers: { cookie: ';;=;%;a=%E0%A4%A;==;\u00e9=\u00e9; XSRF-TOKEN' },
  },
  {
    label: 'X-Inertia garbage',
    headers: {
      'x-inertia': 'yes%E0',
      'x-inertia-version': '%E0%A4%A',
      'x-inertia-partial-component': '%E0%A4%A',
      'x-inertia-partial-data': ',,,%E0%A4%A,__proto__,constructor',
      'x-inertia-partial-except': '__proto__,,',
      'x-inertia-error-bag': '__proto__',
    },
  },
  {
    label: 'X-Inertia partial reload of everything odd',
    headers: {
      'x-inertia': 'true',
      'x-inertia-version': 'test',
      'x-inertia-partial-component': 'x',
      'x-inertia-partial-data': 'a'.repeat(5000),
      'x-inertia-reset': '%E0',
      'x-inertia-error-bag': 'constructor',
    },
  },
  {
    label: 'X-Inertia-Error-Bag toString',
    headers: {
      'x-inertia': 'true',
      'x-inertia-version': 'test',
      'x-inertia-error-bag': 'toString',
    },
  },
  {
    label: 'Content-Type garbage',
    headers: { 'content-type': 'application/json; charset=%E0%A4%A; boundary=' },
  },
  {
    label: 'Content-Type multipart without boundary',
    headers: { 'content-type': 'multipart/form-data' },
  },
  {
    label: 'Content-Type unknown charset',
    headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-42' },
  },
  { label: 'Content-Type empty', headers: { 'content-type': '' } },
  { label: 'Accept garbage', headers: { accept: '%E0%A4%A;q=abc, */*;q=-1, application/json;;;' } },
  { label: 'Accept JSON only', headers: { accept: 'application/json' } },
  { label: 'Referer malformed', headers: { referer: 'http://%E0%A4%A/\\\\evil' } },
  { label: 'Referer protocol-relative', headers: { referer: '//evil.example/x' } },
  { label: 'Authorization Bearer malformed', headers: { authorization: 'Bearer %E0%A4%A' } },
  { label: 'Authorization Bearer huge', headers: { authorization: `Bearer ${'x'.repeat(8000)}` } },
  { label: 'Authorization Bearer empty', headers: { authorization: 'Bearer ' } },
  { label: 'Authorization Basic junk', headers: { authorization: 'Basic %%%' } },
  { label: 'Host odd', headers: { host: 'localhost:3000\\evil' } },
  {
    label: 'X-Forwarded-* junk',
    headers: {
      'x-forwarded-for': '%E0, ,::::::1, 999.1.1.1',
      'x-forwarded-proto': 'javascript',
      'x-forwarded-host': '%E0%A4%A',
    },
  },
  { label: 'Accept-Language junk', headers: { 'accept-language': '%E0%A4%A;q=;;,*' } },
];

/** Header values fast-check makes up: bad escapes, control-free junk, long runs. */
const junkValue = fc.oneof(
  fc.constantFrom(
    ...BAD_ESCAPES,
    '',
    ' ',
    ',',
    ';',
    '=',
    '__proto__',
    'constructor',
    'null',
    '[]',
    '{}',
    'true',
    '-1',
    '1e309',
  ),
  fc.string({
    unit: fc.constantFrom('%', 'E', '0', 'A', '4', ',', ';', '=', '/', '\\', 'a', 'é', '.', ' '),
    maxLength: 40,
  }),
  fc.stringMatching(/^[\x21-\x7e]{0,60}$/),
);
const junkHeaders = fc.record(
  {
    'x-xsrf-token': junkValue,
    'x-inertia': fc.constantFrom('true', 'false', '%E0'),
    'x-inertia-version': junkValue,
    'x-inertia-partial-component': junkValue,
    'x-inertia-partial-data': junkValue,
    'x-inertia-partial-except': junkValue,
    'x-inertia-error-bag': junkValue,
    'content-type': junkValue,
    accept: junkValue,
    referer: junkValue,
    authorization: junkValue.map((v) => `Bearer ${v}`),
  },
  { requiredKeys: [] },
);

function targets(routes: RouteEntry[]) {
  return routes
    .flatMap((r) => r.methods.map((method) => ({ route: r, method })))
    .sort((a, b) => a.route.name.localeCompare(b.route.name) || a.method.localeCompare(b.method));
}

/** Does this route check the XSRF token (every state-changing route but the signed / bearer / exempt ones)? */
const checksCsrf = (route: RouteEntry, method: string) =>
  !SAFE.has(method) &&
  route.access.kind !== 'signed' &&
  route.access.kind !== 'api' &&
  !ROUTE_EXPECTATIONS[route.name]?.csrfExempt;

describe('malformed headers on every route', async () => {
  const t = await createTestApp();
  afterAll(() => t.close());
  let world: World = await buildWorld(t.app);
  const list = targets(t.app.ctx.routes.all());

  /** A signed-out visitor with a valid XSRF cookie (one per route: a request here sets no cookie on it). */
  async function newVisitor() {
    const visitor = new TestClient(t.app, { ip: freshIp() });
    await visitor.get('/');
    return visitor;
  }
  let sharedVisitor: TestClient | null = null;

  /** The visitor or the owner (their session), from a fresh IP, with the case's headers and cookies on top. */
  async function send(
    who: 'visitor' | 'owner',
    method: string,
    url: string,
    c: Case,
    visitor?: TestClient,
  ) {
    const client =
      who === 'owner'
        ? world.members.owner.client
        : (visitor ?? (sharedVisitor ??= await newVisitor()));
    if (!client.cookies.has('XSRF-TOKEN')) await client.get('/');
    const cookies = new Map(client.cookies);
    for (const [k, v] of Object.entries(c.cookies ?? {}))
      if (!(who === 'owner' && k.startsWith('better-auth'))) cookies.set(k, v);
    const h: Record<string, string> = {
      'x-requested-with': 'XMLHttpRequest',
      'x-inertia': 'true',
      'x-inertia-version': 'test',
    };
    // no valid token unless the case is about something else: the request must stop at the CSRF check, never run the handler
    h['x-xsrf-token'] = '%E0%A4%A';
    h.cookie = [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    Object.assign(h, c.headers);
    const res = await t.app.inject({
      method: method as 'GET',
      url,
      headers: h,
      remoteAddress: freshIp(),
      ...(SAFE.has(method) ? {} : { payload: '{}' }),
    });
    return res;
  }

  it(`covers every route (${list.length} route-methods)`, () => {
    expect(list.length).toBeGreaterThan(20);
  });

  for (const { route, method } of list) {
    it(`${route.name}: ${method} ${route.url}`, async () => {
      const problems: string[] = [];
      // every request below stops before its handler (no valid token), but a GET may still act
      if (!(await worldIntact(world))) world = await buildWorld(t.app);
      const visitor = await newVisitor();
      for (const who of ['visitor', 'owner'] as const) {
        const url = await fillUrl(route, { world, self: world.members.owner });
        for (const c of CASES) {
          const res = await send(who, method, url, c, visitor);
          if (res.statusCode >= 500)
            problems.push(`${who} ${method} ${url} with ${c.label}: ${describeResponse(res)}`);
          else if (
            c.badToken &&
            checksCsrf(route, method) &&
            res.statusCode !== 419 &&
            res.statusCode !== 415 &&
            res.statusCode !== 400
          )
            problems.push(
              `${who} ${method} ${url} with ${c.label}: expected 419, got ${describeResponse(res)}`,
            );
        }
      }
      expect(problems).toEqual([]);
    }, 300_000);
  }

  it('generated junk headers on random routes: never a 5xx', async () => {
    const result = await fc.check(
      fc.asyncProperty(
        fc.nat({ max: list.length - 1 }),
        fc.constantFrom<'visitor' | 'owner'>('visitor', 'owner'),
        junkHeaders,
        async (i, who, headers) => {
          const { route, method } = list[i];
          const url = await fillUrl(route, { world, self: world.members.owner });
          const res = await send(who, method, url, { label: 'generated', headers });
          if (res.statusCode >= 500)
            throw new Error(`${who} ${method} ${url}: ${describeResponse(res)}`);
          if (checksCsrf(route, method) && res.statusCode < 400)
            throw new Error(
              `${who} ${method} ${url} ran without a valid XSRF token: ${describeResponse(res)}`,
            );
        },
      ),
      { numRuns: RUNS * 10, endOnFailure: true },
    );
    expect(
      result.failed
        ? `${(result.errorInstance as Error | undefined)?.message}; headers ${JSON.stringify(result.counterexample?.[2])}; replay { seed: ${result.seed}, path: "${result.counterexamplePath}" }`
        : null,
    ).toBeNull();
  }, 600_000);
});
