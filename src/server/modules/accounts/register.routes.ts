import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { authErrorMessage, authHeaders } from '../../platform/auth/bridge.js';
import { sessions } from '../../platform/auth/auth.tables.js';
import { parseInput } from '../../platform/http/validate.js';
import { ValidationError } from '../../platform/errors.js';
import { withAuthWritesIn } from '../../platform/auth/auth.js';
import { guestActorOf, runGuestUseCase } from '../../platform/use-case/index.js';
import { registerSchema } from '../../../shared/accounts/accounts.schemas.js';
import { flashStatus, formBody, padTo, RATE_LIMITS } from './accounts.http.js';
import { findUserByEmail } from './accounts.users.js';
import { startVerificationFlow } from './verification-flow.js';

/** What every registration hears, whether the address was new or already had an account (no enumeration). */
export const REGISTERED =
  'We have sent you an email. Open the link in it to finish creating your account.';
/** both answers take at least this long, so timing does not tell them apart either */
const REGISTER_MIN_MS = 600;

/**
 * GET/POST /register. The answer never says whether the address already has an account (issue 8):
 * a new address gets its account and a verification link, a known one a mail telling its holder
 * that someone tried; both browsers see the same message on the sign-in page, and the link signs in
 * the browser that registered (verification-flow.ts).
 */
export function registerRegisterRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get(
    '/register',
    { config: { name: 'register', access: { kind: 'guest' } } },
    async (_request, reply) => reply.inertia('auth/register', {}),
  );

  app.post(
    '/register',
    { config: { name: 'register', access: { kind: 'guest' }, rateLimit: RATE_LIMITS.register } },
    async (request, reply) => {
      const input = parseInput(registerSchema, formBody(request));
      const started = performance.now();
      const existing = await findUserByEmail(ctx.db, input.email);
      if (existing) await tellHolder(ctx, request, existing);
      else {
        try {
          // the user, their personal team, the verification mail's job and the audit row: one transaction
          await runGuestUseCase(ctx, guestActorOf(request), async (uc) => {
            let res;
            try {
              res = await withAuthWritesIn(ctx.auth, uc.tx, () =>
                ctx.auth.api.signUpEmail({
                  body: { name: input.name, email: input.email, password: input.password },
                  headers: authHeaders(request),
                }),
              );
            } catch (err) {
              const e = authErrorMessage(err);
              if (e.code === 'PASSWORD_TOO_SHORT' || e.code === 'PASSWORD_TOO_LONG')
                throw new ValidationError({ password: e.message });
              throw err;
            }
            // signed in only by the verification link, in this browser
            if (res.token) await uc.tx.delete(sessions).where(eq(sessions.token, res.token));
            const user = res.user;
            await uc.audit({
              action: 'auth.registered',
              user,
              subject: { type: 'user', id: user.id, label: user.email },
            });
          });
        } catch (err) {
          if (err instanceof ValidationError) throw err;
          // nothing of this request was kept; the address may have been registered meanwhile
          const created = await findUserByEmail(ctx.db, input.email);
          if (!created) throw err;
          const e = authErrorMessage(err);
          if (
            e.code === 'USER_ALREADY_EXISTS' ||
            e.code === 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL'
          )
            await tellHolder(ctx, request, created);
          else throw err;
        }
      }
      startVerificationFlow(
        reply,
        input.email,
        ctx.config.appKey,
        ctx.config.appUrl.startsWith('https://'),
      );
      await padTo(started, REGISTER_MIN_MS);
      flashStatus(reply, 'success', REGISTERED);
      return reply.redirect('/login', 303);
    },
  );
}

async function tellHolder(
  ctx: AppContext,
  request: FastifyRequest,
  user: { id: string; name: string; email: string },
) {
  try {
    await ctx.mail.enqueue('accounts.registration-attempt', { userId: user.id });
  } catch (err) {
    request.log.error({ err, userId: user.id }, 'registration-attempt mail could not be queued');
  }
}
