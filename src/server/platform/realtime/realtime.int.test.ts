import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { createTestApp, type TestApp } from '../../../../test/helpers/app.js';
import { signedInUser } from '../../../../test/helpers/auth.js';
import { PusherSocket } from '../../../../test/helpers/pusher-socket.js';
import { createTeam } from '../../../../test/helpers/teams.js';
import type { TestClient } from '../../../../test/helpers/client.js';
import type { EmbeddedRealtime } from './index.js';
import { socketAuth } from './signatures.js';

let t: TestApp;
let port: number;
let key: string;
const realtime = () => t.app.ctx.realtime as EmbeddedRealtime;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as { port: number }).port;
  key = t.app.ctx.config.pusher.key;
});
afterAll(() => t.close());

/** Ask /broadcasting/auth (as the signed-in browser would) for a subscription signature. */
async function authFor(client: TestClient, socketId: string, channel: string) {
  const res = await client.post(
    '/broadcasting/auth',
    { socket_id: socketId, channel_name: channel },
    { accept: 'application/json' },
  );
  expect(res.statusCode).toBe(200);
  return res.json() as { auth: string; channel_data?: string };
}

describe('websocket endpoint (Pusher protocol 7)', () => {
  it('greets with connection_established: a socket id like 123.456 and the activity timeout', async () => {
    const s = await PusherSocket.open(port, key);
    expect(s.socketId).toMatch(/^\d+\.\d+$/);
    const [msg] = s.events('pusher:connection_established');
    expect(JSON.parse(msg.data as string)).toEqual({
      socket_id: s.socketId,
      activity_timeout: 120,
    });
    await s.close();
  });

  it('answers pusher:ping with pusher:pong', async () => {
    const s = await PusherSocket.open(port, key);
    s.send({ event: 'pusher:ping', data: {} });
    const pong = await s.next('pusher:pong');
    expect(pong.data).toBe('{}');
    await s.close();
  });

  it('refuses a wrong app key with pusher:error 4001 and closes', async () => {
    const s = await PusherSocket.open(port, 'not-our-key', { raw: true });
    const err = await s.next('pusher:error');
    expect(err.data).toMatchObject({ code: 4001 });
    expect((await s.closed).code).toBe(4001);
    expect(s.events('pusher:connection_established')).toHaveLength(0);
  });

  it('refuses unsupported protocol versions with 4007', async () => {
    const s = await PusherSocket.open(port, key, { raw: true, query: 'protocol=3' });
    expect((await s.next('pusher:error')).data).toMatchObject({ code: 4007 });
    expect((await s.closed).code).toBe(4007);
  });

  it('does not upgrade other paths', async () => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/elsewhere`);
    const err = await new Promise<Error>((resolve) => ws.once('error', resolve));
    expect(err.message).toContain('404');
  });

  it('subscribes to a public channel, delivers published events, and stops after unsubscribe', async () => {
    const s = await PusherSocket.open(port, key);
    const ok = await s.subscribe('news');
    expect(ok.data).toBe('{}');
    await realtime().publish('news', 'story.published', { id: 1 });
    const ev = await s.next('story.published', 'news');
    expect(JSON.parse(ev.data as string)).toEqual({ id: 1 });

    s.send({ event: 'pusher:unsubscribe', data: { channel: 'news' } });
    await s.barrier();
    await realtime().publish('news', 'story.published', { id: 2 });
    await s.barrier();
    expect(s.events('story.published')).toHaveLength(1);
    await s.close();
  });

  it('leaves out the excluded socket when publishing', async () => {
    const a = await PusherSocket.open(port, key);
    const b = await PusherSocket.open(port, key);
    await a.subscribe('room');
    await b.subscribe('room');
    await realtime().publish('room', 'said', 'hi', { excludeSocketId: a.socketId });
    expect((await b.next('said', 'room')).data).toBe('hi');
    await a.barrier();
    expect(a.events('said')).toHaveLength(0);
    await a.close();
    await b.close();
  });

  it('subscribes to a private channel with a valid signature from /broadcasting/auth', async () => {
    const { user, client } = await signedInUser(t.app);
    const s = await PusherSocket.open(port, key);
    const channel = `private-user.${user.id}`;
    const { auth } = await authFor(client, s.socketId, channel);
    await s.subscribe(channel, auth);
    await realtime().publish(channel, 'notification.created', { title: 'Hello' });
    expect(JSON.parse((await s.next('notification.created', channel)).data as string)).toEqual({
      title: 'Hello',
    });
    await s.close();
  });

  it('refuses private subscriptions without a valid signature (4009) and delivers nothing', async () => {
    const { user, client } = await signedInUser(t.app);
    const channel = `private-user.${user.id}`;
    const s = await PusherSocket.open(port, key);
    const other = await PusherSocket.open(port, key);
    // a signature made for another socket is not valid for this one
    const { auth: stolen } = await authFor(client, other.socketId, channel);
    // and a correct signature made with the secret, but not handed out by /broadcasting/auth, is not enough either
    const forged = socketAuth(key, t.app.ctx.config.pusher.secret, s.socketId, channel);
    for (const auth of [undefined, 'garbage', `${key}:${'0'.repeat(64)}`, stolen, forged]) {
      s.send({ event: 'pusher:subscribe', data: { channel, ...(auth ? { auth } : {}) } });
      const err = await s.next('pusher:error');
      expect(err).toMatchObject({ channel, data: { code: 4009 } });
      await s.next('pusher:subscription_error', channel);
    }
    await realtime().publish(channel, 'notification.created', { title: 'secret' });
    await s.barrier();
    expect(s.events('notification.created')).toHaveLength(0);
    expect(s.events('pusher_internal:subscription_succeeded')).toHaveLength(0);
    await s.close();
    await other.close();
  });

  it('tracks presence: member list on join, member_added and member_removed to the others', async () => {
    const a = await signedInUser(t.app, { name: 'Ada Lovelace' });
    const b = await signedInUser(t.app, { name: 'Grace Hopper' });
    const team = await createTeam(t.app, [a.user, b.user]);
    const channel = `presence-team.${team.id}`;

    const sa = await PusherSocket.open(port, key);
    const authA = await authFor(a.client, sa.socketId, channel);
    const okA = await sa.subscribe(channel, authA.auth, authA.channel_data);
    expect(JSON.parse(okA.data as string)).toEqual({
      presence: { ids: [a.user.id], hash: { [a.user.id]: { name: 'Ada Lovelace' } }, count: 1 },
    });

    const sb = await PusherSocket.open(port, key);
    const authB = await authFor(b.client, sb.socketId, channel);
    const okB = await sb.subscribe(channel, authB.auth, authB.channel_data);
    const presence = (
      JSON.parse(okB.data as string) as {
        presence: { count: number; hash: Record<string, unknown> };
      }
    ).presence;
    expect(presence.count).toBe(2);
    expect(presence.hash[b.user.id]).toEqual({ name: 'Grace Hopper' });

    const added = await sa.next('pusher_internal:member_added', channel);
    expect(JSON.parse(added.data as string)).toEqual({
      user_id: b.user.id,
      user_info: { name: 'Grace Hopper' },
    });
    await sb.barrier();
    expect(sb.events('pusher_internal:member_added')).toHaveLength(0);

    // channel_data that was not signed is refused
    const sc = await PusherSocket.open(port, key);
    const authC = await authFor(b.client, sc.socketId, channel);
    sc.send({
      event: 'pusher:subscribe',
      data: {
        channel,
        auth: authC.auth,
        channel_data: JSON.stringify({ user_id: a.user.id, user_info: { name: 'Mallory' } }),
      },
    });
    expect((await sc.next('pusher:error')).data).toMatchObject({ code: 4009 });
    await sc.close();

    await sb.close();
    const removed = await sa.next('pusher_internal:member_removed', channel);
    expect(JSON.parse(removed.data as string)).toEqual({ user_id: b.user.id });
    await sa.close();
  });

  it('announces a member once however many sockets they join with', async () => {
    const a = await signedInUser(t.app);
    const b = await signedInUser(t.app);
    const team = await createTeam(t.app, [a.user, b.user]);
    const channel = `presence-team.${team.id}`;
    const join = async (who: typeof a) => {
      const s = await PusherSocket.open(port, key);
      const auth = await authFor(who.client, s.socketId, channel);
      await s.subscribe(channel, auth.auth, auth.channel_data);
      return s;
    };
    const watcher = await join(a);
    const b1 = await join(b);
    const b2 = await join(b);
    await watcher.next('pusher_internal:member_added', channel);
    await b1.close();
    await watcher.barrier();
    expect(watcher.events('pusher_internal:member_added')).toHaveLength(1);
    expect(watcher.events('pusher_internal:member_removed')).toHaveLength(0);
    await b2.close();
    await watcher.next('pusher_internal:member_removed', channel);
    await watcher.close();
  });

  it('refuses client events unless enabled', async () => {
    const { user, client } = await signedInUser(t.app);
    const channel = `private-user.${user.id}`;
    const a = await PusherSocket.open(port, key);
    const b = await PusherSocket.open(port, key);
    await a.subscribe(channel, (await authFor(client, a.socketId, channel)).auth);
    await b.subscribe(channel, (await authFor(client, b.socketId, channel)).auth);
    a.send({ event: 'client-typing', channel, data: { on: true } });
    expect((await a.next('pusher:error')).data).toMatchObject({ code: 4301 });
    await b.barrier();
    expect(b.events('client-typing')).toHaveLength(0);
    await a.close();
    await b.close();
  });

  it('answers malformed messages with pusher:error and keeps the connection', async () => {
    const s = await PusherSocket.open(port, key);
    s.ws.send('not json');
    expect((await s.next('pusher:error')).data).toMatchObject({ code: 4302 });
    s.send({ event: 'pusher:subscribe', data: { channel: 'bad channel!' } });
    expect((await s.next('pusher:error')).data).toMatchObject({ code: 4302 });
    await s.barrier();
    await s.close();
  });

  it('pings a silent socket after the activity timeout and closes it when no pong comes', async () => {
    const s = await PusherSocket.open(port, key);
    const now = Date.now();
    realtime().sockets.sweep(now + 121_000);
    await s.next('pusher:ping');
    realtime().sockets.sweep(now + 121_000 + 31_000);
    expect((await s.closed).code).toBe(4201);
  });

  it('a pong keeps a pinged socket open', async () => {
    const s = await PusherSocket.open(port, key);
    const now = Date.now();
    realtime().sockets.sweep(now + 121_000);
    await s.next('pusher:ping');
    s.send({ event: 'pusher:pong', data: {} });
    await s.barrier();
    realtime().sockets.sweep(Date.now() + 31_000);
    await s.barrier();
    expect(s.ws.readyState).toBe(WebSocket.OPEN);
    await s.close();
  });
});

describe('with client events enabled, and on shutdown', () => {
  it('relays client events to the other subscribers of a private channel; closes sockets on app.close()', async () => {
    const t2 = await createTestApp({ env: { PUSHER_CLIENT_EVENTS: 'true' } });
    try {
      await t2.app.listen({ port: 0, host: '127.0.0.1' });
      const p2 = (t2.app.server.address() as { port: number }).port;
      const { key: k } = t2.app.ctx.config.pusher;
      const { user, client } = await signedInUser(t2.app);
      const channel = `private-user.${user.id}`;
      const a = await PusherSocket.open(p2, k);
      const b = await PusherSocket.open(p2, k);
      await a.subscribe(channel, (await authFor(client, a.socketId, channel)).auth);
      await b.subscribe(channel, (await authFor(client, b.socketId, channel)).auth);
      a.send({ event: 'client-typing', channel, data: { on: true } });
      expect(JSON.parse((await b.next('client-typing', channel)).data as string)).toEqual({
        on: true,
      });
      a.send({ event: 'client-typing', channel: 'public-room', data: {} });
      expect((await a.next('pusher:error')).data).toMatchObject({ code: 4301 });
      await a.barrier();
      expect(a.events('client-typing')).toHaveLength(0);

      await t2.app.close();
      expect((await a.closed).code).toBe(4200);
      expect((await b.closed).code).toBe(4200);
    } finally {
      await t2.close();
    }
  });
});
