import { AsyncLocalStorage } from 'node:async_hooks';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from '@better-auth/drizzle-adapter';
import { twoFactor, organization } from 'better-auth/plugins';
import { createAccessControl } from 'better-auth/plugins/access';
import { apiKey } from '@better-auth/api-key';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import * as t from './auth.tables.js';
import { passwordHasher } from './password-hash.js';
import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from '../../../shared/accounts/accounts.schemas.js';
import { TOKEN_NAME_MAX } from '../../../shared/api-tokens/api-tokens.schemas.js';

/**
 * What the auth library calls back into the app for (mail, team set-up).
 * Modules provide these in app.ts so this platform file knows no domain.
 */
export interface AuthCallbacks {
  sendVerificationEmail(
    user: { id: string; email: string; name: string },
    url: string,
  ): Promise<void>;
  sendResetPassword(user: { id: string; email: string; name: string }, url: string): Promise<void>;
  afterUserCreated(user: { id: string; email: string; name: string }): Promise<void>;
  /** where the library's own log lines go (our pino logger) */
  log?: (level: 'debug' | 'info' | 'warn' | 'error', message: string) => void;
}

/**
 * Better Auth logs a wrong API key as an ERROR; anyone can send wrong keys, so that would let
 * strangers flood the error log. Expected refusals are debug lines here; the API answers 401.
 */
const EXPECTED_REFUSALS = [/Failed to validate API key/i, /Invalid API key/i];

export const PASSWORD_MIN = PASSWORD_MIN_LENGTH;
export const PASSWORD_MAX = PASSWORD_MAX_LENGTH;
/** how long links in account mail stay valid (the mail templates state it) */
export const EMAIL_VERIFICATION_TTL_S = 60 * 60 * 24;
export const PASSWORD_RESET_TTL_S = 60 * 60;

// team roles through Better Auth's organization access control (our own matrix lives in shared/permissions.ts)
const ac = createAccessControl({
  organization: ['update', 'delete'],
  member: ['create', 'update', 'delete'],
  invitation: ['create', 'cancel'],
} as const);
const teamRoles = {
  owner: ac.newRole({
    organization: ['update', 'delete'],
    member: ['create', 'update', 'delete'],
    invitation: ['create', 'cancel'],
  }),
  admin: ac.newRole({
    organization: ['update'],
    member: ['create', 'update', 'delete'],
    invitation: ['create', 'cancel'],
  }),
  editor: ac.newRole({}),
  viewer: ac.newRole({}),
};

const AUTH_SCHEMA = {
  user: t.users,
  session: t.sessions,
  account: t.accounts,
  verification: t.verifications,
  twoFactor: t.twoFactors,
  organization: t.teams,
  member: t.teamMembers,
  invitation: t.teamInvitations,
  apikey: t.apiKeys,
};

type AdapterFactory = ReturnType<typeof drizzleAdapter>;
type AuthAdapter = ReturnType<AdapterFactory>;

/** The transaction `withAuthWritesIn` is running in (for the callbacks Better Auth makes inside it). */
const callerTx = new AsyncLocalStorage<Db>();

/**
 * The transaction Better Auth's writes have joined, when called back from inside
 * `withAuthWritesIn` (mail to queue, the user-created hooks): their writes go on it too, so they
 * commit or roll back with the use case (and on one connection they do not wait on it forever).
 */
export function joinedAuthTx(): Db | undefined {
  return callerTx.getStore();
}

/** The transaction Better Auth's writes join while `withAuthWritesIn(auth, tx, fn)` runs. */
const joinedTx = new WeakMap<object, <T>(tx: Db, fn: () => Promise<T>) => Promise<T>>();

/**
 * Better Auth's database adapter, made to follow the caller's transaction: inside
 * `withAuthWritesIn(tx, fn)` every read and write Better Auth makes (its internal adapter and
 * its plugins' `ctx.context.adapter` alike) goes through an adapter bound to `tx`, so a change
 * Better Auth makes (a password, a session, an API key, two-factor on) commits or rolls back
 * with the use case's own change and audit row. Outside it, the adapter is the plain one.
 */
function joinableAdapter(db: Db) {
  const current = new AsyncLocalStorage<AuthAdapter>();
  let options: Parameters<AdapterFactory>[0] | null = null;
  const factory = (opts: Parameters<AdapterFactory>[0]) => {
    options = opts;
    const base = drizzleAdapter(db as never, { provider: 'pg', schema: AUTH_SCHEMA })(opts);
    return new Proxy(base, {
      get: (target, prop) => Reflect.get(current.getStore() ?? target, prop),
    });
  };
  const join = <T>(tx: Db, fn: () => Promise<T>): Promise<T> => {
    if (!options) throw new Error('Better Auth has not built its adapter yet');
    const bound = drizzleAdapter(tx as never, { provider: 'pg', schema: AUTH_SCHEMA })(options);
    return callerTx.run(tx, () => current.run(bound, fn));
  };
  return { factory, join };
}

/**
 * Run `fn` (calls to `auth.api.*`) with Better Auth's database writes inside the transaction
 * `tx` (a use case's `uc.tx`): they commit or roll back with it.
 */
export function withAuthWritesIn<T>(auth: Auth, tx: Db, fn: () => Promise<T>): Promise<T> {
  const join = joinedTx.get(auth);
  if (!join) throw new Error('this Better Auth instance was not made by createAuth');
  return join(tx, fn);
}

export function createAuth(config: Config, db: Db, callbacks: AuthCallbacks) {
  const adapter = joinableAdapter(db);
  const auth = makeAuth(config, adapter.factory, callbacks);
  joinedTx.set(auth, adapter.join);
  return auth;
}

function makeAuth(
  config: Config,
  database: (opts: Parameters<AdapterFactory>[0]) => AuthAdapter,
  callbacks: AuthCallbacks,
) {
  return betterAuth({
    appName: config.appName,
    baseURL: config.appUrl,
    basePath: '/api/auth',
    secret: config.appKey,
    trustedOrigins: [config.appUrl],
    database,
    user: {
      additionalFields: {
        currentTeamId: { type: 'string', required: false, input: false },
        passwordConfirmedAt: { type: 'date', required: false, input: false },
      },
      changeEmail: { enabled: true, updateEmailWithoutVerification: false },
      deleteUser: { enabled: true },
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN,
      maxPasswordLength: PASSWORD_MAX,
      requireEmailVerification: false, // unverified users sign in but reach only the verification notice
      // Better Auth's scrypt and format; a lower work factor in the test environment (password-hash.ts)
      password: passwordHasher(config.env),
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: PASSWORD_RESET_TTL_S,
      sendResetPassword: async ({ user, token }) => {
        await callbacks.sendResetPassword(
          user,
          `${config.appUrl}/reset-password/${encodeURIComponent(token)}?email=${encodeURIComponent(user.email)}`,
        );
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      expiresIn: EMAIL_VERIFICATION_TTL_S,
      sendVerificationEmail: async ({ user, token }) => {
        await callbacks.sendVerificationEmail(
          user,
          `${config.appUrl}/verify-email/${encodeURIComponent(token)}`,
        );
      },
    },
    session: {
      expiresIn: 60 * 60 * 24 * 14,
      updateAge: 60 * 60 * 24,
    },
    databaseHooks: {
      user: {
        create: {
          after: async (user) => {
            await callbacks.afterUserCreated(user);
          },
        },
      },
    },
    // our routes do rate limiting and CSRF themselves (server-side auth.api calls skip Better Auth's)
    rateLimit: { enabled: false },
    telemetry: { enabled: false },
    logger: {
      log: (level, message) => {
        const lvl = EXPECTED_REFUSALS.some((re) => re.test(message)) ? 'debug' : level;
        callbacks.log?.(lvl, `[auth] ${message}`);
      },
    },
    advanced: {
      cookiePrefix: 'pathways',
      useSecureCookies: config.appUrl.startsWith('https://'),
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
    },
    plugins: [
      twoFactor({ issuer: config.appName }),
      organization({
        ac,
        roles: teamRoles,
        creatorRole: 'owner',
        allowUserToCreateOrganization: true,
        invitationExpiresIn: 60 * 60 * 24 * 7,
      }),
      apiKey({
        defaultPrefix: 'pw_',
        enableMetadata: true,
        // the shared schema's limit (the library's own default is 32: longer names were refused with a 400 page)
        maximumNameLength: TOKEN_NAME_MAX,
        rateLimit: { enabled: false },
      }),
    ],
  });
}

export type Auth = ReturnType<typeof makeAuth>;
