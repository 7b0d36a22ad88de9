import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app.js';
import { freshDatabase } from '../../../../test/helpers/database.js';
import { TEST_APP_KEY } from '../../../../test/helpers/app.js';
import { signedInUser } from '../../../../test/helpers/auth.js';
import { TestClient } from '../../../../test/helpers/client.js';
import { createTeamFor } from '../../../../test/helpers/team-membership.js';

// The route option `feature`: a route of a capability the actor's team turned off answers 403
// FEATURE_DISABLED before its handler runs; outsiders still get what the access rule says.
let app: FastifyInstance;
let close: () => Promise<void>;
let ran = 0;
beforeAll(async () => {
  const database = await freshDatabase();
  app = await buildApp({
    database,
    migrate: false,
    logger: false,
    env: { NODE_ENV: 'test', APP_URL: 'http://localhost:3000' },
    config: { appKey: TEST_APP_KEY },
    assets: { version: 'test', dev: false, headTags: '' },
  });
  app.get(
    '/test-community',
    {
      config: {
        name: 'test.community',
        access: { kind: 'team', permission: 'content.view' },
        feature: 'community',
      },
    },
    async () => {
      ran += 1;
      return { ok: true };
    },
  );
  await app.ready();
  close = async () => {
    await app.close();
    await database.close();
  };
});
afterAll(() => close());

describe('feature gate', () => {
  it('runs the route while the feature is on, refuses it (403) once the team turns it off', async () => {
    const { user, client } = await signedInUser(app);
    await createTeamFor(app, user.id);
    const json = { accept: 'application/json' };
    expect(
      (await client.request('GET', '/test-community', undefined, json, false)).statusCode,
    ).toBe(200);
    const put = await client.put('/settings/features', {
      community: false,
      database_sources: true,
      public_forms: true,
      intelligent_columns: true,
      assistant: true,
    });
    expect(put.statusCode).toBe(303);
    const refused = await client.request('GET', '/test-community', undefined, json, false);
    expect(refused.statusCode).toBe(403);
    expect(JSON.parse(refused.body).code).toBe('FEATURE_DISABLED');
    expect(ran).toBe(1);
    // a guest is sent to sign in, as the access rule says (the gate comes after it)
    const guest = await new TestClient(app).get('/test-community');
    expect([302, 303, 409]).toContain(guest.statusCode);
    expect(await app.ctx.features.isOn(app.ctx.db, 'no-such-team', 'community')).toBe(true);
  });

  it('gates the community and database routes of the real modules', async () => {
    const { user, client } = await signedInUser(app);
    await createTeamFor(app, user.id);
    const json = { accept: 'application/json' };
    const status = async (url: string) =>
      (await client.request('GET', url, undefined, json, false)).statusCode;
    expect(await status('/community')).toBe(200);
    expect(await status('/databases')).toBe(200);
    const put = await client.put('/settings/features', {
      community: false,
      database_sources: false,
      public_forms: true,
      intelligent_columns: true,
      assistant: true,
    });
    expect(put.statusCode).toBe(303);
    expect(await status('/community')).toBe(403);
    expect(await status('/community/communities')).toBe(403);
    expect(await status('/databases')).toBe(403);
    expect(await status('/databases/create')).toBe(403);
    // stored credentials stay reachable: revoking one must not depend on the switch
    expect(await status('/settings/sources-authentication')).toBe(200);
  });
});
