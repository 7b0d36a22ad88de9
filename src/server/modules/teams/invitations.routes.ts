import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { accountActorOf, runAccountUseCase } from '../../platform/use-case/index.js';
import { parseInput } from '../../platform/http/validate.js';
import { ROLE_LABELS } from '../../../shared/permissions.js';
import { inviteMemberSchema } from '../../../shared/teams/members.schemas.js';
import { findInvitation, findUserByEmail } from './teams.queries.js';
import { invitationProblem, InvitationError } from './invitations.service.js';
import {
  acceptInvitation,
  cancelInvitation,
  inviteMember,
  resendInvitation,
} from './invitations.use-cases.js';
import { pathTo } from './team-links.js';
import { forgetInvitation, rememberInvitation } from './invitation-intent.js';

/** Invitations send mail: bound how fast one user can trigger them. */
const MAIL_LIMIT = {
  max: 60,
  timeWindow: '10 minutes',
  keyGenerator: (request: { actor: { user: { id: string } } | null; ip: string }) =>
    request.actor?.user.id ?? request.ip,
};

type TeamParams = { Params: { team: string } };
type InvitationParams = { Params: { invitation: string } };
type TeamInvitationParams = { Params: { team: string; invitation: string } };

function invitationErrorPage(reply: FastifyReply, e: InvitationError) {
  return reply.inertia(
    'errors/show',
    { status: e.status, title: 'Invitation unavailable', message: e.message, requestId: null },
    { status: e.status },
  );
}

/** The account pages (login, register, verification notice) show flash data 'status' inline above their form. */
function accountPageStatus(reply: FastifyReply, message: string) {
  reply.flash({ data: { status: { tone: 'info', message } } });
}

export function registerInvitationRoutes(app: FastifyInstance, ctx: AppContext) {
  app.post<TeamParams>(
    '/teams/:team/invitations',
    {
      config: {
        name: 'team-invitations.store',
        access: { kind: 'verified' },
        rateLimit: MAIL_LIMIT,
      },
    },
    async (request, reply) => {
      const input = parseInput(inviteMemberSchema, request.body);
      // the mail is queued with the invitation (a job sends it, retrying if the mail server is down)
      const { invitation } = await runAccountUseCase(ctx, accountActorOf(request), (uc) =>
        inviteMember(uc, { ...input, teamId: request.params.team }),
      );
      reply.flash({ success: `Invitation sent to ${invitation.email}.` });
      return reply.back(pathTo(ctx, 'teams.show', { team: request.params.team }));
    },
  );

  app.post<TeamInvitationParams>(
    '/teams/:team/invitations/:invitation/resend',
    {
      config: {
        name: 'team-invitations.resend',
        access: { kind: 'verified' },
        rateLimit: MAIL_LIMIT,
      },
    },
    async (request, reply) => {
      const { invitation } = await runAccountUseCase(ctx, accountActorOf(request), (uc) =>
        resendInvitation(uc, {
          teamId: request.params.team,
          invitationId: request.params.invitation,
        }),
      );
      reply.flash({
        success: `Invitation sent to ${invitation.email} again. It is valid for another 7 days.`,
      });
      return reply.back(pathTo(ctx, 'teams.show', { team: request.params.team }));
    },
  );

  app.delete<InvitationParams>(
    '/team-invitations/:invitation',
    { config: { name: 'team-invitations.destroy', access: { kind: 'verified' } } },
    async (request, reply) => {
      const { invitation } = await runAccountUseCase(ctx, accountActorOf(request), (uc) =>
        cancelInvitation(uc, { invitationId: request.params.invitation }),
      );
      reply.flash({ success: `The invitation to ${invitation.email} was cancelled.` });
      return reply.back(pathTo(ctx, 'teams.show', { team: invitation.organizationId }));
    },
  );

  /**
   * The link in the invitation email. Signed in with the invited address: join. Signed out: the
   * invitation is remembered and the visitor goes to log in or register; it completes after that.
   */
  app.get<InvitationParams>(
    '/team-invitations/:invitation',
    { config: { name: 'team-invitations.accept', access: { kind: 'public' } } },
    async (request, reply) => {
      const row = await findInvitation(ctx.db, request.params.invitation);
      const actor = request.actor && !request.actor.token ? request.actor : null;
      const problem = invitationProblem(row);
      if (problem) {
        forgetInvitation(reply, ctx);
        // a second click on an accepted link by the member themselves: just go to the team
        if (
          problem.code === 'INVITATION_USED' &&
          actor &&
          row &&
          actor.user.email.toLowerCase() === row.invitation.email.toLowerCase()
        ) {
          reply.flash({ info: `You are already a member of ${row.team.name}.` });
          return reply.redirect(pathTo(ctx, 'dashboard'), 302);
        }
        return invitationErrorPage(reply, problem);
      }
      const { invitation, team } = row!;
      if (!actor) {
        rememberInvitation(reply, ctx, invitation.id);
        const existing = await findUserByEmail(ctx.db, invitation.email);
        if (existing) {
          accountPageStatus(
            reply,
            `Log in as ${invitation.email} to join ${team.name}. The invitation is accepted as soon as you are signed in.`,
          );
          return reply.redirect(pathTo(ctx, 'login', { email: invitation.email }), 302);
        }
        accountPageStatus(
          reply,
          `Create your account with ${invitation.email} to join ${team.name}. The invitation is accepted once your email address is verified.`,
        );
        return reply.redirect(pathTo(ctx, 'register', { email: invitation.email }), 302);
      }
      if (actor.user.email.toLowerCase() !== invitation.email.toLowerCase()) {
        forgetInvitation(reply, ctx);
        return invitationErrorPage(
          reply,
          new InvitationError(
            'INVITATION_WRONG_USER',
            403,
            `This invitation to ${team.name} was sent to ${invitation.email}, but you are signed in as ${actor.user.email}. Log out, then open the link again and sign in (or register) as ${invitation.email}.`,
          ),
        );
      }
      if (!actor.user.emailVerified) {
        rememberInvitation(reply, ctx, invitation.id);
        accountPageStatus(
          reply,
          `Verify your email address to join ${team.name}: open the link we emailed you.`,
        );
        return reply.redirect(pathTo(ctx, 'verification.notice'), 302);
      }
      forgetInvitation(reply, ctx);
      try {
        const result = await runAccountUseCase(ctx, accountActorOf(request), (uc) =>
          acceptInvitation(uc, { invitationId: invitation.id, emailVerified: true }),
        );
        reply.flash({
          success: result.joined
            ? `Welcome to ${result.team.name}! You joined as ${ROLE_LABELS[result.role]}.`
            : `You are already a member of ${result.team.name}.`,
        });
        return reply.redirect(pathTo(ctx, 'dashboard'), 302);
      } catch (err) {
        if (err instanceof InvitationError) return invitationErrorPage(reply, err);
        throw err;
      }
    },
  );
}
