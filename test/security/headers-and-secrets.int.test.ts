/**
 * Security headers, cookie attributes, and secrets that must never reach page props or logs.
 * Page scans cover every GET route the owner of team A can open (from the route registry).
 */
import { Writable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { accounts, apiKeys } from '../../src/server/platform/auth/auth.tables.js';
import { redactUrl } from '../../src/server/platform/http/log-redaction.js';
import { createTestApp, TEST_APP_KEY } from '../helpers/app.js';
import { TestClient } from '../helpers/client.js';
import { fillUrl } from './probe.js';
import { buildWorld, createToken } from './world.js';

interface SetCookie {
  name: string;
  raw: string;
}
function setCookies(res: LightMyRequestResponse): SetCookie[] {
  const h = res.headers['set-cookie'];
  const list = h === undefined ? [] : Array.isArray(h) ? h : [h];
  return list.map((raw) => ({ name: raw.slice(0, raw.indexOf('=')), raw }));
}
const attr = (c: SetCookie, a: string) =>
  c.raw.split(';').some((p) => p.trim().toLowerCase().startsWith(a.toLowerCase()));
const sameSite = (c: SetCookie) => /;\s*samesite=(lax|strict)/i.test(c.raw);

/** Sign in over HTTP through the login route when it exists, else through Better Auth (skeleton). */
async function login(
  app: FastifyInstance,
  email: string,
  password: string,
): Promise<{ client: TestClient; cookies: SetCookie[]; via: string }> {
  const route = app.ctx.routes.byName.get('login');
  const client = new TestClient(app);
  if (route?.methods.includes('POST')) {
    const res = await client.post(route.url, { email, password });
    return { client, cookies: setCookies(res), via: `POST ${route.url}` };
  }
  const { headers } = await app.ctx.auth.api.signInEmail({
    body: { email, password },
    returnHeaders: true,
  });
  const cookies = headers
    .getSetCookie()
    .map((raw) => ({ name: raw.slice(0, raw.indexOf('=')), raw }));
  for (const c of cookies) {
    const [pair] = c.raw.split(';');
    client.cookies.set(pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1));
  }
  return { client, cookies, via: 'auth.api.signInEmail (no login route yet)' };
}

function checkHeaders(res: LightMyRequestResponse, https: boolean, where: string) {
  const csp = String(res.headers['content-security-policy'] ?? '');
  expect(csp, `${where}: CSP`).toMatch(/frame-ancestors 'none'/);
  expect(csp, `${where}: CSP`).toMatch(/default-src 'self'/);
  expect(csp, `${where}: CSP must not allow inline scripts`).not.toMatch(
    /script-src[^;]*'unsafe-inline'/,
  );
  expect(res.headers['x-content-type-options'], where).toBe('nosniff');
  expect(String(res.headers['referrer-policy'] ?? ''), where).toMatch(
    /strict-origin-when-cross-origin|no-referrer|same-origin/,
  );
  expect(res.headers['x-powered-by'], where).toBeUndefined();
  if (https)
    expect(String(res.headers['strict-transport-security'] ?? ''), where).toMatch(/max-age=\d{7,}/);
  else
    expect(
      res.headers['strict-transport-security'],
      `${where}: no HSTS over plain http`,
    ).toBeUndefined();
}

for (const https of [false, true]) {
  describe(`headers and cookies with APP_URL ${https ? 'https' : 'http'}`, async () => {
    const t = await createTestApp({
      env: { APP_URL: https ? 'https://pathways.example.org' : 'http://localhost:3000' },
    });
    afterAll(() => t.close());
    const world = await buildWorld(t.app);

    it('sends CSP (frame-ancestors none), nosniff, a referrer policy, and HSTS only under https, on pages, JSON and errors', async () => {
      const anon = new TestClient(t.app, { inertia: false });
      checkHeaders(await anon.get('/'), https, 'HTML page');
      checkHeaders(await world.members.owner.client.get('/dashboard'), https, 'Inertia JSON');
      checkHeaders(await anon.get('/no-such-page'), https, '404 page');
      checkHeaders(await anon.get('/dashboard', { accept: 'application/json' }), https, '401 JSON');
    });

    it('sets session cookies HttpOnly and SameSite (and Secure under https); only XSRF-TOKEN is readable by scripts', async () => {
      const { cookies, via } = await login(
        t.app,
        world.members.viewer.email,
        world.members.viewer.password,
      );
      const session = cookies.find((c) => c.name.includes('session_token'));
      expect(session, `${via} set no session cookie`).toBeDefined();
      const anon = await new TestClient(t.app).get('/');
      const all = [...cookies, ...setCookies(anon)].filter((c) => !/max-age=0/i.test(c.raw));
      expect(all.some((c) => c.name === 'XSRF-TOKEN')).toBe(true);
      for (const c of all) {
        expect(sameSite(c), `${c.name} needs SameSite (${c.raw})`).toBe(true);
        if (c.name !== 'XSRF-TOKEN')
          expect(attr(c, 'httponly'), `${c.name} must be HttpOnly (${via})`).toBe(true);
        expect(attr(c, 'secure'), `${c.name}: Secure exactly when APP_URL is https`).toBe(https);
      }
    });
  });
}

describe('secrets never reach page props', async () => {
  const t = await createTestApp();
  afterAll(() => t.close());
  const world = await buildWorld(t.app);
  const owner = world.members.owner;

  it('no password, hash, session token, API token or app key in the page object of any page the owner can open', async () => {
    const token = await createToken(t.app, owner.id, world.teamA.id);
    const [hash] = await t.app.ctx.db
      .select({ password: accounts.password })
      .from(accounts)
      .where(eq(accounts.userId, owner.id));
    const [hashedKey] = await t.app.ctx.db
      .select({ key: apiKeys.key })
      .from(apiKeys)
      .where(eq(apiKeys.id, token.id));
    const secrets: Record<string, string> = {
      password: owner.password,
      'password hash': hash.password!,
      'session token': owner.sessionToken,
      'API token': token.key,
      'API token hash': hashedKey.key,
      'app key': TEST_APP_KEY,
      'pusher secret': t.app.ctx.config.pusher.secret,
    };
    const pages = t.app.ctx.routes
      .all()
      .filter(
        (r) =>
          r.methods.includes('GET') &&
          r.access.kind !== 'api' &&
          r.access.kind !== 'signed' &&
          r.access.kind !== 'guest',
      );
    const scanned: string[] = [];
    const leaks: string[] = [];
    for (const route of pages) {
      const url = await fillUrl(route, { world, self: owner });
      for (const inertia of [true, false]) {
        const res = await owner.client.request('GET', url, undefined, {}, inertia);
        if (res.statusCode >= 300) continue;
        scanned.push(`${url}${inertia ? ' (json)' : ' (html)'}`);
        for (const [what, value] of Object.entries(secrets))
          if (res.body.includes(value))
            leaks.push(`${url}${inertia ? ' Inertia JSON' : ' HTML'} contains the ${what}`);
      }
    }
    expect(leaks).toEqual([]);
    expect(scanned).toContain('/dashboard (json)');
  });
});

describe('secrets never reach the logs', async () => {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const t = await createTestApp({
    env: { LOG_LEVEL: 'trace' },
    build: { logger: undefined, logStream: stream },
  });
  afterAll(() => t.close());

  it('logs requests (so the check means something) without the password, session token, XSRF token or bearer token', async () => {
    const password = 'Unique-Pa55word-for-the-log-test';
    const world = await buildWorld(t.app);
    const { createUser } = await import('../helpers/auth.js');
    const user = await createUser(t.app, { password });
    const { client, via } = await login(t.app, user.email, password);
    const session = [...client.cookies].find(([k]) => k.includes('session_token'))?.[1] ?? '';
    await client.get('/dashboard');
    const token = await createToken(t.app, world.members.owner.id, world.teamA.id);
    await t.app.inject({
      method: 'GET',
      url: '/api/anything',
      headers: { authorization: `Bearer ${token.key}` },
    });
    await client.post('/no-such-route', { password, current_password: password, token: token.key });
    await client.get(
      `/reset-password/${encodeURIComponent('reset-secret-1234567890')}?email=x%40example.org`,
    );
    await client.get('/verify-email/verify-secret-1234567890');
    await client.get('/anything?token=query-secret-1234567890&page=2');
    const xsrf = decodeURIComponent(client.cookies.get('XSRF-TOKEN') ?? '');
    const log = lines.join('');
    expect(log, 'the logger captured request logs').toMatch(/incoming request/);
    const secrets: Record<string, string> = {
      password,
      'session cookie': decodeURIComponent(session).split('.')[0],
      'XSRF token': xsrf.split('.')[0],
      'API token': token.key,
      'password-reset token in a URL': 'reset-secret-1234567890',
      'verification token in a URL': 'verify-secret-1234567890',
      'token in a query string': 'query-secret-1234567890',
    };
    const leaks = Object.entries(secrets)
      .filter(([, v]) => v && log.includes(v))
      .map(([k]) => `the ${k} appears in the logs (login via ${via})`);
    expect(leaks).toEqual([]);
  });

  it('redacts secret URL segments and query parameters, keeping the rest', () => {
    expect(redactUrl('/reset-password/abc?email=a%40b.org')).toBe(
      '/reset-password/[redacted]?email=a%40b.org',
    );
    expect(redactUrl('/x?page=2&token=abc&code=1')).toBe(
      '/x?page=2&token=[redacted]&code=[redacted]',
    );
    expect(redactUrl('/teams/abc')).toBe('/teams/abc');
  });
});
