import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { authErrorMessage, authHeaders, forwardAuthCookies } from '../../platform/auth/bridge.js';
import { parseInput } from '../../platform/http/validate.js';
import { ValidationError } from '../../platform/errors.js';
import { audit } from '../../platform/audit/audit.js';
import { registerSchema } from '../../../shared/accounts/accounts.schemas.js';
import { flashStatus, formBody, RATE_LIMITS } from './accounts.http.js';
import { findUserByEmail } from './accounts.users.js';
import { startVerificationFlow } from './verification-flow.js';

export const EMAIL_TAKEN = 'That email address is already registered.';

/** GET/POST /register: create the account, sign in, then the verification notice. */
export function registerRegisterRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/register', { config: { name: 'register', access: { kind: 'guest' } } }, async (_request, reply) => reply.inertia('auth/register', {}));

  app.post('/register', { config: { name: 'register', access: { kind: 'guest' }, rateLimit: RATE_LIMITS.register } }, async (request, reply) => {
    const input = parseInput(registerSchema, formBody(request));
    if (await findUserByEmail(ctx.db, input.email)) throw new ValidationError({ email: EMAIL_TAKEN });

    let headers: Headers;
    let user: { id: string; name: string; email: string };
    let mailFailed = false;
    try {
      const res = await ctx.auth.api.signUpEmail({
        body: { name: input.name, email: input.email, password: input.password },
        headers: authHeaders(request),
        returnHeaders: true,
      });
      headers = res.headers;
      user = res.response.user;
    } catch (err) {
      const e = authErrorMessage(err);
      if (e.code === 'USER_ALREADY_EXISTS' || e.code === 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL') throw new ValidationError({ email: EMAIL_TAKEN });
      if (e.code === 'PASSWORD_TOO_SHORT' || e.code === 'PASSWORD_TOO_LONG') throw new ValidationError({ password: e.message });
      // the account exists but the verification mail could not be sent: sign in anyway,
      // the notice page offers to send it again
      const created = await findUserByEmail(ctx.db, input.email);
      if (!created) throw err;
      request.log.error({ err, userId: created.id }, 'verification mail failed at registration');
      const res = await ctx.auth.api.signInEmail({ body: { email: input.email, password: input.password }, headers: authHeaders(request), returnHeaders: true });
      headers = res.headers;
      user = created;
      mailFailed = true;
    }
    forwardAuthCookies(reply, headers);
    // this browser started the verification: its link signs it in (another browser's does not)
    startVerificationFlow(reply, user.email, ctx.config.appKey, ctx.config.appUrl.startsWith('https://'));
    await audit(ctx.db, request, { action: 'auth.registered', teamId: null, userId: user.id, actorName: user.name, actorEmail: user.email, subjectType: 'user', subjectId: user.id, subjectLabel: user.email });
    if (mailFailed) flashStatus(reply, 'error', 'Your account was created, but we could not send the verification email. Please use the button below to try again.');
    return reply.redirect('/verify-email', 303);
  });
}
