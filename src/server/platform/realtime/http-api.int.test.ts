import Pusher from 'pusher';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helpers/app.js';
import { PusherSocket } from '../../../../test/helpers/pusher-socket.js';
import { signedInUser } from '../../../../test/helpers/auth.js';
import { notify } from '../../modules/notifications/index.js';
import { hmacHex, md5Hex } from './signatures.js';
import type { EmbeddedRealtime } from './index.js';
import { drainJobs } from '../../../../test/helpers/jobs.js';

let t: TestApp;
let port: number;
let sdk: Pusher;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as { port: number }).port;
  const { appId, key, secret } = t.app.ctx.config.pusher;
  sdk = new Pusher({ appId, key, secret, host: '127.0.0.1', port: String(port), useTLS: false });
});
afterAll(() => t.close());

/** A hand-signed request, to tamper with one part at a time. */
function signed(
  body: string,
  o: { timestamp?: number; secret?: string; bodyMd5?: string; path?: string } = {},
) {
  const { appId, key, secret } = t.app.ctx.config.pusher;
  const path = o.path ?? `/apps/${appId}/events`;
  const params: Record<string, string> = {
    auth_key: key,
    auth_timestamp: String(o.timestamp ?? Math.floor(Date.now() / 1000)),
    auth_version: '1.0',
    body_md5: o.bodyMd5 ?? md5Hex(body),
  };
  const qs = Object.keys(params)
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');
  const sig = hmacHex(o.secret ?? secret, `POST\n${path}\n${qs}`);
  return `${path}?${qs}&auth_signature=${sig}`;
}

describe('Pusher HTTP API (POST /apps/:appId/events)', () => {
  it('the pusher SDK publishes into the embedded endpoint: a subscribed socket receives the event', async () => {
    const s = await PusherSocket.open(port, t.app.ctx.config.pusher.key);
    await s.subscribe('updates');
    const res = await sdk.trigger(['updates', 'elsewhere'], 'metric.updated', { value: 42 });
    expect(res.status).toBe(200);
    const ev = await s.next('metric.updated', 'updates');
    expect(JSON.parse(ev.data as string)).toEqual({ value: 42 });

    await sdk.triggerBatch([{ channel: 'updates', name: 'batch.one', data: { n: 1 } }]);
    expect(JSON.parse((await s.next('batch.one', 'updates')).data as string)).toEqual({ n: 1 });

    // socket_id excludes the sender
    await sdk.trigger('updates', 'self.only', {}, { socket_id: s.socketId });
    await s.barrier();
    expect(s.events('self.only')).toHaveLength(0);
    await s.close();
  });

  it('refuses a wrong secret with 401 and delivers nothing', async () => {
    const { appId, key } = t.app.ctx.config.pusher;
    const s = await PusherSocket.open(port, key);
    await s.subscribe('updates');
    const bad = new Pusher({
      appId,
      key,
      secret: 'not-the-secret',
      host: '127.0.0.1',
      port: String(port),
      useTLS: false,
    });
    await expect(bad.trigger('updates', 'forged', {})).rejects.toMatchObject({ status: 401 });
    const badKey = new Pusher({
      appId,
      key: 'other-key',
      secret: t.app.ctx.config.pusher.secret,
      host: '127.0.0.1',
      port: String(port),
      useTLS: false,
    });
    await expect(badKey.trigger('updates', 'forged', {})).rejects.toMatchObject({ status: 401 });
    const badApp = new Pusher({
      appId: 'other-app',
      key,
      secret: t.app.ctx.config.pusher.secret,
      host: '127.0.0.1',
      port: String(port),
      useTLS: false,
    });
    await expect(badApp.trigger('updates', 'forged', {})).rejects.toMatchObject({ status: 404 });
    await s.barrier();
    expect(s.events('forged')).toHaveLength(0);
    await s.close();
  });

  it('checks the body MD5, the timestamp window and the signature over path and query', async () => {
    const body = JSON.stringify({ name: 'e', data: '{}', channels: ['updates'] });
    const send = (url: string, payload = body) =>
      t.app.inject({
        method: 'POST',
        url,
        payload,
        headers: { 'content-type': 'application/json' },
      });
    expect((await send(signed(body))).statusCode).toBe(200);
    // body changed after signing
    expect((await send(signed(body), body.replace('updates', 'private-user.x'))).statusCode).toBe(
      401,
    );
    // stale and future timestamps: an hour off, so a slow machine cannot bring them back inside
    // the ±600 s window (its exact edges are unit-tested on a fixed clock: signatures.test.ts)
    expect(
      (await send(signed(body, { timestamp: Math.floor(Date.now() / 1000) - 3600 }))).statusCode,
    ).toBe(401);
    expect(
      (await send(signed(body, { timestamp: Math.floor(Date.now() / 1000) + 3600 }))).statusCode,
    ).toBe(401);
    // signature made for another path
    const otherPath = signed(body, {
      path: `/apps/${t.app.ctx.config.pusher.appId}/batch_events`,
    }).replace('/batch_events', '/events');
    expect((await send(otherPath)).statusCode).toBe(401);
    // no signature at all
    expect((await send(`/apps/${t.app.ctx.config.pusher.appId}/events`)).statusCode).toBe(401);
  });

  it('refuses malformed events with 400 even when signed', async () => {
    const send = (obj: unknown) => {
      const payload = JSON.stringify(obj);
      return t.app.inject({
        method: 'POST',
        url: signed(payload),
        payload,
        headers: { 'content-type': 'application/json' },
      });
    };
    expect((await send({ name: 'e', data: { not: 'a string' }, channels: ['a'] })).statusCode).toBe(
      400,
    );
    expect((await send({ name: 'e', data: '{}' })).statusCode).toBe(400);
    expect((await send({ name: 'e', data: '{}', channels: ['bad channel'] })).statusCode).toBe(400);
    expect(
      (await send({ name: 'e', data: 'x'.repeat(10 * 1024 + 1), channels: ['a'] })).statusCode,
    ).toBe(400);
    expect(
      (
        await send({
          name: 'e',
          data: '{}',
          channels: Array.from({ length: 101 }, (_, i) => `c${i}`),
        })
      ).statusCode,
    ).toBe(400);
  });
});

describe('external mode (PUSHER_HOST set)', () => {
  it('publishes through the pusher SDK to the configured service: notify() reaches a socket there', async () => {
    // the "external service" is the embedded endpoint of the app above, same app id, key and secret
    const { appId, key, secret } = t.app.ctx.config.pusher;
    const ext = await createTestApp({
      env: {
        PUSHER_HOST: '127.0.0.1',
        PUSHER_PORT: String(port),
        PUSHER_SCHEME: 'http',
        PUSHER_APP_ID: appId,
        PUSHER_APP_KEY: key,
        PUSHER_APP_SECRET: secret,
      },
    });
    try {
      expect(ext.app.ctx.config.pusher.external).toBe(true);
      // no embedded endpoint in this mode
      expect(ext.app.ctx.routes.byName.has('pusher.events')).toBe(false);
      expect(t.app.ctx.routes.byName.has('pusher.events')).toBe(true);
      const { user, client } = await signedInUser(ext.app);
      const s = await PusherSocket.open(port, key);
      const channel = `private-user.${user.id}`;
      const auth = await client.post(
        '/broadcasting/auth',
        { socket_id: s.socketId, channel_name: channel },
        { accept: 'application/json' },
      );
      // a real service (Soketi, Pusher) takes any signature made with the shared secret; our embedded
      // endpoint standing in for it also wants its own grant (subscription-guard.ts), given here by hand
      (t.app.ctx.realtime as EmbeddedRealtime).hub.grant(s.socketId, channel, {
        userId: user.id,
        sessionId: 'in-the-external-app',
      });
      await s.subscribe(channel, auth.json().auth);
      await notify(ext.app.ctx, {
        userIds: [user.id],
        type: 'test.ping',
        title: 'Through the service',
      });
      await drainJobs(ext.app);
      const ev = await s.next('notification.created', channel);
      expect(JSON.parse(ev.data as string)).toMatchObject({
        title: 'Through the service',
        readAt: null,
      });
      await s.close();
    } finally {
      await ext.close();
    }
  });
});
