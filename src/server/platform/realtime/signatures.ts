import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/** Pusher signs with HMAC-SHA256, hex encoded. */
export function hmacHex(secret: string, payload: string): string {
  return createHmac('sha256', secret).update(payload).digest('hex');
}

export function md5Hex(body: string | Buffer): string {
  return createHash('md5').update(body).digest('hex');
}

function safeEqual(a: string, b: string): boolean {
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  return ab.length === bb.length && timingSafeEqual(ab, bb);
}

/** The `auth` value for a private/presence subscription: key:HMAC(secret, "socket_id:channel[:channel_data]"). */
export function socketAuth(
  key: string,
  secret: string,
  socketId: string,
  channel: string,
  channelData?: string,
): string {
  const payload =
    channelData === undefined ? `${socketId}:${channel}` : `${socketId}:${channel}:${channelData}`;
  return `${key}:${hmacHex(secret, payload)}`;
}

export function verifySocketAuth(
  key: string,
  secret: string,
  socketId: string,
  channel: string,
  auth: unknown,
  channelData?: string,
): boolean {
  if (typeof auth !== 'string' || auth.length > 300) return false;
  return safeEqual(auth, socketAuth(key, secret, socketId, channel, channelData));
}

/** How far a signed HTTP API request's auth_timestamp may be from our clock (Pusher: 600 s). */
const API_TIMESTAMP_GRACE_S = 600;

export type ApiAuthResult = { ok: true } | { ok: false; reason: string };

/**
 * Verify a Pusher HTTP API request (https://pusher.com/docs/channels/library_auth_reference/rest-api/#authentication):
 * auth_key, auth_timestamp within ±600 s, auth_version 1.0, body_md5 of the raw body, and
 * auth_signature = HMAC-SHA256(secret, "METHOD\nPATH\nsorted k=v pairs without auth_signature").
 */
export function verifyApiRequest(opts: {
  key: string;
  secret: string;
  method: string;
  path: string;
  query: Record<string, unknown>;
  rawBody: string;
  nowSeconds?: number;
}): ApiAuthResult {
  const params: Record<string, string> = {};
  for (const [k, v] of Object.entries(opts.query)) {
    if (typeof v !== 'string')
      return { ok: false, reason: `Query parameter '${k}' must appear once.` };
    params[k.toLowerCase()] = v;
  }
  const { auth_key, auth_timestamp, auth_version, auth_signature, body_md5 } = params;
  if (!auth_key || !auth_timestamp || !auth_version || !auth_signature)
    return {
      ok: false,
      reason: 'Missing auth_key, auth_timestamp, auth_version or auth_signature.',
    };
  if (!safeEqual(auth_key, opts.key)) return { ok: false, reason: 'Unknown auth_key.' };
  if (auth_version !== '1.0')
    return { ok: false, reason: 'Unsupported auth_version (expected 1.0).' };
  if (!/^\d{1,12}$/.test(auth_timestamp))
    return { ok: false, reason: 'auth_timestamp must be a Unix time in seconds.' };
  const now = opts.nowSeconds ?? Math.floor(Date.now() / 1000);
  if (Math.abs(now - Number(auth_timestamp)) > API_TIMESTAMP_GRACE_S)
    return {
      ok: false,
      reason: 'auth_timestamp is more than 600 seconds away from the server time.',
    };
  if (opts.rawBody.length > 0) {
    if (!body_md5 || !safeEqual(body_md5, md5Hex(opts.rawBody)))
      return { ok: false, reason: 'body_md5 does not match the body.' };
  } else if (body_md5 !== undefined && body_md5 !== md5Hex('')) {
    return { ok: false, reason: 'body_md5 does not match the body.' };
  }
  const signed = Object.keys(params)
    .filter((k) => k !== 'auth_signature')
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');
  const expected = hmacHex(opts.secret, [opts.method.toUpperCase(), opts.path, signed].join('\n'));
  if (!safeEqual(auth_signature, expected)) return { ok: false, reason: 'Invalid auth_signature.' };
  return { ok: true };
}
