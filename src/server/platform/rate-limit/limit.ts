import { plural } from '../../../shared/format/plural.js';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors.js';

export interface ExtraLimit {
  max: number;
  timeWindow: number;
  /** the counter's key; give it a prefix of its own (e.g. `login-ip|`) */
  key: (request: FastifyRequest) => string;
  /** what the user reads, given the seconds left */
  message: (retryAfterS: number) => string;
  /** set: the message also lands on this form field (JSON endpoints and forms show it there) */
  field?: string;
}

/**
 * A limit to apply inside a route, beside (or instead of) its `config.rateLimit` one: a route can
 * carry only one @fastify/rate-limit config, and some need two (login: per address + email and
 * per address alone). Counts in the same store as the route limits (memory, or the database on
 * PostgreSQL so all web processes share it). Every call counts one hit; past `max` it throws 429.
 */
export function createLimit(app: FastifyInstance, o: ExtraLimit) {
  const check = app.createRateLimit({ max: o.max, timeWindow: o.timeWindow, keyGenerator: o.key });
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const r = await check(request);
    if (r.isAllowed || !r.isExceeded) return;
    reply.header('retry-after', String(r.ttlInSeconds));
    const message = o.message(Math.max(1, r.ttlInSeconds));
    throw new AppError(
      'TOO_MANY_REQUESTS',
      429,
      message,
      true,
      o.field ? { [o.field]: message } : undefined,
    );
  };
}

/** "in 42 seconds" / "in a minute" / "in 3 minutes" */
export function inAbout(seconds: number) {
  if (seconds < 60) return `in ${plural(seconds, 'second')}`;
  const m = Math.ceil(seconds / 60);
  return m === 1 ? 'in a minute' : `in ${m} minutes`;
}
