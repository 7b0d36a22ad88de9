import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RateLimitOptions } from '@fastify/rate-limit';

/** The request body as a plain object, minus the CSRF field a plain HTML form may carry. */
export function formBody(request: FastifyRequest): Record<string, unknown> {
  const body = request.body;
  if (!body || typeof body !== 'object' || Array.isArray(body)) return {};
  const { _token: _ignored, ...rest } = body as Record<string, unknown>;
  return rest;
}

const emailKey = (request: FastifyRequest) => {
  const e = (request.body as Record<string, unknown> | undefined)?.email;
  return typeof e === 'string' ? e.trim().toLowerCase().slice(0, 255) : '';
};

/**
 * Per-route limits (@fastify/rate-limit, `config.rateLimit`). They run as the route's own
 * preHandler, i.e. after CSRF and access checks, with the body parsed (login keys on the email).
 */
const MINUTE = 60_000;
export const RATE_LIMITS = {
  login: {
    max: 5,
    timeWindow: MINUTE,
    hook: 'preHandler',
    keyGenerator: (r) => `login|${r.ip}|${emailKey(r)}`,
  },
  register: {
    max: 10,
    timeWindow: MINUTE,
    hook: 'preHandler',
    keyGenerator: (r) => `register|${r.ip}`,
  },
  forgotPassword: {
    max: 5,
    timeWindow: MINUTE,
    hook: 'preHandler',
    keyGenerator: (r) => `forgot|${r.ip}`,
  },
  resetPassword: {
    max: 10,
    timeWindow: MINUTE,
    hook: 'preHandler',
    keyGenerator: (r) => `reset|${r.ip}`,
  },
  verificationSend: {
    max: 6,
    timeWindow: MINUTE,
    hook: 'preHandler',
    keyGenerator: (r) => `verify-send|${r.actor?.user.id ?? r.ip}`,
  },
  verificationVisit: {
    max: 12,
    timeWindow: MINUTE,
    hook: 'preHandler',
    keyGenerator: (r) => `verify|${r.ip}`,
  },
  confirmPassword: {
    max: 5,
    timeWindow: MINUTE,
    hook: 'preHandler',
    keyGenerator: (r) => `confirm|${r.actor?.user.id ?? r.ip}`,
  },
} satisfies Record<string, RateLimitOptions>;

/**
 * Password spraying (one address, many emails): beside the per address + email limit, at most 20
 * sign-in attempts a minute from one address, whatever the emails (issue 8).
 */
export const LOGIN_PER_IP = {
  max: 20,
  timeWindow: MINUTE,
  key: (r: FastifyRequest) => `login-ip|${r.ip}`,
};

/** Wait until at least `ms` have passed since `startedAt` (equal answer times for known and unknown emails). */
export async function padTo(startedAt: number, ms: number) {
  const left = ms - (performance.now() - startedAt);
  if (left > 0) await new Promise((r) => setTimeout(r, left));
}

export type StatusTone = 'success' | 'error' | 'info';
/**
 * A message for the next account page, shown inline above its form (Jetstream's "status")
 * rather than as a toast, so it stays while the user reads their mail.
 */
export function flashStatus(reply: FastifyReply, tone: StatusTone, message: string) {
  reply.flash({ data: { status: { tone, message } } });
}
