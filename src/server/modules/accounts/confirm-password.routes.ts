import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { authErrorMessage, authHeaders } from '../../platform/auth/bridge.js';
import { parseInput } from '../../platform/http/validate.js';
import { ValidationError } from '../../platform/errors.js';
import { confirmPasswordSchema } from '../../../shared/accounts/accounts.schemas.js';
import { formBody, RATE_LIMITS, rememberIntended, safeLocalPath, takeIntended } from './accounts.http.js';
import { markPasswordConfirmed } from './accounts.users.js';

export const PASSWORD_INCORRECT = 'The provided password is incorrect.';

/**
 * GET/POST /user/confirm-password. Sensitive routes (`confirmPassword: true`) send the user here
 * with the page they wanted as flash data 'intended'; a correct password stamps
 * users.passwordConfirmedAt (valid 3 hours, enforced in access.ts) and goes back there.
 */
export function registerConfirmPasswordRoutes(app: FastifyInstance, ctx: AppContext) {
  const secure = ctx.config.appUrl.startsWith('https://');

  app.get('/user/confirm-password', { config: { name: 'password.confirm', access: { kind: 'auth' } } }, async (request, reply) => {
    const intended = safeLocalPath(request.flash.data?.intended, ctx.config.appUrl, request.headers.host);
    if (intended) rememberIntended(reply, intended, ctx.config.appKey, secure);
    return reply.inertia('auth/confirm-password', {});
  });

  app.post(
    '/user/confirm-password',
    { config: { name: 'password.confirm.store', access: { kind: 'auth' }, rateLimit: RATE_LIMITS.confirmPassword } },
    async (request, reply) => {
      const actor = request.actor!;
      const input = parseInput(confirmPasswordSchema, formBody(request));
      try {
        const res = await ctx.auth.api.verifyPassword({ body: { password: input.password }, headers: authHeaders(request) });
        if (!res?.status) throw new ValidationError({ password: PASSWORD_INCORRECT });
      } catch (err) {
        if (err instanceof ValidationError) throw err;
        const e = authErrorMessage(err);
        if (e.status >= 500) throw err;
        throw new ValidationError({ password: PASSWORD_INCORRECT });
      }
      await markPasswordConfirmed(ctx.db, actor.user.id);
      const intended = safeLocalPath(takeIntended(request, reply, ctx.config.appKey), ctx.config.appUrl, request.headers.host);
      return reply.redirect(intended ?? '/dashboard', 303);
    },
  );
}
