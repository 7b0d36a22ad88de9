import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { roleCan } from '../../../shared/permissions.js';
import { AppError, forbidden, notFound } from '../errors.js';
import type { Access } from './registry.js';

/** Password confirmations stay valid this long (Jetstream: 3 hours). */
const PASSWORD_CONFIRM_TTL_MS = 3 * 60 * 60 * 1000;

export class UnauthenticatedError extends AppError {
  constructor() {
    super('UNAUTHENTICATED', 401, 'Please sign in.');
  }
}

function redirectOrThrow(request: FastifyRequest, reply: FastifyReply, to: string, err: AppError) {
  if (
    request.url.startsWith('/api/') ||
    (request.headers.accept?.includes('application/json') && !request.isInertia)
  )
    throw err;
  reply.redirect(to, request.method === 'GET' ? 302 : 303);
  return reply;
}

export function passwordRecentlyConfirmed(at: Date | null | undefined, now = Date.now()) {
  return !!at && now - at.getTime() < PASSWORD_CONFIRM_TTL_MS;
}

/** Enforce each route's declared access rule before its handler runs. */
export function installAccessControl(app: FastifyInstance) {
  app.addHook('preHandler', async (request, reply) => {
    const access = request.routeOptions.config?.access as Access | undefined;
    if (!access) return;
    const actor = request.actor;
    switch (access.kind) {
      case 'public':
      case 'signed':
        return;
      case 'guest':
        if (actor && !actor.token)
          return redirectOrThrow(request, reply, '/dashboard', forbidden());
        return;
      case 'api': {
        if (!actor?.token) throw new UnauthenticatedError();
        if (!actor.token.abilities.includes(access.ability))
          throw new AppError(
            'ABILITY_MISSING',
            403,
            `This token lacks the '${access.ability}' ability.`,
          );
        if (access.permission && !roleCan(actor.role, access.permission)) throw forbidden();
        return;
      }
      default: {
        if (!actor || actor.token) {
          // back to this page after signing in (login keeps it in a signed cookie)
          if (request.method === 'GET' && !request.url.startsWith('/api/'))
            reply.flash({ data: { intended: request.url } });
          return redirectOrThrow(request, reply, '/login', new UnauthenticatedError());
        }
        if (access.kind === 'auth') return;
        if (!actor.user.emailVerified)
          return redirectOrThrow(
            request,
            reply,
            '/verify-email',
            new AppError('EMAIL_UNVERIFIED', 403, 'Please verify your email address first.'),
          );
        if (access.kind === 'team') {
          if (!actor.team) throw notFound('Team');
          if (!roleCan(actor.role, access.permission)) throw forbidden();
        }
        if (access.confirmPassword && !passwordRecentlyConfirmed(actor.user.passwordConfirmedAt)) {
          const target =
            request.method === 'GET' ? request.url : (request.headers.referer ?? '/dashboard');
          reply.flash({ data: { intended: target } });
          return redirectOrThrow(
            request,
            reply,
            '/user/confirm-password',
            new AppError(
              'PASSWORD_CONFIRMATION_REQUIRED',
              423,
              'Please confirm your password first.',
            ),
          );
        }
      }
    }
  });
}
