import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../../test/helpers/app.js';
import { signIn } from '../../../../test/helpers/auth.js';
import { TestClient } from '../../../../test/helpers/client.js';
import { teamFixtures } from '../../modules/teams/teams.test-support.js';
import { createApiToken } from '../../modules/api-tokens/index.js';
import { teams, users } from './auth.tables.js';

/*
 * Signed-in actors are cached between requests (session-cache.ts). Whatever changes who a session
 * or token acts as must be seen by the very next request: on PGlite and on PostgreSQL
 * (TEST_DATABASE_URL). Each case first proves the actor was served from the cache.
 */

let t: TestApp;
const f = teamFixtures(() => t.app);
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Auth = {
  user: { id: string; name: string } | null;
  team: { id: string; name: string } | null;
  role: string | null;
  teams: Array<{ id: string; name: string; role: string }>;
};

/** the `auth` prop of the dashboard, or null when the request is sent to /login */
async function authOf(client: TestClient): Promise<Auth | null> {
  const res = await client.get('/dashboard');
  if (res.statusCode === 200) return (res.json() as { props: { auth: Auth } }).props.auth;
  expect([302, 303, 409]).toContain(res.statusCode);
  return null;
}

/** a second client carrying the same cookies (the same browser session) */
function copyOf(client: TestClient) {
  const c = new TestClient(t.app);
  for (const [k, v] of client.cookies) c.cookies.set(k, v);
  return c;
}

/** sign in, and read twice so the second read is a cache hit */
async function cached(client: TestClient) {
  await authOf(client);
  const hits = t.app.ctx.sessionCache.hits;
  const auth = await authOf(client);
  expect(t.app.ctx.sessionCache.hits).toBeGreaterThan(hits);
  return auth;
}

async function crew() {
  const owner = await f.user({ name: 'Owen Owner' });
  const member = await f.user({ name: 'Mia Member' });
  const team = await f.team(owner.user.id, 'Crew');
  await f.addMember(team.id, member.user.id, 'viewer');
  expect((await member.client.put('/current-team', { teamId: team.id })).statusCode).toBe(303);
  return { owner, member, team };
}

describe('the session cache', () => {
  it('serves a signed-in request without the session query once cached', async () => {
    const { user, client } = await f.user();
    expect((await cached(client))?.user?.id).toBe(user.id);
  });

  it('logout: the old cookie is refused on the very next request', async () => {
    const { client } = await f.user();
    await cached(client);
    const stolen = copyOf(client);
    expect((await client.post('/logout')).statusCode).toBe(303);
    expect(await authOf(stolen)).toBeNull();
  });

  it('revoking other browser sessions signs them out at once', async () => {
    const { user, client } = await f.user();
    const other = await signIn(t.app, user);
    await cached(other);
    expect(
      (await client.delete('/user/other-browser-sessions', { password: user.password })).statusCode,
    ).toBe(303);
    expect(await authOf(other)).toBeNull();
    expect((await authOf(client))?.user?.id).toBe(user.id);
  });

  it('a password change signs out the other sessions at once', async () => {
    const { user, client } = await f.user();
    const other = await signIn(t.app, user);
    await cached(other);
    const res = await client.put('/user/password', {
      currentPassword: user.password,
      password: 'a-new-password-42',
      passwordConfirmation: 'a-new-password-42',
    });
    expect(res.statusCode).toBe(303);
    expect(await authOf(other)).toBeNull();
  });

  it('a role change is seen by the member on the next request', async () => {
    const { owner, member, team } = await crew();
    expect((await cached(member.client))?.role).toBe('viewer');
    expect(
      (await owner.client.put(`/teams/${team.id}/members/${member.user.id}`, { role: 'editor' }))
        .statusCode,
    ).toBe(303);
    expect((await authOf(member.client))?.role).toBe('editor');
  });

  it('a removed member loses the team on the next request', async () => {
    const { owner, member, team } = await crew();
    expect((await cached(member.client))?.team?.id).toBe(team.id);
    expect(
      (await owner.client.delete(`/teams/${team.id}/members/${member.user.id}`)).statusCode,
    ).toBe(303);
    const after = await authOf(member.client);
    expect(after?.team?.id).not.toBe(team.id);
    expect(after?.teams.map((m) => m.id)).not.toContain(team.id);
  });

  it('a team switch, a team rename and a profile change made outside any route are seen at once', async () => {
    const { owner, member, team } = await crew();
    const personal = await f.personalTeam(member.user.id);
    expect((await cached(member.client))?.team?.id).toBe(team.id);
    expect((await member.client.put('/current-team', { teamId: personal!.id })).statusCode).toBe(
      303,
    );
    expect((await authOf(member.client))?.team?.id).toBe(personal!.id);
    await cached(owner.client);
    await t.app.ctx.db.update(teams).set({ name: 'Crew renamed' }).where(eq(teams.id, team.id));
    expect((await authOf(owner.client))?.teams.find((m) => m.id === team.id)?.name).toBe(
      'Crew renamed',
    );
    await t.app.ctx.db
      .update(users)
      .set({ name: 'Owen Renamed' })
      .where(eq(users.id, owner.user.id));
    expect((await authOf(owner.client))?.user?.name).toBe('Owen Renamed');
  });

  it('account deletion ends the session at once', async () => {
    const { user, client } = await f.user();
    await cached(client);
    const stolen = copyOf(client);
    const res = await client.delete('/user', { password: user.password });
    expect(res.statusCode).toBe(303);
    expect(await authOf(stolen)).toBeNull();
  });
});

describe('the API token cache', () => {
  const me = (token: string) =>
    t.app.inject({
      method: 'GET',
      url: '/api/v1/me',
      headers: { authorization: `Bearer ${token}` },
    });

  async function tokenFor() {
    const { owner, member, team } = await crew();
    const token = await createApiToken(t.app.ctx, {
      userId: member.user.id,
      teamId: team.id,
      name: 'ci',
      abilities: ['read'],
    });
    expect((await me(token.plainText)).statusCode).toBe(200);
    const hits = t.app.ctx.sessionCache.hits;
    expect((await me(token.plainText)).statusCode).toBe(200);
    expect(t.app.ctx.sessionCache.hits).toBeGreaterThan(hits);
    return { owner, member, team, token };
  }

  it('a revoked token is refused on the very next request', async () => {
    const { member, token } = await tokenFor();
    expect((await member.client.delete(`/user/api-tokens/${token.id}`)).statusCode).toBe(303);
    expect((await me(token.plainText)).statusCode).toBe(401);
  });

  it('removing the token owner from its team refuses the token at once', async () => {
    const { owner, member, team, token } = await tokenFor();
    expect(
      (await owner.client.delete(`/teams/${team.id}/members/${member.user.id}`)).statusCode,
    ).toBe(303);
    expect((await me(token.plainText)).statusCode).toBe(401);
  });
});
