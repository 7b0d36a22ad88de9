import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helpers/app.js';
import { signedInUser } from '../../../../test/helpers/auth.js';
import { TestClient } from '../../../../test/helpers/client.js';
import {
  authenticator,
  confirmPasswordNow,
  enableTwoFactor,
} from '../../../../test/helpers/two-factor.js';
import { auditLogs, twoFactors, users } from '../../platform/db/schema.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const twoFactorRow = async (userId: string) =>
  (await t.app.ctx.db.select().from(twoFactors).where(eq(twoFactors.userId, userId)))[0];
const userRow = async (userId: string) =>
  (await t.app.ctx.db.select().from(users).where(eq(users.id, userId)))[0];
const auditOf = (userId: string, action: string) =>
  t.app.ctx.db
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.userId, userId), eq(auditLogs.action, action)));

describe('two-factor management', () => {
  it('every management route needs a recent password confirmation', async () => {
    const { user, client } = await signedInUser(t.app);
    const enable = await client.post(
      '/user/two-factor-authentication',
      {},
      { referer: 'http://localhost:80/user/profile' },
    );
    expect(enable.statusCode).toBe(303);
    expect(enable.headers.location).toBe('/user/confirm-password');
    expect(await twoFactorRow(user.id)).toBeUndefined();

    for (const [method, url] of [
      ['POST', '/user/confirmed-two-factor-authentication'],
      ['GET', '/user/two-factor-recovery-codes'],
      ['POST', '/user/two-factor-recovery-codes'],
      ['DELETE', '/user/two-factor-authentication'],
    ] as const) {
      const res = await client.request(
        method,
        url,
        method === 'GET' ? undefined : { code: '123456' },
      );
      expect(res.statusCode, `${method} ${url}`).toBe(method === 'GET' ? 302 : 303);
      expect(res.headers.location).toBe('/user/confirm-password');
    }

    // a confirmation older than three hours no longer counts
    await confirmPasswordNow(t.app, user.id, new Date(Date.now() - 4 * 60 * 60 * 1000));
    const stale = await client.post('/user/two-factor-authentication');
    expect(stale.headers.location).toBe('/user/confirm-password');

    // signed out: to the login page
    const guest = await new TestClient(t.app).post('/user/two-factor-authentication');
    expect(guest.headers.location).toBe('/login');
  });

  it('enable shows a QR code and setup key but two-factor stays off until a code confirms it', async () => {
    const { user, client } = await signedInUser(t.app);
    const before = await client.page('/user/profile');
    expect(before.props.twoFactor).toMatchObject({
      enabled: false,
      pending: false,
      qrCode: null,
      setupKey: null,
    });

    await confirmPasswordNow(t.app, user.id);
    const res = await client.post('/user/two-factor-authentication');
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/user/profile');

    const page = await client.page('/user/profile');
    expect(page.props.twoFactor.pending).toBe(true);
    expect(page.props.twoFactor.enabled).toBe(false);
    expect(page.props.twoFactor.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    const svg = Buffer.from(page.props.twoFactor.qrCode.split(',')[1], 'base64').toString();
    expect(svg).toContain('<svg');
    expect(page.props.twoFactor.setupKey).toMatch(/^[A-Z2-7]{4}( [A-Z2-7]{1,4})+$/);
    expect(page.props.twoFactor.recoveryCodes).toBeNull();
    expect(JSON.stringify(page.props)).not.toContain((await twoFactorRow(user.id)).secret);
    expect((await userRow(user.id)).twoFactorEnabled).toBe(false);
    expect((await twoFactorRow(user.id)).verified).toBe(false);

    // without a fresh confirmation the QR code is not shown again
    await confirmPasswordNow(t.app, user.id, new Date(Date.now() - 4 * 60 * 60 * 1000));
    const later = await client.page('/user/profile');
    expect(later.props.twoFactor).toMatchObject({
      pending: true,
      qrCode: null,
      setupKey: null,
      passwordConfirmed: false,
    });
  });

  it('confirm refuses a wrong code, a malformed code and an old code, then accepts the current one', async () => {
    const { user, client } = await signedInUser(t.app);
    await confirmPasswordNow(t.app, user.id);
    await client.post('/user/two-factor-authentication');
    const setup = await client.page('/user/profile');
    const app2fa = authenticator(setup.props.twoFactor.setupKey);
    const step = app2fa.currentStep();
    const good = await app2fa.code(step);

    const wrong = String((Number(good) + 1) % 1_000_000).padStart(6, '0');
    const r1 = await client.post('/user/confirmed-two-factor-authentication', { code: wrong });
    expect(r1.statusCode).toBe(303);
    expect((await client.page('/user/profile')).props.errors.code).toMatch(/not valid/);

    await client.post('/user/confirmed-two-factor-authentication', { code: '12ab' });
    expect((await client.page('/user/profile')).props.errors.code).toMatch(/6 digits/);

    await client.post('/user/confirmed-two-factor-authentication', {
      code: await app2fa.code(step - 5),
    });
    expect((await client.page('/user/profile')).props.errors.code).toMatch(/not valid/);

    await client.post('/user/confirmed-two-factor-authentication', { code: good, extra: 'x' });
    expect((await client.page('/user/profile')).props.errors.extra).toMatch(/Unknown field/);
    expect((await userRow(user.id)).twoFactorEnabled).toBe(false);

    const ok = await client.post('/user/confirmed-two-factor-authentication', { code: good });
    expect(ok.statusCode).toBe(303);
    expect(ok.headers.location).toBe('/user/two-factor-recovery-codes');
    expect((await userRow(user.id)).twoFactorEnabled).toBe(true);
    expect((await twoFactorRow(user.id)).verified).toBe(true);

    // Better Auth rotated the session: the client still works with the new cookie
    const codes = await client.page('/user/two-factor-recovery-codes');
    expect(codes.component).toBe('profile/show');
    expect(codes.props.twoFactor).toMatchObject({ enabled: true, pending: false, qrCode: null });
    expect(codes.props.twoFactor.recoveryCodes).toHaveLength(10);
    for (const c of codes.props.twoFactor.recoveryCodes)
      expect(c).toMatch(/^[A-Za-z0-9]{5}-[A-Za-z0-9]{5}$/);
    expect(codes.props.flash.success).toMatch(/Two-factor authentication is on/);

    // the plain profile page does not list the codes
    expect((await client.page('/user/profile')).props.twoFactor.recoveryCodes).toBeNull();

    const [entry] = await auditOf(user.id, 'two_factor.enabled');
    expect(entry).toBeDefined();
    expect(JSON.stringify(entry.details)).not.toMatch(/\d{6}|secret/i);

    // enabling again while on is refused, and nothing changes
    const secretBefore = (await twoFactorRow(user.id)).secret;
    const again = await client.post('/user/two-factor-authentication');
    expect(again.statusCode).toBe(303);
    expect((await twoFactorRow(user.id)).secret).toBe(secretBefore);
  });

  it('regenerating recovery codes replaces every old code', async () => {
    const { user, client } = await signedInUser(t.app);
    const { recoveryCodes } = await enableTwoFactor(t.app, client, user.id);
    const res = await client.post('/user/two-factor-recovery-codes');
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/user/two-factor-recovery-codes');
    const page = await client.page('/user/two-factor-recovery-codes');
    const fresh: string[] = page.props.twoFactor.recoveryCodes;
    expect(fresh).toHaveLength(10);
    expect(fresh.filter((c) => recoveryCodes.includes(c))).toEqual([]);
    const stored = await t.app.ctx.auth.api.viewBackupCodes({ body: { userId: user.id } });
    expect(stored.backupCodes).toEqual(fresh);
    expect(await auditOf(user.id, 'two_factor.recovery_codes_regenerated')).toHaveLength(1);
  });

  it('disable turns two-factor off and forgets the secret and codes', async () => {
    const { user, client } = await signedInUser(t.app);
    await enableTwoFactor(t.app, client, user.id);
    const res = await client.delete('/user/two-factor-authentication');
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/user/profile');
    expect((await userRow(user.id)).twoFactorEnabled).toBe(false);
    expect(await twoFactorRow(user.id)).toBeUndefined();
    expect(await auditOf(user.id, 'two_factor.disabled')).toHaveLength(1);
    const page = await client.page('/user/profile');
    expect(page.props.twoFactor).toMatchObject({ enabled: false, pending: false });
    // recovery codes page: nothing to show
    const codes = await client.get('/user/two-factor-recovery-codes');
    expect(codes.statusCode).toBe(302);
    expect(codes.headers.location).toBe('/user/profile');
    // sign-in asks for the password only again
    const signIn = await t.app.ctx.auth.api.signInEmail({
      body: { email: user.email, password: user.password },
    });
    expect((signIn as { twoFactorRedirect?: boolean }).twoFactorRedirect).toBeUndefined();
  });

  it('an unconfirmed set-up can be cancelled without an audit entry for disabling', async () => {
    const { user, client } = await signedInUser(t.app);
    await confirmPasswordNow(t.app, user.id);
    await client.post('/user/two-factor-authentication');
    expect(await twoFactorRow(user.id)).toBeDefined();
    await client.delete('/user/two-factor-authentication');
    expect(await twoFactorRow(user.id)).toBeUndefined();
    expect(await auditOf(user.id, 'two_factor.disabled')).toHaveLength(0);
  });
});
