import { WebSocket } from 'ws';
import { WAIT_GUARD_MS } from './wait.js';

export interface PusherMessage {
  event: string;
  channel?: string;
  data?: unknown;
  user_id?: string;
}

/**
 * A raw Pusher-protocol websocket client for tests: records every message, lets a test wait
 * for the next one matching an event (and channel), and offers a ping/pong barrier to prove
 * that something was NOT delivered (the server answers in order).
 */
export class PusherSocket {
  readonly received: PusherMessage[] = [];
  private consumed = new Set<PusherMessage>();
  private waiters: Array<{
    match: (m: PusherMessage) => boolean;
    resolve: (m: PusherMessage) => void;
  }> = [];
  readonly closed: Promise<{ code: number; reason: string }>;
  socketId = '';

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (raw) => {
      const msg = JSON.parse(raw.toString()) as PusherMessage;
      this.received.push(msg);
      const i = this.waiters.findIndex((w) => w.match(msg));
      if (i >= 0) {
        this.consumed.add(msg);
        this.waiters.splice(i, 1)[0].resolve(msg);
      }
    });
    this.closed = new Promise((resolve) =>
      ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
    );
  }

  /** Open a socket; unless `raw`, wait for pusher:connection_established and keep the socket id. */
  static async open(
    port: number,
    key: string,
    opts: { query?: string; raw?: boolean } = {},
  ): Promise<PusherSocket> {
    const ws = new WebSocket(
      `ws://127.0.0.1:${port}/app/${encodeURIComponent(key)}?${opts.query ?? 'protocol=7&client=js&version=8.6.0&flash=false'}`,
    );
    const s = new PusherSocket(ws);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    if (!opts.raw) {
      const msg = await s.next('pusher:connection_established');
      s.socketId = (JSON.parse(msg.data as string) as { socket_id: string }).socket_id;
    }
    return s;
  }

  /** The next not-yet-consumed message with this event (and channel). Fails the test when none comes (a hang) instead of hanging. */
  next(event: string, channel?: string): Promise<PusherMessage> {
    const match = (m: PusherMessage) =>
      m.event === event && (channel === undefined || m.channel === channel);
    const already = this.received.find((m) => !this.consumed.has(m) && match(m));
    if (already) {
      this.consumed.add(already);
      return Promise.resolve(already);
    }
    return new Promise((resolve, reject) => {
      const waiter = { match, resolve };
      this.waiters.push(waiter);
      setTimeout(() => {
        const i = this.waiters.indexOf(waiter);
        if (i >= 0) {
          this.waiters.splice(i, 1);
          reject(
            new Error(
              `no ${event}${channel ? ` on ${channel}` : ''} arrived; got ${JSON.stringify(this.received.map((m) => m.event))}`,
            ),
          );
        }
      }, WAIT_GUARD_MS).unref();
    });
  }

  send(msg: PusherMessage) {
    this.ws.send(JSON.stringify(msg));
  }

  subscribe(channel: string, auth?: string, channelData?: string) {
    this.send({
      event: 'pusher:subscribe',
      data: {
        channel,
        ...(auth ? { auth } : {}),
        ...(channelData ? { channel_data: channelData } : {}),
      },
    });
    return this.next('pusher_internal:subscription_succeeded', channel);
  }

  /** Everything the server sent before this returns has been received. */
  async barrier() {
    this.send({ event: 'pusher:ping', data: {} });
    await this.next('pusher:pong');
  }

  events(event: string, channel?: string) {
    return this.received.filter(
      (m) => m.event === event && (channel === undefined || m.channel === channel),
    );
  }

  close() {
    this.ws.close();
    return this.closed;
  }
}
