import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { registerAccountMail } from './accounts.mail.js';
import { registerLoginRoutes } from './login.routes.js';
import { registerRegisterRoutes } from './register.routes.js';
import { registerVerificationRoutes } from './verification.routes.js';
import { registerPasswordResetRoutes } from './password-reset.routes.js';
import { registerConfirmPasswordRoutes } from './confirm-password.routes.js';

/**
 * Accounts: register, login/logout, email verification, forgot/reset password, password
 * confirmation (Jetstream's URLs and route names, Better Auth underneath), and the account mail.
 */
export async function accountsModule(app: FastifyInstance, ctx: AppContext) {
  registerAccountMail(ctx);

  registerLoginRoutes(app, ctx);
  registerRegisterRoutes(app, ctx);
  registerVerificationRoutes(app, ctx);
  registerPasswordResetRoutes(app, ctx);
  registerConfirmPasswordRoutes(app, ctx);
}
