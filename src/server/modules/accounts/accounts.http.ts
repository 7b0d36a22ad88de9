import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RateLimitOptions } from '@fastify/rate-limit';
import { sign, unsign } from '../../platform/http/signed-cookie.js';

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
  login: { max: 5, timeWindow: MINUTE, hook: 'preHandler', keyGenerator: (r) => `login|${r.ip}|${emailKey(r)}` },
  register: { max: 10, timeWindow: MINUTE, hook: 'preHandler', keyGenerator: (r) => `register|${r.ip}` },
  forgotPassword: { max: 5, timeWindow: MINUTE, hook: 'preHandler', keyGenerator: (r) => `forgot|${r.ip}` },
  resetPassword: { max: 10, timeWindow: MINUTE, hook: 'preHandler', keyGenerator: (r) => `reset|${r.ip}` },
  verificationSend: { max: 6, timeWindow: MINUTE, hook: 'preHandler', keyGenerator: (r) => `verify-send|${r.actor?.user.id ?? r.ip}` },
  verificationVisit: { max: 12, timeWindow: MINUTE, hook: 'preHandler', keyGenerator: (r) => `verify|${r.ip}` },
  confirmPassword: { max: 5, timeWindow: MINUTE, hook: 'preHandler', keyGenerator: (r) => `confirm|${r.actor?.user.id ?? r.ip}` },
} satisfies Record<string, RateLimitOptions>;

/**
 * Where to go after confirming the password. access.ts flashes the target as `intended`; the
 * confirm page keeps it in a signed cookie so it survives a wrong password and a reload.
 */
const INTENDED_COOKIE = 'pathways_intended';

/** Only same-site paths: never an open redirect. */
export function safeLocalPath(target: unknown, appUrl: string, host: string | undefined): string | null {
  if (typeof target !== 'string' || !target) return null;
  let u: URL;
  try {
    u = new URL(target, appUrl);
  } catch {
    return null;
  }
  const app = new URL(appUrl);
  if (u.origin !== app.origin && u.host !== host) return null;
  if (!u.pathname.startsWith('/') || u.pathname.startsWith('//')) return null;
  return u.pathname + u.search;
}

export function rememberIntended(reply: FastifyReply, path: string, key: string, secure: boolean) {
  reply.setCookie(INTENDED_COOKIE, sign(Buffer.from(path).toString('base64url'), key), { path: '/', httpOnly: true, sameSite: 'lax', secure, maxAge: 60 * 60 });
}

export function takeIntended(request: FastifyRequest, reply: FastifyReply, key: string): string | null {
  const raw = unsign(request.cookies[INTENDED_COOKIE], key);
  if (request.cookies[INTENDED_COOKIE] !== undefined) reply.clearCookie(INTENDED_COOKIE, { path: '/' });
  return raw === undefined ? null : Buffer.from(raw, 'base64url').toString('utf8');
}

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
