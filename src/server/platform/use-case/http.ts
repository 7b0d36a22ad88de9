import type { FastifyRequest } from 'fastify';
import { UnauthenticatedError } from '../routes/access.js';
import { notFound } from '../errors.js';
import type { AccountActor, GuestActor, WriteActor } from './use-case.js';

/** The actor of a guest write (signing in, registering, resetting): the request's IP and user agent. */
export function guestActorOf(request: FastifyRequest): GuestActor {
  return {
    ip: request.ip ?? null,
    userAgent: (request.headers['user-agent'] as string | undefined) ?? null,
  };
}

/** The write actor of a signed-in request (page session or API token) in its current team. */
export function actorOf(request: FastifyRequest): WriteActor {
  const a = request.actor;
  if (!a) throw new UnauthenticatedError();
  if (!a.team) throw notFound('Team');
  return {
    userId: a.user.id,
    name: a.user.name,
    email: a.user.email,
    teamId: a.team.id,
    role: a.role,
    tokenId: a.token?.id ?? null,
    ip: request.ip ?? null,
    userAgent: (request.headers['user-agent'] as string | undefined) ?? null,
  };
}

/** The actor of an account-level write (any signed-in, verified user; the current team if any). */
export function accountActorOf(request: FastifyRequest): AccountActor {
  const a = request.actor;
  if (!a) throw new UnauthenticatedError();
  return {
    userId: a.user.id,
    name: a.user.name,
    email: a.user.email,
    teamId: a.team?.id ?? null,
    role: a.role,
    tokenId: a.token?.id ?? null,
    ip: request.ip ?? null,
    userAgent: (request.headers['user-agent'] as string | undefined) ?? null,
  };
}
