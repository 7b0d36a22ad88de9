import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { registerApiTokenRoutes } from './api-tokens.routes.js';

/** Personal API tokens (Jetstream style) on top of Better Auth's api-key plugin. */
export async function apiTokensModule(app: FastifyInstance, ctx: AppContext) {
  registerApiTokenRoutes(app, ctx);
}

export { createApiToken, listApiTokens, abilitiesOf, teamOf, type ApiTokenRow } from './api-tokens.service.js';
