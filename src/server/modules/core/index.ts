import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { authProp } from './core.props.js';
import { registerCorePages } from './core.routes.js';

/** Shared props every page needs and the product's plain pages (welcome, terms, privacy, dashboard). */
export async function coreModule(app: FastifyInstance, ctx: AppContext) {
  ctx.shared.add('auth', (request) => authProp(ctx, request));
  ctx.shared.add('app', () => ({
    name: ctx.config.appName,
    pusher: {
      key: ctx.config.pusher.key,
      cluster: ctx.config.pusher.cluster,
      external: ctx.config.pusher.external,
      host: ctx.config.pusher.host ?? null,
      port: ctx.config.pusher.port ?? null,
      forceTLS: ctx.config.pusher.scheme === 'https',
    },
  }));
  registerCorePages(app, ctx);
}

export { gettingStarted } from './getting-started.js';
export { dashboardSections } from './dashboard.sections.js';
