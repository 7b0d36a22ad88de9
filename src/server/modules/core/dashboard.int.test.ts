import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../../test/helpers/app.js';
import { createUser, signedInUser } from '../../../../test/helpers/auth.js';
import { TestClient } from '../../../../test/helpers/client.js';
import { auditLogs } from '../../platform/audit/audit.tables.js';
import { apiKeys, teamMembers, teams, users } from '../../platform/auth/auth.tables.js';
import { projects } from '../projects/read-model.js';
import { gettingStarted } from './index.js';

const CORE_STEPS = ['verify-email', 'two-factor', 'invite-teammate', 'api-token'];

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** the user's current team: the one the teams module makes at registration, or one made here */
async function teamOf(client: TestClient, userId: string) {
  const page = await client.page('/dashboard');
  if (page.props.auth.team) return page.props.auth.team.id as string;
  const id = `team-${userId}`;
  await t.app.ctx.db
    .insert(teams)
    .values({ id, name: 'Test team', slug: id, personal: true, ownerId: userId });
  await t.app.ctx.db
    .insert(teamMembers)
    .values({ id: `m-${id}`, organizationId: id, userId, role: 'owner' });
  return id;
}

describe('dashboard', () => {
  it('is only for signed-in users', async () => {
    const res = await new TestClient(t.app).get('/dashboard');
    expect([302, 303, 409]).toContain(res.statusCode);
  });

  it('shows an empty activity list and the open getting-started steps for a new user', async () => {
    const { client } = await signedInUser(t.app);
    const page = await client.page('/dashboard');
    expect(page.component).toBe('dashboard');
    // the personal team made at registration is the only activity so far
    expect((page.props.activity as Array<{ action: string }>).map((a) => a.action)).toEqual([
      'team.created',
    ]);
    // the core steps (domain modules add their own after them)
    const steps = (
      page.props.steps as Array<{ key: string; done: boolean; href: string | null }>
    ).filter((s) => CORE_STEPS.includes(s.key));
    expect(steps.map((s) => s.key)).toEqual(CORE_STEPS);
    expect(steps.map((s) => s.done)).toEqual([true, false, false, false]);
  });

  it("lists the current team's latest 10 entries, newest first, as the logs page's sentences and without IPs", async () => {
    const { user, client } = await signedInUser(t.app);
    const team = await teamOf(client, user.id);
    const base = Date.now() + 60_000; // newer than the team's own entries
    await t.app.ctx.db.insert(auditLogs).values([
      ...Array.from({ length: 12 }, (_, i) => ({
        teamId: team,
        action: i === 11 ? 'token.created' : 'custom.thing_done',
        actorName: 'Ana',
        subjectLabel: `S${i}`,
        ip: '10.0.0.1',
        createdAt: new Date(base + i * 1000),
      })),
      {
        teamId: 'another-team',
        action: 'auth.login',
        actorName: 'Eve',
        subjectLabel: 'secret',
        createdAt: new Date(base + 99_000),
      },
    ]);
    const page = await client.page('/dashboard');
    const activity = page.props.activity as Array<Record<string, unknown>>;
    expect(activity).toHaveLength(10);
    expect(activity[0]).toMatchObject({
      action: 'token.created',
      sentence: 'Ana created the API token “S11”',
      actorName: 'Ana',
      subjectLabel: 'S11',
    });
    // an action without a sentence yet is still words, never the code (issue 8 item 22)
    expect(activity[1]).toMatchObject({ sentence: 'Ana: custom thing done (“S10”)' });
    expect(activity[0]).not.toHaveProperty('label');
    expect(activity.map((a) => a.subjectLabel)).not.toContain('secret');
    expect(JSON.stringify(activity)).not.toContain('10.0.0.1');
    expect(Date.parse(activity[0].createdAt as string)).toBe(base + 11_000);
  });

  it('ticks steps from real data: a project, two-factor, a teammate, an API token', async () => {
    const { user, client } = await signedInUser(t.app);
    const team = await teamOf(client, user.id);
    const mate = await createUser(t.app);
    await t.app.ctx.db.update(users).set({ twoFactorEnabled: true }).where(eq(users.id, user.id));
    await t.app.ctx.db
      .insert(teamMembers)
      .values({ id: `m-${mate.id}`, organizationId: team, userId: mate.id, role: 'editor' });
    await t.app.ctx.db
      .insert(apiKeys)
      .values({ id: `k-${user.id}`, referenceId: user.id, key: 'hashed-key-value' });
    await t.app.ctx.db
      .insert(projects)
      .values({ teamId: team, name: 'First project', createdBy: user.id });
    const page = await client.page('/dashboard');
    expect(
      (page.props.steps as Array<{ key: string; done: boolean }>)
        .filter((s) => CORE_STEPS.includes(s.key))
        .every((s) => s.done),
    ).toBe(true);
  });

  it('an invited member sees only their own steps: nothing ticked by teammates, nothing their role cannot do', async () => {
    const { user: owner, client: ownerClient } = await signedInUser(t.app);
    const team = await teamOf(ownerClient, owner.id);
    await t.app.ctx.db
      .insert(projects)
      .values({ teamId: team, name: 'Owner project', createdBy: owner.id });
    await t.app.ctx.db
      .insert(apiKeys)
      .values({ id: `k2-${owner.id}`, referenceId: owner.id, key: 'owner-key' });
    const { user: editor, client } = await signedInUser(t.app);
    await t.app.ctx.db
      .insert(teamMembers)
      .values({ id: `m2-${editor.id}`, organizationId: team, userId: editor.id, role: 'editor' });
    await t.app.ctx.db.update(users).set({ currentTeamId: team }).where(eq(users.id, editor.id));
    const got = (await client.page('/dashboard')).props;
    expect((got.auth.team as { id: string }).id).toBe(team);
    const steps = got.steps as Array<{ key: string; done: boolean }>;
    // an editor cannot invite: the step is not offered; the owner's project and token tick nothing here
    expect(steps.map((s) => s.key)).not.toContain('invite-teammate');
    expect(steps.find((s) => s.key === 'create-project')?.done).toBe(false);
    expect(steps.find((s) => s.key === 'api-token')?.done).toBe(false);
    expect(got.returning).toBe(false);
  });

  it('says "Welcome back" only from the second visit', async () => {
    const { user, client } = await signedInUser(t.app);
    await t.app.ctx.db
      .insert(auditLogs)
      .values({ teamId: null, userId: user.id, action: 'auth.registered', actorName: user.name });
    expect((await client.page('/dashboard')).props.returning).toBe(false);
    await t.app.ctx.db
      .insert(auditLogs)
      .values({ teamId: null, userId: user.id, action: 'auth.login', actorName: user.name });
    expect((await client.page('/dashboard')).props.returning).toBe(true);
  });

  it('lets modules add steps, each linking to its route', async () => {
    const steps = gettingStarted(t.app.ctx);
    steps.push({
      key: 'linked',
      title: 'Linked',
      description: 'd',
      order: 5,
      route: 'dashboard',
      done: async () => false,
    });
    try {
      const { client } = await signedInUser(t.app);
      const got = (await client.page('/dashboard')).props.steps as Array<{
        key: string;
        href: string | null;
      }>;
      expect(got[0]).toMatchObject({ key: 'linked', href: '/dashboard' });
      expect(got.find((s) => s.key === 'api-token')?.href).toBe('/user/api-tokens');
    } finally {
      steps.splice(0, steps.length, ...steps.filter((s) => s.key !== 'linked'));
    }
  });
});
