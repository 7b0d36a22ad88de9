import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { authErrorMessage, authHeaders } from '../../platform/auth/bridge.js';
import { parseInput } from '../../platform/http/validate.js';
import { ValidationError } from '../../platform/errors.js';
import { withAuthWritesIn } from '../../platform/auth/auth.js';
import { guestActorOf, runGuestUseCase } from '../../platform/use-case/index.js';
import {
  forgotPasswordSchema,
  resetPasswordSchema,
} from '../../../shared/accounts/accounts.schemas.js';
import { flashStatus, formBody, padTo, RATE_LIMITS } from './accounts.http.js';

export const RESET_LINK_SENT =
  'If an account exists for that email address, we have sent it a link to reset the password.';
export const RESET_LINK_INVALID =
  'This password reset link is invalid or has expired. Please request a new one.';
export const RESET_EMAIL_MISMATCH = 'This email address does not match the password reset link.';
export const PASSWORD_RESET_DONE =
  'Your password has been reset. You can now log in with your new password.';
/** every forgot-password answer takes at least this long, whether the address is known or not */
const FORGOT_PASSWORD_MIN_MS = 500;

/** The user a (still valid) reset token belongs to, without using it up. */
async function resetTokenUser(ctx: AppContext, token: string) {
  const internal = (await ctx.auth.$context).internalAdapter;
  const v = await internal.findVerificationValue(`reset-password:${token}`);
  if (!v || new Date(v.expiresAt).getTime() < Date.now()) return null;
  return internal.findUserById(v.value);
}

/** Forgot password (request a link) and reset password (use it). */
export function registerPasswordResetRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get(
    '/forgot-password',
    { config: { name: 'password.request', access: { kind: 'guest' } } },
    async (_request, reply) => reply.inertia('auth/forgot-password', {}),
  );

  app.post(
    '/forgot-password',
    {
      config: {
        name: 'password.email',
        access: { kind: 'guest' },
        rateLimit: RATE_LIMITS.forgotPassword,
      },
    },
    async (request, reply) => {
      const input = parseInput(forgotPasswordSchema, formBody(request));
      const started = performance.now();
      // known or not, the same calls run and the same answer comes back; the mail itself is
      // handed over without waiting (accounts.mail.ts), and the floor evens out the rest
      try {
        // the reset token and its mail's job commit together (nothing to audit: no account changes)
        await runGuestUseCase(ctx, guestActorOf(request), async (uc) => {
          uc.unaudited('a reset link asked for: no account changes until it is used');
          await withAuthWritesIn(ctx.auth, uc.tx, () =>
            ctx.auth.api.requestPasswordReset({
              body: { email: input.email },
              headers: authHeaders(request),
            }),
          );
        });
      } catch (err) {
        request.log.error({ err }, 'password reset request failed');
      }
      await padTo(started, FORGOT_PASSWORD_MIN_MS);
      flashStatus(reply, 'success', RESET_LINK_SENT);
      return reply.redirect('/forgot-password', 303);
    },
  );

  app.get<{ Params: { token: string }; Querystring: { email?: string } }>(
    '/reset-password/:token',
    { config: { name: 'password.reset', access: { kind: 'guest' } } },
    async (request, reply) => {
      const { token } = request.params;
      const email =
        typeof request.query.email === 'string' ? request.query.email.slice(0, 255) : '';
      const user = token.length <= 512 ? await resetTokenUser(ctx, token) : null;
      return reply.inertia('auth/reset-password', { token, email, tokenValid: Boolean(user) });
    },
  );

  app.post(
    '/reset-password',
    {
      config: {
        name: 'password.update',
        access: { kind: 'guest' },
        rateLimit: RATE_LIMITS.resetPassword,
      },
    },
    async (request, reply) => {
      const input = parseInput(resetPasswordSchema, formBody(request));
      const user = await resetTokenUser(ctx, input.token);
      if (!user) throw new ValidationError({ token: RESET_LINK_INVALID });
      if (user.email.toLowerCase() !== input.email)
        throw new ValidationError({ email: RESET_EMAIL_MISMATCH });
      // the new password, the spent token, the sessions ended and the audit row: one transaction
      await runGuestUseCase(ctx, guestActorOf(request), async (uc) => {
        try {
          await withAuthWritesIn(ctx.auth, uc.tx, () =>
            ctx.auth.api.resetPassword({
              body: { token: input.token, newPassword: input.password },
              headers: authHeaders(request),
            }),
          );
        } catch (err) {
          const e = authErrorMessage(err);
          if (e.status >= 500) throw err;
          if (e.code === 'PASSWORD_TOO_SHORT' || e.code === 'PASSWORD_TOO_LONG')
            throw new ValidationError({ password: e.message });
          throw new ValidationError({ token: RESET_LINK_INVALID });
        }
        await uc.audit({
          action: 'auth.password_reset',
          user,
          subject: { type: 'user', id: user.id, label: user.email },
        });
      });
      flashStatus(reply, 'success', PASSWORD_RESET_DONE);
      return reply.redirect('/login', 303);
    },
  );
}
