import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { users } from '../../src/server/platform/auth/auth.tables.js';
import { TestClient } from './client.js';

let seq = 0;
export const TEST_PASSWORD = 'correct-horse-battery';

/**
 * A unique email whose random part has no digits and no vowels, so a test searching for a word
 * or a number ("Change 19", "signed in") never finds it by chance, as it did when the address
 * carried Date.now() digits.
 */
export function uniqueEmail(prefix = 'user'): string {
  const letters = 'bcdfghjklmnpqrstvwxz';
  let tag = '';
  for (let i = 0; i < 14; i++) tag += letters[randomInt(letters.length)];
  return `${prefix}.${tag}@example.org`;
}

export interface TestUser {
  id: string;
  email: string;
  name: string;
  password: string;
}

/** Create a user straight through Better Auth (fires the user-created hooks), verified by default. */
export async function createUser(
  app: FastifyInstance,
  o: { email?: string; name?: string; password?: string; verified?: boolean } = {},
): Promise<TestUser> {
  seq += 1;
  const email = o.email ?? uniqueEmail();
  const name = o.name ?? `Test User ${seq}`;
  const password = o.password ?? TEST_PASSWORD;
  const res = await app.ctx.auth.api.signUpEmail({ body: { email, name, password } });
  if (o.verified !== false)
    await app.ctx.db.update(users).set({ emailVerified: true }).where(eq(users.id, res.user.id));
  return { id: res.user.id, email, name, password };
}

/** A TestClient holding a signed-in session for the user (no second factor). */
export async function signIn(
  app: FastifyInstance,
  user: Pick<TestUser, 'email' | 'password'>,
  opts: ConstructorParameters<typeof TestClient>[1] = {},
): Promise<TestClient> {
  const client = new TestClient(app, opts);
  const { headers } = await app.ctx.auth.api.signInEmail({
    body: { email: user.email, password: user.password },
    returnHeaders: true,
  });
  for (const c of headers.getSetCookie()) {
    const [pair] = c.split(';');
    const i = pair.indexOf('=');
    client.cookies.set(pair.slice(0, i), pair.slice(i + 1));
  }
  return client;
}

/** createUser + signIn in one go. */
export async function signedInUser(app: FastifyInstance, o: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(app, o);
  const client = await signIn(app, user);
  return { user, client };
}
