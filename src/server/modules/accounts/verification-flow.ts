import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../platform/db/client.js';
import { sessions } from '../../platform/auth/auth.tables.js';
import { EMAIL_VERIFICATION_TTL_S } from '../../platform/auth/auth.js';
import { sign, unsign } from '../../platform/http/signed-cookie.js';

/**
 * Which browser started an email verification. A verification link signs the browser in only
 * if that browser registered (or asked for the link) with that address, or is already signed in
 * as its owner. Anyone else's link (mailed to you, or planted in a page) verifies the address but
 * signs nobody in and leaves your own session alone: no login CSRF (issue 8, item 3).
 */
const COOKIE = 'pathways_verify';
const norm = (email: string) => email.trim().toLowerCase();

export function startVerificationFlow(
  reply: FastifyReply,
  email: string,
  key: string,
  secure: boolean,
) {
  reply.setCookie(COOKIE, sign(Buffer.from(norm(email)).toString('base64url'), key), {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure,
    maxAge: EMAIL_VERIFICATION_TTL_S,
  });
}

export function startedHere(request: FastifyRequest, email: string | null, key: string): boolean {
  const raw = unsign(request.cookies[COOKIE], key);
  if (!email || raw === undefined) return false;
  return Buffer.from(raw, 'base64url').toString('utf8') === norm(email);
}

export function endVerificationFlow(request: FastifyRequest, reply: FastifyReply) {
  if (request.cookies[COOKIE] !== undefined) reply.clearCookie(COOKIE, { path: '/' });
}

/** The request's headers for Better Auth without its cookies: it then sees no session of ours. */
export function withoutCookies(headers: Headers): Headers {
  const h = new Headers(headers);
  h.delete('cookie');
  return h;
}

/** Better Auth signed the token's owner in anyway (autoSignInAfterVerification): end that session unused. */
export async function dropSessionFrom(db: Db, headers: Headers | undefined) {
  for (const c of headers?.getSetCookie() ?? []) {
    const [pair] = c.split(';');
    const i = pair.indexOf('=');
    if (i < 0 || !pair.slice(0, i).endsWith('session_token')) continue;
    let value: string;
    try {
      value = decodeURIComponent(pair.slice(i + 1));
    } catch {
      continue;
    }
    const token = value.split('.')[0];
    if (token) await db.delete(sessions).where(eq(sessions.token, token));
  }
}
