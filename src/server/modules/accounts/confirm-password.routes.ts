import type { FastifyInstance } from 'fastify';
import { accountActorOf, runAccountUseCase } from '../../platform/use-case/index.js';
import type { AppContext } from '../../platform/context.js';
import { authErrorMessage, authHeaders } from '../../platform/auth/bridge.js';
import { parseInput } from '../../platform/http/validate.js';
import { ValidationError } from '../../platform/errors.js';
import { confirmPasswordSchema } from '../../../shared/accounts/accounts.schemas.js';
import { formBody, RATE_LIMITS } from './accounts.http.js';
import { intendedOr, keepIntended } from '../../platform/http/intended.js';
import { markPasswordConfirmed } from './accounts.users.js';

export const PASSWORD_INCORRECT = 'The provided password is incorrect.';

/**
 * GET/POST /user/confirm-password. Sensitive routes (`confirmPassword: true`) send the user here
 * with the page they wanted as flash data 'intended'; a correct password stamps
 * users.passwordConfirmedAt (valid 3 hours, enforced in access.ts) and goes back there.
 */
export function registerConfirmPasswordRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get(
    '/user/confirm-password',
    { config: { name: 'password.confirm', access: { kind: 'auth' } } },
    async (request, reply) => {
      keepIntended(request, reply, ctx.config);
      return reply.inertia('auth/confirm-password', {});
    },
  );

  app.post(
    '/user/confirm-password',
    {
      config: {
        name: 'password.confirm.store',
        access: { kind: 'auth' },
        rateLimit: RATE_LIMITS.confirmPassword,
      },
    },
    async (request, reply) => {
      const actor = request.actor!;
      const input = parseInput(confirmPasswordSchema, formBody(request));
      try {
        const res = await ctx.auth.api.verifyPassword({
          body: { password: input.password },
          headers: authHeaders(request),
        });
        if (!res?.status) throw new ValidationError({ password: PASSWORD_INCORRECT });
      } catch (err) {
        if (err instanceof ValidationError) throw err;
        const e = authErrorMessage(err);
        if (e.status >= 500) throw err;
        throw new ValidationError({ password: PASSWORD_INCORRECT });
      }
      await runAccountUseCase(ctx, accountActorOf(request), async (uc) => {
        await markPasswordConfirmed(uc.tx, actor.user.id);
        await uc.audit({
          action: 'password.confirmed',
          subject: { type: 'user', id: actor.user.id, label: actor.user.email },
        });
      });
      return reply.redirect(intendedOr(request, reply, ctx.config, '/dashboard'), 303);
    },
  );
}
