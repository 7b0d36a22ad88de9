import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * Password hashes: scrypt through node:crypto, as Better Auth's own hasher, whose format and
 * parameters (N = 2^14, r = 16, p = 1, a 64-byte key, `salt:key` in hex) stay the default, so
 * every hash it wrote still verifies and every hash written here is one it could verify.
 *
 * The one difference: the work factor can be lowered for the test environment (as Laravel's
 * BCRYPT_ROUNDS=4 or Django's test hashers do). The test suites create and sign in thousands of
 * users; at the default work factor each hash costs about 60 ms of a core. A hash made at another
 * work factor says so (`scrypt:<log2 N>:salt:key`), so a hash is always verified at the factor it
 * was made with, whatever the environment that verifies it.
 */
export const DEFAULT_LOG2_N = 14;
/** the test environment's work factor (N = 2^10: 16 times cheaper, same algorithm and format) */
export const TEST_LOG2_N = 10;

const R = 16;
const P = 1;
const KEY_LENGTH = 64;

function derive(password: string, salt: string, log2N: number): Promise<Buffer> {
  const N = 2 ** log2N;
  return new Promise((resolve, reject) =>
    scrypt(
      password.normalize('NFKC'),
      salt,
      KEY_LENGTH,
      { N, r: R, p: P, maxmem: 128 * N * R * 2 },
      (err, key) => (err ? reject(err) : resolve(key)),
    ),
  );
}

/** A new hash of the password at the given work factor (Better Auth's format at the default). */
export async function hashPassword(password: string, log2N = DEFAULT_LOG2_N): Promise<string> {
  const salt = randomBytes(16).toString('hex');
  const key = (await derive(password, salt, log2N)).toString('hex');
  return log2N === DEFAULT_LOG2_N ? `${salt}:${key}` : `scrypt:${log2N}:${salt}:${key}`;
}

/** Whether the password matches the hash, at the work factor the hash was made with. */
export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  const parts = hash.split(':');
  const [log2N, salt, key] =
    parts.length === 4 && parts[0] === 'scrypt'
      ? [Number(parts[1]), parts[2], parts[3]]
      : [DEFAULT_LOG2_N, parts[0], parts[1]];
  if (!salt || !key || !Number.isInteger(log2N) || log2N < 1 || log2N > 20) return false;
  const expected = Buffer.from(key, 'hex');
  const actual = await derive(password, salt, log2N);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/** Better Auth's `emailAndPassword.password` option for an environment. */
export function passwordHasher(env: 'production' | 'development' | 'test') {
  const log2N = env === 'test' ? TEST_LOG2_N : DEFAULT_LOG2_N;
  return {
    hash: (password: string) => hashPassword(password, log2N),
    verify: ({ hash, password }: { hash: string; password: string }) =>
      verifyPassword(hash, password),
  };
}
