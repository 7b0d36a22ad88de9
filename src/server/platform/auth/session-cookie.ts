import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Auth } from './auth.js';

/**
 * What our own session lookup needs to know of Better Auth's configuration: the cookie names,
 * the signing secret and the session lifetimes, read once from `auth.$context`.
 */
export interface SessionSettings {
  /** `pathways.session_token` (with `__Secure-` under https) */
  tokenCookie: string;
  /** `pathways.dont_remember`: present (signed) when the user signed in without "remember me" */
  dontRememberCookie: string;
  secret: string;
  /** seconds */
  expiresIn: number;
  /** seconds: a session older than this (since its last refresh) is extended on the next request */
  updateAge: number;
  refreshDisabled: boolean;
}

const settingsCache = new WeakMap<Auth, Promise<SessionSettings>>();

export function sessionSettings(auth: Auth): Promise<SessionSettings> {
  let s = settingsCache.get(auth);
  if (!s) {
    s = auth.$context.then((c) => ({
      tokenCookie: c.authCookies.sessionToken.name,
      dontRememberCookie: c.authCookies.dontRememberToken.name,
      secret: c.secret,
      expiresIn: c.sessionConfig.expiresIn,
      updateAge: c.sessionConfig.updateAge,
      refreshDisabled:
        (c.options.session as { disableSessionRefresh?: boolean } | undefined)
          ?.disableSessionRefresh === true,
    }));
    settingsCache.set(auth, s);
  }
  return s;
}

/**
 * The value of a cookie Better Auth signed (`value.signature`, the signature being the base64
 * HMAC-SHA256 of the value under the auth secret: better-call's `getSignedCookie`), or null when
 * the cookie is missing, malformed or its signature does not match. Only the canonical base64
 * encoding is accepted; the comparison is constant-time.
 */
export function unsignAuthCookie(raw: string | undefined, secret: string): string | null {
  if (!raw) return null;
  const dot = raw.lastIndexOf('.');
  if (dot < 1) return null;
  const value = raw.slice(0, dot);
  const signature = raw.slice(dot + 1);
  if (signature.length !== 44 || !signature.endsWith('=')) return null;
  const expected = createHmac('sha256', secret).update(value, 'utf8').digest('base64');
  const given = Buffer.from(signature, 'utf8');
  if (given.length !== 44) return null;
  return timingSafeEqual(given, Buffer.from(expected, 'utf8')) ? value : null;
}

/** Better Auth's refresh rule (get-session): extend once `updateAge` has passed since the last extension. */
export function sessionNeedsRefresh(
  expiresAt: Date,
  s: Pick<SessionSettings, 'expiresIn' | 'updateAge' | 'refreshDisabled'>,
  now = Date.now(),
): boolean {
  if (s.refreshDisabled) return false;
  return expiresAt.getTime() - s.expiresIn * 1000 + s.updateAge * 1000 <= now;
}
