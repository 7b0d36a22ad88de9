import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../../test/helpers/app.js';
import { createUser, signIn, signedInUser } from '../../../../test/helpers/auth.js';
import { accounts, sessions, verifications } from '../../platform/auth/auth.tables.js';
import { mailOutbox } from '../../platform/mail/mail.tables.js';
import {
  PASSWORD_RESET_DONE,
  RESET_EMAIL_MISMATCH,
  RESET_LINK_INVALID,
  RESET_LINK_SENT,
} from './password-reset.routes.js';
import { auditFor, from, guest, linkIn, mailsTo, waitForMail } from './test-support.js';
import { drainJobs } from '../../../../test/helpers/jobs.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const NEW_PASSWORD = 'a-brand-new-password';
const passwordHash = async (userId: string) =>
  (
    await t.app.ctx.db
      .select({ p: accounts.password })
      .from(accounts)
      .where(eq(accounts.userId, userId))
  )[0].p;

/** request a reset link for the user and return the path of the mailed link */
async function resetLink(email: string) {
  const before = (await mailsTo(t.app, email)).length;
  await guest(t.app).post('/forgot-password', { email });
  const rows = await waitForMail(t.app, email, before + 1);
  const mail = rows.find((r) => r.subject.startsWith('Reset'))!;
  return linkIn(mail.text);
}

describe('forgot password', () => {
  it('shows the form', async () => {
    expect((await guest(t.app).page('/forgot-password')).component).toBe('auth/forgot-password');
  });

  it('answers known and unknown addresses the same way and mails only the known one', async () => {
    const user = await createUser(t.app);
    const answers = [];
    for (const email of [user.email, `nobody.${Date.now()}@example.org`]) {
      const c = guest(t.app);
      const res = await c.post('/forgot-password', { email }, from('/forgot-password'));
      const page = await c.page('/forgot-password');
      // the flash's id is new with every response (the page shows each flash once)
      const { id, ...flash } = page.props.flash;
      expect(id).toMatch(/^[\w-]{36}$/);
      answers.push({
        status: res.statusCode,
        location: res.headers.location,
        flash,
        errors: page.props.errors,
      });
    }
    expect(answers[0]).toEqual(answers[1]);
    expect(answers[0]).toMatchObject({
      status: 303,
      location: '/forgot-password',
      flash: { data: { status: { tone: 'success', message: RESET_LINK_SENT } } },
    });
    const mails = await waitForMail(t.app, user.email, 2);
    const reset = mails.find((m) => m.subject === 'Reset your Pathways password')!;
    expect(reset.text).toContain('valid for 60 minutes');
    expect(linkIn(reset.text)).toMatch(
      new RegExp(
        `^/reset-password/[\\w-]+\\?email=${encodeURIComponent(user.email).replace(/\./g, '\\.')}$`,
      ),
    );
  });

  it('gives a field error for a bad address and sends nothing', async () => {
    const [before] = await t.app.ctx.db.select({ n: count() }).from(mailOutbox);
    const c = guest(t.app);
    await c.post('/forgot-password', { email: 'not an email' }, from('/forgot-password'));
    expect((await c.page('/forgot-password')).props.errors).toEqual({
      email: 'Please enter a valid email address.',
    });
    await drainJobs(t.app);
    const [after] = await t.app.ctx.db.select({ n: count() }).from(mailOutbox);
    expect(after.n).toBe(before.n);
  });

  it('is limited to 5 a minute per address (429)', async () => {
    const c = guest(t.app);
    for (let i = 0; i < 5; i++)
      expect((await c.post('/forgot-password', { email: `x${i}@example.org` })).statusCode).toBe(
        303,
      );
    const res = await c.post('/forgot-password', { email: 'x9@example.org' });
    expect(res.statusCode).toBe(429);
    expect(res.json().props.status).toBe(429);
  });
});

describe('reset password', () => {
  it('shows the form for a valid link with the email filled in, and says so for a bad one', async () => {
    const user = await createUser(t.app);
    const link = await resetLink(user.email);
    const page = await guest(t.app).page(link);
    expect(page.component).toBe('auth/reset-password');
    expect(page.props).toMatchObject({ email: user.email, tokenValid: true });
    expect(page.props.token).toBe(link.split('/')[2].split('?')[0]);
    const bad = await guest(t.app).page('/reset-password/not-a-real-token?email=a%40example.org');
    expect(bad.props).toMatchObject({ tokenValid: false, token: 'not-a-real-token' });
  });

  it('sets the new password, ends every session, records it, and sends the user to login', async () => {
    const user = await createUser(t.app);
    const other = await signIn(t.app, user); // e.g. a session on another device
    expect((await other.get('/dashboard')).statusCode).toBe(200);
    const link = await resetLink(user.email);
    const token = link.split('/')[2].split('?')[0];
    const c = guest(t.app);
    const res = await c.post('/reset-password', {
      token,
      email: user.email,
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/login');
    expect((await c.page('/login')).props.flash.data.status).toEqual({
      tone: 'success',
      message: PASSWORD_RESET_DONE,
    });

    expect(
      await t.app.ctx.db.select().from(sessions).where(eq(sessions.userId, user.id)),
    ).toHaveLength(0);
    expect((await other.get('/dashboard')).headers.location).toBe('/login');
    expect(await auditFor(t.app, 'auth.password_reset', user.id)).toHaveLength(1);

    const old = guest(t.app);
    await old.post('/login', { email: user.email, password: user.password });
    expect((await old.get('/dashboard')).headers.location).toBe('/login');
    const fresh = guest(t.app);
    expect(
      (await fresh.post('/login', { email: user.email, password: NEW_PASSWORD })).headers.location,
    ).toBe('/dashboard');

    // the link works once
    const again = guest(t.app);
    await again.post(
      '/reset-password',
      {
        token,
        email: user.email,
        password: 'yet-another-password',
        password_confirmation: 'yet-another-password',
      },
      from(link),
    );
    expect((await again.page(link)).props.errors).toEqual({ token: RESET_LINK_INVALID });
  });

  it('refuses a bad token and changes nothing', async () => {
    const user = await createUser(t.app);
    const hash = await passwordHash(user.id);
    const c = guest(t.app);
    const res = await c.post(
      '/reset-password',
      {
        token: 'made-up-token',
        email: user.email,
        password: NEW_PASSWORD,
        password_confirmation: NEW_PASSWORD,
      },
      from('/reset-password/made-up-token'),
    );
    expect(res.statusCode).toBe(303);
    expect((await c.page('/reset-password/made-up-token')).props.errors).toEqual({
      token: RESET_LINK_INVALID,
    });
    expect(await passwordHash(user.id)).toBe(hash);
    expect(await auditFor(t.app, 'auth.password_reset', user.id)).toHaveLength(0);
  });

  it('refuses an expired token', async () => {
    const user = await createUser(t.app);
    const hash = await passwordHash(user.id);
    const link = await resetLink(user.email);
    const token = link.split('/')[2].split('?')[0];
    await t.app.ctx.db
      .update(verifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verifications.identifier, `reset-password:${token}`));
    const c = guest(t.app);
    await c.post(
      '/reset-password',
      { token, email: user.email, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD },
      from(link),
    );
    expect((await c.page(link)).props).toMatchObject({
      errors: { token: RESET_LINK_INVALID },
      tokenValid: false,
    });
    expect(await passwordHash(user.id)).toBe(hash);
  });

  it('refuses another email than the link was sent to, a short password and a mismatched confirmation, keeping the token', async () => {
    const user = await createUser(t.app);
    const hash = await passwordHash(user.id);
    const link = await resetLink(user.email);
    const token = link.split('/')[2].split('?')[0];
    const cases: Array<[Record<string, unknown>, Record<string, string>]> = [
      [{ email: 'someone.else@example.org' }, { email: RESET_EMAIL_MISMATCH }],
      [
        { password: 'short', password_confirmation: 'short' },
        { password: 'The password must be at least 8 characters.' },
      ],
      [
        { password_confirmation: 'different-password' },
        { password_confirmation: 'The password confirmation does not match.' },
      ],
      [{ token: undefined }, { token: 'The reset link is incomplete.' }],
    ];
    for (const [patch, errors] of cases) {
      const c = guest(t.app);
      await c.post(
        '/reset-password',
        {
          token,
          email: user.email,
          password: NEW_PASSWORD,
          password_confirmation: NEW_PASSWORD,
          ...patch,
        },
        from(link),
      );
      expect((await c.page(link)).props.errors).toEqual(errors);
    }
    expect(await passwordHash(user.id)).toBe(hash);
    // the token survived the refusals
    const ok = await guest(t.app).post('/reset-password', {
      token,
      email: user.email,
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
    });
    expect(ok.headers.location).toBe('/login');
  });

  it('is for guests: a signed-in user is sent to the dashboard', async () => {
    const { client } = await signedInUser(t.app);
    expect((await client.get('/forgot-password')).headers.location).toBe('/dashboard');
    expect((await client.get('/reset-password/abc')).headers.location).toBe('/dashboard');
  });

  it('refuses a reset post without the CSRF token (419)', async () => {
    const user = await createUser(t.app);
    const link = await resetLink(user.email);
    const token = link.split('/')[2].split('?')[0];
    const res = await guest(t.app).post(
      '/reset-password',
      { token, email: user.email, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD },
      { 'x-xsrf-token': '' },
    );
    expect(res.statusCode).toBe(419);
  });
});
