import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sign, unsign } from './signed-cookie.js';

/**
 * Flash data for the next request (messages, validation errors, old input), kept in a signed,
 * HttpOnly cookie so any web process can read it (no server-side state).
 */
export interface Flash {
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
  }
  interface FastifyReply {
    /** set flash data for the next request */
    flash(data: Flash): FastifyReply;
  }
}

export const FLASH_COOKIE = 'pathways_flash';

export function installFlash(app: FastifyInstance, key: string, secure: boolean) {
  app.decorateRequest('flash', null as unknown as Flash);
  app.decorateReply('flash', function (this: FastifyReply, data: Flash) {
    const pending = ((this as unknown as { _flash?: Flash })._flash ??= {});
    Object.assign(pending, data);
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
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    request.flash = {};
    const raw = unsign(request.cookies[FLASH_COOKIE], key);
    if (raw === undefined) return;
    try {
      request.flash = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as Flash;
    } catch {
      request.flash = {};
    }
    // consumed: clear unless this response sets a new one
    reply.clearCookie(FLASH_COOKIE, { path: '/' });
  });
}
