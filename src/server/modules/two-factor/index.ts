import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { registerTwoFactorRoutes } from './two-factor.routes.js';
import { registerChallengeRoutes } from './challenge.routes.js';

export { twoFactorState, setupDetails, recoveryCodes } from './two-factor.store.js';
export { qrCodeDataUrl, formatSetupKey } from './two-factor.qr.js';

/** Two-factor authentication: set-up and management under /user, and the sign-in challenge. */
export async function twoFactorModule(app: FastifyInstance, ctx: AppContext) {
  registerTwoFactorRoutes(app, ctx);
  registerChallengeRoutes(app, ctx);
}
