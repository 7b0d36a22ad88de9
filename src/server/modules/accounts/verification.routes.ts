import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { authErrorMessage, authHeaders, forwardAuthCookies } from '../../platform/auth/bridge.js';
import { withAuthWritesIn } from '../../platform/auth/auth.js';
import { guestActorOf, runGuestUseCase } from '../../platform/use-case/index.js';
import { flashStatus, RATE_LIMITS } from './accounts.http.js';
import { findUserByEmail } from './accounts.users.js';
import {
  dropSessionFrom,
  endVerificationFlow,
  startedHere,
  startVerificationFlow,
  withoutCookies,
} from './verification-flow.js';

export const VERIFIED = 'Your email address has been verified. Welcome!';
export const VERIFIED_SIGN_IN = 'Your email address has been verified. Please sign in.';
export const VERIFIED_OTHER =
  'That link verified the email address of another account. You are still signed in as yourself.';
export const LINK_EXPIRED = 'This verification link has expired. Please request a new one.';
export const LINK_INVALID = 'This verification link is invalid. Please request a new one.';
export const ALREADY_VERIFIED = 'Your email address is already verified.';
export const LINK_SENT = 'A new verification link has been sent to your email address.';

/**
 * What a verification token (a JWT) is about. Decoded without checking the signature, so it
 * only picks lookups and messages; Better Auth's verifyEmail decides whether it is valid.
 */
function peekToken(token: string): { email: string | null; changeConfirmation: boolean } {
  try {
    const payload = JSON.parse(
      Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'),
    ) as { email?: unknown; updateTo?: unknown; requestType?: unknown };
    const email = typeof payload.updateTo === 'string' ? payload.updateTo : payload.email;
    return {
      email: typeof email === 'string' ? email : null,
      changeConfirmation: payload.requestType === 'change-email-confirmation',
    };
  } catch {
    return { email: null, changeConfirmation: false };
  }
}

/** The verification notice, resending the link, and following it. */
export function registerVerificationRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get(
    '/verify-email',
    { config: { name: 'verification.notice', access: { kind: 'auth' } } },
    async (request, reply) => {
      const actor = request.actor!;
      if (actor.user.emailVerified) return reply.redirect('/dashboard');
      return reply.inertia('auth/verify-email', { email: actor.user.email });
    },
  );

  app.post(
    '/email/verification-notification',
    {
      config: {
        name: 'verification.send',
        access: { kind: 'auth' },
        rateLimit: RATE_LIMITS.verificationSend,
      },
    },
    async (request, reply) => {
      const actor = request.actor!;
      if (actor.user.emailVerified) return reply.redirect('/dashboard', 303);
      try {
        await ctx.auth.api.sendVerificationEmail({
          body: { email: actor.user.email },
          headers: authHeaders(request),
        });
        startVerificationFlow(
          reply,
          actor.user.email,
          ctx.config.appKey,
          ctx.config.appUrl.startsWith('https://'),
        );
        flashStatus(reply, 'success', LINK_SENT);
      } catch (err) {
        request.log.error({ err, userId: actor.user.id }, 'verification mail failed');
        flashStatus(
          reply,
          'error',
          'We could not send the verification email just now. Please try again in a few minutes.',
        );
      }
      return reply.redirect('/verify-email', 303);
    },
  );

  app.get<{ Params: { token: string } }>(
    '/verify-email/:token',
    {
      config: {
        name: 'verification.verify',
        access: { kind: 'public' },
        rateLimit: RATE_LIMITS.verificationVisit,
      },
    },
    async (request, reply) => {
      const { token } = request.params;
      const signedIn = Boolean(request.actor && !request.actor.token);
      const peek = peekToken(token);
      // sign in only the browser that started this verification, or that is already its owner's
      const owner =
        signedIn &&
        peek.email !== null &&
        request.actor!.user.email.toLowerCase() === peek.email.toLowerCase();
      const maySignIn = owner || startedHere(request, peek.email, ctx.config.appKey);
      // the address verified, the session (kept or dropped) and the audit row: one transaction
      const outcome = await runGuestUseCase(ctx, guestActorOf(request), async (uc) => {
        const before = peek.email ? await findUserByEmail(uc.tx, peek.email) : undefined;
        let headers: Headers;
        try {
          const res = await withAuthWritesIn(ctx.auth, uc.tx, () =>
            ctx.auth.api.verifyEmail({
              query: { token },
              headers: maySignIn ? authHeaders(request) : withoutCookies(authHeaders(request)),
              returnHeaders: true,
            }),
          );
          headers = res.headers;
        } catch (err) {
          const e = authErrorMessage(err);
          if (e.status >= 500) throw err;
          uc.unaudited('an invalid or expired link changes nothing');
          return { ok: false as const, expired: e.code === 'TOKEN_EXPIRED' };
        }
        if (!maySignIn) await dropSessionFrom(uc.tx, headers);
        const user =
          peek.changeConfirmation || before?.emailVerified || !peek.email
            ? undefined
            : await findUserByEmail(uc.tx, peek.email);
        if (user?.emailVerified)
          await uc.audit({
            action: 'auth.email_verified',
            user,
            subject: { type: 'user', id: user.id, label: user.email },
          });
        // a change of address confirmed at the old one (audited when the new one is verified),
        // or an address verified before: at most a session for the browser that started it
        else uc.unaudited('no address became verified');
        return { ok: true as const, headers, alreadyVerified: Boolean(before?.emailVerified) };
      });
      if (!outcome.ok) {
        const message = outcome.expired ? LINK_EXPIRED : LINK_INVALID;
        flashStatus(
          reply,
          'error',
          signedIn ? message : `${message} Sign in to have it sent again.`,
        );
        return reply.redirect(signedIn ? '/verify-email' : '/login', 302);
      }
      if (maySignIn) {
        forwardAuthCookies(reply, outcome.headers);
        endVerificationFlow(request, reply);
      }
      if (peek.changeConfirmation) {
        const message =
          'Thank you. We have sent a link to your new email address: follow it to complete the change.';
        if (signedIn) reply.flash({ info: message });
        else flashStatus(reply, 'info', message);
        return reply.redirect(signedIn ? '/dashboard' : '/login', 302);
      }
      if (outcome.alreadyVerified) {
        if (signedIn) reply.flash({ info: ALREADY_VERIFIED });
        else flashStatus(reply, 'info', ALREADY_VERIFIED);
        return reply.redirect(signedIn ? '/dashboard' : '/login', 302);
      }
      if (maySignIn) {
        reply.flash({ success: VERIFIED });
        return reply.redirect('/dashboard', 302);
      }
      // someone else's link: verified, but this browser stays as it was
      if (signedIn) {
        reply.flash({ info: VERIFIED_OTHER });
        return reply.redirect('/dashboard', 302);
      }
      flashStatus(reply, 'success', VERIFIED_SIGN_IN);
      return reply.redirect('/login', 302);
    },
  );
}
