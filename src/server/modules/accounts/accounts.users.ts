import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { users } from '../../platform/auth/auth.tables.js';

/** The user with this email (case-insensitive), or undefined. */
export async function findUserByEmail(db: Db, email: string) {
  const [u] = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      emailVerified: users.emailVerified,
    })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
    .limit(1);
  return u;
}

export async function markPasswordConfirmed(db: Db, userId: string, at = new Date()) {
  await db.update(users).set({ passwordConfirmedAt: at }).where(eq(users.id, userId));
}
