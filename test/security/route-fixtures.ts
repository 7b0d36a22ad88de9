import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { sessions, teamInvitations } from '../../src/server/platform/auth/auth.tables.js';
import { notifications } from '../../src/server/modules/notifications/notifications.tables.js';
import type { TestUser } from '../helpers/auth.js';
import { createToken, type World } from './world.js';
import { RESULTS_PARAM_FIXTURES } from './domains/rows.js';
import { FORMS_PARAM_FIXTURES } from './domains/forms.js';
import { DOMAIN_ROUTE_BODIES, DOMAIN_ROUTE_PARAM_FIXTURES } from './domains/index.js';

/**
 * URL parameter -> a record of TEAM A that the route acts on. The authorization matrix and the
 * bad-input tests fill every `:param` of every route from here, so a team B member asking for it
 * must get 404 (another team's ids never answer 403, never leak).
 *
 * Adding a route with a new parameter name? Add a fixture here (create the row in team A, return
 * its id). A parameter whose meaning differs on one route (e.g. `:token` = a password-reset token,
 * not an API token id) goes in ROUTE_PARAM_FIXTURES under the route name.
 */
export interface FixtureContext {
  world: World;
  /** the user the request is made as when they belong to team A, else team A's owner */
  self: TestUser;
}
export type ParamFixture = (c: FixtureContext) => Promise<string> | string;

export const PARAM_FIXTURES: Record<string, ParamFixture> = {
  /** team A itself */
  team: ({ world }) => world.teamA.id,
  /** a member of team A that no test signs in as (member management acts on them) */
  user: ({ world }) => world.target.id,
  member: ({ world }) => world.target.id,
  /** a pending invitation to team A */
  invitation: async ({ world, self }) => {
    const id = randomUUID();
    await world.app.ctx.db.insert(teamInvitations).values({
      id,
      organizationId: world.teamA.id,
      email: `invitee.${id.slice(0, 8)}@example.org`,
      role: 'viewer',
      status: 'pending',
      expiresAt: new Date(Date.now() + 7 * 24 * 3600 * 1000),
      inviterId: self.id,
    });
    return id;
  },
  /** an API token of the acting user in team A (tokens belong to one user) */
  token: async ({ world, self }) =>
    (await createToken(world.app, self.id, world.teamA.id, ['read'], 'fixture token')).id,
  /** a notification of the acting user in team A */
  notification: async ({ world, self }) => {
    const [row] = await world.app.ctx.db
      .insert(notifications)
      .values({
        userId: self.id,
        teamId: world.teamA.id,
        type: 'test.fixture',
        title: 'Fixture notification',
      })
      .returning({ id: notifications.id });
    return row.id;
  },
  /** another browser session of the acting user */
  session: async ({ world, self }) => {
    const res = (await world.app.ctx.auth.api.signInEmail({
      body: { email: self.email, password: self.password },
    })) as { token: string };
    const [row] = await world.app.ctx.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.token, res.token));
    return row.id;
  },
  /** the Pusher-compatible HTTP API's app id (signed machine routes) */
  appId: ({ world }) => world.app.ctx.config.pusher.appId,
  /** projects, problems, elements, links, metrics, data points, ... (test/security/domains/rows.ts) */
  ...RESULTS_PARAM_FIXTURES,
  /** forms, questions, responses, stakeholders, links and public tokens (test/security/domains/forms.ts) */
  ...FORMS_PARAM_FIXTURES,
};

/** route name -> parameter -> fixture, for parameters whose meaning differs on that route. */
export const ROUTE_PARAM_FIXTURES: Record<string, Record<string, ParamFixture>> = {
  'notifications.read': { id: (c) => PARAM_FIXTURES.notification(c) },
  ...DOMAIN_ROUTE_PARAM_FIXTURES,
};

/**
 * route name -> a VALID request body for its state-changing method(s), made for the acting user.
 * Without one the matrix sends `{}`: a route that validates before it looks the record up then
 * refuses the outsider's input instead of answering 404, and the scoping goes unchecked.
 */
export type BodyFixture = (
  c: FixtureContext,
) => Promise<Record<string, unknown>> | Record<string, unknown>;
export const ROUTE_BODIES: Record<string, BodyFixture | Partial<Record<string, BodyFixture>>> = {
  'teams.update': () => ({ name: 'Renamed by the matrix' }),
  'teams.transfer': ({ world }) => ({ userId: world.target.id }),
  'team-members.update': () => ({ role: 'editor' }),
  'team-invitations.store': () => ({
    email: `invitee.${randomUUID().slice(0, 8)}@example.org`,
    role: 'viewer',
  }),
  'api-tokens.update': () => ({ abilities: ['read'] }),
  ...DOMAIN_ROUTE_BODIES,
};

export function bodyFor(routeName: string, method: string): BodyFixture | undefined {
  const b = ROUTE_BODIES[routeName];
  if (!b) return undefined;
  return typeof b === 'function' ? b : b[method];
}

export function fixtureFor(routeName: string, param: string): ParamFixture | undefined {
  return ROUTE_PARAM_FIXTURES[routeName]?.[param] ?? PARAM_FIXTURES[param];
}

export function missingFixtureMessage(routeName: string, url: string, param: string) {
  return (
    `route ${routeName} (${url}) has URL parameter ':${param}' with no fixture: add '${param}' to PARAM_FIXTURES ` +
    `in test/security/route-fixtures.ts (create the record in team A and return its id), or to ROUTE_PARAM_FIXTURES['${routeName}'] ` +
    `if it means something special on this route.`
  );
}
