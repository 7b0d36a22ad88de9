import type { WebSocket } from 'ws';
import type { FastifyBaseLogger } from 'fastify';
import { CHANNEL_NAME_RE, channelKind } from '../../../shared/realtime/channels.js';
import type { Hub, HubSocket, PresenceMember, Principal } from './hub.js';
import {
  ErrorCode,
  errorMessage,
  MAX_CHANNELS_PER_SOCKET,
  parseClientMessage,
  type ClientMessage,
  type ServerMessage,
} from './protocol.js';
import { verifySocketAuth } from './signatures.js';
import { encodeEventData, MAX_EVENT_DATA_BYTES } from './publisher.js';

export interface ConnectionOptions {
  key: string;
  secret: string;
  /** relay `client-*` events between subscribers of private/presence channels */
  clientEvents: boolean;
  log: FastifyBaseLogger;
}

/** One client speaking the Pusher protocol over a websocket. */
export class Connection implements HubSocket {
  readonly channels = new Map<string, string | undefined>();
  lastSeen = Date.now();
  pingSentAt: number | null = null;

  constructor(
    readonly id: string,
    private ws: WebSocket,
    private hub: Hub,
    private opts: ConnectionOptions,
  ) {}

  send(msg: ServerMessage) {
    if (this.ws.readyState === this.ws.OPEN) this.ws.send(JSON.stringify(msg));
  }

  close(code: number, reason: string) {
    this.ws.close(code, reason);
  }

  private error(code: number | null, message: string, channel?: string) {
    this.send({ ...errorMessage(code, message), ...(channel ? { channel } : {}) });
  }

  handle(raw: string) {
    this.lastSeen = Date.now();
    this.pingSentAt = null;
    const msg = parseClientMessage(raw);
    if (!msg)
      return this.error(
        ErrorCode.BAD_MESSAGE,
        'Messages must be JSON objects with an "event" name.',
      );
    switch (msg.event) {
      case 'pusher:ping':
        return this.send({ event: 'pusher:pong', data: '{}' });
      case 'pusher:pong':
        return;
      case 'pusher:subscribe':
        return this.subscribe(msg);
      case 'pusher:unsubscribe': {
        const channel = (msg.data as { channel?: unknown } | undefined)?.channel;
        if (typeof channel === 'string') this.hub.unsubscribe(this, channel);
        return;
      }
      default:
        if (msg.event.startsWith('client-')) return this.clientEvent(msg);
        this.opts.log.debug({ event: msg.event }, 'realtime: ignored client message');
    }
  }

  private subscribe(msg: ClientMessage) {
    const data = (msg.data ?? {}) as { channel?: unknown; auth?: unknown; channel_data?: unknown };
    const channel = data.channel;
    if (typeof channel !== 'string' || !CHANNEL_NAME_RE.test(channel))
      return this.error(
        ErrorCode.BAD_MESSAGE,
        'Invalid channel name.',
        typeof channel === 'string' ? channel.slice(0, 164) : undefined,
      );
    if (this.channels.has(channel))
      return this.send({ event: 'pusher_internal:subscription_succeeded', channel, data: '{}' });
    if (this.channels.size >= MAX_CHANNELS_PER_SOCKET)
      return this.error(
        ErrorCode.OVER_CAPACITY,
        `A connection may subscribe to at most ${MAX_CHANNELS_PER_SOCKET} channels.`,
        channel,
      );
    const kind = channelKind(channel);
    let member: PresenceMember | undefined;
    let principal: Principal | undefined;
    if (kind !== 'public') {
      const channelData =
        kind === 'presence'
          ? typeof data.channel_data === 'string'
            ? data.channel_data
            : undefined
          : undefined;
      if (kind === 'presence') {
        member = parseMember(channelData);
        if (!member)
          return this.refuse(channel, 'Presence subscriptions need channel_data with a user_id.');
      }
      if (
        !verifySocketAuth(this.opts.key, this.opts.secret, this.id, channel, data.auth, channelData)
      )
        return this.refuse(channel, 'Invalid signature: the subscription is not authorized.');
      // bound to the session that asked /broadcasting/auth: it ends when that session or its right to listen does
      principal = this.hub.takeGrant(this, channel);
      if (!principal)
        return this.refuse(
          channel,
          'The subscription was not authorized here: ask /broadcasting/auth first.',
        );
    }
    const presence = this.hub.subscribe(this, channel, member, principal);
    this.send({
      event: 'pusher_internal:subscription_succeeded',
      channel,
      data: JSON.stringify(presence ? { presence } : {}),
    });
  }

  private refuse(channel: string, message: string) {
    this.error(ErrorCode.UNAUTHORIZED, message, channel);
    // pusher-js reports this on the channel (Echo's .error() callback)
    this.send({
      event: 'pusher:subscription_error',
      channel,
      data: JSON.stringify({ type: 'AuthError', error: message, status: 401 }),
    });
  }

  private clientEvent(msg: ClientMessage) {
    const channel = msg.channel;
    if (!this.opts.clientEvents)
      return this.error(
        ErrorCode.CLIENT_EVENT_REJECTED,
        'Client events are not enabled on this server.',
        channel,
      );
    if (!channel || channelKind(channel) === 'public')
      return this.error(
        ErrorCode.CLIENT_EVENT_REJECTED,
        'Client events are only allowed on private and presence channels.',
        channel,
      );
    if (!this.channels.has(channel))
      return this.error(
        ErrorCode.CLIENT_EVENT_REJECTED,
        'Subscribe to the channel before sending client events on it.',
        channel,
      );
    if (msg.event.length > 200)
      return this.error(ErrorCode.CLIENT_EVENT_REJECTED, 'Event name too long.', channel);
    const data = encodeEventData(msg.data);
    if (Buffer.byteLength(data) > MAX_EVENT_DATA_BYTES)
      return this.error(
        ErrorCode.CLIENT_EVENT_REJECTED,
        'Event data is larger than 10 KB.',
        channel,
      );
    this.hub.publish(channel, msg.event, data, this.id, { user_id: this.channels.get(channel) });
  }
}

function parseMember(channelData: string | undefined): PresenceMember | undefined {
  if (!channelData || channelData.length > 2048) return undefined;
  try {
    const parsed = JSON.parse(channelData) as { user_id?: unknown; user_info?: unknown };
    if (typeof parsed.user_id !== 'string' && typeof parsed.user_id !== 'number') return undefined;
    return { user_id: String(parsed.user_id), user_info: parsed.user_info };
  } catch {
    return undefined;
  }
}
