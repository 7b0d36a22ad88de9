import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { generateRandomString, symmetricDecrypt, symmetricEncrypt } from 'better-auth/crypto';
import { createOTP } from '@better-auth/utils/otp';
import type { Auth } from '../../platform/auth/auth.js';
import type { Db } from '../../platform/db/client.js';
import { twoFactors, users } from '../../platform/auth/auth.tables.js';
import { twoFactorUsedSteps } from './two-factor.tables.js';

/*
 * The two-factor rows are Better Auth's (table two_factors, written by its twoFactor plugin).
 * Better Auth's own enable / disable / regenerate endpoints ask for the password again; our
 * routes sit behind the app's password confirmation instead (Jetstream's flow), so these
 * functions write the same rows the same way (secret and codes encrypted with Better Auth's
 * key), and verification (verifyTOTP, verifyBackupCode, viewBackupCodes) stays Better Auth's.
 */

const TOTP_PERIOD_SECONDS = 30;
const TOTP_DIGITS = 6;
const RECOVERY_CODE_COUNT = 10;

type AuthContext = Awaited<Auth['$context']>;

async function authContext(auth: Auth): Promise<AuthContext> {
  return auth.$context;
}

export interface TwoFactorState {
  /** codes are asked for at sign-in */
  enabled: boolean;
  /** a secret exists that the user has not confirmed with a code yet */
  pending: boolean;
}

export async function twoFactorState(db: Db, userId: string): Promise<TwoFactorState> {
  const [row] = await db
    .select({ enabled: users.twoFactorEnabled, verified: twoFactors.verified })
    .from(users)
    .leftJoin(twoFactors, eq(twoFactors.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) return { enabled: false, pending: false };
  const enabled = Boolean(row.enabled) && row.verified === true;
  return { enabled, pending: !enabled && row.verified === false };
}

/** Better Auth's recovery-code format: ten codes of 10 letters and digits, shown as xxxxx-xxxxx. */
function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const c = generateRandomString(10, 'a-z', '0-9', 'A-Z');
    return `${c.slice(0, 5)}-${c.slice(5)}`;
  });
}

/**
 * Start (or restart) setting up an authenticator app: a new secret and new recovery codes,
 * stored unverified. Two-factor stays off until a code from the app confirms the secret.
 */
export async function beginTwoFactorSetup(auth: Auth, db: Db, userId: string): Promise<void> {
  const ac = await authContext(auth);
  const secret = generateRandomString(32);
  const data = {
    secret: await symmetricEncrypt({ key: ac.secretConfig, data: secret }),
    backupCodes: await symmetricEncrypt({
      key: ac.secretConfig,
      data: JSON.stringify(newRecoveryCodes()),
    }),
    verified: false,
  };
  await db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: twoFactors.id })
      .from(twoFactors)
      .where(eq(twoFactors.userId, userId))
      .limit(1);
    if (existing)
      await tx
        .update(twoFactors)
        .set({ ...data, failedVerificationCount: 0, lockedUntil: null })
        .where(eq(twoFactors.id, existing.id));
    else await tx.insert(twoFactors).values({ id: generateRandomString(32), userId, ...data });
    await tx.delete(twoFactorUsedSteps).where(eq(twoFactorUsedSteps.userId, userId));
  });
}

/** The user's TOTP secret in the clear (only ever used server-side), or null. */
async function totpSecret(auth: Auth, db: Db, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ secret: twoFactors.secret })
    .from(twoFactors)
    .where(eq(twoFactors.userId, userId))
    .limit(1);
  if (!row) return null;
  const ac = await authContext(auth);
  return symmetricDecrypt({ key: ac.secretConfig, data: row.secret });
}

/** otpauth:// URI for the QR code, and the setup key to type in by hand (base32). */
export async function setupDetails(
  auth: Auth,
  db: Db,
  user: { id: string; email: string },
  issuer: string,
) {
  const secret = await totpSecret(auth, db, user.id);
  if (!secret) return null;
  const uri = createOTP(secret, { digits: TOTP_DIGITS, period: TOTP_PERIOD_SECONDS }).url(
    issuer,
    user.email,
  );
  const setupKey = new URL(uri).searchParams.get('secret') ?? '';
  return { uri, setupKey };
}

/** Replace the recovery codes (the old ones stop working at once). */
export async function regenerateRecoveryCodes(
  auth: Auth,
  db: Db,
  userId: string,
): Promise<string[]> {
  const ac = await authContext(auth);
  const codes = newRecoveryCodes();
  const encrypted = await symmetricEncrypt({ key: ac.secretConfig, data: JSON.stringify(codes) });
  await db.update(twoFactors).set({ backupCodes: encrypted }).where(eq(twoFactors.userId, userId));
  return codes;
}

/** The recovery codes still unused (Better Auth removes a code when it is spent). */
export async function recoveryCodes(auth: Auth, userId: string): Promise<string[]> {
  const res = await auth.api.viewBackupCodes({ body: { userId } });
  return res.backupCodes;
}

/** Turn two-factor off: the secret and recovery codes are deleted. */
export async function disableTwoFactor(db: Db, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ twoFactorEnabled: false, updatedAt: new Date() })
      .where(eq(users.id, userId));
    await tx.delete(twoFactors).where(eq(twoFactors.userId, userId));
    await tx.delete(twoFactorUsedSteps).where(eq(twoFactorUsedSteps.userId, userId));
  });
}

/**
 * Which time-step a code belongs to, checked the way Better Auth checks it (current step ±1),
 * or null when the code is wrong.
 */
export async function matchingStep(
  auth: Auth,
  db: Db,
  userId: string,
  code: string,
  now = Date.now(),
): Promise<number | null> {
  const secret = await totpSecret(auth, db, userId);
  if (!secret) return null;
  const otp = createOTP(secret, { digits: TOTP_DIGITS, period: TOTP_PERIOD_SECONDS });
  const current = Math.floor(now / 1000 / TOTP_PERIOD_SECONDS);
  let found: number | null = null;
  for (const step of [current - 1, current, current + 1]) {
    if ((await otp.hotp(step)) === code) found = step;
  }
  return found;
}

/**
 * Spend a time-step: true when it is newer than the last one this user spent (and now
 * recorded), false when the code was already used. Atomic, so two concurrent requests with
 * the same code cannot both pass.
 */
export async function claimStep(db: Db, userId: string, step: number): Promise<boolean> {
  await db.insert(twoFactorUsedSteps).values({ userId, lastStep: -1 }).onConflictDoNothing();
  const updated = await db
    .update(twoFactorUsedSteps)
    .set({ lastStep: step, updatedAt: new Date() })
    .where(and(eq(twoFactorUsedSteps.userId, userId), lt(twoFactorUsedSteps.lastStep, step)))
    .returning({ userId: twoFactorUsedSteps.userId });
  return updated.length === 1;
}

/** Undo a claim when the verification after it failed for another reason. */
export async function releaseStep(
  db: Db,
  userId: string,
  step: number,
  previous: number,
): Promise<void> {
  await db
    .update(twoFactorUsedSteps)
    .set({ lastStep: previous })
    .where(and(eq(twoFactorUsedSteps.userId, userId), eq(twoFactorUsedSteps.lastStep, step)));
}

export async function lastStep(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ s: twoFactorUsedSteps.lastStep })
    .from(twoFactorUsedSteps)
    .where(eq(twoFactorUsedSteps.userId, userId))
    .limit(1);
  return row?.s ?? -1;
}

/**
 * The user waiting at the two-factor challenge: Better Auth's signed `two_factor` cookie names
 * a verification row whose value is the user id. Null when absent, forged or expired.
 */
export async function pendingChallengeUserId(
  auth: Auth,
  request: FastifyRequest,
): Promise<string | null> {
  const ac = await authContext(auth);
  const name = ac.createAuthCookie('two_factor').name;
  const raw = request.cookies[name];
  if (!raw) return null;
  const dot = raw.lastIndexOf('.');
  if (dot < 1) return null;
  const value = raw.slice(0, dot);
  const signature = Buffer.from(raw.slice(dot + 1));
  const expected = Buffer.from(createHmac('sha256', ac.secret).update(value).digest('base64'));
  if (signature.length !== expected.length || !timingSafeEqual(signature, expected)) return null;
  const row = await ac.internalAdapter.findVerificationValue(value);
  if (!row || new Date(row.expiresAt).getTime() < Date.now()) return null;
  return row.value;
}
