import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { makeSignature } from 'better-auth/crypto';
import { createTestApp, TEST_APP_KEY, type TestApp } from '../../../../test/helpers/app.js';
import { createUser, signedInUser } from '../../../../test/helpers/auth.js';
import { TestClient } from '../../../../test/helpers/client.js';
import { sessions, teamMembers, teams, users } from './auth.tables.js';

/*
 * The session lookup in actor.ts (our own query on Better Auth's signed session cookie): what it
 * must refuse, and that it keeps Better Auth's expiry clean-up and refresh (updateAge) behaviour.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const COOKIE = 'pathways.session_token';
const DONT_REMEMBER = 'pathways.dont_remember';
const DAY = 86_400_000;

/** who the app thinks is signed in: the user id on the dashboard, or null when sent to /login */
async function whoAmI(client: TestClient): Promise<string | null> {
  const res = await client.get('/dashboard');
  if (res.statusCode === 200)
    return (res.json() as { props: { auth: { user: { id: string } } } }).props.auth.user.id;
  expect([302, 303]).toContain(res.statusCode);
  expect(res.headers.location).toBe('/login');
  return null;
}

async function sessionRow(token: string) {
  const [row] = await t.app.ctx.db.select().from(sessions).where(eq(sessions.token, token));
  return row;
}

/** the token in the client's session cookie */
function tokenOf(client: TestClient) {
  const raw = decodeURIComponent(client.cookies.get(COOKIE)!);
  return raw.slice(0, raw.lastIndexOf('.'));
}

function withCookie(client: TestClient, value: string) {
  const c = new TestClient(t.app);
  for (const [k, v] of client.cookies) c.cookies.set(k, v);
  c.cookies.set(COOKIE, encodeURIComponent(value));
  return c;
}

function sessionCookieSet(res: { headers: Record<string, unknown> }) {
  const set = res.headers['set-cookie'];
  const list = set === undefined ? [] : Array.isArray(set) ? set.map(String) : [String(set)];
  return list.find((c) => c.startsWith(`${COOKIE}=`));
}

describe('session cookie lookup', () => {
  it('signs in the session named by a valid cookie', async () => {
    const { user, client } = await signedInUser(t.app);
    expect(await whoAmI(client)).toBe(user.id);
  });

  it('refuses a cookie whose token or signature was tampered with, an unsigned token and another secret', async () => {
    const { user, client } = await signedInUser(t.app);
    const token = tokenOf(client);
    const signature = decodeURIComponent(client.cookies.get(COOKIE)!).slice(token.length + 1);
    expect(await sessionRow(token)).toBeDefined();
    // another user's valid token under this session's signature
    const other = await signedInUser(t.app);
    expect(await whoAmI(withCookie(client, `${tokenOf(other.client)}.${signature}`))).toBeNull();
    const flipped = token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A');
    expect(await whoAmI(withCookie(client, `${flipped}.${signature}`))).toBeNull();
    const badSignature = (signature[0] === 'A' ? 'B' : 'A') + signature.slice(1);
    expect(await whoAmI(withCookie(client, `${token}.${badSignature}`))).toBeNull();
    expect(await whoAmI(withCookie(client, token))).toBeNull();
    expect(
      await whoAmI(
        withCookie(client, `${token}.${await makeSignature(token, `${TEST_APP_KEY}-not-ours`)}`),
      ),
    ).toBeNull();
    // the same token correctly signed still works: the refusals were the tampering
    expect(
      await whoAmI(withCookie(client, `${token}.${await makeSignature(token, TEST_APP_KEY)}`)),
    ).toBe(user.id);
  });

  it('refuses a revoked session and the session of a deleted user', async () => {
    const a = await signedInUser(t.app);
    expect(await whoAmI(a.client)).toBe(a.user.id);
    await t.app.ctx.db.delete(sessions).where(eq(sessions.token, tokenOf(a.client)));
    expect(await whoAmI(a.client)).toBeNull();

    const b = await signedInUser(t.app);
    expect(await whoAmI(b.client)).toBe(b.user.id);
    await t.app.ctx.db.delete(users).where(eq(users.id, b.user.id));
    expect(await whoAmI(b.client)).toBeNull();
  });

  it('refuses an expired session, deletes it and expires the cookie (Better Auth clean-up)', async () => {
    const { user, client } = await signedInUser(t.app);
    const token = tokenOf(client);
    expect(await whoAmI(client)).toBe(user.id);
    await t.app.ctx.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(sessions.token, token));
    const res = await client.get('/dashboard');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/login');
    expect(sessionCookieSet(res)).toMatch(/Max-Age=0/i);
    expect(await sessionRow(token)).toBeUndefined();
  });

  it('extends a session once updateAge has passed and re-issues the cookie', async () => {
    const { user, client } = await signedInUser(t.app);
    const token = tokenOf(client);
    const settings = await t.app.ctx.auth.$context;
    const { expiresIn, updateAge } = settings.sessionConfig;
    // a fresh session is not touched
    const fresh = await client.get('/dashboard');
    expect(fresh.statusCode).toBe(200);
    expect(sessionCookieSet(fresh)).toBeUndefined();
    // last extended more than updateAge ago
    const stale = new Date(Date.now() + (expiresIn - updateAge) * 1000 - 60_000);
    await t.app.ctx.db.update(sessions).set({ expiresAt: stale }).where(eq(sessions.token, token));
    const res = await client.get('/dashboard');
    expect(res.statusCode).toBe(200);
    expect((res.json() as { props: { auth: { user: { id: string } } } }).props.auth.user.id).toBe(
      user.id,
    );
    expect(sessionCookieSet(res)).toMatch(new RegExp(`Max-Age=${expiresIn}`));
    const after = await sessionRow(token);
    expect(after.expiresAt.getTime()).toBeGreaterThan(Date.now() + expiresIn * 1000 - DAY / 24);
    expect(await whoAmI(client)).toBe(user.id);
  });

  it('does not extend a session signed in without "remember me" (and a forged marker cookie does not count)', async () => {
    const user = await createUser(t.app);
    const { headers } = await t.app.ctx.auth.api.signInEmail({
      body: { email: user.email, password: user.password, rememberMe: false },
      returnHeaders: true,
    });
    const client = new TestClient(t.app);
    for (const c of headers.getSetCookie()) {
      const [pair] = c.split(';');
      client.cookies.set(pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1));
    }
    expect(client.cookies.has(DONT_REMEMBER)).toBe(true);
    const token = tokenOf(client);
    const { expiresIn, updateAge } = (await t.app.ctx.auth.$context).sessionConfig;
    const stale = new Date(Date.now() + (expiresIn - updateAge) * 1000 - 60_000);
    await t.app.ctx.db.update(sessions).set({ expiresAt: stale }).where(eq(sessions.token, token));
    const res = await client.get('/dashboard');
    expect(res.statusCode).toBe(200);
    expect(sessionCookieSet(res)).toBeUndefined();
    expect((await sessionRow(token)).expiresAt.getTime()).toBe(stale.getTime());

    // an unsigned dont_remember cookie is ignored: the remembered session is extended as usual
    const other = await signedInUser(t.app);
    const otherToken = tokenOf(other.client);
    await t.app.ctx.db
      .update(sessions)
      .set({ expiresAt: stale })
      .where(eq(sessions.token, otherToken));
    other.client.cookies.set(DONT_REMEMBER, 'true');
    const res2 = await other.client.get('/dashboard');
    expect(res2.statusCode).toBe(200);
    expect((await sessionRow(otherToken)).expiresAt.getTime()).toBeGreaterThan(stale.getTime());
  });
});

describe('memberships read with the session', () => {
  it('lists the teams in name order with roles, and picks the chosen team, else the oldest membership', async () => {
    const { user, client } = await signedInUser(t.app);
    const [personal] = await t.app.ctx.db
      .select({ id: teams.id, name: teams.name })
      .from(teams)
      .innerJoin(teamMembers, eq(teamMembers.organizationId, teams.id))
      .where(eq(teamMembers.userId, user.id));
    const owner = await createUser(t.app);
    const later = Date.now() + 1000;
    for (const [i, name] of ['Zebra programme', 'Aardvark programme'].entries()) {
      const id = `team-${name[0]}-${user.id}`;
      await t.app.ctx.db.insert(teams).values({ id, name, slug: id, ownerId: owner.id });
      await t.app.ctx.db.insert(teamMembers).values({
        id: `m-${id}`,
        organizationId: id,
        userId: user.id,
        role: i === 0 ? 'viewer' : 'editor',
        createdAt: new Date(later + i * 1000),
      });
    }
    const expected = [
      { id: `team-A-${user.id}`, name: 'Aardvark programme', personal: false, role: 'editor' },
      { id: personal.id, name: personal.name, personal: true, role: 'owner' },
      { id: `team-Z-${user.id}`, name: 'Zebra programme', personal: false, role: 'viewer' },
    ].sort((a, b) => (a.name < b.name ? -1 : 1));
    const page = await client.page('/dashboard');
    expect(page.props.auth.teams).toEqual(expected);

    await t.app.ctx.db
      .update(users)
      .set({ currentTeamId: `team-Z-${user.id}` })
      .where(eq(users.id, user.id));
    let p = await client.page('/dashboard');
    expect(p.props.auth.team).toEqual({
      id: `team-Z-${user.id}`,
      name: 'Zebra programme',
      personal: false,
    });
    expect(p.props.auth.role).toBe('viewer');

    // no longer a member of the chosen team: the oldest membership (the personal team)
    await t.app.ctx.db.delete(teamMembers).where(eq(teamMembers.id, `m-team-Z-${user.id}`));
    p = await client.page('/dashboard');
    expect(p.props.auth.team.id).toBe(personal.id);
    expect(p.props.auth.role).toBe('owner');
    expect(p.props.auth.teams.map((x: { id: string }) => x.id)).not.toContain(`team-Z-${user.id}`);

    // with the personal team gone too, the oldest remaining one
    await t.app.ctx.db.execute(
      sql`delete from ${teamMembers} where ${teamMembers.organizationId} = ${personal.id}`,
    );
    p = await client.page('/dashboard');
    expect(p.props.auth.team.id).toBe(`team-A-${user.id}`);
    expect(p.props.auth.teams).toEqual([
      { id: `team-A-${user.id}`, name: 'Aardvark programme', personal: false, role: 'editor' },
    ]);
  });
});
