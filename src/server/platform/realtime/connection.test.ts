import fc from 'fast-check';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { Connection } from './connection.js';
import { Hub } from './hub.js';
import { socketAuth } from './signatures.js';

/** A Connection over a fake socket that records what the server sends. */
function connect(hub: Hub, id: string, clientEvents = false) {
  const sent: Array<{ event: string; channel?: string; data?: unknown }> = [];
  const ws = {
    OPEN: 1,
    readyState: 1,
    send: (s: string) => sent.push(JSON.parse(s)),
    close: () => undefined,
  } as unknown as WebSocket;
  const c = new Connection(id, ws, hub, {
    key: 'k',
    secret: 's',
    clientEvents,
    log: pino({ level: 'silent' }),
  });
  hub.add(c);
  return { c, sent };
}

describe('Connection', () => {
  it('survives any message a client can send, answering only with protocol messages', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.json(),
          fc
            .record({
              event: fc.constantFrom(
                'pusher:subscribe',
                'pusher:unsubscribe',
                'pusher:ping',
                'client-x',
                'other',
              ),
              channel: fc.option(fc.string()),
              data: fc.anything(),
            })
            .map((m) => JSON.stringify(m)),
        ),
        (raw) => {
          const hub = new Hub();
          const { c, sent } = connect(hub, '1.1');
          c.handle(raw);
          for (const m of sent) expect(m.event).toMatch(/^pusher(_internal)?:/);
          // nothing private was joined without a signature
          for (const ch of c.channels.keys())
            expect(ch.startsWith('private-') || ch.startsWith('presence-')).toBe(false);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('subscribes with a signature, and presence members come and go', () => {
    const hub = new Hub();
    const a = connect(hub, '1.1');
    const b = connect(hub, '2.2');
    const ch = 'presence-team.t';
    const dataA = JSON.stringify({ user_id: 'ua', user_info: { name: 'A' } });
    const dataB = JSON.stringify({ user_id: 'ub', user_info: { name: 'B' } });
    hub.grant('1.1', ch, { userId: 'ua', sessionId: 'sa' });
    hub.grant('2.2', ch, { userId: 'ub', sessionId: 'sb' });
    a.c.handle(
      JSON.stringify({
        event: 'pusher:subscribe',
        data: { channel: ch, auth: socketAuth('k', 's', '1.1', ch, dataA), channel_data: dataA },
      }),
    );
    b.c.handle(
      JSON.stringify({
        event: 'pusher:subscribe',
        data: { channel: ch, auth: socketAuth('k', 's', '2.2', ch, dataB), channel_data: dataB },
      }),
    );
    expect(a.sent.map((m) => m.event)).toEqual([
      'pusher_internal:subscription_succeeded',
      'pusher_internal:member_added',
    ]);
    expect(JSON.parse(b.sent[0].data as string).presence.count).toBe(2);
    hub.remove(b.c);
    expect(a.sent.at(-1)).toEqual({
      event: 'pusher_internal:member_removed',
      channel: ch,
      data: JSON.stringify({ user_id: 'ub' }),
    });
    expect(hub.subscriberCount(ch)).toBe(1);
    hub.remove(a.c);
    expect(hub.subscriberCount(ch)).toBe(0);
  });

  it('refuses a correctly signed private subscription that /broadcasting/auth did not grant to this socket', () => {
    const hub = new Hub();
    const a = connect(hub, '1.1');
    const ch = 'private-team.t';
    hub.grant('9.9', ch, { userId: 'u', sessionId: 's' }); // another socket's grant
    a.c.handle(
      JSON.stringify({
        event: 'pusher:subscribe',
        data: { channel: ch, auth: socketAuth('k', 's', '1.1', ch) },
      }),
    );
    expect(a.sent.map((m) => m.event)).toEqual(['pusher:error', 'pusher:subscription_error']);
    expect(hub.subscriberCount(ch)).toBe(0);
  });

  it('revoking a binding ends the subscription, tells the socket, and announces the presence member gone', () => {
    const hub = new Hub();
    const a = connect(hub, '1.1');
    const b = connect(hub, '2.2');
    const ch = 'presence-team.t';
    for (const [x, id, user] of [
      [a, '1.1', 'ua'],
      [b, '2.2', 'ub'],
    ] as const) {
      const data = JSON.stringify({ user_id: user, user_info: {} });
      hub.grant(id, ch, { userId: user, sessionId: `s-${user}` });
      x.c.handle(
        JSON.stringify({
          event: 'pusher:subscribe',
          data: { channel: ch, auth: socketAuth('k', 's', id, ch, data), channel_data: data },
        }),
      );
    }
    const binding = hub.bindings().find((x) => x.socket === b.c)!;
    expect(binding).toMatchObject({
      channel: ch,
      principal: { userId: 'ub', sessionId: 's-ub' },
      pending: false,
    });
    expect(hub.revoke(binding, 'gone')).toBe(true);
    expect(hub.revoke(binding, 'gone')).toBe(false); // once
    expect(b.sent.slice(-2).map((m) => m.event)).toEqual([
      'pusher:error',
      'pusher:subscription_error',
    ]);
    expect(a.sent.at(-1)).toEqual({
      event: 'pusher_internal:member_removed',
      channel: ch,
      data: JSON.stringify({ user_id: 'ub' }),
    });
    hub.publish(ch, 'x', '{}');
    expect(b.sent.at(-1)?.event).toBe('pusher:subscription_error');
    expect(hub.bindings().map((x) => x.socket)).toEqual([a.c]);
  });
});
