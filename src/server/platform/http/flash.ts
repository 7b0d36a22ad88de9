import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sign, unsign } from './signed-cookie.js';

/**
 * Flash data for the next page (messages, validation errors, old input), kept in a signed,
 * HttpOnly cookie so any web process can read it (no server-side state). The cookie is cleared by
 * the response that shows it (`takeFlash`: a page with its `flash` prop), not by whatever request
 * comes next: a page's own background requests (the live channel's auth, the bell's catch-up, a
 * partial reload) often reach the server between a form's 303 and the page it redirects to, and
 * took its validation errors with them.
 */
export interface Flash {
  /** one per response that flashes: the page shows its messages once, even the same text twice in a row */
  id?: string;
  success?: string;
  error?: string;
  info?: string;
  /** field -> message, grouped under a bag name when the request named one */
  errors?: Record<string, string> | Record<string, Record<string, string>>;
  /** one-time data for the next page (e.g. a new API token's plain text) */
  data?: Record<string, unknown>;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** flash data that arrived with this request (set by the previous one) */
    flash: Flash;
    /** the response shows the flash: its cookie is cleared (unless the response flashes anew) */
    flashTaken: boolean;
  }
  interface FastifyReply {
    /** set flash data for the next request */
    flash(data: Flash): FastifyReply;
  }
}

export const FLASH_COOKIE = 'pathways_flash';

export function installFlash(app: FastifyInstance, key: string, secure: boolean) {
  app.decorateRequest('flash', null as unknown as Flash);
  app.decorateRequest('flashTaken', false);
  app.decorateReply('flash', function (this: FastifyReply, data: Flash) {
    const pending = ((this as unknown as { _flash?: Flash })._flash ??= {});
    Object.assign(pending, data);
    pending.id ??= randomUUID();
    this.setCookie(
      FLASH_COOKIE,
      sign(Buffer.from(JSON.stringify(pending)).toString('base64url'), key),
      {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure,
        maxAge: 120,
      },
    );
    return this;
  });
  app.addHook('onRequest', async (request: FastifyRequest) => {
    request.flash = {};
    const raw = unsign(request.cookies[FLASH_COOKIE], key);
    if (raw === undefined) return;
    try {
      request.flash = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as Flash;
    } catch {
      request.flash = {};
    }
  });
  app.addHook('onSend', async (request, reply, payload) => {
    // shown: cleared, unless this response flashed anew (its own cookie replaces it)
    if (
      request.flashTaken &&
      request.cookies[FLASH_COOKIE] !== undefined &&
      !(reply as unknown as { _flash?: Flash })._flash
    )
      reply.clearCookie(FLASH_COOKIE, { path: '/' });
    return payload;
  });
}

/** The flash this request's page shows: read once, its cookie cleared with the response. */
export function takeFlash(request: FastifyRequest): Flash {
  request.flashTaken = true;
  return request.flash;
}
