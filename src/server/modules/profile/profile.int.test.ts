import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helpers/app.js';
import { createUser, signIn, signedInUser, TEST_PASSWORD } from '../../../../test/helpers/auth.js';
import { TestClient } from '../../../../test/helpers/client.js';
import { auditLogs, mailOutbox, sessions, users } from '../../platform/db/schema.js';
import { drainJobs } from '../../../../test/helpers/jobs.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const userRow = async (id: string) =>
  (await t.app.ctx.db.select().from(users).where(eq(users.id, id)))[0];
const auditOf = (userId: string, action: string) =>
  t.app.ctx.db
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.userId, userId), eq(auditLogs.action, action)));
/** the mail to `to`, once the queued mail jobs have run */
const mailTo = async (to: string) => {
  await drainJobs(t.app);
  return t.app.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));
};
const BACK = { host: 'localhost:3000', referer: 'http://localhost:3000/user/profile' };

describe('profile page', () => {
  it('is for verified, signed-in users and shows every section', async () => {
    expect((await new TestClient(t.app).get('/user/profile')).headers.location).toBe('/login');
    const unverified = await createUser(t.app, { verified: false });
    expect((await (await signIn(t.app, unverified)).get('/user/profile')).headers.location).toBe(
      '/verify-email',
    );

    const { user, client } = await signedInUser(t.app, { name: 'Asha Rao' });
    const page = await client.page('/user/profile');
    expect(page.component).toBe('profile/show');
    expect(page.props.profile).toEqual({
      name: 'Asha Rao',
      email: user.email,
      emailVerified: true,
    });
    expect(page.props.twoFactor).toEqual({
      enabled: false,
      pending: false,
      passwordConfirmed: false,
      qrCode: null,
      setupKey: null,
      recoveryCodes: null,
    });
    // sign-up opened a session too: both are listed, this browser's first
    const live = await t.app.ctx.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(page.props.sessions).toHaveLength(live.length);
    expect(page.props.sessions[0]).toMatchObject({ current: true });
    expect(page.props.sessions.filter((x: { current: boolean }) => x.current)).toHaveLength(1);
    // only the personal team made at registration would go with the account
    expect(page.props.deletion).toEqual({
      blocking: [],
      deleted: [
        { id: page.props.auth.team.id, name: "Asha's Team", otherMembers: 0, personal: true },
      ],
      left: [],
    });
    // no session tokens or password hashes leak
    const json = JSON.stringify(page.props);
    const [s] = await t.app.ctx.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(json).not.toContain(s.token);
    expect(json).not.toMatch(/scrypt|\$argon|token/i);
  });
});

describe('update profile information', () => {
  it('saves a new name', async () => {
    const { user, client } = await signedInUser(t.app);
    const res = await client.put('/user/profile-information', {
      name: '  Kofi Mensah ',
      email: user.email,
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/user/profile');
    const row = await userRow(user.id);
    expect(row.name).toBe('Kofi Mensah');
    expect(row.emailVerified).toBe(true);
    const [entry] = await auditOf(user.id, 'user.profile_updated');
    expect(entry.details).toEqual({ changed: ['name'] });
    expect((await client.page('/user/profile')).props.flash.success).toBe('Profile saved.');
  });

  it('a new email address is unverified until confirmed, and gets a verification mail', async () => {
    const { user, client } = await signedInUser(t.app);
    const newEmail = `moved.${Date.now()}@example.net`;
    const res = await client.put('/user/profile-information', {
      name: user.name,
      email: newEmail.toUpperCase(),
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/verify-email');
    const row = await userRow(user.id);
    expect(row.email).toBe(newEmail);
    expect(row.emailVerified).toBe(false);

    const [mail] = await mailTo(newEmail);
    expect(mail.subject).toMatch(/Verify your email/);
    const token = mail.text.match(/\/verify-email\/([^\s]+)/)?.[1];
    expect(token).toBeTruthy();
    // the old address is told
    const notice = (await mailTo(user.email)).find((m) => m.subject.includes('changed'))!;
    expect(notice.subject).toMatch(/email address was changed/);
    expect(notice.text).toContain(newEmail);

    // verified pages are closed until the link is used
    expect((await client.get('/user/profile')).headers.location).toBe('/verify-email');
    // the link Better Auth signed verifies the new address
    await t.app.ctx.auth.api.verifyEmail({ query: { token: decodeURIComponent(token!) } });
    expect((await userRow(user.id)).emailVerified).toBe(true);
    expect((await client.page('/user/profile')).props.profile.email).toBe(newEmail);

    const [entry] = await auditOf(user.id, 'user.profile_updated');
    expect(entry.details).toMatchObject({
      changed: ['email'],
      previousEmail: user.email,
      verificationSent: true,
    });
  });

  it('refuses an address another account uses, bad input and unknown fields', async () => {
    const other = await createUser(t.app);
    const { user, client } = await signedInUser(t.app);
    await client.put(
      '/user/profile-information',
      { name: user.name, email: other.email.toUpperCase() },
      BACK,
    );
    let errors = (await client.page('/user/profile')).props.errors;
    expect(errors.email).toBe('That email address is already used by another account.');
    expect((await userRow(user.id)).email).toBe(user.email);

    await client.put('/user/profile-information', { name: ' ', email: 'not-an-email' }, BACK);
    errors = (await client.page('/user/profile')).props.errors;
    expect(errors.name).toBe('Please enter your name.');
    expect(errors.email).toBe('Please enter a valid email address.');

    await client.put(
      '/user/profile-information',
      { name: 'X', email: user.email, emailVerified: true },
      BACK,
    );
    errors = (await client.page('/user/profile')).props.errors;
    expect(errors.emailVerified).toMatch(/Unknown field/);
    expect((await mailTo(other.email)).map((m) => m.subject)).toEqual([
      'Verify your email address for Pathways',
    ]); // its sign-up mail only
  });

  it('needs the CSRF token', async () => {
    const { user, client } = await signedInUser(t.app);
    const res = await client.put(
      '/user/profile-information',
      { name: 'Evil', email: user.email },
      { 'x-xsrf-token': 'forged' },
    );
    expect(res.statusCode).toBe(419);
    expect((await userRow(user.id)).name).toBe(user.name);
  });
});

describe('update password', () => {
  it('changes the password and signs out every other session', async () => {
    const { user, client } = await signedInUser(t.app);
    const elsewhere = await signIn(t.app, user);
    expect((await elsewhere.get('/user/profile')).statusCode).toBe(200);

    const res = await client.put('/user/password', {
      currentPassword: TEST_PASSWORD,
      password: 'a-brand-new-secret',
      passwordConfirmation: 'a-brand-new-secret',
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/user/profile');

    // this browser keeps going (with a fresh session), the other one is out
    const page = await client.page('/user/profile');
    expect(page.props.flash.success).toMatch(/other browser sessions were signed out/);
    expect(page.props.sessions).toHaveLength(1);
    expect((await elsewhere.get('/user/profile')).headers.location).toBe('/login');

    await expect(
      t.app.ctx.auth.api.signInEmail({ body: { email: user.email, password: TEST_PASSWORD } }),
    ).rejects.toThrow();
    const ok = await t.app.ctx.auth.api.signInEmail({
      body: { email: user.email, password: 'a-brand-new-secret' },
    });
    expect(ok.user.id).toBe(user.id);
    const [entry] = await auditOf(user.id, 'user.password_changed');
    expect(entry.details).toEqual({ otherSessionsSignedOut: true });
    expect(JSON.stringify(entry)).not.toContain('a-brand-new-secret');
  });

  it('refuses a wrong current password, a mismatch and a short password', async () => {
    const { user, client } = await signedInUser(t.app);
    await client.put(
      '/user/password',
      {
        currentPassword: 'not-my-password',
        password: 'another-secret-1',
        passwordConfirmation: 'another-secret-1',
      },
      BACK,
    );
    expect((await client.page('/user/profile')).props.errors.currentPassword).toBe(
      'That is not your current password.',
    );

    await client.put(
      '/user/password',
      {
        currentPassword: TEST_PASSWORD,
        password: 'another-secret-1',
        passwordConfirmation: 'another-secret-2',
      },
      BACK,
    );
    expect((await client.page('/user/profile')).props.errors.passwordConfirmation).toBe(
      'The two new passwords do not match.',
    );

    await client.put(
      '/user/password',
      { currentPassword: TEST_PASSWORD, password: 'short', passwordConfirmation: 'short' },
      BACK,
    );
    expect((await client.page('/user/profile')).props.errors.password).toMatch(
      /at least 8 characters/,
    );

    const ok = await t.app.ctx.auth.api.signInEmail({
      body: { email: user.email, password: TEST_PASSWORD },
    });
    expect(ok.user.id).toBe(user.id);
    expect(await auditOf(user.id, 'user.password_changed')).toHaveLength(0);
  });
});
