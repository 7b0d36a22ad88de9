import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helpers/app.js';
import { teamFixtures } from './teams.test-support.js';

let t: TestApp;
const f = teamFixtures(() => t.app);
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function crew() {
  const owner = await f.user({ name: 'Owen Owner' });
  const admin = await f.user({ name: 'Ada Admin' });
  const editor = await f.user({ name: 'Eddie Editor' });
  const viewer = await f.user({ name: 'Vera Viewer' });
  const team = await f.team(owner.user.id, 'Crew');
  await f.addMember(team.id, admin.user.id, 'admin');
  await f.addMember(team.id, editor.user.id, 'editor');
  await f.addMember(team.id, viewer.user.id, 'viewer');
  return { owner, admin, editor, viewer, team };
}

describe('change a member role', () => {
  it('lets owner and admin change roles, notifies the member and audits it', async () => {
    const { owner, admin, viewer, team } = await crew();
    const res = await admin.client.put(`/teams/${team.id}/members/${viewer.user.id}`, {
      role: 'editor',
    });
    expect(res.statusCode).toBe(303);
    expect(await f.roleOf(team.id, viewer.user.id)).toBe('editor');
    const [n] = await f.notificationsOf(viewer.user.id, 'team.role_changed');
    expect(n).toMatchObject({
      teamId: team.id,
      title: 'Your role in Crew is now Editor',
      url: `/teams/${team.id}`,
    });
    const [a] = await f.audits(team.id, 'team.member_role_changed');
    expect(a).toMatchObject({
      subjectId: viewer.user.id,
      userId: admin.user.id,
      details: { from: 'viewer', to: 'editor' },
    });

    expect(
      (await owner.client.put(`/teams/${team.id}/members/${viewer.user.id}`, { role: 'admin' }))
        .statusCode,
    ).toBe(303);
    expect(await f.roleOf(team.id, viewer.user.id)).toBe('admin');
  });

  it('forbids editors and viewers (403)', async () => {
    const { editor, viewer, team } = await crew();
    expect(
      (await editor.client.put(`/teams/${team.id}/members/${viewer.user.id}`, { role: 'admin' }))
        .statusCode,
    ).toBe(403);
    expect(
      (await viewer.client.put(`/teams/${team.id}/members/${editor.user.id}`, { role: 'viewer' }))
        .statusCode,
    ).toBe(403);
    expect(await f.roleOf(team.id, viewer.user.id)).toBe('viewer');
    expect(await f.roleOf(team.id, editor.user.id)).toBe('editor');
  });

  it('never demotes the owner, and never makes a second owner', async () => {
    const { owner, admin, viewer, team } = await crew();
    const res = await admin.client.put(`/teams/${team.id}/members/${owner.user.id}`, {
      role: 'viewer',
    });
    expect(res.statusCode).toBe(403);
    expect(await f.roleOf(team.id, owner.user.id)).toBe('owner');
    expect(
      (await owner.client.put(`/teams/${team.id}/members/${owner.user.id}`, { role: 'admin' }))
        .statusCode,
    ).toBe(403);
    expect(await f.roleOf(team.id, owner.user.id)).toBe('owner');

    const promote = await owner.client.put(
      `/teams/${team.id}/members/${viewer.user.id}`,
      { role: 'owner' },
      { referer: `http://localhost:80/teams/${team.id}` },
    );
    expect(promote.statusCode).toBe(303);
    expect(await f.roleOf(team.id, viewer.user.id)).toBe('viewer');
    expect((await owner.client.page(`/teams/${team.id}`)).props.errors.role).toMatch(
      /Choose a role: admin, editor, viewer/,
    );
  });

  it('answers 404 for a member of another team and for a team the actor is not in', async () => {
    const { admin, team } = await crew();
    const stranger = await f.user();
    const elsewhere = await f.team(stranger.user.id);
    expect(
      (await admin.client.put(`/teams/${team.id}/members/${stranger.user.id}`, { role: 'viewer' }))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await admin.client.put(`/teams/${elsewhere.id}/members/${stranger.user.id}`, {
          role: 'viewer',
        })
      ).statusCode,
    ).toBe(404);
    expect(await f.roleOf(elsewhere.id, admin.user.id)).toBeNull();
  });
});

describe('remove a member', () => {
  it('lets an admin remove a member: membership gone, notified, audited, their current team reset', async () => {
    const { admin, editor, team } = await crew();
    await editor.client.put('/current-team', { teamId: team.id });
    const res = await admin.client.delete(`/teams/${team.id}/members/${editor.user.id}`);
    expect(res.statusCode).toBe(303);
    expect(await f.roleOf(team.id, editor.user.id)).toBeNull();
    expect(await f.currentTeamId(editor.user.id)).toBeNull();
    const [n] = await f.notificationsOf(editor.user.id, 'team.member_removed');
    expect(n.title).toBe('You were removed from Crew');
    expect(await f.audits(team.id, 'team.member_removed')).toHaveLength(1);
    // the removed member can no longer see the team
    expect((await editor.client.get(`/teams/${team.id}`)).statusCode).toBe(404);
  });

  it('forbids editors and viewers from removing others (403)', async () => {
    const { editor, viewer, admin, team } = await crew();
    expect(
      (await viewer.client.delete(`/teams/${team.id}/members/${editor.user.id}`)).statusCode,
    ).toBe(403);
    expect(
      (await editor.client.delete(`/teams/${team.id}/members/${admin.user.id}`)).statusCode,
    ).toBe(403);
    expect(await f.roleOf(team.id, editor.user.id)).toBe('editor');
    expect(await f.roleOf(team.id, admin.user.id)).toBe('admin');
  });

  it('never removes the owner', async () => {
    const { owner, admin, team } = await crew();
    expect(
      (await admin.client.delete(`/teams/${team.id}/members/${owner.user.id}`)).statusCode,
    ).toBe(403);
    expect(await f.roleOf(team.id, owner.user.id)).toBe('owner');
  });

  it('answers 404 for a user of another team', async () => {
    const { admin, team } = await crew();
    const stranger = await f.user();
    const elsewhere = await f.team(stranger.user.id);
    expect(
      (await admin.client.delete(`/teams/${team.id}/members/${stranger.user.id}`)).statusCode,
    ).toBe(404);
    expect(
      (await admin.client.delete(`/teams/${elsewhere.id}/members/${stranger.user.id}`)).statusCode,
    ).toBe(404);
    expect(await f.roleOf(elsewhere.id, stranger.user.id)).toBe('owner');
  });
});

describe('leave a team', () => {
  it('lets any non-owner member leave (even a viewer)', async () => {
    const { viewer, team } = await crew();
    const res = await viewer.client.delete(`/teams/${team.id}/members/${viewer.user.id}`);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/dashboard');
    expect(await f.roleOf(team.id, viewer.user.id)).toBeNull();
    expect(await f.audits(team.id, 'team.member_left')).toHaveLength(1);
    expect(await f.notificationsOf(viewer.user.id, 'team.member_removed')).toHaveLength(0);
  });

  it('refuses the last owner', async () => {
    const { owner, team } = await crew();
    const res = await owner.client.delete(`/teams/${team.id}/members/${owner.user.id}`);
    expect(res.statusCode).toBe(403);
    expect(res.json().props.message).toMatch(/owner cannot leave/);
    expect(await f.roleOf(team.id, owner.user.id)).toBe('owner');
  });
});

describe('transfer ownership', () => {
  it('moves ownership to another member; the old owner becomes admin', async () => {
    const { owner, editor, team } = await crew();
    await f.confirmPassword(owner.user.id);
    const res = await owner.client.put(`/teams/${team.id}/owner`, { userId: editor.user.id });
    expect(res.statusCode).toBe(303);
    expect(await f.roleOf(team.id, editor.user.id)).toBe('owner');
    expect(await f.roleOf(team.id, owner.user.id)).toBe('admin');
    expect((await f.teamById(team.id))!.ownerId).toBe(editor.user.id);
    expect(await f.notificationsOf(editor.user.id, 'team.role_changed')).toHaveLength(1);
    // the former owner may now leave
    expect(
      (await owner.client.delete(`/teams/${team.id}/members/${owner.user.id}`)).statusCode,
    ).toBe(303);
  });

  it('is for the owner only, needs password confirmation, and only to a member', async () => {
    const { owner, admin, viewer, team } = await crew();
    const unconfirmed = await owner.client.put(`/teams/${team.id}/owner`, {
      userId: viewer.user.id,
    });
    expect(unconfirmed.headers.location).toBe('/user/confirm-password');
    await f.confirmPassword(admin.user.id);
    expect(
      (await admin.client.put(`/teams/${team.id}/owner`, { userId: admin.user.id })).statusCode,
    ).toBe(403);
    await f.confirmPassword(owner.user.id);
    const stranger = await f.user();
    expect(
      (await owner.client.put(`/teams/${team.id}/owner`, { userId: stranger.user.id })).statusCode,
    ).toBe(404);
    expect(await f.roleOf(team.id, owner.user.id)).toBe('owner');
    expect(await f.roleOf(team.id, viewer.user.id)).toBe('viewer');
  });
});
