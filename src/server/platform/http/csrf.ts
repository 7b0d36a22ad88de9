import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors.js';
import { sign, unsign } from './signed-cookie.js';

/**
 * CSRF: a signed random token in the readable XSRF-TOKEN cookie; every state-changing request
 * must echo it in X-XSRF-TOKEN (Inertia's client does so) or X-CSRF-TOKEN or a `_token` field.
 * Routes with their own non-cookie authentication (bearer API, signed Pusher API) opt out.
 */
const XSRF_COOKIE = 'XSRF-TOKEN';
const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

class CsrfError extends AppError {
  constructor() {
    super('CSRF_TOKEN_MISMATCH', 419, 'Your page expired. Please refresh and try again.');
  }
}

/** "%41" -> "A"; a malformed escape ("%E0%A4%A") is simply not a token (null), never an exception. */
function decodeToken(v: string): string | null {
  if (!v.includes('%')) return v;
  try {
    return decodeURIComponent(v);
  } catch {
    return null;
  }
}

/**
 * The token the request echoes: X-XSRF-TOKEN (URL-encoded, as Inertia copies it from the cookie),
 * X-CSRF-TOKEN, or a `_token` field. Anything that is not one plain string (a repeated header, a
 * number or an object in the body, a bad escape) is no token: the request answers 419.
 */
function sentToken(request: FastifyRequest): string | null {
  const header = request.headers['x-xsrf-token'] ?? request.headers['x-csrf-token'];
  const body = request.body;
  const field =
    body && typeof body === 'object' && !Array.isArray(body) && !Buffer.isBuffer(body)
      ? (body as Record<string, unknown>)._token
      : undefined;
  const sent = header ?? field;
  if (typeof sent !== 'string' || sent.length === 0 || sent.length > 1024) return null;
  return decodeToken(sent);
}

export function installCsrf(app: FastifyInstance, key: string, secure: boolean) {
  app.decorateRequest('csrfToken', '');
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    let token = request.cookies[XSRF_COOKIE];
    if (!token || !unsign(token, key)) {
      // a new token, in the cookie set now (the request's own cookie, if any, was not ours)
      token = sign(randomBytes(24).toString('base64url'), key);
      reply.setCookie(XSRF_COOKIE, token, {
        path: '/',
        sameSite: 'lax',
        secure,
        httpOnly: false,
        maxAge: 60 * 60 * 24 * 14,
      });
    }
    request.csrfToken = token;
  });
  app.addHook('preHandler', async (request: FastifyRequest) => {
    if (SAFE.has(request.method)) return;
    if (request.routeOptions.config?.csrf === false) return;
    if (request.headers.authorization?.startsWith('Bearer ') && request.url.startsWith('/api/'))
      return;
    // the cookie's signature was checked on the way in: it is the request's token only if it held
    const cookie = request.cookies[XSRF_COOKIE];
    const sent = sentToken(request);
    if (!cookie || !sent || sent !== cookie || cookie !== request.csrfToken) throw new CsrfError();
  });
}

declare module 'fastify' {
  interface FastifyRequest {
    csrfToken: string;
  }
}
