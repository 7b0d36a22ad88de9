import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { teamMembers, teams, users } from '../src/server/platform/auth/auth.tables.js';

export interface BenchUser {
  id: string;
  email: string;
  password: string;
}

/** n verified users, the first owning a team with the others as members (realistic dashboard props). */
export async function benchUsers(app: FastifyInstance, n: number): Promise<BenchUser[]> {
  const stamp = Date.now().toString(36);
  const out: BenchUser[] = [];
  for (let i = 0; i < n; i++) {
    const email = `bench${i}.${stamp}@example.org`;
    const password = `bench-password-${i}-${stamp}`;
    const res = await app.ctx.auth.api.signUpEmail({
      body: { email, password, name: `Bench User ${i}` },
    });
    await app.ctx.db.update(users).set({ emailVerified: true }).where(eq(users.id, res.user.id));
    out.push({ id: res.user.id, email, password });
  }
  const teamId = randomUUID();
  await app.ctx.db.insert(teams).values({
    id: teamId,
    name: `Bench team ${stamp}`,
    slug: `bench-${stamp}`,
    ownerId: out[0].id,
  });
  for (const [i, u] of out.entries()) {
    await app.ctx.db.insert(teamMembers).values({
      id: randomUUID(),
      organizationId: teamId,
      userId: u.id,
      role: i === 0 ? 'owner' : 'editor',
    });
    await app.ctx.db.update(users).set({ currentTeamId: teamId }).where(eq(users.id, u.id));
  }
  return out;
}

/** `name=value; ...` of a fresh session for the user. */
export async function sessionCookies(app: FastifyInstance, u: BenchUser): Promise<string> {
  const { headers } = await app.ctx.auth.api.signInEmail({
    body: { email: u.email, password: u.password },
    returnHeaders: true,
  });
  return headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/** A valid XSRF-TOKEN cookie value issued by the server. */
export async function xsrfCookie(base: string): Promise<string> {
  const res = await fetch(`${base}/`);
  const c = res.headers.getSetCookie().find((x) => x.startsWith('XSRF-TOKEN='));
  if (!c) throw new Error('the server set no XSRF-TOKEN cookie');
  return c.split(';')[0].slice('XSRF-TOKEN='.length);
}
