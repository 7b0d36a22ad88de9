import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../../test/helpers/app.js';
import { createUser, signIn, signedInUser } from '../../../../test/helpers/auth.js';
import { TestClient } from '../../../../test/helpers/client.js';
import { auditLogs } from '../../platform/audit/audit.tables.js';
import { sessions, users } from '../../platform/auth/auth.tables.js';
import { LOGIN_FAILED } from './login.routes.js';

let t: TestApp;
/** a same-site Referer, for "back" after validation errors */
const LOGIN_REFERER = { host: 'localhost:3000', referer: 'http://localhost:3000/login' };
/** a fresh user without the session sign-up gave them */
async function freshUser(o: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(t.app, o);
  await t.app.ctx.db.delete(sessions).where(eq(sessions.userId, user.id));
  return user;
}
const sessionToken = (c: TestClient) => {
  const v = [...c.cookies].find(([k]) => k.includes('session_token'))?.[1];
  return v ? decodeURIComponent(v).split('.')[0] : undefined;
};
let ipSeq = 0;
/** each test gets its own address so the per-IP limits of one test do not touch another */
const client = () => new TestClient(t.app, { ip: `10.0.1.${++ipSeq}` });

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /login', () => {
  it('shows the login page to guests', async () => {
    const page = await client().page('/login');
    expect(page.component).toBe('auth/login');
    expect(page.props.errors).toEqual({});
  });

  it('sends a signed-in user to the dashboard', async () => {
    const { client: c } = await signedInUser(t.app);
    const res = await c.get('/login');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/dashboard');
  });
});

describe('POST /login', () => {
  it('signs in with the right password, records auth.login and reaches the dashboard', async () => {
    const user = await createUser(t.app);
    const c = client();
    const res = await c.post('/login', {
      email: user.email.toUpperCase(),
      password: user.password,
      remember: true,
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/dashboard');
    const page = await c.page('/dashboard');
    expect(page.props.auth.user.id).toBe(user.id);
    const [entry] = await t.app.ctx.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'auth.login'), eq(auditLogs.userId, user.id)));
    expect(entry).toMatchObject({ actorEmail: user.email, ip: c.opts.ip, teamId: null });
  });

  it('answers a wrong password with one generic message on the email field and records the failure without the password', async () => {
    const user = await createUser(t.app);
    const c = client();
    const wrong = 'not-the-password-123';
    const res = await c.post('/login', { email: user.email, password: wrong }, LOGIN_REFERER);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/login');
    const page = await c.page('/login');
    expect(page.props.errors).toEqual({ email: LOGIN_FAILED });
    expect(await c.get('/dashboard').then((r) => r.headers.location)).toBe('/login');
    const entries = await t.app.ctx.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.action, 'auth.login_failed'));
    const mine = entries.filter(
      (e) => (e.details as { email?: string } | null)?.email === user.email,
    );
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ userId: user.id, actorEmail: user.email, teamId: null });
    expect(JSON.stringify(mine[0])).not.toContain(wrong);
  });

  it('puts the errors under the X-Inertia-Error-Bag the sign-in named, whether or not the next page repeats the header', async () => {
    const user = await createUser(t.app);
    const c = client();
    const bag = { ...LOGIN_REFERER, 'x-inertia-error-bag': 'login' };
    await c.post('/login', { email: user.email, password: 'not-the-password-123' }, bag);
    expect((await c.page('/login')).props.errors).toEqual({ login: { email: LOGIN_FAILED } });
    await c.post('/login', { email: user.email, password: 'not-the-password-123' }, bag);
    expect((await c.get('/login', { 'x-inertia-error-bag': 'login' })).json().props.errors).toEqual(
      { login: { email: LOGIN_FAILED } },
    );
    // without a bag they stay flat; a bag that is not a plain name is ignored
    await c.post(
      '/login',
      { email: user.email, password: 'not-the-password-123' },
      { ...LOGIN_REFERER, 'x-inertia-error-bag': '__proto__' },
    );
    expect((await c.page('/login')).props.errors).toEqual({ email: LOGIN_FAILED });
  });

  it('gives an unknown email exactly the same answer as a wrong password', async () => {
    const c = client();
    await c.post(
      '/login',
      { email: 'nobody-here@example.org', password: 'whatever-123' },
      LOGIN_REFERER,
    );
    const page = await c.page('/login');
    expect(page.props.errors).toEqual({ email: LOGIN_FAILED });
    const entries = await t.app.ctx.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.action, 'auth.login_failed'));
    expect(entries.find((e) => e.actorEmail === 'nobody-here@example.org')).toMatchObject({
      userId: null,
      details: { email: 'nobody-here@example.org' },
    });
  });

  it('gives field errors for bad input and refuses unknown fields', async () => {
    const c = client();
    await c.post('/login', { email: 'not-an-email', password: '' }, LOGIN_REFERER);
    let page = await c.page('/login');
    expect(page.props.errors).toEqual({
      email: 'Please enter a valid email address.',
      password: 'Please enter your password.',
    });
    await c.post('/login', { email: 'a@example.org', password: 'x', admin: true }, LOGIN_REFERER);
    page = await c.page('/login');
    expect(page.props.errors.admin).toMatch(/Unknown field/);
  });

  it('sends an unverified user to the verification notice after signing in', async () => {
    const user = await createUser(t.app, { verified: false });
    const c = client();
    await c.post('/login', { email: user.email, password: user.password });
    const res = await c.get('/dashboard');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/verify-email');
  });

  it('hands over to the two-factor challenge when the user has two-factor on', async () => {
    const user = await freshUser();
    await t.app.ctx.db.update(users).set({ twoFactorEnabled: true }).where(eq(users.id, user.id));
    const c = client();
    const res = await c.post('/login', { email: user.email, password: user.password });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/two-factor-challenge');
    expect([...c.cookies.keys()].some((k) => k.includes('two_factor'))).toBe(true);
    expect([...c.cookies.keys()].some((k) => k.includes('session_token'))).toBe(false);
    expect(
      await t.app.ctx.db.select().from(sessions).where(eq(sessions.userId, user.id)),
    ).toHaveLength(0);
  });

  it('refuses a post without the CSRF token (419) and signs nobody in', async () => {
    const user = await freshUser();
    const c = client();
    const res = await c.post(
      '/login',
      { email: user.email, password: user.password },
      { 'x-xsrf-token': '' },
    );
    expect(res.statusCode).toBe(419);
    expect(res.json().props.status).toBe(419);
    expect(
      await t.app.ctx.db.select().from(sessions).where(eq(sessions.userId, user.id)),
    ).toHaveLength(0);
  });

  it('allows 5 attempts a minute per address and email, then answers 429 with the error page', async () => {
    const user = await freshUser();
    const c = client();
    for (let i = 0; i < 5; i++) {
      const r = await c.post('/login', { email: user.email, password: `wrong-${i}-password` });
      expect(r.statusCode).toBe(303);
    }
    const blocked = await c.post('/login', { email: user.email, password: user.password });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ component: 'errors/show', props: { status: 429 } });
    expect(
      await t.app.ctx.db.select().from(sessions).where(eq(sessions.userId, user.id)),
    ).toHaveLength(0);
    // another email from the same address still gets through
    const other = await createUser(t.app);
    const ok = await c.post('/login', { email: other.email, password: other.password });
    expect(ok.headers.location).toBe('/dashboard');
  });
});

describe('password spraying', () => {
  it('allows 20 sign-in attempts a minute from one address whatever the emails, then 429 (another address is not affected)', async () => {
    const c = client();
    for (let i = 0; i < 20; i++) {
      const r = await c.post('/login', {
        email: `spray-${i}@example.org`,
        password: 'Summer2026!',
      });
      expect(r.statusCode).toBe(303);
    }
    const user = await freshUser();
    const blocked = await c.post('/login', { email: user.email, password: user.password });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({
      component: 'errors/show',
      props: {
        status: 429,
        message: expect.stringMatching(/Too many sign-in attempts from your network/),
      },
    });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(
      await t.app.ctx.db.select().from(sessions).where(eq(sessions.userId, user.id)),
    ).toHaveLength(0);
    const elsewhere = await client().post('/login', { email: user.email, password: user.password });
    expect(elsewhere.headers.location).toBe('/dashboard');
  });
});

describe('back to the page asked for', () => {
  it('a signed-out visitor who opens a page is returned to it after signing in, once', async () => {
    const user = await freshUser();
    const c = client();
    const gate = await c.get('/user/api-tokens');
    expect(gate.headers.location).toBe('/login');
    await c.get('/login'); // the login page keeps the target in a signed cookie
    const res = await c.post('/login', { email: user.email, password: user.password });
    expect(res.headers.location).toBe('/user/api-tokens');
    await c.post('/logout');
    const again = await c.post('/login', { email: user.email, password: user.password });
    expect(again.headers.location).toBe('/dashboard');
  });

  it('never sends anyone off-site, and ignores a forged target cookie', async () => {
    const user = await freshUser();
    const c = client();
    c.cookies.set('pathways_intended', 'aHR0cHM6Ly9ldmlsLmV4YW1wbGU.forged');
    const res = await c.post('/login', { email: user.email, password: user.password });
    expect(res.headers.location).toBe('/dashboard');
  });
});

describe('POST /logout', () => {
  it('ends the session, records auth.logout and goes to the start page', async () => {
    const { user, client: c } = await signedInUser(t.app);
    const token = sessionToken(c)!;
    expect(
      await t.app.ctx.db.select().from(sessions).where(eq(sessions.token, token)),
    ).toHaveLength(1);
    const res = await c.post('/logout');
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/');
    expect(
      await t.app.ctx.db.select().from(sessions).where(eq(sessions.token, token)),
    ).toHaveLength(0);
    expect((await c.get('/dashboard')).headers.location).toBe('/login');
    const entries = await t.app.ctx.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'auth.logout'), eq(auditLogs.userId, user.id)));
    expect(entries).toHaveLength(1);
  });

  it('works for an unverified user and needs a session', async () => {
    const user = await createUser(t.app, { verified: false });
    const c = await signIn(t.app, user);
    expect((await c.post('/logout')).headers.location).toBe('/');
    const guest = await client().post('/logout');
    expect(guest.statusCode).toBe(303);
    expect(guest.headers.location).toBe('/login');
  });
});
