import { describe, expect, it } from 'vitest';
import {
  hashPassword as betterAuthHash,
  verifyPassword as betterAuthVerify,
} from 'better-auth/crypto';
import {
  DEFAULT_LOG2_N,
  TEST_LOG2_N,
  hashPassword,
  passwordHasher,
  verifyPassword,
} from './password-hash.js';

const PASSWORD = 'correct-horse-battery';

describe('password hashes', () => {
  it("verifies a hash Better Auth's own hasher made, and Better Auth verifies ours at the default work factor", async () => {
    const theirs = await betterAuthHash(PASSWORD);
    expect(await verifyPassword(theirs, PASSWORD)).toBe(true);
    expect(await verifyPassword(theirs, 'wrong-horse-battery')).toBe(false);
    const ours = await hashPassword(PASSWORD);
    expect(ours).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
    expect(await betterAuthVerify({ hash: ours, password: PASSWORD })).toBe(true);
  });

  it('production and development hash at the default work factor; only the test environment lowers it, and says so in the hash', async () => {
    expect(DEFAULT_LOG2_N).toBe(14);
    for (const env of ['production', 'development'] as const)
      expect(await passwordHasher(env).hash(PASSWORD)).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
    const test = await passwordHasher('test').hash(PASSWORD);
    expect(test).toMatch(new RegExp(`^scrypt:${TEST_LOG2_N}:[0-9a-f]{32}:[0-9a-f]{128}$`));
    // a hash is verified at the factor it was made with, whichever environment verifies it
    expect(await passwordHasher('production').verify({ hash: test, password: PASSWORD })).toBe(
      true,
    );
    expect(await passwordHasher('test').verify({ hash: test, password: 'nope-nope-nope' })).toBe(
      false,
    );
  });

  it('refuses malformed hashes and out-of-range work factors without throwing', async () => {
    for (const hash of ['', 'abc', 'scrypt:99:aa:bb', 'scrypt:x:aa:bb', 'scrypt:0:aa:bb', ':'])
      expect(await verifyPassword(hash, PASSWORD)).toBe(false);
  });
});
