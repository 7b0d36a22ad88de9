import type { FastifyInstance, FastifyRequest } from 'fastify';
import { accountActorOf, runAccountUseCase } from '../../platform/use-case/index.js';
import type { AppContext } from '../../platform/context.js';
import { withAuthWritesIn } from '../../platform/auth/auth.js';
import { authHeaders, forwardAuthCookies } from '../../platform/auth/bridge.js';
import { ValidationError } from '../../platform/errors.js';
import { parseInput } from '../../platform/http/validate.js';
import type { RouteName } from '../../../shared/route.js';
import { confirmTwoFactorSchema } from '../../../shared/profile/two-factor.schemas.js';
import {
  beginTwoFactorSetup,
  claimStep,
  disableTwoFactor,
  matchingStep,
  regenerateRecoveryCodes,
  twoFactorState,
} from './two-factor.store.js';
import { challengeFailure } from './two-factor.errors.js';

const SENSITIVE = { kind: 'verified', confirmPassword: true } as const;

function userOf(request: FastifyRequest) {
  const actor = request.actor;
  if (!actor) throw new Error('access control let an anonymous request through');
  return actor.user;
}

/**
 * Jetstream's two-factor management, every route behind a recent password confirmation:
 * enable (a new secret, shown as a QR code on the profile page), confirm (a code from the app
 * turns it on), show / regenerate recovery codes, disable.
 */
export function registerTwoFactorRoutes(app: FastifyInstance, ctx: AppContext) {
  const to = (name: RouteName) => ctx.routes.url(name);

  app.post(
    '/user/two-factor-authentication',
    { config: { name: 'two-factor.enable', access: SENSITIVE } },
    async (request, reply) => {
      const user = userOf(request);
      const state = await twoFactorState(ctx.db, user.id);
      if (state.enabled) {
        reply.flash({
          error: 'Two-factor authentication is already on. Disable it first to set up another app.',
        });
        return reply.redirect(to('profile.show'), 303);
      }
      await runAccountUseCase(ctx, accountActorOf(request), async (uc) => {
        await beginTwoFactorSetup(ctx.auth, uc.tx, user.id);
        await uc.audit({
          action: 'two_factor.setup_started',
          subject: { type: 'user', id: user.id, label: user.email },
        });
      });
      reply.flash({
        info: 'Scan the QR code with your authenticator app, then enter the 6-digit code it shows to finish.',
      });
      return reply.redirect(to('profile.show'), 303);
    },
  );

  app.post(
    '/user/confirmed-two-factor-authentication',
    { config: { name: 'two-factor.confirm', access: SENSITIVE } },
    async (request, reply) => {
      const user = userOf(request);
      const { code } = parseInput(confirmTwoFactorSchema, request.body);
      const state = await twoFactorState(ctx.db, user.id);
      if (!state.pending) {
        reply.flash({
          error: state.enabled
            ? 'Two-factor authentication is already on.'
            : 'There is no set-up to confirm: enable two-factor authentication first.',
        });
        return reply.redirect(to('profile.show'), 303);
      }
      const step = await matchingStep(ctx.auth, ctx.db, user.id, code);
      if (step === null)
        throw new ValidationError({
          code: 'That code is not valid. Enter the current 6-digit code from your authenticator app (check that your phone’s clock is right).',
        });
      const headers = await runAccountUseCase(ctx, accountActorOf(request), async (uc) => {
        // the time-step is spent in the same transaction: a failed confirmation gives it back
        if (!(await claimStep(uc.tx, user.id, step)))
          throw new ValidationError({
            code: 'That code was already used. Wait for the next code in your app.',
          });
        let rotated: Headers;
        try {
          // Better Auth marks the secret verified, turns two-factor on and rotates this session,
          // its writes inside this transaction
          ({ headers: rotated } = await withAuthWritesIn(ctx.auth, uc.tx, () =>
            ctx.auth.api.verifyTOTP({
              body: { code },
              headers: authHeaders(request),
              returnHeaders: true,
            }),
          ));
        } catch (err) {
          throw new ValidationError({ code: challengeFailure(err, 'code').message });
        }
        await uc.audit({
          action: 'two_factor.enabled',
          subject: { type: 'user', id: user.id, label: user.email },
          details: { method: 'totp' },
        });
        return rotated;
      });
      // the rotated session's cookie only once two-factor is on for good
      forwardAuthCookies(reply, headers);
      reply.flash({
        success:
          'Two-factor authentication is on. Store these recovery codes somewhere safe: each one signs you in once if you lose your phone.',
      });
      return reply.redirect(to('two-factor.recovery-codes'), 303);
    },
  );

  app.post(
    '/user/two-factor-recovery-codes',
    { config: { name: 'two-factor.regenerate-recovery-codes', access: SENSITIVE } },
    async (request, reply) => {
      const user = userOf(request);
      const state = await twoFactorState(ctx.db, user.id);
      if (!state.enabled) {
        reply.flash({ error: 'Two-factor authentication is off, so there are no recovery codes.' });
        return reply.redirect(to('profile.show'), 303);
      }
      await runAccountUseCase(ctx, accountActorOf(request), async (uc) => {
        await regenerateRecoveryCodes(ctx.auth, uc.tx, user.id);
        await uc.audit({
          action: 'two_factor.recovery_codes_regenerated',
          subject: { type: 'user', id: user.id, label: user.email },
        });
      });
      reply.flash({ success: 'New recovery codes are ready. The old ones no longer work.' });
      return reply.redirect(to('two-factor.recovery-codes'), 303);
    },
  );

  app.delete(
    '/user/two-factor-authentication',
    { config: { name: 'two-factor.disable', access: SENSITIVE } },
    async (request, reply) => {
      const user = userOf(request);
      const state = await twoFactorState(ctx.db, user.id);
      if (!state.enabled && !state.pending) {
        reply.flash({ info: 'Two-factor authentication was already off.' });
        return reply.redirect(to('profile.show'), 303);
      }
      await runAccountUseCase(ctx, accountActorOf(request), async (uc) => {
        await disableTwoFactor(uc.tx, user.id);
        await uc.audit({
          action: state.enabled ? 'two_factor.disabled' : 'two_factor.setup_cancelled',
          subject: { type: 'user', id: user.id, label: user.email },
        });
      });
      if (state.enabled) {
        reply.flash({
          success: 'Two-factor authentication is off. Signing in now needs only your password.',
        });
      } else {
        reply.flash({ info: 'Two-factor set-up cancelled.' });
      }
      return reply.redirect(to('profile.show'), 303);
    },
  );
}
