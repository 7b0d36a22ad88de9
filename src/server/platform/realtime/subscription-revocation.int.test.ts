/**
 * Issue 8, item 2: a websocket subscribed to a team's channels kept receiving its events after the
 * member was removed or signed out. Real sockets against the real routes: after each change, an
 * event on the channel the user lost and then a marker on a channel they still have; the marker
 * arriving without the event proves the event was not delivered (the hub sends in order).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helpers/app.js';
import { signIn, signedInUser, type TestUser } from '../../../../test/helpers/auth.js';
import type { TestClient } from '../../../../test/helpers/client.js';
import { PusherSocket } from '../../../../test/helpers/pusher-socket.js';
import { createTeam } from '../../../../test/helpers/teams.js';
import { users } from '../auth/auth.tables.js';
import type { EmbeddedRealtime } from './index.js';

let t: TestApp;
let port: number;
let key: string;
const realtime = () => t.app.ctx.realtime as EmbeddedRealtime;
let seq = 0;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as { port: number }).port;
  key = t.app.ctx.config.pusher.key;
});
afterAll(() => t.close());

/** A socket of `client`'s browser on the given private/presence channels, plus a public marker channel. */
async function listen(client: TestClient, channels: string[]) {
  const s = await PusherSocket.open(port, key);
  for (const channel of channels) {
    const res = await client.post(
      '/broadcasting/auth',
      { socket_id: s.socketId, channel_name: channel },
      { accept: 'application/json' },
    );
    expect(res.statusCode).toBe(200);
    const { auth, channel_data } = res.json() as { auth: string; channel_data?: string };
    await s.subscribe(channel, auth, channel_data);
  }
  const marker = `marker-${++seq}`;
  await s.subscribe(marker);
  return { s, marker };
}

/** Publish `event` on `channel`, then a marker; resolve when the marker arrived: did the event come before it? */
async function delivered(sock: { s: PusherSocket; marker: string }, channel: string) {
  const n = ++seq;
  await realtime().publish(channel, 'probe', { n });
  await realtime().publish(sock.marker, 'marker', { n });
  for (;;) {
    const m = await sock.s.next('marker', sock.marker);
    if ((JSON.parse(m.data as string) as { n: number }).n === n) break;
  }
  return sock.s
    .events('probe', channel)
    .some((m) => (JSON.parse(m.data as string) as { n: number }).n === n);
}

async function teamOf(roles: Record<string, TestUser>) {
  return createTeam(
    t.app,
    Object.entries(roles).map(([role, u]) => ({ id: u.id, role })),
  );
}

const confirmPassword = (userId: string) =>
  t.app.ctx.db.update(users).set({ passwordConfirmedAt: new Date() }).where(eq(users.id, userId));

describe('live subscriptions end when the right to them does', () => {
  it('a removed member stops receiving the team channel (private and presence) at once; the others keep it', async () => {
    const owner = await signedInUser(t.app);
    const member = await signedInUser(t.app);
    const team = await teamOf({ owner: owner.user, editor: member.user });
    const chans = [`private-team.${team.id}`, `presence-team.${team.id}`];
    const m = await listen(member.client, [...chans, `private-user.${member.user.id}`]);
    const o = await listen(owner.client, chans);
    expect(await delivered(m, chans[0])).toBe(true);

    const res = await owner.client.delete(`/teams/${team.id}/members/${member.user.id}`);
    expect(res.statusCode).toBe(303);
    // told, on each channel it lost
    for (const c of chans) await m.s.next('pusher:subscription_error', c);
    expect(await delivered(m, chans[0])).toBe(false);
    expect(await delivered(m, chans[1])).toBe(false);
    // the owner sees the member leave the presence channel and keeps receiving
    const gone = await o.s.next('pusher_internal:member_removed', chans[1]);
    expect(JSON.parse(gone.data as string)).toEqual({ user_id: member.user.id });
    expect(await delivered(o, chans[0])).toBe(true);
    // the member's own channel is theirs still
    expect(await delivered(m, `private-user.${member.user.id}`)).toBe(true);
    // and a new subscription is refused
    const again = await member.client.post(
      '/broadcasting/auth',
      { socket_id: m.s.socketId, channel_name: chans[0] },
      { accept: 'application/json' },
    );
    expect(again.statusCode).toBe(403);
    await m.s.close();
    await o.s.close();
  });

  it('a member who leaves stops receiving the team channel', async () => {
    const owner = await signedInUser(t.app);
    const member = await signedInUser(t.app);
    const team = await teamOf({ owner: owner.user, viewer: member.user });
    const channel = `private-team.${team.id}`;
    const m = await listen(member.client, [channel]);
    expect(
      (await member.client.delete(`/teams/${team.id}/members/${member.user.id}`)).statusCode,
    ).toBe(303);
    expect(await delivered(m, channel)).toBe(false);
    await m.s.close();
  });

  it('signing out ends every private subscription of that session, and only of that session', async () => {
    const { user, client } = await signedInUser(t.app);
    const team = await teamOf({ owner: user });
    const other = await signIn(t.app, user); // the same user in a second browser
    const chans = [`private-team.${team.id}`, `private-user.${user.id}`];
    const here = await listen(client, chans);
    const there = await listen(other, chans);

    expect((await client.post('/logout')).statusCode).toBe(303);
    for (const c of chans) expect(await delivered(here, c)).toBe(false);
    for (const c of chans) expect(await delivered(there, c)).toBe(true);
    await here.s.close();
    await there.s.close();
  });

  it('signing the other browsers out ends their subscriptions', async () => {
    const { user, client } = await signedInUser(t.app);
    const other = await signIn(t.app, user);
    const channel = `private-user.${user.id}`;
    const here = await listen(client, [channel]);
    const there = await listen(other, [channel]);
    const res = await client.delete('/user/other-browser-sessions', { password: user.password });
    expect(res.statusCode).toBe(303);
    expect(await delivered(there, channel)).toBe(false);
    expect(await delivered(here, channel)).toBe(true);
    await here.s.close();
    await there.s.close();
  });

  it('deleting the team ends its members’ subscriptions', async () => {
    const owner = await signedInUser(t.app);
    const member = await signedInUser(t.app);
    const team = await teamOf({ owner: owner.user, admin: member.user });
    const channel = `private-team.${team.id}`;
    const m = await listen(member.client, [channel]);
    await confirmPassword(owner.user.id);
    expect((await owner.client.delete(`/teams/${team.id}`)).statusCode).toBe(303);
    expect(await delivered(m, channel)).toBe(false);
    await m.s.close();
  });

  it('deleting the account ends its subscriptions', async () => {
    const { user, client } = await signedInUser(t.app);
    const other = await signIn(t.app, user);
    const channel = `private-user.${user.id}`;
    const there = await listen(other, [channel]);
    const res = await client.delete('/user', { password: user.password });
    expect(res.statusCode).toBe(303);
    expect(await delivered(there, channel)).toBe(false);
    await there.s.close();
  });

  it('a role change or a switch of the current team keeps the subscriptions (every member may listen to every team of theirs)', async () => {
    const owner = await signedInUser(t.app);
    const member = await signedInUser(t.app);
    const team = await teamOf({ owner: owner.user, editor: member.user });
    const second = await teamOf({ owner: member.user });
    const channel = `private-team.${team.id}`;
    const m = await listen(member.client, [channel]);
    expect(
      (await owner.client.put(`/teams/${team.id}/members/${member.user.id}`, { role: 'viewer' }))
        .statusCode,
    ).toBe(303);
    expect(await delivered(m, channel)).toBe(true);
    expect((await member.client.put('/current-team', { teamId: second.id })).statusCode).toBe(303);
    expect(await delivered(m, channel)).toBe(true);
    await m.s.close();
  });

  it('the minute backstop ends what changed outside any request (a session expired, a row deleted by hand)', async () => {
    const { user, client } = await signedInUser(t.app);
    const channel = `private-user.${user.id}`;
    const here = await listen(client, [channel]);
    const { sessions } = await import('../auth/auth.tables.js');
    await t.app.ctx.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, user.id));
    expect(await delivered(here, channel)).toBe(true); // nothing ran yet
    expect(await realtime().guard.revalidate()).toBeGreaterThanOrEqual(1);
    expect(await delivered(here, channel)).toBe(false);
    await here.s.close();
  });
});
