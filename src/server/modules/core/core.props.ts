import { asc, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { PERMISSIONS, roleCan } from '../../../shared/permissions.js';
import { teamMembers, teams } from '../../platform/auth/auth.tables.js';

/** The `auth` shared prop: who is signed in, their current team and role, the teams they can switch to. */
export async function authProp(ctx: AppContext, request: FastifyRequest) {
  const actor = request.actor;
  if (!actor) return { user: null, team: null, role: null, teams: [], permissions: [] };
  const memberships = await ctx.db
    .select({ id: teams.id, name: teams.name, personal: teams.personal, role: teamMembers.role })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.organizationId))
    .where(eq(teamMembers.userId, actor.user.id))
    .orderBy(asc(teams.name));
  return {
    user: {
      id: actor.user.id,
      name: actor.user.name,
      email: actor.user.email,
      emailVerified: actor.user.emailVerified,
      twoFactorEnabled: actor.user.twoFactorEnabled,
      image: actor.user.image,
    },
    team: actor.team ? { id: actor.team.id, name: actor.team.name, personal: actor.team.personal } : null,
    role: actor.role,
    teams: memberships,
    permissions: PERMISSIONS.filter((p) => roleCan(actor.role, p)),
  };
}
