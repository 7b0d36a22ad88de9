import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helpers/app.js';
import { signedInUser } from '../../../../test/helpers/auth.js';
import { TestClient } from '../../../../test/helpers/client.js';
import { enableTwoFactor, startTwoFactorSignIn } from '../../../../test/helpers/two-factor.js';
import { auditLogs, sessions } from '../../platform/db/schema.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let ipSeq = 10;
/** each test its own client IP, so the challenge's per-IP rate limit of one test does not touch another */
const nextIp = () => `10.0.0.${ipSeq++}`;

async function userWithTwoFactor() {
  const { user, client } = await signedInUser(t.app);
  const setup = await enableTwoFactor(t.app, client, user.id);
  // `client` keeps the (rotated) session it enabled two-factor with
  return { user, client, ...setup };
}

const auditOf = (userId: string, action: string) =>
  t.app.ctx.db
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.userId, userId), eq(auditLogs.action, action)));
const sessionCount = async (userId: string) =>
  (await t.app.ctx.db.select().from(sessions).where(eq(sessions.userId, userId))).length;

/** POST the challenge, then read the errors the page shows */
async function attempt(client: TestClient, body: Record<string, string>) {
  return client.post('/two-factor-challenge', body, {
    host: 'localhost:3000',
    referer: 'http://localhost:3000/two-factor-challenge',
  });
}
async function errorsShown(client: TestClient) {
  const page = await client.page('/two-factor-challenge');
  expect(page.component).toBe('auth/two-factor-challenge');
  return page.props.errors as Record<string, string>;
}

describe('two-factor challenge', () => {
  it('answers only while a sign-in is waiting for its second factor', async () => {
    const none = await new TestClient(t.app).get('/two-factor-challenge');
    expect(none.statusCode).toBe(303);
    expect(none.headers.location).toBe('/login');

    // a forged cookie does not count
    const forged = new TestClient(t.app);
    forged.cookies.set(
      'pathways.two_factor',
      encodeURIComponent('2fa-abc.' + 'A'.repeat(43) + '='),
    );
    expect((await forged.get('/two-factor-challenge')).headers.location).toBe('/login');

    // a signed-in user is sent to the dashboard (guest route)
    const { client } = await signedInUser(t.app);
    const signedIn = await client.get('/two-factor-challenge');
    expect(signedIn.statusCode).toBe(302);
    expect(signedIn.headers.location).toBe('/dashboard');
  });

  it('a correct password alone gives no session; the current code finishes the sign-in', async () => {
    const { user, authenticator, confirmedStep } = await userWithTwoFactor();
    const before = await sessionCount(user.id);
    const client = await startTwoFactorSignIn(t.app, user, { ip: nextIp() });
    expect(await sessionCount(user.id)).toBe(before);
    expect((await client.get('/dashboard')).headers.location).toBe('/login');

    const page = await client.page('/two-factor-challenge');
    expect(page.component).toBe('auth/two-factor-challenge');

    const res = await attempt(client, { code: await authenticator.code(confirmedStep + 1) });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/dashboard');
    const dash = await client.page('/dashboard');
    expect(dash.props.auth.user.email).toBe(user.email);
    expect(await sessionCount(user.id)).toBe(before + 1);
    const [login] = await auditOf(user.id, 'auth.login');
    expect(login.details).toEqual({ secondFactor: 'totp' });
  });

  it('a wrong code is refused on the code field and audited', async () => {
    const { user, authenticator, confirmedStep } = await userWithTwoFactor();
    const client = await startTwoFactorSignIn(t.app, user, { ip: nextIp() });
    const good = await authenticator.code(confirmedStep + 1);
    const wrong = String((Number(good) + 1) % 1_000_000).padStart(6, '0');
    const res = await attempt(client, { code: wrong });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/two-factor-challenge');
    expect((await errorsShown(client)).code).toMatch(/not valid/);
    expect((await client.get('/dashboard')).headers.location).toBe('/login');

    await attempt(client, { code: 'abc' });
    expect((await errorsShown(client)).code).toMatch(/6 digits/);

    const failures = await auditOf(user.id, 'auth.two_factor_failed');
    expect(failures).toHaveLength(1);
    expect(failures[0].details).toEqual({ method: 'totp', reason: 'invalid_code' });
    expect(JSON.stringify(failures[0])).not.toContain(wrong);

    // the right code still works afterwards
    const ok = await attempt(client, { code: good });
    expect(ok.headers.location).toBe('/dashboard');
  });

  it('Better Auth on its own accepts the same code twice (the reason for the replay guard)', async () => {
    const { user, authenticator, confirmedStep } = await userWithTwoFactor();
    const code = await authenticator.code(confirmedStep + 1);
    for (let i = 0; i < 2; i++) {
      const pending = await startTwoFactorSignIn(t.app, user);
      const headers = new Headers({ cookie: pending.cookieHeader() });
      const res = await t.app.ctx.auth.api.verifyTOTP({ body: { code }, headers });
      expect(res.token).toBeTruthy();
    }
  });

  it('a code that was used once cannot be used again, nor an older one', async () => {
    const { user, authenticator, confirmedStep } = await userWithTwoFactor();
    const ip = nextIp();
    const code = await authenticator.code(confirmedStep + 1);
    const first = await startTwoFactorSignIn(t.app, user, { ip });
    expect((await attempt(first, { code })).headers.location).toBe('/dashboard');

    const second = await startTwoFactorSignIn(t.app, user, { ip });
    const replay = await attempt(second, { code });
    expect(replay.statusCode).toBe(303);
    expect(replay.headers.location).toBe('/two-factor-challenge');
    expect((await errorsShown(second)).code).toMatch(/already been used/);
    expect((await second.get('/dashboard')).headers.location).toBe('/login');

    // the confirmation code of the set-up is spent as well
    await attempt(second, { code: await authenticator.code(confirmedStep) });
    expect((await errorsShown(second)).code).toMatch(/already been used/);

    const reasons = (await auditOf(user.id, 'auth.two_factor_failed')).map(
      (a) => (a.details as { reason: string }).reason,
    );
    expect(reasons).toEqual(['code_reused', 'code_reused']);
  });

  it('a recovery code signs in once only', async () => {
    const { user, recoveryCodes } = await userWithTwoFactor();
    const ip = nextIp();
    const first = await startTwoFactorSignIn(t.app, user, { ip });
    const ok = await attempt(first, { recoveryCode: recoveryCodes[3] });
    expect(ok.statusCode).toBe(303);
    expect(ok.headers.location).toBe('/dashboard');
    const dash = await first.page('/dashboard');
    expect(dash.props.flash.info).toMatch(/recovery code/);
    expect((await auditOf(user.id, 'auth.login'))[0].details).toEqual({
      secondFactor: 'recovery_code',
    });

    const second = await startTwoFactorSignIn(t.app, user, { ip });
    await attempt(second, { recoveryCode: recoveryCodes[3] });
    expect((await errorsShown(second)).recoveryCode).toMatch(/not valid or has already been used/);
    expect((await second.get('/dashboard')).headers.location).toBe('/login');

    // the other codes still work
    expect(
      (await attempt(second, { recoveryCode: ` ${recoveryCodes[4]} ` })).headers.location,
    ).toBe('/dashboard');
    const left = await t.app.ctx.auth.api.viewBackupCodes({ body: { userId: user.id } });
    expect(left.backupCodes).toHaveLength(8);
  });

  it('after regenerating, the old recovery codes fail and the new ones work', async () => {
    const { user, client: owner, recoveryCodes } = await userWithTwoFactor();
    const ip = nextIp();
    expect((await owner.post('/user/two-factor-recovery-codes')).headers.location).toBe(
      '/user/two-factor-recovery-codes',
    );
    const fresh: string[] = (await owner.page('/user/two-factor-recovery-codes')).props.twoFactor
      .recoveryCodes;

    const c = await startTwoFactorSignIn(t.app, user, { ip });
    await attempt(c, { recoveryCode: recoveryCodes[0] });
    expect((await errorsShown(c)).recoveryCode).toMatch(/not valid/);
    expect((await attempt(c, { recoveryCode: fresh[0] })).headers.location).toBe('/dashboard');
  });

  it('the challenge is rate limited per IP address', async () => {
    const { user } = await userWithTwoFactor();
    const client = await startTwoFactorSignIn(t.app, user, { ip: nextIp() });
    for (let i = 0; i < 5; i++) await attempt(client, { recoveryCode: `wrong-${i}` });
    const limited = await attempt(client, { recoveryCode: 'wrong-again' });
    expect(limited.statusCode).toBe(303);
    expect((await errorsShown(client)).recoveryCode).toMatch(/Too many attempts/);
    // only the five attempts that went through were checked
    expect(await auditOf(user.id, 'auth.two_factor_failed')).toHaveLength(5);
  });

  it('too many wrong codes end the pending sign-in', async () => {
    const { user } = await userWithTwoFactor();
    // Better Auth allows 5 attempts per sign-in; each from another address, so our rate limit is not what stops it
    const client = await startTwoFactorSignIn(t.app, user);
    for (let i = 0; i < 5; i++) {
      client.opts.ip = nextIp();
      await attempt(client, { recoveryCode: `wrong-${i}` });
    }
    client.opts.ip = nextIp();
    const res = await attempt(client, { recoveryCode: 'wrong-6' });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/login');
    expect((await client.get('/two-factor-challenge')).headers.location).toBe('/login');
  });
});
