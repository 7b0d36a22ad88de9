import { randomInt } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { WebSocketServer, type WebSocket } from 'ws';
import { Connection, type ConnectionOptions } from './connection.js';
import type { Hub } from './hub.js';
import {
  ACTIVITY_TIMEOUT_S,
  ErrorCode,
  errorMessage,
  MAX_CLIENT_MESSAGE_BYTES,
  PONG_TIMEOUT_S,
  PROTOCOL_VERSION,
} from './protocol.js';

const APP_PATH = /^\/app\/([^/]+)\/?$/;
const SHUTDOWN_GRACE_MS = 1000;
/** one process holds every socket in embedded mode; past this, use an external service */
const MAX_CONNECTIONS = 10_000;

/**
 * The embedded Pusher websocket endpoint at /app/:key. `ws` runs in noServer mode and claims
 * only /app/... upgrades on app.server, so other upgrade listeners (Vite's HMR in dev) keep theirs.
 * Sockets live in this process: see Hub for the scale-out note.
 */
export class SocketServer {
  private wss = new WebSocketServer({
    noServer: true,
    maxPayload: MAX_CLIENT_MESSAGE_BYTES,
    perMessageDeflate: false,
  });
  private connections = new Set<Connection>();
  private timer: NodeJS.Timeout | null = null;
  private attached = false;

  constructor(
    private app: FastifyInstance,
    private hub: Hub,
    private opts: ConnectionOptions,
  ) {}

  /** Listen for upgrades (idempotent; works before or after listen()). */
  attach() {
    if (this.attached) return;
    this.attached = true;
    this.app.server.on('upgrade', this.onUpgrade);
    this.timer = setInterval(() => this.sweep(), 15_000);
    this.timer.unref();
  }

  /** Close every socket (4200: reconnect, the server is restarting) and stop listening. */
  async close() {
    if (this.timer) clearInterval(this.timer);
    this.app.server.off('upgrade', this.onUpgrade);
    for (const c of this.connections) c.close(ErrorCode.GENERIC_RECONNECT, 'Server shutting down');
    // give the close frames a moment to reach the clients, then drop whatever is left
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, SHUTDOWN_GRACE_MS);
      const done = () => {
        if (this.wss.clients.size > 0) return;
        clearTimeout(timer);
        resolve();
      };
      for (const ws of this.wss.clients) ws.once('close', done);
      done();
    });
    for (const ws of this.wss.clients) ws.terminate();
    this.connections.clear();
    await new Promise<void>((resolve) => this.wss.close(() => resolve()));
  }

  get size() {
    return this.connections.size;
  }

  private onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const m = APP_PATH.exec(url.pathname);
    if (!m) {
      // not ours; when nobody else handles upgrades, answer instead of leaving the socket hanging
      if (this.app.server.listenerCount('upgrade') === 1)
        socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    this.wss.handleUpgrade(req, socket, head, (ws) =>
      this.onConnection(ws, decodeURIComponent(m[1]), url.searchParams),
    );
  };

  private onConnection(ws: WebSocket, key: string, query: URLSearchParams) {
    if (key !== this.opts.key) {
      ws.send(
        JSON.stringify(errorMessage(ErrorCode.APP_KEY_UNKNOWN, 'Application key not recognised.')),
      );
      ws.close(ErrorCode.APP_KEY_UNKNOWN, 'App key not recognised');
      return;
    }
    if (this.connections.size >= MAX_CONNECTIONS) {
      ws.send(
        JSON.stringify(
          errorMessage(ErrorCode.OVER_CAPACITY, 'Too many connections; try again shortly.'),
        ),
      );
      ws.close(ErrorCode.OVER_CAPACITY, 'Over capacity');
      return;
    }
    const protocol = query.get('protocol');
    if (protocol !== null && !(Number(protocol) >= 5 && Number(protocol) <= PROTOCOL_VERSION)) {
      ws.send(
        JSON.stringify(
          errorMessage(ErrorCode.PROTOCOL_UNSUPPORTED, `Unsupported protocol version ${protocol}.`),
        ),
      );
      ws.close(ErrorCode.PROTOCOL_UNSUPPORTED, 'Unsupported protocol version');
      return;
    }
    const conn = new Connection(this.newSocketId(), ws, this.hub, this.opts);
    this.connections.add(conn);
    this.hub.add(conn);
    ws.on('message', (raw, isBinary) => {
      if (isBinary)
        return conn.send(errorMessage(ErrorCode.BAD_MESSAGE, 'Binary messages are not supported.'));
      conn.handle(raw.toString());
    });
    ws.on('close', () => {
      this.connections.delete(conn);
      this.hub.remove(conn);
    });
    ws.on('error', (err) => this.opts.log.debug({ err }, 'realtime: socket error'));
    conn.send({
      event: 'pusher:connection_established',
      data: JSON.stringify({ socket_id: conn.id, activity_timeout: ACTIVITY_TIMEOUT_S }),
    });
  }

  private newSocketId() {
    for (;;) {
      const id = `${randomInt(1, 2 ** 31)}.${randomInt(1, 2 ** 31)}`;
      if (!this.hub.has(id)) return id;
    }
  }

  /** Ping sockets silent for activity_timeout; close those that did not answer a ping in time. */
  sweep(now = Date.now()) {
    for (const c of this.connections) {
      if (c.pingSentAt !== null) {
        if (now - c.pingSentAt > PONG_TIMEOUT_S * 1000)
          c.close(ErrorCode.PONG_NOT_RECEIVED, 'Pong reply not received');
      } else if (now - c.lastSeen > ACTIVITY_TIMEOUT_S * 1000) {
        c.pingSentAt = now;
        c.send({ event: 'pusher:ping', data: '{}' });
      }
    }
  }
}
