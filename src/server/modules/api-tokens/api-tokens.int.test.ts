import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../../test/helpers/app.js';
import { signedInUser } from '../../../../test/helpers/auth.js';
import {
  addMember,
  createTeamFor,
  removeMember,
} from '../../../../test/helpers/team-membership.js';
import { auditLogs } from '../../platform/audit/audit.tables.js';
import { apiKeys, teamMembers, users } from '../../platform/auth/auth.tables.js';
import type { TestClient } from '../../../../test/helpers/client.js';
import { createApiToken } from './index.js';
import { TOKEN_NAME_MAX } from '../../../shared/api-tokens/api-tokens.schemas.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function userWithTeam() {
  const { user, client } = await signedInUser(t.app);
  const team = await createTeamFor(t.app, user.id);
  return { user, client, team };
}

/** Create a token through the page and read its plain text from the one flash response. */
async function createThroughPage(client: TestClient, name: string, abilities: string[]) {
  const res = await client.post('/user/api-tokens', { name, abilities });
  expect(res.statusCode).toBe(303);
  expect(res.headers.location).toBe('/user/api-tokens');
  const page = await client.page('/user/api-tokens');
  const token = page.props.flash.data?.token as string;
  expect(token).toMatch(/^pw_/);
  const row = page.props.tokens.find((x: { name: string }) => x.name === name);
  return { token, id: row.id as string, page };
}

const me = (token: string) =>
  t.app.inject({ method: 'GET', url: '/api/v1/me', headers: { authorization: `Bearer ${token}` } });

describe('API tokens page', () => {
  it('shows the plain token once, in the flash after creation, never in the list', async () => {
    const { client } = await userWithTeam();
    const { token, page } = await createThroughPage(client, 'CI deploys', ['read', 'update']);
    expect(page.component).toBe('api-tokens/index');
    const listed = page.props.tokens as Array<Record<string, unknown>>;
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({
      name: 'CI deploys',
      abilities: ['read', 'update'],
      lastUsedAt: null,
    });
    expect(JSON.stringify(listed)).not.toContain(token);

    const again = await client.get('/user/api-tokens');
    expect(again.body).not.toContain(token);
    expect(again.json().props.flash.data).toBeNull();
    // the stored row holds a hash, not the token
    const rows = await t.app.ctx.db.select().from(apiKeys);
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('validates the name and the abilities on the field', async () => {
    const { client } = await userWithTeam();
    const r1 = await client.post(
      '/user/api-tokens',
      { name: '  ', abilities: ['read'] },
      { referer: 'http://localhost:3000/user/api-tokens' },
    );
    expect(r1.statusCode).toBe(303);
    let page = await client.page('/user/api-tokens');
    expect(page.props.errors.name).toBe('Give the token a name.');
    await client.post('/user/api-tokens', { name: 'x', abilities: [] });
    page = await client.page('/user/api-tokens');
    expect(page.props.errors.abilities).toBe('Choose at least one ability.');
    await client.post('/user/api-tokens', { name: 'x', abilities: ['admin'] });
    page = await client.page('/user/api-tokens');
    expect(page.props.errors['abilities.0']).toMatch(/read, create, update or delete/);
    expect(page.props.tokens).toHaveLength(0);
  });

  it('accepts every name length the shared schema allows; a longer one is refused on the field, never a 400 page', async () => {
    const { client } = await userWithTeam();
    // 33 to 100 characters crashed to a full-page "400 Bad request" (the auth library's limit was 32)
    for (const length of [33, TOKEN_NAME_MAX])
      await createThroughPage(client, 'n'.repeat(length), ['read']);
    const tooLong = await client.post(
      '/user/api-tokens',
      { name: 'n'.repeat(TOKEN_NAME_MAX + 1), abilities: ['read'] },
      { referer: 'http://localhost:3000/user/api-tokens' },
    );
    expect(tooLong.statusCode).toBe(303);
    const page = await client.page('/user/api-tokens');
    expect(page.props.errors.name).toBe(`The name may be at most ${TOKEN_NAME_MAX} characters.`);
    expect(page.props.tokens).toHaveLength(2);
  });

  it('a user without a team gets a field error instead of a token', async () => {
    const { user, client } = await signedInUser(t.app);
    // registration gives everyone a personal team (teams module): take the user out of all teams
    await t.app.ctx.db.delete(teamMembers).where(eq(teamMembers.userId, user.id));
    expect((await client.page('/user/api-tokens')).props.team).toBeNull();
    await client.post('/user/api-tokens', { name: 'x', abilities: ['read'] });
    const page = await client.page('/user/api-tokens');
    expect(page.props.errors.name).toMatch(/Join or create a team/);
    expect(await t.app.ctx.db.select().from(apiKeys)).not.toContainEqual(
      expect.objectContaining({ name: 'x' }),
    );
  });

  it('lists only the user’s tokens for the current team', async () => {
    const { user, client, team } = await userWithTeam();
    await createThroughPage(client, 'first team token', ['read']);
    const other = await createTeamFor(t.app, user.id, 'Second team'); // becomes current
    let page = await client.page('/user/api-tokens');
    expect(page.props.tokens).toHaveLength(0);
    expect(page.props.team.id).toBe(other.id);
    await t.app.ctx.db.update(users).set({ currentTeamId: team.id }).where(eq(users.id, user.id)); // switch back
    page = await client.page('/user/api-tokens');
    expect(page.props.tokens.map((x: { name: string }) => x.name)).toEqual(['first team token']);
  });
});

describe('abilities, editing, deleting', () => {
  it('/api/v1/me answers with read; a token without read gets 403; editing abilities takes effect', async () => {
    const { user, client, team } = await userWithTeam();
    const reader = await createThroughPage(client, 'reader', ['read']);
    const ok = await me(reader.token);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({
      user: { id: user.id, name: user.name, email: user.email },
      team: { id: team.id, name: team.name },
      role: 'owner',
      abilities: ['read'],
    });

    const writer = await createThroughPage(client, 'writer', ['create']);
    const denied = await me(writer.token);
    expect(denied.statusCode).toBe(403);
    expect(denied.headers['content-type']).toContain('application/problem+json');
    expect(denied.json()).toMatchObject({ status: 403, code: 'ABILITY_MISSING' });

    const put = await client.put(`/user/api-tokens/${writer.id}`, {
      abilities: ['create', 'read'],
    });
    expect(put.statusCode).toBe(303);
    const after = await me(writer.token);
    expect(after.statusCode).toBe(200);
    expect(after.json().abilities).toEqual(['read', 'create']);

    await client.put(`/user/api-tokens/${writer.id}`, { abilities: ['delete'] });
    expect((await me(writer.token)).statusCode).toBe(403);
  });

  it('deleting revokes the token', async () => {
    const { client } = await userWithTeam();
    const { token, id } = await createThroughPage(client, 'short lived', ['read']);
    expect((await me(token)).statusCode).toBe(200);
    const del = await client.delete(`/user/api-tokens/${id}`);
    expect(del.statusCode).toBe(303);
    const res = await me(token);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ status: 401, code: 'UNAUTHENTICATED' });
    expect((await client.page('/user/api-tokens')).props.tokens).toHaveLength(0);
  });

  it('another user’s token id answers 404 on update and delete, and the token keeps working', async () => {
    const a = await userWithTeam();
    const { token, id } = await createThroughPage(a.client, 'mine', ['read']);
    // b is even in the same team
    const b = await signedInUser(t.app);
    await addMember(t.app, a.team.id, b.user.id, 'admin');
    expect(
      (await b.client.put(`/user/api-tokens/${id}`, { abilities: ['delete'] })).statusCode,
    ).toBe(404);
    expect((await b.client.delete(`/user/api-tokens/${id}`)).statusCode).toBe(404);
    expect((await b.client.delete(`/user/api-tokens/no-such-token`)).statusCode).toBe(404);
    const res = await me(token);
    expect(res.statusCode).toBe(200);
    expect(res.json().abilities).toEqual(['read']);
  });

  it('wrong, malformed or non-bearer credentials answer 401 problem JSON', async () => {
    for (const authorization of [
      'Bearer pw_notarealtokenatall0123456789',
      'Bearer ',
      'Bearer not a token',
      'Basic dXNlcjpwYXNz',
      'bearer',
    ]) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/v1/me',
        headers: { authorization },
      });
      expect(res.statusCode, authorization).toBe(401);
      expect(res.headers['content-type']).toContain('application/problem+json');
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/me' })).statusCode).toBe(401);
  });

  it('a token stops working when its user leaves (or is removed from) the token’s team', async () => {
    const owner = await userWithTeam();
    const member = await signedInUser(t.app);
    await addMember(t.app, owner.team.id, member.user.id, 'editor');
    const { token } = await createThroughPage(member.client, 'member token', ['read']);
    expect((await me(token)).json().role).toBe('editor');
    await removeMember(t.app, owner.team.id, member.user.id);
    expect((await me(token)).statusCode).toBe(401);
  });

  it('records when a token was last used', async () => {
    const { client } = await userWithTeam();
    const { token, page } = await createThroughPage(client, 'used', ['read']);
    expect(page.props.tokens[0].lastUsedAt).toBeNull();
    await me(token);
    const after = await client.page('/user/api-tokens');
    expect(after.props.tokens[0].lastUsedAt).not.toBeNull();
    expect(Date.parse(after.props.tokens[0].lastUsedAt)).toBeGreaterThanOrEqual(
      Date.parse(after.props.tokens[0].createdAt),
    );
  });

  it('audits create, update and delete with name and abilities, never the token', async () => {
    const { user, client } = await userWithTeam();
    const { token, id } = await createThroughPage(client, 'audited', ['read']);
    await client.put(`/user/api-tokens/${id}`, { abilities: ['read', 'delete'] });
    await client.delete(`/user/api-tokens/${id}`);
    const rows = await t.app.ctx.db.select().from(auditLogs).where(eq(auditLogs.userId, user.id));
    const byAction = Object.fromEntries(rows.map((r) => [r.action, r]));
    expect(byAction['token.created'].details).toEqual({ name: 'audited', abilities: ['read'] });
    expect(byAction['token.updated'].details).toMatchObject({
      name: 'audited',
      abilities: ['read', 'delete'],
    });
    expect(byAction['token.deleted'].details).toEqual({
      name: 'audited',
      abilities: ['read', 'delete'],
    });
    expect(JSON.stringify(rows)).not.toContain(token);
  });
});

describe('account deletion', () => {
  it('removes the user’s tokens when the account is being deleted', async () => {
    const { user, team } = await userWithTeam();
    const made = await createApiToken(t.app.ctx, {
      userId: user.id,
      teamId: team.id,
      name: 'doomed',
      abilities: ['read'],
    });
    const bystander = await userWithTeam();
    const kept = await createApiToken(t.app.ctx, {
      userId: bystander.user.id,
      teamId: bystander.team.id,
      name: 'kept',
      abilities: ['read'],
    });
    await t.app.ctx.hooks.run(t.app.ctx.hooks.userDeleting, {
      id: user.id,
      email: user.email,
      name: user.name,
      db: t.app.ctx.db,
    });
    expect(
      await t.app.ctx.db.select().from(apiKeys).where(eq(apiKeys.referenceId, user.id)),
    ).toHaveLength(0);
    expect((await me(made.plainText)).statusCode).toBe(401);
    expect((await me(kept.plainText)).statusCode).toBe(200);
  });
});

describe('createApiToken (used by the token:create command)', () => {
  it('returns the id and plain text of a working token; refuses a team the user is not in', async () => {
    const { user, team } = await userWithTeam();
    const made = await createApiToken(t.app.ctx, {
      userId: user.id,
      teamId: team.id,
      name: 'cli',
      abilities: ['read', 'create'],
    });
    expect(made.plainText).toMatch(/^pw_/);
    const res = await me(made.plainText);
    expect(res.statusCode).toBe(200);
    expect(res.json().abilities).toEqual(['read', 'create']);
    const stranger = await userWithTeam();
    await expect(
      createApiToken(t.app.ctx, {
        userId: user.id,
        teamId: stranger.team.id,
        name: 'x',
        abilities: ['read'],
      }),
    ).rejects.toMatchObject({ status: 404 });
    await expect(
      createApiToken(t.app.ctx, { userId: user.id, teamId: team.id, name: 'x', abilities: [] }),
    ).rejects.toMatchObject({ status: 422 });
  });
});
