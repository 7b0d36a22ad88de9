import type { LightMyRequestResponse } from 'fastify';
import type { RouteEntry } from '../../src/server/platform/routes/registry.js';
import { FLASH_COOKIE } from '../../src/server/platform/http/flash.js';
import { unsign } from '../../src/server/platform/http/signed-cookie.js';
import type { Flash } from '../../src/server/platform/http/flash.js';
import { TEST_APP_KEY } from '../helpers/app.js';
import { fixtureFor, missingFixtureMessage, type FixtureContext } from './route-fixtures.js';
import type { Outcome } from './route-expectations.js';

/** The path of a redirect, whether the app sent it absolute or relative. */
export function redirectPath(res: LightMyRequestResponse): string | undefined {
  const loc = (res.headers.location ?? res.headers['x-inertia-location']) as string | undefined;
  if (!loc) return undefined;
  try {
    return new URL(loc, 'http://localhost').pathname;
  } catch {
    return loc;
  }
}

/** What happened, in the matrix's terms. */
export function classify(res: LightMyRequestResponse): Outcome {
  const s = res.statusCode;
  if (s >= 500) return 'server-error';
  if (s === 401) return 'unauthenticated';
  if (s === 403) return 'forbidden';
  if (s === 404) return 'not-found';
  if (s === 419) return 'csrf';
  if (s === 423) return 'confirm-password';
  if (s === 422) return 'invalid';
  if (s === 302 || s === 303) {
    // back to the form with errors: the access check passed and the handler refused the input
    const f = flashOf(res);
    if (f && ((f.errors && Object.keys(f.errors).length) || f.error)) return 'invalid';
  }
  if (s === 302 || s === 303 || s === 409) {
    const p = redirectPath(res);
    if (p === '/login') return 'login';
    if (p === '/verify-email') return 'verify-email';
    if (p === '/user/confirm-password') return 'confirm-password';
    if (p === '/dashboard') return 'dashboard';
  }
  return 'allowed';
}

export function describeResponse(res: LightMyRequestResponse) {
  const loc = res.headers.location ?? res.headers['x-inertia-location'];
  let detail = '';
  if (res.statusCode >= 400) {
    try {
      const j = res.json() as { code?: string; detail?: string; props?: { message?: string } };
      detail = j.code ?? j.props?.message ?? j.detail ?? '';
    } catch {
      detail = res.body.slice(0, 80);
    }
  }
  return `${res.statusCode}${loc ? ` -> ${loc}` : ''}${detail ? ` (${detail})` : ''}`;
}

/** The flash data a response set for the next request (validation errors travel this way). */
export function flashOf(res: LightMyRequestResponse, key = TEST_APP_KEY): Flash | undefined {
  const c = (res.cookies as Array<{ name: string; value: string }>).find(
    (x) => x.name === FLASH_COOKIE && x.value,
  );
  if (!c) return undefined;
  const raw = unsign(decodeURIComponent(c.value), key) ?? unsign(c.value, key);
  if (raw === undefined) return undefined;
  return JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as Flash;
}

/** The route's URL with every parameter filled from the team A fixtures. */
export async function fillUrl(route: RouteEntry, ctx: FixtureContext): Promise<string> {
  let url = route.url;
  for (const p of route.parameters) {
    const fixture = fixtureFor(route.name, p);
    if (!fixture) throw new Error(missingFixtureMessage(route.name, route.url, p));
    const value = await fixture(ctx);
    url = url.replace(new RegExp(`:${p}(\\([^)]*\\))?`), encodeURIComponent(value));
  }
  return url;
}
