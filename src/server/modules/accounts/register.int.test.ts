import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../../test/helpers/app.js';
import { createUser, signedInUser } from '../../../../test/helpers/auth.js';
import { users } from '../../platform/auth/auth.tables.js';
import { mailOutbox } from '../../platform/mail/mail.tables.js';
import { auditLogs } from '../../platform/audit/audit.tables.js';
import { EMAIL_TAKEN } from './register.routes.js';
import { auditFor, from, guest, linkIn, mailsTo } from './test-support.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let seq = 0;
const valid = () => {
  seq += 1;
  return { name: `Asha Verma ${seq}`, email: `asha.${seq}.${Date.now()}@example.org`, password: 'long-enough-pw', password_confirmation: 'long-enough-pw', terms: true };
};

async function counts() {
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
  it('creates the account, signs in, mails a verification link and lands on the notice', async () => {
    const input = valid();
    const c = guest(t.app);
    const res = await c.post('/register', { ...input, email: `  ${input.email.toUpperCase()} ` });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/verify-email');

    const [u] = await t.app.ctx.db.select().from(users).where(eq(users.email, input.email));
    expect(u).toMatchObject({ name: input.name, emailVerified: false });
    const page = await c.page('/verify-email');
    expect(page.component).toBe('auth/verify-email');
    expect(page.props.auth.user.id).toBe(u.id);

    const [mail] = await mailsTo(t.app, input.email);
    expect(mail.subject).toBe('Verify your email address for Pathways');
    expect(linkIn(mail.text)).toMatch(/^\/verify-email\/[\w.-]+$/);
    expect(mail.html).toContain('Verify email address');
    expect(await auditFor(t.app, 'auth.registered', u.id)).toHaveLength(1);
    // unverified: the rest of the app sends them back to the notice
    expect((await c.get('/dashboard')).headers.location).toBe('/verify-email');
  });

  it.each([
    ['missing name', { name: '   ' }, { name: 'Please enter your name.' }],
    ['bad email', { email: 'asha-at-example' }, { email: 'Please enter a valid email address.' }],
    ['short password', { password: 'short', password_confirmation: 'short' }, { password: 'The password must be at least 8 characters.' }],
    ['confirmation mismatch', { password_confirmation: 'something-else' }, { password_confirmation: 'The password confirmation does not match.' }],
    ['terms not accepted', { terms: false }, { terms: 'Please accept the terms of service and the privacy policy.' }],
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

  it('refuses an already registered email (any case) on the email field', async () => {
    const existing = await createUser(t.app);
    const before = await counts();
    const c = guest(t.app);
    await c.post('/register', { ...valid(), email: existing.email.toUpperCase() }, from('/register'));
    const page = await c.page('/register');
    expect(page.props.errors).toEqual({ email: EMAIL_TAKEN });
    expect(await counts()).toEqual(before);
  });

  it('refuses a post without the CSRF token (419)', async () => {
    const before = await counts();
    const res = await guest(t.app).post('/register', valid(), { 'x-xsrf-token': 'forged' });
    expect(res.statusCode).toBe(419);
    expect(await counts()).toEqual(before);
  });

  it('limits registrations per address (429 after 10 a minute)', async () => {
    const c = guest(t.app);
    for (let i = 0; i < 10; i++) expect((await c.post('/register', { ...valid(), terms: false }, from('/register'))).statusCode).toBe(303);
    const res = await c.post('/register', valid());
    expect(res.statusCode).toBe(429);
    expect(res.json().component).toBe('errors/show');
  });
});
