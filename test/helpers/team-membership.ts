import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { teamMembers, teams, users } from '../../src/server/platform/auth/auth.tables.js';
import type { Role } from '../../src/shared/permissions.js';

/** A team row straight in the database (no dependency on the teams module), owned by `ownerId`. */
export async function createTeamFor(
  app: FastifyInstance,
  ownerId: string,
  name = `Team ${randomUUID().slice(0, 6)}`,
) {
  const id = randomUUID();
  await app.ctx.db.insert(teams).values({
    id,
    name,
    slug: `${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${id.slice(0, 8)}`,
    ownerId,
  });
  await addMember(app, id, ownerId, 'owner');
  return { id, name };
}

/** Add the user to the team with a role and make it their current team. */
export async function addMember(app: FastifyInstance, teamId: string, userId: string, role: Role) {
  await app.ctx.db
    .insert(teamMembers)
    .values({ id: randomUUID(), organizationId: teamId, userId, role });
  await app.ctx.db.update(users).set({ currentTeamId: teamId }).where(eq(users.id, userId));
}

export async function removeMember(app: FastifyInstance, teamId: string, userId: string) {
  await app.ctx.db
    .delete(teamMembers)
    .where(and(eq(teamMembers.organizationId, teamId), eq(teamMembers.userId, userId)));
}
