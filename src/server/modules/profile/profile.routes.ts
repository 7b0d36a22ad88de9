import type { FastifyInstance, FastifyRequest } from 'fastify';
import { accountActorOf, runAccountUseCase } from '../../platform/use-case/index.js';
import type { AppContext } from '../../platform/context.js';
import type { Actor } from '../../platform/auth/actor.js';
import { authErrorMessage, authHeaders, forwardAuthCookies } from '../../platform/auth/bridge.js';
import { withAuthWritesIn } from '../../platform/auth/auth.js';
import type { Db } from '../../platform/db/client.js';
import { ValidationError } from '../../platform/errors.js';
import { parseInput } from '../../platform/http/validate.js';
import type { RouteName } from '../../../shared/route.js';
import {
  passwordOnlySchema,
  updatePasswordSchema,
  updateProfileInformationSchema,
} from '../../../shared/profile/profile.schemas.js';
import { twoFactorState } from '../two-factor/index.js';
import { profilePageProps } from './profile.props.js';
import { updateProfileInformation } from './profile.service.js';
import { revokeOtherSessions } from './browser-sessions.js';
import { deleteAccount, describeTeams, planAccountDeletion } from './account-deletion.js';
import { plural } from '../../../shared/format/plural.js';

const actorOf = (request: FastifyRequest) => request.actor as Actor;

/** Per user, on routes that check the password: 10 tries a minute, then an error on the field. */
function passwordRateLimit(field: string) {
  return {
    max: 10,
    timeWindow: 60_000,
    hook: 'preHandler' as const,
    keyGenerator: (request: FastifyRequest) => `password:${request.actor?.user.id ?? request.ip}`,
    errorResponseBuilder: () =>
      new ValidationError({ [field]: 'Too many attempts. Wait a minute, then try again.' }),
  };
}

/** Is this the signed-in user's password? (Better Auth checks the hash.) */
async function passwordMatches(
  ctx: AppContext,
  request: FastifyRequest,
  password: string,
): Promise<boolean> {
  try {
    await ctx.auth.api.verifyPassword({ body: { password }, headers: authHeaders(request) });
    return true;
  } catch (err) {
    if (authErrorMessage(err).code === 'INVALID_PASSWORD') return false;
    throw err;
  }
}

/**
 * Better Auth's changePassword, its writes inside the use case's transaction `tx`: the new
 * credential, every session of the user revoked, a new one for this browser (its cookie in the
 * returned headers).
 */
async function changePassword(
  ctx: AppContext,
  tx: Db,
  request: FastifyRequest,
  input: { currentPassword: string; password: string },
): Promise<Headers> {
  try {
    const { headers } = await withAuthWritesIn(ctx.auth, tx, () =>
      ctx.auth.api.changePassword({
        body: {
          currentPassword: input.currentPassword,
          newPassword: input.password,
          revokeOtherSessions: true,
        },
        headers: authHeaders(request),
        returnHeaders: true,
      }),
    );
    return headers;
  } catch (err) {
    const e = authErrorMessage(err);
    if (e.code === 'INVALID_PASSWORD')
      throw new ValidationError({ currentPassword: 'That is not your current password.' });
    if (e.code === 'PASSWORD_TOO_SHORT' || e.code === 'PASSWORD_TOO_LONG')
      throw new ValidationError({ password: e.message });
    if (e.code === 'CREDENTIAL_ACCOUNT_NOT_FOUND')
      throw new ValidationError({ currentPassword: 'Your account has no password to change.' });
    throw err;
  }
}

export function registerProfileRoutes(app: FastifyInstance, ctx: AppContext) {
  const to = (name: RouteName) => ctx.routes.url(name);

  app.get(
    '/user/profile',
    { config: { name: 'profile.show', access: { kind: 'verified' } } },
    async (request, reply) => {
      return reply.inertia('profile/show', { ...(await profilePageProps(ctx, request)) });
    },
  );

  // the profile page with the recovery codes shown (behind a fresh password confirmation)
  app.get(
    '/user/two-factor-recovery-codes',
    {
      config: {
        name: 'two-factor.recovery-codes',
        access: { kind: 'verified', confirmPassword: true },
      },
    },
    async (request, reply) => {
      const state = await twoFactorState(ctx.db, actorOf(request).user.id);
      if (!state.enabled) {
        reply.flash({ error: 'Two-factor authentication is off, so there are no recovery codes.' });
        return reply.redirect(to('profile.show'));
      }
      return reply.inertia('profile/show', {
        ...(await profilePageProps(ctx, request, { showRecoveryCodes: true })),
      });
    },
  );

  app.put(
    '/user/profile-information',
    { config: { name: 'user-profile-information.update', access: { kind: 'verified' } } },
    async (request, reply) => {
      const { user } = actorOf(request);
      const input = parseInput(updateProfileInformationSchema, request.body);
      const change = await runAccountUseCase(ctx, accountActorOf(request), (uc) =>
        updateProfileInformation(uc, user, input, authHeaders(request)),
      );
      if (!change.nameChanged && !change.emailChanged) {
        reply.flash({ info: 'Nothing to save: your name and email address are unchanged.' });
        return reply.redirect(to('profile.show'), 303);
      }
      if (change.emailChanged) {
        reply.flash({
          success: `Saved. We sent a verification link to ${input.email}: open it to confirm your new address. Until then your account is limited to this notice.`,
        });
        return reply.redirect(to('verification.notice'), 303);
      }
      reply.flash({ success: 'Profile saved.' });
      return reply.redirect(to('profile.show'), 303);
    },
  );

  app.put(
    '/user/password',
    {
      config: {
        name: 'user-password.update',
        access: { kind: 'verified' },
        rateLimit: passwordRateLimit('currentPassword'),
      },
    },
    async (request, reply) => {
      const { user } = actorOf(request);
      const input = parseInput(updatePasswordSchema, request.body);
      const headers = await runAccountUseCase(ctx, accountActorOf(request), async (uc) => {
        const changed = await changePassword(ctx, uc.tx, request, input);
        await uc.audit({
          action: 'user.password_changed',
          subject: { type: 'user', id: user.id, label: user.email },
          details: { otherSessionsSignedOut: true },
        });
        return changed;
      });
      // the new session's cookie only once the new password and the session swap have committed
      forwardAuthCookies(reply, headers);
      reply.flash({ success: 'Password updated. Your other browser sessions were signed out.' });
      return reply.redirect(to('profile.show'), 303);
    },
  );

  app.delete(
    '/user/other-browser-sessions',
    {
      config: {
        name: 'other-browser-sessions.destroy',
        access: { kind: 'verified' },
        rateLimit: passwordRateLimit('password'),
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const { password } = parseInput(passwordOnlySchema, request.body);
      if (!(await passwordMatches(ctx, request, password)))
        throw new ValidationError({ password: 'That password is not correct.' });
      const count = await runAccountUseCase(ctx, accountActorOf(request), async (uc) => {
        const gone = actor.sessionId
          ? await revokeOtherSessions(uc.tx, actor.user.id, actor.sessionId)
          : 0;
        await uc.audit({
          action: 'user.sessions_revoked',
          subject: { type: 'user', id: actor.user.id, label: actor.user.email },
          details: { count: gone },
        });
        return gone;
      });
      reply.flash({
        success: count
          ? `Signed out of ${plural(count, 'other browser session')}.`
          : 'There were no other browser sessions to sign out.',
      });
      return reply.redirect(to('profile.show'), 303);
    },
  );

  app.delete(
    '/user',
    {
      config: {
        name: 'current-user.destroy',
        access: { kind: 'verified' },
        rateLimit: passwordRateLimit('password'),
      },
    },
    async (request, reply) => {
      const { user } = actorOf(request);
      const { password } = parseInput(passwordOnlySchema, request.body);
      if (!(await passwordMatches(ctx, request, password)))
        throw new ValidationError({ password: 'That password is not correct.' });
      await runAccountUseCase(ctx, accountActorOf(request), async (uc) => {
        const plan = await planAccountDeletion(uc.tx, user.id);
        if (plan.blocking.length) {
          throw new ValidationError({
            teams: `You still own teams with other members: ${describeTeams(plan.blocking)}. Transfer their ownership to another member or delete those teams first.`,
          });
        }
        // other modules clean up what belongs to the user (files, jobs, ...), in this transaction
        await ctx.hooks.run(ctx.hooks.userDeleting, {
          id: user.id,
          email: user.email,
          name: user.name,
          db: uc.tx,
        });
        await deleteAccount(uc.tx, user.id, plan);
        await uc.audit({
          action: 'user.deleted',
          teamId: null,
          subject: { type: 'user', id: user.id, label: user.email },
          details: {
            teamsDeleted: plan.deleted.map((t) => ({ id: t.id, name: t.name })),
            teamsLeft: plan.left.map((t) => ({ id: t.id, name: t.name })),
          },
        });
      });
      // the sessions went with the user; end this browser's session cookies too
      const ac = await ctx.auth.$context;
      for (const c of [
        ac.authCookies.sessionToken,
        ac.authCookies.sessionData,
        ac.authCookies.dontRememberToken,
      ]) {
        reply.clearCookie(c.name, {
          path: c.attributes.path ?? '/',
          secure: c.attributes.secure,
          sameSite: 'lax',
          httpOnly: true,
        });
      }
      reply.flash({ success: 'Your account has been deleted.' });
      return reply.redirect(to('welcome'), 303);
    },
  );
}
