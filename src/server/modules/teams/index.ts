import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { registerTeamRoutes } from './teams.routes.js';
import { registerInvitationRoutes } from './invitations.routes.js';
import { installInvitationResume } from './invitation-intent.js';
import { createPersonalTeam, deleteOwnedTeams } from './teams.service.js';
import { notifyPendingInvitations, registerInvitationMail } from './invitations.service.js';

/** Teams (Better Auth organizations): personal team at registration, settings, members, invitations, switching. */
export async function teamsModule(app: FastifyInstance, ctx: AppContext) {
  registerInvitationMail(ctx);
  ctx.hooks.userCreated.push(async (user) => {
    await createPersonalTeam(user.db, user);
    await notifyPendingInvitations(ctx, user, user.db);
  });
  ctx.hooks.userDeleting.push(async (user) => {
    await deleteOwnedTeams(user.db, user);
  });
  registerTeamRoutes(app, ctx);
  registerInvitationRoutes(app, ctx);
  installInvitationResume(app, ctx);
}
