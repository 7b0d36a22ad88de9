import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createEmailVerificationToken } from 'better-auth/api';
import { createTestApp, TEST_APP_KEY, type TestApp } from '../../../../test/helpers/app.js';
import { createUser, signIn, signedInUser } from '../../../../test/helpers/auth.js';
import { TestClient } from '../../../../test/helpers/client.js';
import { sessions, users } from '../../platform/auth/auth.tables.js';
import {
  ALREADY_VERIFIED,
  LINK_EXPIRED,
  LINK_INVALID,
  LINK_SENT,
  VERIFIED,
  VERIFIED_OTHER,
  VERIFIED_SIGN_IN,
} from './verification.routes.js';
import { auditFor, guest, linkIn, mailsTo } from './test-support.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const verified = async (id: string) =>
  (await t.app.ctx.db.select({ v: users.emailVerified }).from(users).where(eq(users.id, id)))[0].v;

describe('GET /verify-email (the notice)', () => {
  it('shows an unverified user the notice with their address', async () => {
    const user = await createUser(t.app, { verified: false });
    const c = await signIn(t.app, user);
    const page = await c.page('/verify-email');
    expect(page.component).toBe('auth/verify-email');
    expect(page.props.email).toBe(user.email);
  });

  it('keeps unverified users on the notice: verified pages redirect there', async () => {
    const user = await createUser(t.app, { verified: false });
    const c = await signIn(t.app, user);
    for (const url of ['/dashboard', '/user/confirm-password']) {
      const res = await c.get(url);
      if (url === '/dashboard') expect(res.headers.location).toBe('/verify-email');
      else expect(res.statusCode).toBe(200); // confirm-password needs only a session
    }
  });

  it('sends verified users to the dashboard and guests to login', async () => {
    const { client } = await signedInUser(t.app);
    expect((await client.get('/verify-email')).headers.location).toBe('/dashboard');
    expect((await guest(t.app).get('/verify-email')).headers.location).toBe('/login');
  });
});

describe('POST /email/verification-notification', () => {
  it('sends a fresh link and says so', async () => {
    const user = await createUser(t.app, { verified: false });
    const c = await signIn(t.app, user);
    const before = (await mailsTo(t.app, user.email)).length;
    const res = await c.post('/email/verification-notification');
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/verify-email');
    const page = await c.page('/verify-email');
    expect(page.props.flash.data.status).toEqual({ tone: 'success', message: LINK_SENT });
    expect(await mailsTo(t.app, user.email)).toHaveLength(before + 1);
  });

  it('needs the CSRF token and a session', async () => {
    const user = await createUser(t.app, { verified: false });
    const c = await signIn(t.app, user);
    expect(
      (await c.post('/email/verification-notification', {}, { 'x-xsrf-token': '' })).statusCode,
    ).toBe(419);
    expect((await guest(t.app).post('/email/verification-notification')).headers.location).toBe(
      '/login',
    );
  });

  it('is limited to 6 a minute per user (429)', async () => {
    const user = await createUser(t.app, { verified: false });
    const c = await signIn(t.app, user);
    for (let i = 0; i < 6; i++)
      expect((await c.post('/email/verification-notification')).statusCode).toBe(303);
    const res = await c.post('/email/verification-notification');
    expect(res.statusCode).toBe(429);
    expect(res.json().props.status).toBe(429);
  });
});

describe('GET /verify-email/:token', () => {
  it('verifies the address from the mailed link in the browser that registered, signs it in and lands on the dashboard with a message', async () => {
    const c = guest(t.app);
    const email = `reg.${Date.now()}@example.org`;
    expect(
      (
        await c.post('/register', {
          name: 'Reg Istrant',
          email,
          password: 'long-enough-pw',
          password_confirmation: 'long-enough-pw',
          terms: true,
        })
      ).statusCode,
    ).toBe(303);
    const [u] = await t.app.ctx.db.select().from(users).where(eq(users.email, email));
    await c.post('/logout'); // even signed out: this browser started the verification
    const [mail] = await mailsTo(t.app, email);
    c.opts.inertia = false; // a mail link opens as a plain browser visit
    const res = await c.get(linkIn(mail.text));
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/dashboard');
    expect(await verified(u.id)).toBe(true);
    c.opts.inertia = true;
    const page = await c.page('/dashboard');
    expect(page.props.auth.user.id).toBe(u.id);
    expect(page.props.flash.success).toBe(VERIFIED);
    expect(await auditFor(t.app, 'auth.email_verified', u.id)).toHaveLength(1);

    // the same link again: nothing more to do
    const again = await guest(t.app).get(linkIn(mail.text));
    expect(again.headers.location).toBe('/login');
    expect(await auditFor(t.app, 'auth.email_verified', u.id)).toHaveLength(1);
  });

  it('someone else’s unused link verifies that address but signs nobody in: a signed-out browser is asked to sign in', async () => {
    const user = await createUser(t.app, { verified: false });
    const [mail] = await mailsTo(t.app, user.email);
    const sessionsBefore = await t.app.ctx.db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, user.id));
    const c = new TestClient(t.app, { inertia: false });
    const res = await c.get(linkIn(mail.text));
    expect(res.headers.location).toBe('/login');
    expect(await verified(user.id)).toBe(true);
    expect([...c.cookies.keys()].some((k) => k.includes('session'))).toBe(false);
    expect(
      await t.app.ctx.db.select().from(sessions).where(eq(sessions.userId, user.id)),
    ).toHaveLength(sessionsBefore.length);
    c.opts.inertia = true;
    expect((await c.page('/login')).props.flash.data.status).toEqual({
      tone: 'success',
      message: VERIFIED_SIGN_IN,
    });
  });

  it('login CSRF: opening an attacker’s verification link keeps the victim signed in as themselves', async () => {
    const attacker = await createUser(t.app, { verified: false });
    const [mail] = await mailsTo(t.app, attacker.email);
    const victim = await signedInUser(t.app);
    const sessionsBefore = await t.app.ctx.db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, attacker.id));
    const res = await victim.client.request('GET', linkIn(mail.text), undefined, {}, false);
    expect(res.headers.location).toBe('/dashboard');
    expect(String(res.headers['set-cookie'] ?? '')).not.toMatch(/session_token=[^;]/);
    const page = await victim.client.page('/dashboard');
    expect(page.props.auth.user.id).toBe(victim.user.id);
    expect(page.props.flash.info).toBe(VERIFIED_OTHER);
    expect(
      await t.app.ctx.db.select().from(sessions).where(eq(sessions.userId, attacker.id)),
    ).toHaveLength(sessionsBefore.length);
  });

  it('the owner’s own signed-in browser is signed in as before, and a browser that asked for a new link too', async () => {
    const user = await createUser(t.app, { verified: false });
    const c = await signIn(t.app, user);
    c.opts.ip = '10.77.0.1';
    expect((await c.post('/email/verification-notification')).headers.location).toBe(
      '/verify-email',
    );
    const [fresh] = await mailsTo(t.app, user.email);
    const res = await c.request('GET', linkIn(fresh.text), undefined, {}, false);
    expect(res.headers.location).toBe('/dashboard');
    expect((await c.page('/dashboard')).props.auth.user.id).toBe(user.id);
    expect((await c.page('/dashboard')).props.auth.user.emailVerified).toBe(true);
  });

  it('tells a signed-in user who already verified so', async () => {
    const { user, client } = await signedInUser(t.app);
    const token = await createEmailVerificationToken(TEST_APP_KEY, user.email);
    expect((await client.get(`/verify-email/${token}`)).headers.location).toBe('/dashboard');
    expect((await client.page('/dashboard')).props.flash.info).toBe(ALREADY_VERIFIED);
  });

  it('refuses a forged token with a clear message and verifies nothing', async () => {
    const user = await createUser(t.app, { verified: false });
    const forged = await createEmailVerificationToken('some-other-secret', user.email);
    const c = await signIn(t.app, user);
    const res = await c.get(`/verify-email/${forged}`);
    expect(res.headers.location).toBe('/verify-email');
    expect((await c.page('/verify-email')).props.flash.data.status).toEqual({
      tone: 'error',
      message: LINK_INVALID,
    });
    expect(await verified(user.id)).toBe(false);

    const g = guest(t.app);
    expect((await g.get('/verify-email/not-a-token')).headers.location).toBe('/login');
    expect((await g.page('/login')).props.flash.data.status.message).toMatch(
      /^This verification link is invalid\. .*Sign in/,
    );
  });

  it('refuses an expired token and says it expired', async () => {
    const user = await createUser(t.app, { verified: false });
    const expired = await createEmailVerificationToken(TEST_APP_KEY, user.email, undefined, -60);
    const c = await signIn(t.app, user);
    await c.get(`/verify-email/${expired}`);
    expect((await c.page('/verify-email')).props.flash.data.status.message).toBe(LINK_EXPIRED);
    expect(await verified(user.id)).toBe(false);
    expect(await auditFor(t.app, 'auth.email_verified', user.id)).toHaveLength(0);
  });
});
