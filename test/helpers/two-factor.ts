import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { base32 } from '@better-auth/utils/base32';
import { createOTP } from '@better-auth/utils/otp';
import { users } from '../../src/server/platform/auth/auth.tables.js';
import { TestClient } from './client.js';
import type { TestUser } from './auth.js';

/** Pretend the user just confirmed their password (the confirm-password screen is the accounts module's). */
export async function confirmPasswordNow(app: FastifyInstance, userId: string, at = new Date()) {
  await app.ctx.db.update(users).set({ passwordConfirmedAt: at }).where(eq(users.id, userId));
}

/** An authenticator app holding the setup key shown on the profile page. */
export function authenticator(setupKey: string) {
  const secret = new TextDecoder().decode(base32.decode(setupKey.replace(/\s+/g, '')));
  const otp = createOTP(secret, { digits: 6, period: 30 });
  return {
    currentStep: () => Math.floor(Date.now() / 30_000),
    /** the code for a time-step (default: now) */
    code: (step?: number) => (step === undefined ? otp.totp() : otp.hotp(step)),
  };
}

/** Turn two-factor on through the profile routes; returns the app and the recovery codes. */
export async function enableTwoFactor(app: FastifyInstance, client: TestClient, userId: string) {
  await confirmPasswordNow(app, userId);
  const enable = await client.post('/user/two-factor-authentication');
  expect(enable.statusCode).toBe(303);
  const setup = await client.page('/user/profile');
  const app2fa = authenticator(setup.props.twoFactor.setupKey);
  const step = app2fa.currentStep();
  const confirm = await client.post('/user/confirmed-two-factor-authentication', {
    code: await app2fa.code(step),
  });
  expect(confirm.statusCode).toBe(303);
  expect(confirm.headers.location).toBe('/user/two-factor-recovery-codes');
  const codes = await client.page('/user/two-factor-recovery-codes');
  return {
    authenticator: app2fa,
    confirmedStep: step,
    recoveryCodes: codes.props.twoFactor.recoveryCodes as string[],
  };
}

/** Sign in with the password of a user who has two-factor on: a client holding only the pending challenge cookie. */
export async function startTwoFactorSignIn(
  app: FastifyInstance,
  user: Pick<TestUser, 'email' | 'password'>,
  opts: ConstructorParameters<typeof TestClient>[1] = {},
) {
  const client = new TestClient(app, opts);
  const res = await app.ctx.auth.api.signInEmail({
    body: { email: user.email, password: user.password },
    returnHeaders: true,
  });
  expect((res.response as { twoFactorRedirect?: boolean }).twoFactorRedirect).toBe(true);
  for (const c of res.headers.getSetCookie()) {
    const [pair] = c.split(';');
    const i = pair.indexOf('=');
    const name = pair.slice(0, i);
    const value = pair.slice(i + 1);
    if (value === '' || /max-age=0/i.test(c)) client.cookies.delete(name);
    else client.cookies.set(name, value);
  }
  return client;
}
