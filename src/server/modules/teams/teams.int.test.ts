import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../../test/helpers/app.js';
import { TestClient } from '../../../../test/helpers/client.js';
import { teamMembers, teams } from '../../platform/auth/auth.tables.js';
import { teamFixtures } from './teams.test-support.js';
import { slugify } from './team-slug.js';

let t: TestApp;
const f = teamFixtures(() => t.app);
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('personal team on registration', () => {
  it('creates "<First name>\'s Team", personal, owned by the user, as their current team', async () => {
    const { user, client } = await f.user({ name: 'Ada Lovelace' });
    const team = await f.personalTeam(user.id);
    expect(team).not.toBeNull();
    expect(team!.name).toBe("Ada's Team");
    expect(team!.personal).toBe(true);
    expect(await f.roleOf(team!.id, user.id)).toBe('owner');
    expect(await f.currentTeamId(user.id)).toBe(team!.id);
    const page = await client.page('/dashboard');
    expect(page.props.auth.team).toMatchObject({
      id: team!.id,
      name: "Ada's Team",
      personal: true,
    });
    expect(page.props.auth.role).toBe('owner');
    expect(await f.audits(team!.id, 'team.created')).toHaveLength(1);
  });

  it('gives two users with the same first name different slugs', async () => {
    const a = await f.user({ name: 'Grace Hopper' });
    const b = await f.user({ name: 'Grace Kelly' });
    const ta = await f.personalTeam(a.user.id);
    const tb = await f.personalTeam(b.user.id);
    expect(ta!.name).toBe(tb!.name);
    expect(ta!.slug).not.toBe(tb!.slug);
    expect(ta!.slug.startsWith('graces-team')).toBe(true);
  });

  it('slugifies names to ASCII', () => {
    expect(slugify("  Zoë's  Équipe!! ")).toBe('zoes-equipe');
    expect(slugify('???')).toBe('team');
  });
});

describe('create a team', () => {
  it('shows the create page to verified users only', async () => {
    const { client } = await f.user();
    expect((await client.page('/teams/create')).component).toBe('teams/create');
    const guest = await new TestClient(t.app).get('/teams/create');
    expect(guest.headers.location).toBe('/login');
    const unverified = await f.user({ verified: false });
    expect((await unverified.client.get('/teams/create')).headers.location).toBe('/verify-email');
  });

  it('creates the team with the creator as owner and switches to it', async () => {
    const { user, client } = await f.user();
    const res = await client.post('/teams', { name: '  Field Research  ' });
    expect(res.statusCode).toBe(303);
    const [team] = await t.app.ctx.db.select().from(teams).where(eq(teams.name, 'Field Research'));
    expect(team).toBeDefined();
    expect(team.personal).toBe(false);
    expect(team.ownerId).toBe(user.id);
    expect(res.headers.location).toBe(`/teams/${team.id}`);
    expect(await f.roleOf(team.id, user.id)).toBe('owner');
    expect(await f.currentTeamId(user.id)).toBe(team.id);
    expect(await f.audits(team.id, 'team.created')).toHaveLength(1);
    const page = await client.page(res.headers.location as string);
    expect(page.component).toBe('teams/show');
    expect(page.props.flash.success).toContain('Field Research');
    expect(page.props.auth.team.id).toBe(team.id);
  });

  it('refuses an empty, too long or padded-with-extras name', async () => {
    const { client } = await f.user();
    const blank = await client.post(
      '/teams',
      { name: '   ' },
      { referer: 'http://localhost:80/teams/create' },
    );
    expect(blank.statusCode).toBe(303);
    expect((await client.page('/teams/create')).props.errors.name).toBe(
      'Please enter a team name.',
    );
    await client.post('/teams', { name: 'x'.repeat(101) });
    expect((await client.page('/teams/create')).props.errors.name).toMatch(/at most 100/);
    await client.post('/teams', { name: 'ok', ownerId: 'someone' });
    expect((await client.page('/teams/create')).props.errors.ownerId).toMatch(/Unknown field/);
  });
});

describe('team settings page', () => {
  it('shows members with role and joined date, and pending invitations to those who may invite', async () => {
    const owner = await f.user({ name: 'Olive Owner' });
    const viewer = await f.user({ name: 'Vic Viewer' });
    const team = await f.team(owner.user.id, 'Settings Team');
    await f.addMember(team.id, viewer.user.id, 'viewer');
    await owner.client.post(`/teams/${team.id}/invitations`, {
      email: 'pending@example.org',
      role: 'editor',
    });

    const page = await owner.client.page(`/teams/${team.id}`);
    expect(page.component).toBe('teams/show');
    expect(page.props.team).toMatchObject({ id: team.id, name: 'Settings Team', personal: false });
    expect(page.props.role).toBe('owner');
    expect(page.props.members.map((m: { name: string; role: string }) => [m.name, m.role])).toEqual(
      [
        ['Olive Owner', 'owner'],
        ['Vic Viewer', 'viewer'],
      ],
    );
    expect(Date.parse(page.props.members[0].joinedAt)).not.toBeNaN();
    expect(page.props.invitations).toHaveLength(1);
    expect(page.props.invitations[0]).toMatchObject({
      email: 'pending@example.org',
      role: 'editor',
      expired: false,
    });
    expect(page.props.can).toMatchObject({
      update: true,
      delete: true,
      invite: true,
      leave: false,
    });
    expect(page.props.roles.map((r: { key: string }) => r.key)).toEqual([
      'admin',
      'editor',
      'viewer',
    ]);

    const asViewer = await viewer.client.page(`/teams/${team.id}`);
    expect(asViewer.props.invitations).toEqual([]);
    expect(asViewer.props.can).toMatchObject({
      update: false,
      delete: false,
      invite: false,
      updateMembers: false,
      removeMembers: false,
      leave: true,
    });
  });

  it('answers 404 for a team the user is not in, and for an unknown id', async () => {
    const a = await f.user();
    const b = await f.user();
    const other = await f.team(b.user.id);
    const res = await a.client.get(`/teams/${other.id}`);
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain(other.name);
    expect((await a.client.get('/teams/does-not-exist')).statusCode).toBe(404);
  });
});

describe('rename a team', () => {
  it('lets owner and admin rename; editor and viewer get 403; outsiders 404', async () => {
    const owner = await f.user();
    const admin = await f.user();
    const editor = await f.user();
    const viewer = await f.user();
    const outsider = await f.user();
    const team = await f.team(owner.user.id, 'Old Name');
    await f.addMember(team.id, admin.user.id, 'admin');
    await f.addMember(team.id, editor.user.id, 'editor');
    await f.addMember(team.id, viewer.user.id, 'viewer');

    expect((await owner.client.put(`/teams/${team.id}`, { name: 'New Name' })).statusCode).toBe(
      303,
    );
    expect((await f.teamById(team.id))!.name).toBe('New Name');
    const [entry] = await f.audits(team.id, 'team.updated');
    expect(entry.details).toEqual({ from: 'Old Name', to: 'New Name' });

    expect((await admin.client.put(`/teams/${team.id}`, { name: 'By Admin' })).statusCode).toBe(
      303,
    );
    expect((await f.teamById(team.id))!.name).toBe('By Admin');

    expect((await editor.client.put(`/teams/${team.id}`, { name: 'By Editor' })).statusCode).toBe(
      403,
    );
    expect((await viewer.client.put(`/teams/${team.id}`, { name: 'By Viewer' })).statusCode).toBe(
      403,
    );
    expect(
      (await outsider.client.put(`/teams/${team.id}`, { name: 'By Outsider' })).statusCode,
    ).toBe(404);
    expect((await f.teamById(team.id))!.name).toBe('By Admin');
  });

  it('refuses a blank name with a field error', async () => {
    const owner = await f.user();
    const team = await f.team(owner.user.id, 'Keep Me');
    const res = await owner.client.put(
      `/teams/${team.id}`,
      { name: '' },
      { referer: `http://localhost:80/teams/${team.id}` },
    );
    expect(res.statusCode).toBe(303);
    expect((await owner.client.page(`/teams/${team.id}`)).props.errors.name).toBe(
      'Please enter a team name.',
    );
    expect((await f.teamById(team.id))!.name).toBe('Keep Me');
  });
});

describe('delete a team', () => {
  it('needs a recent password confirmation', async () => {
    const owner = await f.user();
    const team = await f.team(owner.user.id);
    const res = await owner.client.delete(`/teams/${team.id}`);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/user/confirm-password');
    expect(await f.teamById(team.id)).not.toBeNull();
  });

  it('is for the owner only (admin 403, outsider 404) and moves members off the deleted team', async () => {
    const owner = await f.user();
    const admin = await f.user();
    const outsider = await f.user();
    const team = await f.team(owner.user.id, 'Doomed');
    await f.addMember(team.id, admin.user.id, 'admin');
    await admin.client.put('/current-team', { teamId: team.id });
    expect(await f.currentTeamId(admin.user.id)).toBe(team.id);

    await f.confirmPassword(admin.user.id);
    expect((await admin.client.delete(`/teams/${team.id}`)).statusCode).toBe(403);
    await f.confirmPassword(outsider.user.id);
    expect((await outsider.client.delete(`/teams/${team.id}`)).statusCode).toBe(404);
    expect(await f.teamById(team.id)).not.toBeNull();

    await f.confirmPassword(owner.user.id);
    const res = await owner.client.delete(`/teams/${team.id}`);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/dashboard');
    expect(await f.teamById(team.id)).toBeNull();
    expect(
      await t.app.ctx.db.select().from(teamMembers).where(eq(teamMembers.organizationId, team.id)),
    ).toHaveLength(0);
    expect(await f.audits(team.id, 'team.deleted')).toHaveLength(1);
    // the admin is back in their personal team
    expect(await f.currentTeamId(admin.user.id)).toBeNull();
    const page = await admin.client.page('/dashboard');
    expect(page.props.auth.team.id).toBe((await f.personalTeam(admin.user.id))!.id);
  });

  it('refuses to delete a personal team', async () => {
    const owner = await f.user();
    const personal = await f.personalTeam(owner.user.id);
    await f.confirmPassword(owner.user.id);
    const res = await owner.client.delete(`/teams/${personal!.id}`);
    expect(res.statusCode).toBe(403);
    expect(res.json().props.message).toBe('A personal team cannot be deleted.');
    expect(await f.teamById(personal!.id)).not.toBeNull();
    expect((await owner.client.page(`/teams/${personal!.id}`)).props.can.delete).toBe(false);
  });
});

describe('switch the current team', () => {
  it('switches to a team the user belongs to', async () => {
    const owner = await f.user();
    const member = await f.user();
    const team = await f.team(owner.user.id, 'Switch Target');
    await f.addMember(team.id, member.user.id, 'editor');
    const res = await member.client.put('/current-team', { teamId: team.id });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/dashboard');
    expect(await f.currentTeamId(member.user.id)).toBe(team.id);
    const page = await member.client.page('/dashboard');
    expect(page.props.auth.team.id).toBe(team.id);
    expect(page.props.auth.role).toBe('editor');
    expect(await f.audits(team.id, 'team.switched')).toHaveLength(1);
  });

  it('answers 404 for a team the user is not in, and refuses bad input', async () => {
    const a = await f.user();
    const b = await f.user();
    const other = await f.team(b.user.id);
    const before = await f.currentTeamId(a.user.id);
    expect((await a.client.put('/current-team', { teamId: other.id })).statusCode).toBe(404);
    expect(await f.currentTeamId(a.user.id)).toBe(before);
    const bad = await a.client.put(
      '/current-team',
      {},
      { referer: 'http://localhost:80/dashboard' },
    );
    expect(bad.statusCode).toBe(303);
    expect((await a.client.page('/dashboard')).props.errors.teamId).toBe('Choose a team.');
  });
});

describe('account deletion', () => {
  it('deletes the teams the user owns and moves their members elsewhere', async () => {
    const owner = await f.user();
    const member = await f.user();
    const team = await f.team(owner.user.id, 'Owned');
    const personal = await f.personalTeam(owner.user.id);
    await f.addMember(team.id, member.user.id, 'editor');
    await member.client.put('/current-team', { teamId: team.id });
    const memberPersonal = await f.personalTeam(member.user.id);
    const coOwned = await f.team(owner.user.id, 'Co-owned');
    await f.addMember(coOwned.id, member.user.id, 'owner');
    await t.app.ctx.hooks.run(t.app.ctx.hooks.userDeleting, {
      id: owner.user.id,
      name: owner.user.name,
      email: owner.user.email,
      db: t.app.ctx.db,
    });
    expect(await f.teamById(team.id)).toBeNull();
    expect(await f.teamById(personal!.id)).toBeNull();
    expect(await f.teamById(memberPersonal!.id)).not.toBeNull();
    // a team with another owner stays, and ownership passes to that owner
    expect((await f.teamById(coOwned.id))?.ownerId).toBe(member.user.id);
    expect(await f.currentTeamId(member.user.id)).toBeNull();
    expect((await member.client.page('/dashboard')).props.auth.team.id).toBe(memberPersonal!.id);
  });
});
