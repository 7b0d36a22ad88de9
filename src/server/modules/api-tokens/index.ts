import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { registerApiTokenRoutes } from './api-tokens.routes.js';
import { deleteAllApiTokensOf } from './api-tokens.service.js';

/** Personal API tokens (Jetstream style) on top of Better Auth's api-key plugin. */
export async function apiTokensModule(app: FastifyInstance, ctx: AppContext) {
  registerApiTokenRoutes(app, ctx);
  // api_keys.reference_id has no foreign key (Better Auth's schema): remove a deleted user's tokens here
  ctx.hooks.userDeleting.push(async (user) =>
    deleteAllApiTokensOf({ auth: ctx.auth, db: user.db }, user.id),
  );
}

export {
  createApiToken,
  listApiTokens,
  abilitiesOf,
  teamOf,
  type ApiTokenRow,
} from './api-tokens.service.js';
