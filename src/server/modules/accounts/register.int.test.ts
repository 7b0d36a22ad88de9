import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../../test/helpers/app.js';
import { createUser, signedInUser } from '../../../../test/helpers/auth.js';
import { sessions, users } from '../../platform/auth/auth.tables.js';
import { mailOutbox } from '../../platform/mail/mail.tables.js';
import { auditLogs } from '../../platform/audit/audit.tables.js';
import { REGISTERED } from './register.routes.js';
import { auditFor, from, guest, linkIn, mailsTo } from './test-support.js';
import { drainJobs } from '../../../../test/helpers/jobs.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let seq = 0;
const valid = () => {
  seq += 1;
  return {
    name: `Asha Verma ${seq}`,
    email: `asha.${seq}.${Date.now()}@example.org`,
    password: 'long-enough-pw',
    password_confirmation: 'long-enough-pw',
    terms: true,
  };
};

async function counts() {
  await drainJobs(t.app);
  const [u] = await t.app.ctx.db.select({ n: count() }).from(users);
  const [m] = await t.app.ctx.db.select({ n: count() }).from(mailOutbox);
  const [a] = await t.app.ctx.db.select({ n: count() }).from(auditLogs);
  return { users: u.n, mail: m.n, audit: a.n };
}

describe('GET /register', () => {
  it('shows the form to guests and sends signed-in users to the dashboard', async () => {
    const page = await guest(t.app).page('/register');
    expect(page.component).toBe('auth/register');
    const { client } = await signedInUser(t.app);
    expect((await client.get('/register')).headers.location).toBe('/dashboard');
  });
});

describe('POST /register', () => {
  it('creates the account and mails a verification link; the answer is "check your email" on the sign-in page, and the link signs this browser in', async () => {
    const input = valid();
    const c = guest(t.app);
    const res = await c.post('/register', { ...input, email: `  ${input.email.toUpperCase()} ` });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/login');
    expect([...c.cookies.keys()].some((k) => k.includes('session_token'))).toBe(false);
    expect((await c.page('/login')).props.flash.data.status).toEqual({
      tone: 'success',
      message: REGISTERED,
    });

    const [u] = await t.app.ctx.db.select().from(users).where(eq(users.email, input.email));
    expect(u).toMatchObject({ name: input.name, emailVerified: false });
    expect(
      await t.app.ctx.db.select().from(sessions).where(eq(sessions.userId, u.id)),
    ).toHaveLength(0);
    const [mail] = await mailsTo(t.app, input.email);
    expect(mail.subject).toBe('Verify your email address for Pathways');
    expect(linkIn(mail.text)).toMatch(/^\/verify-email\/[\w.-]+$/);
    expect(mail.html).toContain('Verify email address');
    expect(await auditFor(t.app, 'auth.registered', u.id)).toHaveLength(1);

    const done = await c.request('GET', linkIn(mail.text), undefined, {}, false);
    expect(done.headers.location).toBe('/dashboard');
    expect((await c.page('/dashboard')).props.auth.user.id).toBe(u.id);
  });

  it('an already registered email (any case) gets exactly the same answer; its holder is mailed, nothing else changes', async () => {
    const existing = await createUser(t.app);
    const fresh = guest(t.app);
    const known = guest(t.app);
    const a = await fresh.post('/register', valid(), from('/register'));
    const before = await counts();
    const b = await known.post(
      '/register',
      { ...valid(), email: existing.email.toUpperCase() },
      from('/register'),
    );
    const shape = (r: typeof a, c: typeof fresh) => ({
      status: r.statusCode,
      location: r.headers.location,
      cookies: [...c.cookies.keys()].sort(),
    });
    expect(shape(b, known)).toEqual(shape(a, fresh));
    expect((await known.page('/login')).props.flash.data.status).toEqual({
      tone: 'success',
      message: REGISTERED,
    });
    expect(await counts()).toEqual({ ...before, mail: before.mail + 1 });
    const [mail] = await mailsTo(t.app, existing.email);
    expect(mail.subject).toBe('Someone tried to create a Pathways account with your email address');
    expect(mail.text).toContain('no new account was created');
    expect(linkIn(mail.text)).toBe('/login');
  });

  it.each([
    ['missing name', { name: '   ' }, { name: 'Please enter your name.' }],
    ['bad email', { email: 'asha-at-example' }, { email: 'Please enter a valid email address.' }],
    [
      'short password',
      { password: 'short', password_confirmation: 'short' },
      { password: 'The password must be at least 8 characters.' },
    ],
    [
      'confirmation mismatch',
      { password_confirmation: 'something-else' },
      { password_confirmation: 'The password confirmation does not match.' },
    ],
    [
      'terms not accepted',
      { terms: false },
      { terms: 'Please accept the terms of service and the privacy policy.' },
    ],
    ['unknown field', { role: 'owner' }, { role: "Unknown field 'role'." }],
  ])('refuses %s with a field error and writes nothing', async (_label, patch, errors) => {
    const before = await counts();
    const c = guest(t.app);
    const res = await c.post('/register', { ...valid(), ...patch }, from('/register'));
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/register');
    const page = await c.page('/register');
    expect(page.props.errors).toEqual(errors);
    expect(await counts()).toEqual(before);
    expect([...c.cookies.keys()].some((k) => k.includes('session_token'))).toBe(false);
  });

  it('refuses a post without the CSRF token (419)', async () => {
    const before = await counts();
    const res = await guest(t.app).post('/register', valid(), { 'x-xsrf-token': 'forged' });
    expect(res.statusCode).toBe(419);
    expect(await counts()).toEqual(before);
  });

  it('limits registrations per address (429 after 10 a minute)', async () => {
    const c = guest(t.app);
    for (let i = 0; i < 10; i++)
      expect(
        (await c.post('/register', { ...valid(), terms: false }, from('/register'))).statusCode,
      ).toBe(303);
    const res = await c.post('/register', valid());
    expect(res.statusCode).toBe(429);
    expect(res.json().component).toBe('errors/show');
  });
});
