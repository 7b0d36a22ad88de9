/**
 * Pusher Channels protocol v7 (https://pusher.com/docs/channels/library_auth_reference/pusher-websockets-protocol/):
 * message shapes and the error codes this endpoint uses.
 */
export const PROTOCOL_VERSION = 7;
/** seconds of silence after which the client pings (and the server pings an idle client) */
export const ACTIVITY_TIMEOUT_S = 120;
/** seconds the server waits for a pong before closing the socket */
export const PONG_TIMEOUT_S = 30;
/** largest message a client may send */
export const MAX_CLIENT_MESSAGE_BYTES = 10 * 1024;
/** subscriptions one socket may hold */
export const MAX_CHANNELS_PER_SOCKET = 100;

export const ErrorCode = {
  /** 4000-4099: the client must not reconnect as is */
  APP_KEY_UNKNOWN: 4001,
  PROTOCOL_UNSUPPORTED: 4007,
  UNAUTHORIZED: 4009,
  /** 4100-4199: reconnect after a back-off */
  OVER_CAPACITY: 4100,
  /** 4200-4299: reconnect now */
  GENERIC_RECONNECT: 4200,
  PONG_NOT_RECEIVED: 4201,
  /** 4300+: other errors */
  CLIENT_EVENT_REJECTED: 4301,
  BAD_MESSAGE: 4302,
} as const;

export interface ServerMessage {
  event: string;
  channel?: string;
  /** string-encoded JSON for events; an object for pusher:error (as Pusher sends it) */
  data?: unknown;
  user_id?: string;
}

export interface ClientMessage {
  event: string;
  channel?: string;
  data?: unknown;
}

export function parseClientMessage(raw: string): ClientMessage | null {
  let msg: unknown;
  try {
    msg = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!msg || typeof msg !== 'object' || typeof (msg as ClientMessage).event !== 'string')
    return null;
  const m = msg as ClientMessage;
  let data = m.data;
  // some clients string-encode data on the way in too
  if (typeof data === 'string' && /^\s*[{[]/.test(data)) {
    try {
      data = JSON.parse(data);
    } catch {
      /* keep the string */
    }
  }
  return { event: m.event, channel: typeof m.channel === 'string' ? m.channel : undefined, data };
}

export const errorMessage = (code: number | null, message: string): ServerMessage => ({
  event: 'pusher:error',
  data: { code, message },
});
