import { createHash, createHmac } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { socketAuth, verifyApiRequest, verifySocketAuth } from './signatures.js';

const key = 'k3y';
const secret = 's3cret';
const now = 1_800_000_000;

/** Signed the way Pusher documents it, independently of the code under test. */
function sign(
  body: string,
  over: Record<string, string> = {},
  method = 'POST',
  path = '/apps/1/events',
) {
  const q: Record<string, string> = {
    auth_key: key,
    auth_timestamp: String(now),
    auth_version: '1.0',
    body_md5: createHash('md5').update(body).digest('hex'),
    ...over,
  };
  const s = Object.keys(q)
    .sort()
    .map((k) => `${k}=${q[k]}`)
    .join('&');
  return {
    ...q,
    auth_signature: createHmac('sha256', secret).update(`${method}\n${path}\n${s}`).digest('hex'),
  };
}
const verify = (
  query: Record<string, unknown>,
  rawBody: string,
  o: { method?: string; path?: string } = {},
) =>
  verifyApiRequest({
    key,
    secret,
    method: o.method ?? 'POST',
    path: o.path ?? '/apps/1/events',
    query,
    rawBody,
    nowSeconds: now,
  });

describe('socket signatures', () => {
  it('match Pusher: key:HMAC-SHA256(secret, socket:channel[:data])', () => {
    expect(socketAuth(key, secret, '1.2', 'private-a')).toBe(
      `${key}:${createHmac('sha256', secret).update('1.2:private-a').digest('hex')}`,
    );
    expect(socketAuth(key, secret, '1.2', 'presence-a', '{"user_id":"u"}')).toBe(
      `${key}:${createHmac('sha256', secret).update('1.2:presence-a:{"user_id":"u"}').digest('hex')}`,
    );
  });

  it('verify only the exact socket, channel and channel data', () => {
    const good = socketAuth(key, secret, '1.2', 'private-a');
    expect(verifySocketAuth(key, secret, '1.2', 'private-a', good)).toBe(true);
    expect(verifySocketAuth(key, secret, '1.3', 'private-a', good)).toBe(false);
    expect(verifySocketAuth(key, secret, '1.2', 'private-b', good)).toBe(false);
    expect(verifySocketAuth(key, secret, '1.2', 'private-a', good, '{}')).toBe(false);
    expect(verifySocketAuth(key, secret, '1.2', 'private-a', { auth: good })).toBe(false);
    expect(verifySocketAuth(key, 'other', '1.2', 'private-a', good)).toBe(false);
  });

  it('never accept a random auth string', () => {
    fc.assert(
      fc.property(
        fc.string(),
        fc.string({ maxLength: 200 }),
        (socketId, auth) => !verifySocketAuth(key, secret, socketId, 'private-x', auth),
      ),
    );
  });
});

describe('HTTP API request signatures', () => {
  const body = '{"name":"e","data":"{}","channels":["a"]}';

  it('accepts a correctly signed request, with extra query parameters signed too', () => {
    expect(verify(sign(body), body)).toEqual({ ok: true });
    expect(verify(sign(body, { info: 'user_count' }), body)).toEqual({ ok: true });
    expect(
      verify(sign('', {}, 'GET', '/apps/1/channels'), '', {
        method: 'GET',
        path: '/apps/1/channels',
      }),
    ).toEqual({ ok: true });
  });

  it('refuses every tampered part with a reason', () => {
    const cases: Array<[Record<string, unknown>, string, { method?: string; path?: string }?]> = [
      [sign(body), body + ' '],
      [{ ...sign(body), auth_key: 'nope' }, body],
      [{ ...sign(body), auth_version: '2.0' }, body],
      [sign(body, { auth_timestamp: String(now - 601) }), body],
      [sign(body, { auth_timestamp: String(now + 601) }), body],
      [sign(body, { auth_timestamp: 'yesterday' }), body],
      [{ ...sign(body), auth_signature: '0'.repeat(64) }, body],
      [{ ...sign(body), info: 'added-after-signing' }, body],
      [sign(body), body, { path: '/apps/2/events' }],
      [sign(body), body, { method: 'PUT' }],
      [{ ...sign(body), auth_key: [key, key] }, body],
      [(({ auth_signature: _s, ...rest }) => rest)(sign(body)), body],
    ];
    for (const [query, raw, o] of cases) {
      const res = verify(query, raw, o);
      expect(res.ok, JSON.stringify({ query, o })).toBe(false);
      if (!res.ok) expect(res.reason.length).toBeGreaterThan(5);
    }
  });

  it('stays inside the ±600 s window', () => {
    expect(verify(sign(body, { auth_timestamp: String(now - 600) }), body).ok).toBe(true);
    expect(verify(sign(body, { auth_timestamp: String(now + 600) }), body).ok).toBe(true);
  });
});
