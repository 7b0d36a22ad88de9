import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../../test/helpers/app.js';
import { TestClient } from '../../../../test/helpers/client.js';
import { createUser, signIn } from '../../../../test/helpers/auth.js';
import { teamInvitations, users } from '../../platform/auth/auth.tables.js';
import { teamFixtures } from './teams.test-support.js';
import { INVITATION_COOKIE } from './invitation-intent.js';

let t: TestApp;
const f = teamFixtures(() => t.app);
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let seq = 0;
const freshEmail = () => `invitee${++seq}.${Date.now()}@example.org`;

async function invitationsFor(teamId: string) {
  return t.app.ctx.db
    .select()
    .from(teamInvitations)
    .where(eq(teamInvitations.organizationId, teamId));
}

async function setup() {
  const owner = await f.user({ name: 'Olga Owner' });
  const admin = await f.user({ name: 'Arun Admin' });
  const team = await f.team(owner.user.id, 'Evaluation Unit');
  await f.addMember(team.id, admin.user.id, 'admin');
  return { owner, admin, team };
}

async function invite(client: TestClient, teamId: string, email: string, role = 'editor') {
  const res = await client.post(`/teams/${teamId}/invitations`, { email, role });
  expect(res.statusCode).toBe(303);
  const inv = (await invitationsFor(teamId)).find(
    (i) => i.email === email.toLowerCase() && i.status === 'pending',
  );
  expect(inv).toBeDefined();
  return inv!;
}

describe('invite by email', () => {
  it('stores the invitation, mails an accept link, audits it, and notifies an existing user in-app', async () => {
    const { admin, team } = await setup();
    const existing = await f.user();
    const inv = await invite(admin.client, team.id, existing.user.email.toUpperCase(), 'viewer');
    expect(inv).toMatchObject({ role: 'viewer', inviterId: admin.user.id, status: 'pending' });
    expect(inv.expiresAt.getTime()).toBeGreaterThan(Date.now() + 6 * 24 * 3600 * 1000);
    const [mail] = await f.mailsTo(existing.user.email);
    expect(mail.subject).toContain('Evaluation Unit');
    expect(mail.text).toContain(`http://localhost:3000/team-invitations/${inv.id}`);
    const [n] = await f.notificationsOf(existing.user.id, 'team.invited');
    expect(n).toMatchObject({
      url: `/team-invitations/${inv.id}`,
      title: 'You are invited to join Evaluation Unit',
    });
    const [a] = await f.audits(team.id, 'team.member_invited');
    expect(a.details).toEqual({ email: existing.user.email, role: 'viewer' });
  });

  it('forbids editors and viewers (403)', async () => {
    const { team } = await setup();
    const editor = await f.user();
    const viewer = await f.user();
    await f.addMember(team.id, editor.user.id, 'editor');
    await f.addMember(team.id, viewer.user.id, 'viewer');
    expect(
      (
        await editor.client.post(`/teams/${team.id}/invitations`, {
          email: freshEmail(),
          role: 'viewer',
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await viewer.client.post(`/teams/${team.id}/invitations`, {
          email: freshEmail(),
          role: 'viewer',
        })
      ).statusCode,
    ).toBe(403);
    expect(await invitationsFor(team.id)).toHaveLength(0);
  });

  it('answers 404 when inviting into a team the actor is not in', async () => {
    const { team } = await setup();
    const outsider = await f.user();
    expect(
      (
        await outsider.client.post(`/teams/${team.id}/invitations`, {
          email: freshEmail(),
          role: 'viewer',
        })
      ).statusCode,
    ).toBe(404);
    expect(await invitationsFor(team.id)).toHaveLength(0);
  });

  it('refuses a bad email, the owner role, and unknown fields, on the field', async () => {
    const { admin, team } = await setup();
    const back = { referer: `http://localhost:80/teams/${team.id}` };
    await admin.client.post(
      `/teams/${team.id}/invitations`,
      { email: 'not-an-email', role: 'viewer' },
      back,
    );
    expect((await admin.client.page(`/teams/${team.id}`)).props.errors.email).toBe(
      'Please enter a valid email address.',
    );
    await admin.client.post(
      `/teams/${team.id}/invitations`,
      { email: freshEmail(), role: 'owner' },
      back,
    );
    expect((await admin.client.page(`/teams/${team.id}`)).props.errors.role).toMatch(
      /Choose a role/,
    );
    await admin.client.post(
      `/teams/${team.id}/invitations`,
      { email: freshEmail(), role: 'viewer', teamId: 'x' },
      back,
    );
    expect((await admin.client.page(`/teams/${team.id}`)).props.errors.teamId).toMatch(
      /Unknown field/,
    );
    expect(await invitationsFor(team.id)).toHaveLength(0);
  });

  it('refuses a second invitation to the same address, and inviting a member', async () => {
    const { owner, admin, team } = await setup();
    const email = freshEmail();
    await invite(admin.client, team.id, email);
    const back = { referer: `http://localhost:80/teams/${team.id}` };
    await owner.client.post(
      `/teams/${team.id}/invitations`,
      { email: email.toUpperCase(), role: 'viewer' },
      back,
    );
    expect((await owner.client.page(`/teams/${team.id}`)).props.errors.email).toMatch(
      /already been invited/,
    );
    await owner.client.post(
      `/teams/${team.id}/invitations`,
      { email: admin.user.email, role: 'viewer' },
      back,
    );
    expect((await owner.client.page(`/teams/${team.id}`)).props.errors.email).toMatch(
      /already a member/,
    );
    expect(await invitationsFor(team.id)).toHaveLength(1);
  });

  it('allows a new invitation once the previous one expired', async () => {
    const { admin, team } = await setup();
    const email = freshEmail();
    const first = await invite(admin.client, team.id, email);
    await t.app.ctx.db
      .update(teamInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(teamInvitations.id, first.id));
    const second = await invite(admin.client, team.id, email);
    expect(second.id).not.toBe(first.id);
    const rows = await invitationsFor(team.id);
    expect(rows.find((r) => r.id === first.id)!.status).toBe('expired');
  });
});

describe('resend and cancel', () => {
  it('resends with a fresh expiry; another team’s invitation answers 404; a viewer gets 403', async () => {
    const { admin, team } = await setup();
    const email = freshEmail();
    const inv = await invite(admin.client, team.id, email);
    await t.app.ctx.db
      .update(teamInvitations)
      .set({ expiresAt: new Date(Date.now() + 1000) })
      .where(eq(teamInvitations.id, inv.id));
    expect(
      (await admin.client.post(`/teams/${team.id}/invitations/${inv.id}/resend`)).statusCode,
    ).toBe(303);
    const [after] = (await invitationsFor(team.id)).filter((r) => r.id === inv.id);
    expect(after.expiresAt.getTime()).toBeGreaterThan(Date.now() + 6 * 24 * 3600 * 1000);
    expect(await f.mailsTo(email)).toHaveLength(2);

    const other = await setup();
    expect(
      (await other.admin.client.post(`/teams/${other.team.id}/invitations/${inv.id}/resend`))
        .statusCode,
    ).toBe(404);
    expect(
      (await other.admin.client.post(`/teams/${team.id}/invitations/${inv.id}/resend`)).statusCode,
    ).toBe(404);
    const viewer = await f.user();
    await f.addMember(team.id, viewer.user.id, 'viewer');
    expect(
      (await viewer.client.post(`/teams/${team.id}/invitations/${inv.id}/resend`)).statusCode,
    ).toBe(403);
    expect(await f.mailsTo(email)).toHaveLength(2);
  });

  it('cancels: the link then says so; outsiders get 404 and viewers 403', async () => {
    const { owner, team } = await setup();
    const email = freshEmail();
    const inv = await invite(owner.client, team.id, email);
    const outsider = await setup();
    expect((await outsider.admin.client.delete(`/team-invitations/${inv.id}`)).statusCode).toBe(
      404,
    );
    const viewer = await f.user();
    await f.addMember(team.id, viewer.user.id, 'viewer');
    expect((await viewer.client.delete(`/team-invitations/${inv.id}`)).statusCode).toBe(403);
    expect((await invitationsFor(team.id))[0].status).toBe('pending');

    expect((await owner.client.delete(`/team-invitations/${inv.id}`)).statusCode).toBe(303);
    expect((await invitationsFor(team.id))[0].status).toBe('canceled');
    expect(await f.audits(team.id, 'team.invitation_cancelled')).toHaveLength(1);
    expect((await owner.client.page(`/teams/${team.id}`)).props.invitations).toEqual([]);

    const res = await new TestClient(t.app).get(`/team-invitations/${inv.id}`);
    expect(res.statusCode).toBe(410);
    expect(res.json().props.message).toMatch(/was cancelled/);
  });
});

describe('accept an invitation', () => {
  it('signed in with the invited email: joins with the role, switches, flashes, notifies owner and admins', async () => {
    const { owner, admin, team } = await setup();
    const invitee = await f.user({ name: 'Ivy Invitee' });
    const inv = await invite(admin.client, team.id, invitee.user.email, 'editor');
    // the queued notification has reached the invitee (notificationsOf runs the queue)
    expect((await f.notificationsOf(invitee.user.id, 'team.invited'))[0].readAt).toBeNull();
    const res = await invitee.client.get(`/team-invitations/${inv.id}`);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/dashboard');
    expect(await f.roleOf(team.id, invitee.user.id)).toBe('editor');
    expect(await f.currentTeamId(invitee.user.id)).toBe(team.id);
    const page = await invitee.client.page('/dashboard');
    expect(page.props.flash.success).toBe('Welcome to Evaluation Unit! You joined as Editor.');
    expect(page.props.auth.team.id).toBe(team.id);
    expect((await invitationsFor(team.id))[0].status).toBe('accepted');
    expect(await f.audits(team.id, 'team.member_joined')).toHaveLength(1);
    expect(await f.notificationsOf(owner.user.id, 'team.member_joined')).toHaveLength(1);
    expect(await f.notificationsOf(admin.user.id, 'team.member_joined')).toHaveLength(1);
    expect(await f.notificationsOf(invitee.user.id, 'team.member_joined')).toHaveLength(0);
    // the invitation notification is done with once the invitee joined
    const [invited] = await f.notificationsOf(invitee.user.id, 'team.invited');
    expect(invited.readAt).toBeInstanceOf(Date);

    // the link again: no second membership, a friendly note
    const again = await invitee.client.get(`/team-invitations/${inv.id}`);
    expect(again.headers.location).toBe('/dashboard');
    expect((await invitee.client.page('/dashboard')).props.flash.info).toMatch(/already a member/);
  });

  it('signed in as someone else: a clear error, nobody joins', async () => {
    const { admin, team } = await setup();
    const email = freshEmail();
    const inv = await invite(admin.client, team.id, email);
    const other = await f.user();
    const res = await other.client.get(`/team-invitations/${inv.id}`);
    expect(res.statusCode).toBe(403);
    const msg = res.json().props.message as string;
    expect(msg).toContain(email);
    expect(msg).toContain(other.user.email);
    expect(await f.roleOf(team.id, other.user.id)).toBeNull();
    expect((await invitationsFor(team.id))[0].status).toBe('pending');
  });

  it('expired: a clear message, nobody joins', async () => {
    const { admin, team } = await setup();
    const invitee = await f.user();
    const inv = await invite(admin.client, team.id, invitee.user.email);
    await t.app.ctx.db
      .update(teamInvitations)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(teamInvitations.id, inv.id));
    const res = await invitee.client.get(`/team-invitations/${inv.id}`);
    expect(res.statusCode).toBe(410);
    expect(res.json().props.message).toMatch(/expired/);
    expect(await f.roleOf(team.id, invitee.user.id)).toBeNull();
    expect((await new TestClient(t.app).get('/team-invitations/nope')).statusCode).toBe(404);
  });

  it('signed out, existing account: remembered, sent to log in, completed after sign-in', async () => {
    const { admin, team } = await setup();
    const existing = await createUser(t.app);
    const inv = await invite(admin.client, team.id, existing.email, 'viewer');
    const guest = new TestClient(t.app);
    const res = await guest.get(`/team-invitations/${inv.id}`);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(`/login?email=${encodeURIComponent(existing.email)}`);
    expect(guest.cookies.has(INVITATION_COOKIE)).toBe(true);
    expect(await f.roleOf(team.id, existing.id)).toBeNull();

    // the browser signs in (same cookie jar), then lands on the dashboard
    const client = await signIn(t.app, existing);
    client.cookies.set(INVITATION_COOKIE, guest.cookies.get(INVITATION_COOKIE)!);
    const landing = await client.get('/dashboard');
    expect(landing.statusCode).toBe(302);
    expect(landing.headers.location).toBe(`/team-invitations/${inv.id}`);
    const accept = await client.get(landing.headers.location as string);
    expect(accept.headers.location).toBe('/dashboard');
    expect(client.cookies.has(INVITATION_COOKIE)).toBe(false);
    expect(await f.roleOf(team.id, existing.id)).toBe('viewer');
    expect(await f.currentTeamId(existing.id)).toBe(team.id);
    // no loop: the dashboard now renders
    expect((await client.page('/dashboard')).component).toBe('dashboard');
  });

  it('signed out, new account: sent to register with the email, completed after verification', async () => {
    const { admin, team } = await setup();
    const email = freshEmail();
    const inv = await invite(admin.client, team.id, email, 'admin');
    const guest = new TestClient(t.app);
    const res = await guest.get(`/team-invitations/${inv.id}`);
    expect(res.headers.location).toBe(`/register?email=${encodeURIComponent(email)}`);

    const created = await createUser(t.app, { email, verified: false });
    // the new account is told in-app too
    const [n] = await f.notificationsOf(created.id, 'team.invited');
    expect(n.url).toBe(`/team-invitations/${inv.id}`);
    expect(await f.personalTeam(created.id)).not.toBeNull();

    const client = await signIn(t.app, created);
    client.cookies.set(INVITATION_COOKIE, guest.cookies.get(INVITATION_COOKIE)!);
    // before verification: the link sends to the verification notice and keeps the invitation
    const unverified = await client.get(`/team-invitations/${inv.id}`);
    expect(unverified.headers.location).toBe('/verify-email');
    expect(client.cookies.has(INVITATION_COOKIE)).toBe(true);
    expect(await f.roleOf(team.id, created.id)).toBeNull();

    await t.app.ctx.db.update(users).set({ emailVerified: true }).where(eq(users.id, created.id));
    const landing = await client.get('/dashboard');
    expect(landing.headers.location).toBe(`/team-invitations/${inv.id}`);
    await client.get(landing.headers.location as string);
    expect(await f.roleOf(team.id, created.id)).toBe('admin');
    expect(await f.currentTeamId(created.id)).toBe(team.id);
  });

  it('ignores a forged invitation cookie', async () => {
    const { owner } = await setup();
    owner.client.cookies.set(INVITATION_COOKIE, 'forged.value');
    const res = await owner.client.get('/dashboard');
    expect(res.statusCode).toBe(200);
    expect(owner.client.cookies.has(INVITATION_COOKIE)).toBe(false);
  });
});

describe('invitation journeys through the real account pages', () => {
  const linkTo = (text: string, path: string) => {
    const m = text.match(new RegExp(`http://localhost:3000(${path}[^\\s]+)`));
    expect(m).not.toBeNull();
    return m![1];
  };

  it('existing account: link -> log in -> joined', async () => {
    const { admin, team } = await setup();
    const existing = await createUser(t.app);
    await invite(admin.client, team.id, existing.email, 'viewer');
    const [mail] = await f.mailsTo(existing.email);
    const browser = new TestClient(t.app);
    const open = await browser.get(linkTo(mail.text, '/team-invitations/'));
    expect(open.headers.location).toBe(`/login?email=${encodeURIComponent(existing.email)}`);
    const login = await browser.page(open.headers.location as string);
    expect(login.props.flash.data.status.message).toContain(`Log in as ${existing.email}`);
    const signedIn = await browser.post('/login', {
      email: existing.email,
      password: existing.password,
    });
    expect(signedIn.headers.location).toBe('/dashboard');
    const landing = await browser.get('/dashboard');
    expect(landing.headers.location).toMatch(/^\/team-invitations\//);
    expect((await browser.get(landing.headers.location as string)).headers.location).toBe(
      '/dashboard',
    );
    expect(await f.roleOf(team.id, existing.id)).toBe('viewer');
    expect((await browser.page('/dashboard')).props.auth.team.id).toBe(team.id);
  });

  it('new account: link -> register -> verify email -> joined', async () => {
    const { admin, team } = await setup();
    const email = freshEmail();
    await invite(admin.client, team.id, email, 'editor');
    const [invMail] = await f.mailsTo(email);
    const browser = new TestClient(t.app);
    const open = await browser.get(linkTo(invMail.text, '/team-invitations/'));
    expect(open.headers.location).toBe(`/register?email=${encodeURIComponent(email)}`);
    const reg = await browser.post('/register', {
      name: 'Nia New',
      email,
      password: 'long-enough-pw',
      password_confirmation: 'long-enough-pw',
      terms: true,
    });
    expect(reg.headers.location).toBe('/login'); // "check your email" (registration never tells whether the address was known)
    const [user] = await t.app.ctx.db.select().from(users).where(eq(users.email, email));
    expect(await f.roleOf(team.id, user.id)).toBeNull();
    const verifyMail = (await f.mailsTo(email)).find((m) => m.text.includes('/verify-email/'))!;
    const verified = await browser.get(linkTo(verifyMail.text, '/verify-email/'));
    expect(verified.statusCode).toBe(302);
    let next = verified.headers.location as string;
    for (let hops = 0; hops < 4 && next && !next.startsWith('/team-invitations/'); hops++)
      next = (await browser.get(next)).headers.location as string;
    expect(next).toMatch(/^\/team-invitations\//);
    await browser.get(next);
    expect(await f.roleOf(team.id, user.id)).toBe('editor');
    expect(await f.currentTeamId(user.id)).toBe(team.id);
  });
});
