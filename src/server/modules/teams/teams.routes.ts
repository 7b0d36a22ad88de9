import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { accountActorOf, runAccountUseCase } from '../../platform/use-case/index.js';
import { parseInput } from '../../platform/http/validate.js';
import {
  createTeamSchema,
  switchTeamSchema,
  updateTeamNameSchema,
} from '../../../shared/teams/teams.schemas.js';
import {
  transferOwnershipSchema,
  updateMemberRoleSchema,
} from '../../../shared/teams/members.schemas.js';
import { ROLE_LABELS } from '../../../shared/permissions.js';
import { requireMembership } from './teams.queries.js';
import { teamShowProps } from './teams.props.js';
import { createTeam, deleteTeam, switchTeam, updateTeamName } from './teams.use-cases.js';
import { changeMemberRole, removeMember, transferOwnership } from './members.use-cases.js';
import { pathTo } from './team-links.js';

type TeamParams = { Params: { team: string } };
type MemberParams = { Params: { team: string; user: string } };

export function registerTeamRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get(
    '/teams/create',
    { config: { name: 'teams.create', access: { kind: 'verified' } } },
    async (_request, reply) => reply.inertia('teams/create'),
  );

  app.post(
    '/teams',
    { config: { name: 'teams.store', access: { kind: 'verified' } } },
    async (request, reply) => {
      const input = parseInput(createTeamSchema, request.body);
      const team = await runAccountUseCase(ctx, accountActorOf(request), (uc) =>
        createTeam(uc, input),
      );
      reply.flash({ success: `Team “${team.name}” created. You are now working in it.` });
      return reply.redirect(pathTo(ctx, 'teams.show', { team: team.id }), 303);
    },
  );

  app.get<TeamParams>(
    '/teams/:team',
    { config: { name: 'teams.show', access: { kind: 'verified' } } },
    async (request, reply) => {
      const m = await requireMembership(ctx.db, request.params.team, request.actor!.user.id);
      return reply.inertia('teams/show', await teamShowProps(ctx.db, m, request.actor!.user.id));
    },
  );

  app.put<TeamParams>(
    '/teams/:team',
    { config: { name: 'teams.update', access: { kind: 'verified' } } },
    async (request, reply) => {
      const input = parseInput(updateTeamNameSchema, request.body);
      await runAccountUseCase(ctx, accountActorOf(request), (uc) =>
        updateTeamName(uc, { teamId: request.params.team, name: input.name }),
      );
      reply.flash({ success: 'Team name saved.' });
      return reply.back(pathTo(ctx, 'teams.show', { team: request.params.team }));
    },
  );

  app.delete<TeamParams>(
    '/teams/:team',
    { config: { name: 'teams.destroy', access: { kind: 'verified', confirmPassword: true } } },
    async (request, reply) => {
      const team = await runAccountUseCase(ctx, accountActorOf(request), (uc) =>
        deleteTeam(uc, { teamId: request.params.team }),
      );
      reply.flash({ success: `Team “${team.name}” deleted.` });
      return reply.redirect(pathTo(ctx, 'dashboard'), 303);
    },
  );

  app.put<TeamParams>(
    '/teams/:team/owner',
    { config: { name: 'teams.transfer', access: { kind: 'verified', confirmPassword: true } } },
    async (request, reply) => {
      const input = parseInput(transferOwnershipSchema, request.body);
      const { member, team } = await runAccountUseCase(ctx, accountActorOf(request), (uc) =>
        transferOwnership(uc, { teamId: request.params.team, newOwnerId: input.userId }),
      );
      reply.flash({ success: `${member.name} now owns ${team.name}. You are an administrator.` });
      return reply.back(pathTo(ctx, 'teams.show', { team: request.params.team }));
    },
  );

  app.put<MemberParams>(
    '/teams/:team/members/:user',
    { config: { name: 'team-members.update', access: { kind: 'verified' } } },
    async (request, reply) => {
      const input = parseInput(updateMemberRoleSchema, request.body);
      const { member } = await runAccountUseCase(ctx, accountActorOf(request), (uc) =>
        changeMemberRole(uc, {
          teamId: request.params.team,
          memberId: request.params.user,
          role: input.role,
        }),
      );
      reply.flash({ success: `${member.name} is now ${ROLE_LABELS[input.role]}.` });
      return reply.back(pathTo(ctx, 'teams.show', { team: request.params.team }));
    },
  );

  app.delete<MemberParams>(
    '/teams/:team/members/:user',
    { config: { name: 'team-members.destroy', access: { kind: 'verified' } } },
    async (request, reply) => {
      const { member, team, self } = await runAccountUseCase(ctx, accountActorOf(request), (uc) =>
        removeMember(uc, { teamId: request.params.team, memberId: request.params.user }),
      );
      if (self) {
        reply.flash({ success: `You left ${team.name}.` });
        return reply.redirect(pathTo(ctx, 'dashboard'), 303);
      }
      reply.flash({ success: `${member.name} was removed from ${team.name}.` });
      return reply.back(pathTo(ctx, 'teams.show', { team: request.params.team }));
    },
  );

  app.put(
    '/current-team',
    { config: { name: 'current-team.update', access: { kind: 'verified' } } },
    async (request, reply) => {
      const input = parseInput(switchTeamSchema, request.body);
      const team = await runAccountUseCase(ctx, accountActorOf(request), (uc) =>
        switchTeam(uc, input),
      );
      reply.flash({ success: `Switched to ${team.name}.` });
      return reply.redirect(pathTo(ctx, 'dashboard'), 303);
    },
  );
}
