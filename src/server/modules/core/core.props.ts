import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { PERMISSIONS, roleCan } from '../../../shared/permissions.js';
import { actorMemberships } from '../../platform/auth/actor.js';

/** The `auth` shared prop: who is signed in, their current team and role, the teams they can switch to. */
export async function authProp(ctx: AppContext, request: FastifyRequest) {
  const actor = request.actor;
  if (!actor) return { user: null, team: null, role: null, teams: [], permissions: [] };
  // read with the session (once per request), in team-name order
  const memberships = (await actorMemberships(ctx.db, actor)).map((m) => ({
    id: m.id,
    name: m.name,
    personal: m.personal,
    role: m.role,
  }));
  return {
    user: {
      id: actor.user.id,
      name: actor.user.name,
      email: actor.user.email,
      emailVerified: actor.user.emailVerified,
      twoFactorEnabled: actor.user.twoFactorEnabled,
      image: actor.user.image,
    },
    team: actor.team
      ? { id: actor.team.id, name: actor.team.name, personal: actor.team.personal }
      : null,
    role: actor.role,
    teams: memberships,
    permissions: PERMISSIONS.filter((p) => roleCan(actor.role, p)),
  };
}
