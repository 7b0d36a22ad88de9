import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { teamMembers, teams } from '../../src/server/platform/auth/auth.tables.js';

/** A team with the given members (rows straight into the tables; teams' own flows are tested elsewhere). */
export async function createTeam(
  app: FastifyInstance,
  members: Array<{ id: string; role?: string }>,
  name = 'Team',
) {
  const id = randomUUID();
  await app.ctx.db.insert(teams).values({
    id,
    name,
    slug: `team-${id.slice(0, 8)}`,
    personal: false,
    ownerId: members[0]?.id ?? null,
  });
  for (const m of members)
    await app.ctx.db
      .insert(teamMembers)
      .values({ id: randomUUID(), organizationId: id, userId: m.id, role: m.role ?? 'editor' });
  return { id, name };
}
