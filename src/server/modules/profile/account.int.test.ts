import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helpers/app.js';
import { createUser, signIn, signedInUser, TEST_PASSWORD } from '../../../../test/helpers/auth.js';
import { auditLogs, sessions, teamMembers, teams, users } from '../../platform/db/schema.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const BACK = { host: 'localhost:3000', referer: 'http://localhost:3000/user/profile' };
const CHROME_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

const sessionsOf = (userId: string) =>
  t.app.ctx.db.select().from(sessions).where(eq(sessions.userId, userId));
const auditOf = (userId: string, action: string) =>
  t.app.ctx.db
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.userId, userId), eq(auditLogs.action, action)));

/** A session opened from a given browser, as Better Auth records it. */
async function signInFrom(user: { email: string; password: string }, ua: string, ip: string) {
  const res = await t.app.ctx.auth.api.signInEmail({
    body: { email: user.email, password: user.password },
    headers: new Headers({ 'user-agent': ua, 'x-forwarded-for': ip }),
    returnHeaders: true,
  });
  return res.response.token;
}

async function makeTeam(
  name: string,
  ownerId: string,
  o: { personal?: boolean; members?: Array<{ userId: string; role: string }> } = {},
) {
  const id = randomUUID();
  await t.app.ctx.db.insert(teams).values({
    id,
    name,
    slug: `${name.toLowerCase().replace(/\W+/g, '-')}-${id.slice(0, 8)}`,
    personal: o.personal ?? false,
    ownerId,
  });
  await t.app.ctx.db
    .insert(teamMembers)
    .values({ id: randomUUID(), organizationId: id, userId: ownerId, role: 'owner' });
  for (const m of o.members ?? [])
    await t.app.ctx.db
      .insert(teamMembers)
      .values({ id: randomUUID(), organizationId: id, userId: m.userId, role: m.role });
  return id;
}
const teamExists = async (id: string) =>
  (await t.app.ctx.db.select().from(teams).where(eq(teams.id, id))).length === 1;
const userExists = async (id: string) =>
  (await t.app.ctx.db.select().from(users).where(eq(users.id, id))).length === 1;

describe('browser sessions', () => {
  it('lists each session with its device in plain words, IP, and this device first', async () => {
    const { user, client } = await signedInUser(t.app);
    await signInFrom(user, CHROME_LINUX, '203.0.113.7');
    await signInFrom(user, SAFARI_IPHONE, '198.51.100.4');
    const page = await client.page('/user/profile');
    const list = page.props.sessions as Array<{
      device: string;
      ipAddress: string | null;
      current: boolean;
      mobile: boolean;
      lastActiveAt: string;
    }>;
    expect(list[0].current).toBe(true);
    expect(list.find((s) => s.device === 'Chrome on Linux')).toMatchObject({
      ipAddress: '203.0.113.7',
      current: false,
      mobile: false,
    });
    expect(list.find((s) => s.device === 'Safari on iPhone')).toMatchObject({
      ipAddress: '198.51.100.4',
      current: false,
      mobile: true,
    });
    for (const s of list) expect(Number.isNaN(Date.parse(s.lastActiveAt))).toBe(false);
  });

  it('logging out other sessions needs the correct password and keeps this one', async () => {
    const { user, client } = await signedInUser(t.app);
    const other = await signIn(t.app, user);
    await signInFrom(user, CHROME_LINUX, '203.0.113.9');
    const before = (await sessionsOf(user.id)).length;
    expect(before).toBeGreaterThanOrEqual(3);

    const wrong = await client.delete(
      '/user/other-browser-sessions',
      { password: 'not-the-password' },
      BACK,
    );
    expect(wrong.statusCode).toBe(303);
    expect((await client.page('/user/profile')).props.errors.password).toBe(
      'That password is not correct.',
    );
    expect((await sessionsOf(user.id)).length).toBe(before);

    await client.delete('/user/other-browser-sessions', {}, BACK);
    expect((await client.page('/user/profile')).props.errors.password).toBe(
      'Please enter your password.',
    );

    const ok = await client.delete('/user/other-browser-sessions', { password: TEST_PASSWORD });
    expect(ok.statusCode).toBe(303);
    expect(ok.headers.location).toBe('/user/profile');
    const page = await client.page('/user/profile');
    expect(page.props.sessions).toHaveLength(1);
    expect(page.props.sessions[0].current).toBe(true);
    expect(page.props.flash.success).toMatch(
      new RegExp(`Signed out of ${before - 1} other browser sessions`),
    );
    expect((await other.get('/user/profile')).headers.location).toBe('/login');
    const [entry] = await auditOf(user.id, 'user.sessions_revoked');
    expect(entry.details).toEqual({ count: before - 1 });
  });
});

describe('delete account', () => {
  it('needs the correct password', async () => {
    const { user, client } = await signedInUser(t.app);
    await client.delete('/user', { password: 'nope-nope-nope' }, BACK);
    expect((await client.page('/user/profile')).props.errors.password).toBe(
      'That password is not correct.',
    );
    expect(await userExists(user.id)).toBe(true);
  });

  it('password guessing on these routes is rate limited per user', async () => {
    const { user, client } = await signedInUser(t.app);
    for (let i = 0; i < 10; i++)
      await client.delete('/user/other-browser-sessions', { password: `guess-${i}-xx` }, BACK);
    await client.delete('/user/other-browser-sessions', { password: TEST_PASSWORD }, BACK);
    expect((await client.page('/user/profile')).props.errors.password).toMatch(/Too many attempts/);
    expect(await auditOf(user.id, 'user.sessions_revoked')).toHaveLength(0);
  });

  it('is refused while the user owns a team with other members, listing those teams', async () => {
    const { user, client } = await signedInUser(t.app);
    const member = await createUser(t.app);
    const shared = await makeTeam('Field Research', user.id, {
      members: [{ userId: member.id, role: 'editor' }],
    });
    const personal = await makeTeam('My Space', user.id, { personal: true });
    const firstName = user.name.split(' ')[0];

    const page = await client.page('/user/profile');
    expect(page.props.deletion.blocking).toEqual([
      { id: shared, name: 'Field Research', otherMembers: 1 },
    ]);
    // the personal team made at registration, plus the one this test added
    expect(page.props.deletion.deleted.map((x: { name: string }) => x.name).sort()).toEqual(
      [`${firstName}'s Team`, 'My Space'].sort(),
    );
    expect(page.props.deletion.deleted.find((x: { id: string }) => x.id === personal)).toEqual({
      id: personal,
      name: 'My Space',
      otherMembers: 0,
      personal: true,
    });

    const res = await client.delete('/user', { password: TEST_PASSWORD }, BACK);
    expect(res.statusCode).toBe(303);
    const errors = (await client.page('/user/profile')).props.errors;
    expect(errors.teams).toMatch(/Field Research \(1 other member\)/);
    expect(errors.teams).toMatch(/Transfer their ownership .* or delete those teams first/);
    expect(await userExists(user.id)).toBe(true);
    expect(await teamExists(shared)).toBe(true);
    expect(await teamExists(personal)).toBe(true);
  });

  it('deletes the account with its personal and solo teams, leaves the teams it only belongs to, signs out and goes home', async () => {
    const { user, client } = await signedInUser(t.app);
    const owner = await createUser(t.app);
    const coOwner = await createUser(t.app);
    const personal = await makeTeam('Personal', user.id, { personal: true });
    const solo = await makeTeam('Solo Pilot', user.id);
    const joined = await makeTeam('Someone Else', owner.id, {
      members: [{ userId: user.id, role: 'editor' }],
    });
    const coOwned = await makeTeam('Shared Lead', user.id, {
      members: [{ userId: coOwner.id, role: 'owner' }],
    });
    const other = await signIn(t.app, user);

    const seen: string[] = [];
    t.app.ctx.hooks.userDeleting.push(async (u) => {
      seen.push(u.id);
      // before the row goes, inside the deletion's transaction
      expect(
        await u.db.select({ id: users.id }).from(users).where(eq(users.id, u.id)),
      ).toHaveLength(1);
    });

    const page = await client.page('/user/profile');
    expect(page.props.deletion.blocking).toEqual([]);
    // with the personal team made at registration
    expect(page.props.deletion.deleted.map((x: { name: string }) => x.name).sort()).toEqual(
      ['Personal', 'Solo Pilot', `${user.name.split(' ')[0]}'s Team`].sort(),
    );
    expect(page.props.deletion.left.map((x: { name: string }) => x.name).sort()).toEqual([
      'Shared Lead',
      'Someone Else',
    ]);

    const res = await client.delete('/user', { password: TEST_PASSWORD });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/');
    const welcome = await client.page('/');
    expect(welcome.component).toBe('welcome');
    expect(welcome.props.flash.success).toBe('Your account has been deleted.');
    expect(welcome.props.auth.user).toBeNull();
    expect(seen).toEqual([user.id]);
    expect(await userExists(user.id)).toBe(false);
    expect(await teamExists(personal)).toBe(false);
    expect(await teamExists(solo)).toBe(false);
    expect(await teamExists(joined)).toBe(true);
    expect(await teamExists(coOwned)).toBe(true);
    const [lead] = await t.app.ctx.db.select().from(teams).where(eq(teams.id, coOwned));
    expect(lead.ownerId).toBe(coOwner.id);
    expect(
      await t.app.ctx.db.select().from(teamMembers).where(eq(teamMembers.userId, user.id)),
    ).toEqual([]);
    expect(await sessionsOf(user.id)).toEqual([]);

    // this browser is signed out (cookie cleared) and so is every other one
    expect(client.cookies.has('pathways.session_token')).toBe(false);
    expect((await client.get('/dashboard')).headers.location).toBe('/login');
    expect((await other.get('/dashboard')).headers.location).toBe('/login');

    const [entry] = await auditOf(user.id, 'user.deleted');
    expect(entry.subjectLabel).toBe(user.email);
    expect(
      (entry.details as { teamsDeleted: Array<{ name: string }> }).teamsDeleted
        .map((x) => x.name)
        .sort(),
    ).toEqual(['Personal', 'Solo Pilot', `${user.name.split(' ')[0]}'s Team`].sort());
    await expect(
      t.app.ctx.auth.api.signInEmail({ body: { email: user.email, password: TEST_PASSWORD } }),
    ).rejects.toThrow();
  });
});
