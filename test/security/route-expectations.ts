import type { Access } from '../../src/server/platform/routes/registry.js';
import { roleCan } from '../../src/shared/permissions.js';

/**
 * The authorization matrix: EVERY named route, with its access rule pinned. The matrix test
 * derives who may call it from the declared access (see `expectedOutcome`), runs it as every
 * actor and compares. A route missing here fails the test; so does a route whose declared access
 * no longer matches the pinned one (loosening a rule must be a visible, reviewed change).
 *
 * Pinned access strings: 'public' | 'guest' | 'auth' | 'verified' | 'verified+confirm' |
 * 'team:<permission>' | 'team:<permission>+confirm' | 'api:<ability>' | 'api:<ability>:<permission>' | 'signed'.
 *
 * `overrides` is for routes whose handler does extra checks beyond the declared access
 * (always with the reason). `noBody` marks routes that take no request body (the bad-input
 * property tests skip them; every other non-GET route must reject an unknown field).
 */
export type Outcome =
  | 'allowed'
  | 'login'
  | 'verify-email'
  | 'dashboard'
  | 'confirm-password'
  | 'unauthenticated'
  | 'forbidden'
  | 'not-found'
  | 'csrf'
  | 'server-error';

export const SESSION_ACTORS = ['anonymous', 'anonymous-json', 'unverified', 'outsider', 'viewer', 'editor', 'admin', 'owner'] as const;
export const TOKEN_ACTORS = ['no-token', 'session-cookie', 'token-lacking-ability', 'token-outsider', 'token-viewer', 'token-editor', 'token-admin', 'token-owner'] as const;
export type ActorName = (typeof SESSION_ACTORS)[number] | (typeof TOKEN_ACTORS)[number];

export interface RouteExpectation {
  access: string;
  overrides?: { reason: string } & Partial<Record<ActorName, Outcome | Outcome[]>>;
  /** why this route takes no body */
  noBody?: string;
  /** why this non-GET route may skip CSRF although it is neither 'signed' nor a bearer API route */
  csrfExempt?: string;
}

export const ROUTE_EXPECTATIONS: Record<string, RouteExpectation> = {
  // core pages
  welcome: {
    access: 'public',
    overrides: { reason: 'the welcome page sends verified users on to their dashboard', owner: ['allowed', 'dashboard'] },
  },
  'terms.show': { access: 'public' },
  'policy.show': { access: 'public' },
  dashboard: { access: 'verified' },
};

/** The pinned form of a declared access rule. */
export function accessString(a: Access): string {
  switch (a.kind) {
    case 'verified':
      return a.confirmPassword ? 'verified+confirm' : 'verified';
    case 'team':
      return `team:${a.permission}${a.confirmPassword ? '+confirm' : ''}`;
    case 'api':
      return `api:${a.ability}${a.permission ? `:${a.permission}` : ''}`;
    default:
      return a.kind;
  }
}

const ROLE_OF: Partial<Record<ActorName, 'owner' | 'admin' | 'editor' | 'viewer'>> = {
  owner: 'owner',
  admin: 'admin',
  editor: 'editor',
  viewer: 'viewer',
  'token-owner': 'owner',
  'token-admin': 'admin',
  'token-editor': 'editor',
  'token-viewer': 'viewer',
  // the outsider owns team B and acts in it
  outsider: 'owner',
  'token-outsider': 'owner',
};

/**
 * What the declared access implies for an actor. `scoped` = the URL names records of team A
 * (so the outsider, acting in team B, must get 404 once past the access check).
 * Passwords are confirmed in the matrix run, so confirmPassword routes behave as plain ones here
 * (a separate test checks the confirm-password redirect).
 */
export function expectedOutcome(a: Access, actor: ActorName, scoped: boolean): Outcome | Outcome[] {
  const role = ROLE_OF[actor];
  switch (a.kind) {
    case 'public':
      return 'allowed';
    case 'signed':
      // machine routes authenticate the request themselves: nobody here has a valid signature
      return ['unauthenticated', 'forbidden'];
    case 'guest':
      return actor === 'anonymous' || actor === 'anonymous-json' ? 'allowed' : 'dashboard';
    case 'api':
      if (actor === 'no-token' || actor === 'session-cookie') return 'unauthenticated';
      if (actor === 'token-lacking-ability') return 'forbidden';
      if (a.permission && !roleCan(role, a.permission)) return 'forbidden';
      if (actor === 'token-outsider' && scoped) return 'not-found';
      return 'allowed';
    default: {
      if (actor === 'anonymous') return 'login';
      if (actor === 'anonymous-json') return 'unauthenticated';
      if (actor === 'unverified') return a.kind === 'auth' ? (scoped ? 'not-found' : 'allowed') : 'verify-email';
      if (a.kind === 'team' && !roleCan(role, a.permission)) return 'forbidden';
      if (actor === 'outsider' && scoped) return 'not-found';
      return 'allowed';
    }
  }
}

export function notInMatrixMessage(name: string, url: string, methods: string[], access: Access) {
  return (
    `route ${name} is not in the authorization matrix: add  '${name}': { access: '${accessString(access)}' },  ` +
    `to ROUTE_EXPECTATIONS in test/security/route-expectations.ts (${methods.join(',')} ${url}); add overrides only ` +
    `for checks its handler makes beyond the declared access, with the reason.`
  );
}
