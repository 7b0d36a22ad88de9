import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helpers/app.js';
import { createUser, signedInUser, signIn } from '../../../../test/helpers/auth.js';
import { TestClient } from '../../../../test/helpers/client.js';
import { createTeam } from '../../../../test/helpers/teams.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const JSON_ACCEPT = { accept: 'application/json' };
/** Pusher's signature, computed independently of the code under test. */
const expected = (payload: string) =>
  `${t.app.ctx.config.pusher.key}:${createHmac('sha256', t.app.ctx.config.pusher.secret).update(payload).digest('hex')}`;

describe('POST /broadcasting/auth', () => {
  it('signs the user own channel (form-encoded, as pusher-js sends it)', async () => {
    const { user, client } = await signedInUser(t.app);
    const channel = `private-user.${user.id}`;
    const res = await client.post(
      '/broadcasting/auth',
      `socket_id=123.456&channel_name=${encodeURIComponent(channel)}`,
      { 'content-type': 'application/x-www-form-urlencoded' },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ auth: expected(`123.456:${channel}`) });
  });

  it('also takes JSON', async () => {
    const { user, client } = await signedInUser(t.app);
    const res = await client.post(
      '/broadcasting/auth',
      { socket_id: '1.2', channel_name: `private-user.${user.id}` },
      JSON_ACCEPT,
    );
    expect(res.json()).toEqual({ auth: expected(`1.2:private-user.${user.id}`) });
  });

  it("refuses another user's channel with 403", async () => {
    const other = await createUser(t.app);
    const { client } = await signedInUser(t.app);
    const res = await client.post(
      '/broadcasting/auth',
      { socket_id: '1.2', channel_name: `private-user.${other.id}` },
      JSON_ACCEPT,
    );
    expect(res.statusCode).toBe(403);
    expect(res.json().auth).toBeUndefined();
  });

  it('signs team channels for members only; presence answers channel_data with user_id and user_info', async () => {
    const member = await signedInUser(t.app, { name: 'Ada Member' });
    const outsider = await signedInUser(t.app);
    const team = await createTeam(t.app, [member.user]);

    const priv = await member.client.post(
      '/broadcasting/auth',
      { socket_id: '10.20', channel_name: `private-team.${team.id}` },
      JSON_ACCEPT,
    );
    expect(priv.statusCode).toBe(200);
    expect(priv.json()).toEqual({ auth: expected(`10.20:private-team.${team.id}`) });

    const presence = await member.client.post(
      '/broadcasting/auth',
      { socket_id: '10.20', channel_name: `presence-team.${team.id}` },
      JSON_ACCEPT,
    );
    expect(presence.statusCode).toBe(200);
    const body = presence.json() as { auth: string; channel_data: string };
    expect(JSON.parse(body.channel_data)).toEqual({
      user_id: member.user.id,
      user_info: { name: 'Ada Member' },
    });
    expect(body.auth).toBe(expected(`10.20:presence-team.${team.id}:${body.channel_data}`));

    for (const channel of [`private-team.${team.id}`, `presence-team.${team.id}`]) {
      const res = await outsider.client.post(
        '/broadcasting/auth',
        { socket_id: '10.20', channel_name: channel },
        JSON_ACCEPT,
      );
      expect(res.statusCode).toBe(403);
    }
  });

  it('refuses public and unknown channels with 403', async () => {
    const { client } = await signedInUser(t.app);
    for (const channel of ['news', 'private-anything.1', 'presence-project.1']) {
      const res = await client.post(
        '/broadcasting/auth',
        { socket_id: '1.2', channel_name: channel },
        JSON_ACCEPT,
      );
      expect(res.statusCode).toBe(403);
    }
  });

  it('validates socket_id and channel_name formats (422 with a message per field)', async () => {
    const { user, client } = await signedInUser(t.app);
    const cases = [
      { socket_id: '123', channel_name: `private-user.${user.id}` },
      { socket_id: '1.2; drop', channel_name: `private-user.${user.id}` },
      { socket_id: '1.2', channel_name: 'private-user.' + 'x'.repeat(200) },
      { socket_id: '1.2', channel_name: 'private-user.a b' },
      { channel_name: `private-user.${user.id}` },
      { socket_id: '1.2', channel_name: `private-user.${user.id}`, extra: 'x' },
    ];
    for (const body of cases) {
      const res = await client.post('/broadcasting/auth', body, JSON_ACCEPT);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(Object.keys(res.json().errors).length).toBeGreaterThan(0);
    }
  });

  it('needs a signed-in user: guests are sent to login (or get 401 asking for JSON)', async () => {
    const guest = new TestClient(t.app, { inertia: false });
    const redirect = await guest.post(
      '/broadcasting/auth',
      'socket_id=1.2&channel_name=private-user.x',
      { 'content-type': 'application/x-www-form-urlencoded' },
    );
    expect(redirect.statusCode).toBe(303);
    expect(redirect.headers.location).toBe('/login');
    const json = await guest.post(
      '/broadcasting/auth',
      { socket_id: '1.2', channel_name: 'private-user.x' },
      JSON_ACCEPT,
    );
    expect(json.statusCode).toBe(401);
  });

  it('keeps CSRF protection: without X-XSRF-TOKEN the answer is 419', async () => {
    const user = await createUser(t.app);
    const client = await signIn(t.app, user);
    const res = await client.post(
      '/broadcasting/auth',
      { socket_id: '1.2', channel_name: `private-user.${user.id}` },
      { ...JSON_ACCEPT, 'x-xsrf-token': '' },
    );
    expect(res.statusCode).toBe(419);
  });
});
