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
  const ws = { OPEN: 1, readyState: 1, send: (s: string) => sent.push(JSON.parse(s)), close: () => undefined } as unknown as WebSocket;
  const c = new Connection(id, ws, hub, { key: 'k', secret: 's', clientEvents, log: pino({ level: 'silent' }) });
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
          fc.record({ event: fc.constantFrom('pusher:subscribe', 'pusher:unsubscribe', 'pusher:ping', 'client-x', 'other'), channel: fc.option(fc.string()), data: fc.anything() }).map((m) => JSON.stringify(m)),
        ),
        (raw) => {
          const hub = new Hub();
          const { c, sent } = connect(hub, '1.1');
          c.handle(raw);
          for (const m of sent) expect(m.event).toMatch(/^pusher(_internal)?:/);
          // nothing private was joined without a signature
          for (const ch of c.channels.keys()) expect(ch.startsWith('private-') || ch.startsWith('presence-')).toBe(false);
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
    a.c.handle(JSON.stringify({ event: 'pusher:subscribe', data: { channel: ch, auth: socketAuth('k', 's', '1.1', ch, dataA), channel_data: dataA } }));
    b.c.handle(JSON.stringify({ event: 'pusher:subscribe', data: { channel: ch, auth: socketAuth('k', 's', '2.2', ch, dataB), channel_data: dataB } }));
    expect(a.sent.map((m) => m.event)).toEqual(['pusher_internal:subscription_succeeded', 'pusher_internal:member_added']);
    expect(JSON.parse(b.sent[0].data as string).presence.count).toBe(2);
    hub.remove(b.c);
    expect(a.sent.at(-1)).toEqual({ event: 'pusher_internal:member_removed', channel: ch, data: JSON.stringify({ user_id: 'ub' }) });
    expect(hub.subscriberCount(ch)).toBe(1);
    hub.remove(a.c);
    expect(hub.subscriberCount(ch)).toBe(0);
  });
});
