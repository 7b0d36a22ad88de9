import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { registerProfileRoutes } from './profile.routes.js';
import { touchSession } from './browser-sessions.js';
import { registerProfileMail } from './profile.service.js';

/** The user's own profile (Jetstream): information, password, two-factor, browser sessions, account deletion. */
export async function profileModule(app: FastifyInstance, ctx: AppContext) {
  registerProfileMail(ctx);
  // "last active" for the browser-sessions list (runs after the platform resolved request.actor)
  app.addHook('onRequest', async (request) => {
    const sessionId = request.actor?.sessionId;
    if (sessionId)
      await touchSession(ctx.db, sessionId).catch((err) =>
        request.log.warn({ err }, 'session touch failed'),
      );
  });
  registerProfileRoutes(app, ctx);
}
