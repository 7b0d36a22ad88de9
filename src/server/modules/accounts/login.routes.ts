import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { authHeaders, authErrorMessage, forwardAuthCookies } from '../../platform/auth/bridge.js';
import { parseInput } from '../../platform/http/validate.js';
import { ValidationError } from '../../platform/errors.js';
import { withAuthWritesIn } from '../../platform/auth/auth.js';
import {
  accountActorOf,
  guestActorOf,
  runAccountUseCase,
  runGuestUseCase,
} from '../../platform/use-case/index.js';
import { loginSchema } from '../../../shared/accounts/accounts.schemas.js';
import { formBody, LOGIN_PER_IP, RATE_LIMITS } from './accounts.http.js';
import { createLimit, inAbout } from '../../platform/rate-limit/limit.js';
import { intendedOr, keepIntended } from '../../platform/http/intended.js';
import { findUserByEmail } from './accounts.users.js';

export const LOGIN_FAILED = 'These credentials do not match our records.';
/** the two-factor challenge page (built by the profile module, route 'two-factor.login') */
const TWO_FACTOR_CHALLENGE_URL = '/two-factor-challenge';

/** GET/POST /login, POST /logout */
export function registerLoginRoutes(app: FastifyInstance, ctx: AppContext) {
  const perIp = createLimit(app, {
    ...LOGIN_PER_IP,
    message: (s) => `Too many sign-in attempts from your network. Please try again ${inAbout(s)}.`,
  });

  app.get(
    '/login',
    { config: { name: 'login', access: { kind: 'guest' } } },
    async (request, reply) => {
      keepIntended(request, reply, ctx.config);
      return reply.inertia('auth/login', {});
    },
  );

  app.post(
    '/login',
    {
      config: { name: 'login', access: { kind: 'guest' }, rateLimit: RATE_LIMITS.login },
      preHandler: perIp,
    },
    async (request, reply) => {
      const input = parseInput(loginSchema, formBody(request));
      const actor = guestActorOf(request);
      // the session Better Auth creates and the audit row commit together
      const outcome = await runGuestUseCase(ctx, actor, async (uc) => {
        let res;
        try {
          res = await withAuthWritesIn(ctx.auth, uc.tx, () =>
            ctx.auth.api.signInEmail({
              body: {
                email: input.email,
                password: input.password,
                rememberMe: input.remember ?? false,
              },
              headers: authHeaders(request),
              returnHeaders: true,
            }),
          );
        } catch (err) {
          const e = authErrorMessage(err);
          if (e.status >= 500) throw err;
          uc.unaudited('a refused sign-in changes nothing; it is audited in its own transaction');
          return { failed: true as const };
        }
        const body = res.response as {
          twoFactorRedirect?: boolean;
          user?: { id: string; name: string; email: string };
        };
        if (body.twoFactorRedirect) {
          // only the pending challenge: the sign-in is audited when the second factor is given
          uc.unaudited('password accepted; the sign-in is audited at the two-factor challenge');
          return { failed: false as const, headers: res.headers, twoFactor: true };
        }
        const user = body.user!;
        await uc.audit({
          action: 'auth.login',
          user,
          subject: { type: 'user', id: user.id, label: user.email },
        });
        return { failed: false as const, headers: res.headers, twoFactor: false };
      });
      if (outcome.failed) {
        // the email tried (never the password); linked to the account when there is one, so its owner can see attempts
        await runGuestUseCase(ctx, actor, async (uc) => {
          const target = await findUserByEmail(uc.tx, input.email);
          await uc.audit({
            action: 'auth.login_failed',
            user: { id: target?.id ?? null, name: target?.name ?? null, email: input.email },
            subject: { type: 'user', id: target?.id ?? null, label: input.email },
            details: { email: input.email },
          });
        });
        throw new ValidationError({ email: LOGIN_FAILED });
      }
      forwardAuthCookies(reply, outcome.headers);
      if (outcome.twoFactor) return reply.redirect(TWO_FACTOR_CHALLENGE_URL, 303);
      return reply.redirect(intendedOr(request, reply, ctx.config, '/dashboard'), 303);
    },
  );

  app.post(
    '/logout',
    { config: { name: 'logout', access: { kind: 'auth' } } },
    async (request, reply) => {
      const actor = request.actor!;
      const headers = await runAccountUseCase(ctx, accountActorOf(request), async (uc) => {
        // Better Auth deletes the session inside this transaction
        const res = await withAuthWritesIn(ctx.auth, uc.tx, () =>
          ctx.auth.api.signOut({ headers: authHeaders(request), returnHeaders: true }),
        );
        await uc.audit({
          action: 'auth.logout',
          teamId: null,
          subject: { type: 'user', id: actor.user.id, label: actor.user.email },
        });
        return res.headers;
      });
      forwardAuthCookies(reply, headers);
      return reply.redirect('/', 303);
    },
  );
}
