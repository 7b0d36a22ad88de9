import type { FastifyReply, FastifyRequest } from 'fastify';
import { sign, unsign } from './signed-cookie.js';
import { sameOriginPath } from './local-path.js';

/**
 * Where to go after signing in or confirming the password. access.ts flashes the page a visitor
 * asked for as `intended`; the login and confirm pages keep it in a signed cookie so it survives
 * a wrong password, a two-factor challenge and a reload.
 */
const INTENDED_COOKIE = 'pathways_intended';

/** Only same-site paths: never an open redirect (see local-path.ts). */
export function safeLocalPath(
  target: unknown,
  appUrl: string,
  host: string | undefined,
): string | null {
  return sameOriginPath(target, appUrl, host);
}

function rememberIntended(reply: FastifyReply, path: string, key: string, secure: boolean) {
  reply.setCookie(INTENDED_COOKIE, sign(Buffer.from(path).toString('base64url'), key), {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure,
    maxAge: 60 * 60,
  });
}

function takeIntended(request: FastifyRequest, reply: FastifyReply, key: string): string | null {
  const raw = unsign(request.cookies[INTENDED_COOKIE], key);
  if (request.cookies[INTENDED_COOKIE] !== undefined)
    reply.clearCookie(INTENDED_COOKIE, { path: '/' });
  return raw === undefined ? null : Buffer.from(raw, 'base64url').toString('utf8');
}

type IntendedConfig = { appUrl: string; appKey: string };

/** On a page that precedes the target (login, confirm password): keep the flashed target in the cookie. */
export function keepIntended(request: FastifyRequest, reply: FastifyReply, config: IntendedConfig) {
  const intended = safeLocalPath(request.flash.data?.intended, config.appUrl, request.headers.host);
  if (intended)
    rememberIntended(reply, intended, config.appKey, config.appUrl.startsWith('https://'));
}

/** After success: the remembered same-site target (used once), else the fallback. */
export function intendedOr(
  request: FastifyRequest,
  reply: FastifyReply,
  config: IntendedConfig,
  fallback: string,
): string {
  return (
    safeLocalPath(
      takeIntended(request, reply, config.appKey),
      config.appUrl,
      request.headers.host,
    ) ?? fallback
  );
}
