/**
 * The matrix checks itself on synthetic routes (one per access kind, two of them deliberately
 * broken), so we know it passes correct routes and catches wrong ones before real routes rely on it.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildApp } from '../../src/server/app.js';
import { sessions, teamMembers, teams, users } from '../../src/server/platform/auth/auth.tables.js';
import { notFound } from '../../src/server/platform/errors.js';
import { TEST_APP_KEY } from '../helpers/app.js';
import { freshDatabase } from '../helpers/database.js';
import { Matrix } from './matrix.js';
import { buildWorld, worldIntact, type World } from './world.js';
import type { RouteExpectation } from './route-expectations.js';

const database = await freshDatabase();
const app = await buildApp({
  database,
  migrate: false,
  logger: false,
  env: { NODE_ENV: 'test', APP_URL: 'http://localhost:3000' },
  config: { appKey: TEST_APP_KEY },
  assets: { version: 'test', dev: false, headTags: '' },
});
const ok = { ok: true };
app.get(
  '/selftest/teams/:team',
  { config: { name: 'selftest.teams.show', access: { kind: 'team', permission: 'team.view' } } },
  async (request) => {
    if ((request.params as { team: string }).team !== request.actor!.team!.id)
      throw notFound('Team');
    return ok;
  },
);
app.delete(
  '/selftest/teams/:team',
  {
    config: { name: 'selftest.teams.destroy', access: { kind: 'team', permission: 'team.delete' } },
  },
  async (request, reply) => {
    const id = (request.params as { team: string }).team;
    if (id !== request.actor!.team!.id) throw notFound('Team');
    await app.ctx.db.delete(teams).where(eq(teams.id, id));
    return reply.redirect('/dashboard', 303);
  },
);
// BUG on purpose: not scoped to the actor's team
app.get(
  '/selftest/leaky/:team',
  { config: { name: 'selftest.leaky', access: { kind: 'team', permission: 'team.view' } } },
  async () => ok,
);
// BUG on purpose: opts out of CSRF without being a machine route
app.post(
  '/selftest/no-csrf',
  { config: { name: 'selftest.no-csrf', access: { kind: 'verified' }, csrf: false } },
  async () => ok,
);
app.post(
  '/selftest/sensitive',
  { config: { name: 'selftest.sensitive', access: { kind: 'verified', confirmPassword: true } } },
  async () => ok,
);
app.post(
  '/selftest/guest',
  { config: { name: 'selftest.guest', access: { kind: 'guest' } } },
  async () => ok,
);
app.post(
  '/api/selftest/items',
  {
    config: {
      name: 'selftest.api.items',
      access: { kind: 'api', ability: 'create', permission: 'content.create' },
    },
  },
  async () => ok,
);
await app.ready();
afterAll(async () => {
  await app.close();
  await database.close();
});

const matrix = await new Matrix(app).init();
const route = (name: string) => app.ctx.routes.byName.get(name)!;
const exp = (access: string): RouteExpectation => ({ access });

describe('the authorization matrix on synthetic routes', () => {
  it('passes a correctly scoped team route, as every role, the outsider, guests and the unverified', async () => {
    expect(await matrix.checkRoute(route('selftest.teams.show'), exp('team:team.view'))).toEqual(
      [],
    );
  });

  it('passes a destructive team route and rebuilds the cast after the owner deleted team A', async () => {
    const before = matrix.rebuilds;
    expect(
      await matrix.checkRoute(route('selftest.teams.destroy'), exp('team:team.delete')),
    ).toEqual([]);
    await matrix.ensureWorld();
    expect(matrix.rebuilds).toBe(before + 1);
  });

  it('passes guest and api routes (abilities, role permissions, other team)', async () => {
    expect(await matrix.checkRoute(route('selftest.guest'), exp('guest'))).toEqual([]);
    expect(
      await matrix.checkRoute(route('selftest.api.items'), exp('api:create:content.create')),
    ).toEqual([]);
    expect(await matrix.checkCsrf(route('selftest.guest'))).toEqual([]);
  });

  it('catches a route that serves another team its records', async () => {
    const problems = await matrix.checkRoute(route('selftest.leaky'), exp('team:team.view'));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/as outsider: expected not-found, got allowed/);
  });

  it('catches a state-changing route without CSRF protection', async () => {
    const problems = await matrix.checkCsrf(route('selftest.no-csrf'));
    expect(problems.length).toBe(6);
    expect(problems.join('\n')).toMatch(/as owner with no token: expected 419, got 200/);
  });

  it('checks the password confirmation of sensitive routes (and would catch its absence)', async () => {
    expect(await matrix.checkConfirmPassword(route('selftest.sensitive'))).toEqual([]);
    const missing = await matrix.checkConfirmPassword(route('selftest.guest'));
    expect(missing.join('\n')).toMatch(/expected a redirect to \/user\/confirm-password/);
  });
});

describe('worldIntact', () => {
  it('is true for a cast as built, and false after each change that breaks it', async () => {
    const db = app.ctx.db;
    const breaks: Array<[string, (w: World) => Promise<unknown>]> = [
      [
        'a role changed',
        (w) =>
          db
            .update(teamMembers)
            .set({ role: 'viewer' })
            .where(eq(teamMembers.userId, w.members.editor.id)),
      ],
      [
        'a session ended',
        (w) => db.delete(sessions).where(eq(sessions.token, w.members.admin.sessionToken)),
      ],
      [
        'an email unverified',
        (w) =>
          db.update(users).set({ emailVerified: false }).where(eq(users.id, w.members.viewer.id)),
      ],
      [
        'another current team',
        (w) =>
          db
            .update(users)
            .set({ currentTeamId: w.teamB.id })
            .where(eq(users.id, w.members.owner.id)),
      ],
      ['team B deleted', (w) => db.delete(teams).where(eq(teams.id, w.teamB.id))],
    ];
    for (const [what, change] of breaks) {
      const w = await buildWorld(app);
      expect(await worldIntact(w), `as built, before ${what}`).toBe(true);
      await change(w);
      expect(await worldIntact(w), what).toBe(false);
    }
  });
});
