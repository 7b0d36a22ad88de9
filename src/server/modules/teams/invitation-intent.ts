import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import type { Access } from '../../platform/routes/registry.js';
import { sign, unsign } from '../../platform/http/signed-cookie.js';
import { pathTo } from './team-links.js';

/**
 * An invitation opened while signed out (or before email verification) is remembered in a
 * signed cookie; the first page the user then reaches as a verified user sends them back to
 * the accept link, which completes it. No server-side state, so any web process can resume it.
 */
export const INVITATION_COOKIE = 'pathways_invitation';
const MAX_AGE_S = 60 * 60 * 24;

export function rememberInvitation(reply: FastifyReply, ctx: AppContext, invitationId: string) {
  reply.setCookie(INVITATION_COOKIE, sign(invitationId, ctx.config.appKey), {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: ctx.config.appUrl.startsWith('https://'),
    maxAge: MAX_AGE_S,
  });
}

export function forgetInvitation(reply: FastifyReply, ctx: AppContext) {
  if (reply.request.cookies[INVITATION_COOKIE])
    reply.clearCookie(INVITATION_COOKIE, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: ctx.config.appUrl.startsWith('https://'),
    });
}

export function installInvitationResume(app: FastifyInstance, ctx: AppContext) {
  app.addHook('preHandler', async (request, reply) => {
    if (request.method !== 'GET' || reply.sent) return;
    const raw = request.cookies[INVITATION_COOKIE];
    if (!raw) return;
    const actor = request.actor;
    if (!actor || actor.token || !actor.user.emailVerified) return;
    const access = request.routeOptions.config?.access as Access | undefined;
    if (!access || (access.kind !== 'verified' && access.kind !== 'team')) return;
    const isPage = request.isInertia || (request.headers.accept ?? '').includes('text/html');
    if (!isPage) return;
    const id = unsign(raw, ctx.config.appKey);
    if (!id) {
      forgetInvitation(reply, ctx);
      return;
    }
    // the accept link clears the cookie whatever happens there
    return reply.redirect(pathTo(ctx, 'team-invitations.accept', { invitation: id }), 302);
  });
}
