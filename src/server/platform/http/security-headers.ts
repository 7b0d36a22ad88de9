import helmet from 'helmet';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { VIDEO_FRAME_HOSTS } from '../../../shared/settings/video.js';

/**
 * The security headers of every response (CSP, HSTS, referrer policy, ...), by helmet. The
 * middleware is built once: @fastify/helmet built it again for every request (its directives
 * parsed each time), a measurable share of a small request's cost.
 */
export function installSecurityHeaders(
  app: FastifyInstance,
  o: { dev: boolean; secure: boolean; externalRealtime: boolean },
) {
  const headers = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: o.dev ? ["'self'", "'unsafe-inline'"] : ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'", 'ws:', 'wss:', ...(o.externalRealtime ? ['https:'] : [])],
        fontSrc: ["'self'", 'data:'],
        // the team's onboarding video (settings, video text): YouTube/Vimeo players or an https file
        frameSrc: ["'self'", ...VIDEO_FRAME_HOSTS],
        mediaSrc: ["'self'", 'https:', 'blob:'],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: o.secure ? [] : null,
      },
    },
    hsts: o.secure ? { maxAge: 31536000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    headers(request.raw, reply.raw, (e?: unknown) => done(e as Error | undefined));
  });
}

/**
 * Let this response be shown in a frame of the app's own pages (`frame-ancestors 'self'`, the
 * rest of the policy unchanged): the builder's phone preview of a draft's test link. Everything
 * else keeps `frame-ancestors 'none'`.
 */
export function allowSameOriginFrames(reply: FastifyReply) {
  const csp = String(reply.raw.getHeader('content-security-policy') ?? '');
  if (csp)
    reply.header(
      'content-security-policy',
      csp.replace("frame-ancestors 'none'", "frame-ancestors 'self'"),
    );
  reply.header('x-frame-options', 'SAMEORIGIN');
}
