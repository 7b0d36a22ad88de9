import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { withAuthWritesIn } from '../../platform/auth/auth.js';
import { guestActorOf, runGuestUseCase } from '../../platform/use-case/index.js';
import { authHeaders, forwardAuthCookies } from '../../platform/auth/bridge.js';
import { users } from '../../platform/auth/auth.tables.js';
import { ValidationError } from '../../platform/errors.js';
import { parseInput } from '../../platform/http/validate.js';
import { intendedOr } from '../../platform/http/intended.js';
import type { RouteName } from '../../../shared/route.js';
import { twoFactorChallengeSchema } from '../../../shared/profile/two-factor.schemas.js';
import {
  claimStep,
  lastStep,
  matchingStep,
  pendingChallengeUserId,
  releaseStep,
} from './two-factor.store.js';
import { challengeFailure } from './two-factor.errors.js';

/** Attempts per IP address per minute at the challenge (on top of Better Auth's 5 per sign-in and its account lock-out). */
const CHALLENGE_RATE_LIMIT = { max: 5, timeWindow: 60_000 };

/**
 * The second step of signing in. The login route (accounts) forwards Better Auth's pending
 * `two_factor` cookie after a correct password and sends the browser here; a code from the
 * authenticator app or a recovery code finishes the sign-in with a real session.
 */
export function registerChallengeRoutes(app: FastifyInstance, ctx: AppContext) {
  const to = (name: RouteName) => ctx.routes.url(name);

  const restart = (reply: FastifyReply, message: string) => {
    reply.flash({ error: message });
    return reply.redirect(to('login'), 303);
  };

  app.get(
    '/two-factor-challenge',
    { config: { name: 'two-factor.login', access: { kind: 'guest' } } },
    async (request, reply) => {
      const userId = await pendingChallengeUserId(ctx.auth, request);
      if (!userId) return restart(reply, 'Your sign-in has expired. Please sign in again.');
      return reply.inertia('auth/two-factor-challenge', {});
    },
  );

  app.post(
    '/two-factor-challenge',
    {
      config: {
        name: 'two-factor.login.store',
        access: { kind: 'guest' },
        rateLimit: {
          ...CHALLENGE_RATE_LIMIT,
          hook: 'preHandler',
          errorResponseBuilder: () => {
            const message = 'Too many attempts. Wait a minute, then try again.';
            return new ValidationError({ code: message, recoveryCode: message });
          },
        },
      },
    },
    async (request, reply) => {
      const input = parseInput(twoFactorChallengeSchema, request.body);
      const userId = await pendingChallengeUserId(ctx.auth, request);
      if (!userId) return restart(reply, 'Your sign-in has expired. Please sign in again.');
      const field = input.kind === 'totp' ? 'code' : 'recoveryCode';

      const method = input.kind === 'totp' ? 'totp' : 'recovery_code';
      // read before the transaction: Better Auth's reads outside withAuthWritesIn use the pool
      const step =
        input.kind === 'totp' ? await matchingStep(ctx.auth, ctx.db, userId, input.code) : null;

      // the spent step, Better Auth's session (or its failed-attempt count) and the audit row:
      // one transaction. A failure commits too: the attempt counts against the lock-out, and it
      // is audited, but the step it claimed is given back
      const outcome = await runGuestUseCase(ctx, guestActorOf(request), async (uc) => {
        const [u] = await uc.tx
          .select({ email: users.email, name: users.name })
          .from(users)
          .where(eq(users.id, userId))
          .limit(1);
        /** an audit entry about the user signing in (they have no session yet, so name them explicitly) */
        const auditUser = (action: string, details: Record<string, unknown>) =>
          uc.audit({
            action,
            user: { id: userId, name: u?.name ?? null, email: u?.email ?? null },
            subject: { type: 'user', id: userId, label: u?.email ?? null },
            details,
          });

        let claimed: { step: number; previous: number } | null = null;
        if (step !== null) {
          // Better Auth accepts a code for its whole ±1-step window, again and again: spend the step first
          const previous = await lastStep(uc.tx, userId);
          if (!(await claimStep(uc.tx, userId, step))) {
            await auditUser('auth.two_factor_failed', { method, reason: 'code_reused' });
            return { ok: false as const, reused: true as const };
          }
          claimed = { step, previous };
        }
        let res;
        try {
          res = await withAuthWritesIn(ctx.auth, uc.tx, () =>
            input.kind === 'totp'
              ? ctx.auth.api.verifyTOTP({
                  body: { code: input.code },
                  headers: authHeaders(request),
                  returnHeaders: true,
                })
              : ctx.auth.api.verifyBackupCode({
                  body: { code: input.code },
                  headers: authHeaders(request),
                  returnHeaders: true,
                }),
          );
        } catch (err) {
          if (claimed) await releaseStep(uc.tx, userId, claimed.step, claimed.previous);
          const failure = challengeFailure(err, field);
          await auditUser('auth.two_factor_failed', { method, reason: failure.reason });
          // Better Auth expires the pending cookie when the challenge is over
          const errHeaders = (err as { headers?: unknown }).headers;
          return {
            ok: false as const,
            reused: false as const,
            failure,
            headers: errHeaders instanceof Headers ? errHeaders : null,
          };
        }
        await auditUser('auth.login', { secondFactor: method });
        return { ok: true as const, headers: res.headers };
      });

      if (!outcome.ok) {
        if (outcome.reused)
          throw new ValidationError({
            code: 'That code has already been used. Wait for the next code in your authenticator app.',
          });
        forwardAuthCookies(reply, outcome.headers);
        if (outcome.failure.kind === 'restart') return restart(reply, outcome.failure.message);
        throw new ValidationError({ [field]: outcome.failure.message });
      }

      forwardAuthCookies(reply, outcome.headers);
      if (input.kind === 'recovery') {
        reply.flash({
          info: 'You signed in with a recovery code; it cannot be used again. You can make new codes on your profile page.',
        });
      }
      return reply.redirect(intendedOr(request, reply, ctx.config, to('dashboard')), 303);
    },
  );
}
