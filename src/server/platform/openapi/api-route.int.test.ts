import { afterAll, beforeAll, expect, it } from 'vitest';
import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app.js';
import { freshDatabase } from '../../../../test/helpers/database.js';
import { TEST_APP_KEY } from '../../../../test/helpers/app.js';
import { createUser } from '../../../../test/helpers/auth.js';
import { addMember, createTeamFor } from '../../../../test/helpers/team-membership.js';
import { createApiToken } from '../../modules/api-tokens/index.js';
import type { Database } from '../db/client.js';
import { apiRoute } from './api-route.js';

let app: FastifyInstance;
let database: Database;
let editorToken: string;
let viewerToken: string;
let readOnlyToken: string;

beforeAll(async () => {
  database = await freshDatabase();
  app = await buildApp({
    database,
    migrate: false,
    logger: false,
    env: { NODE_ENV: 'test', APP_URL: 'http://localhost:3000' },
    config: { appKey: TEST_APP_KEY },
    assets: { version: 'test', dev: false, headTags: '' },
  });
  // an endpoint the way a later module adds one
  apiRoute(
    app,
    app.ctx.openapi,
    {
      method: 'post',
      path: '/api/v1/echo/:thing',
      name: 'api.echo.store',
      summary: 'Echo',
      ability: 'create',
      permission: 'content.create',
      status: 201,
      params: z.object({ thing: z.string().regex(/^[a-z]+$/, 'Lower-case letters only.') }),
      body: z.object({ title: z.string().min(1, 'Give a title.') }).strict(),
      response: z.object({ thing: z.string(), title: z.string(), team: z.string() }),
    },
    async ({ params, body, request }) => ({
      thing: params.thing,
      title: body.title,
      team: request.actor!.team!.id,
    }),
  );
  await app.ready();
  const owner = await createUser(app);
  const team = await createTeamFor(app, owner.id);
  const viewer = await createUser(app);
  await addMember(app, team.id, viewer.id, 'viewer');
  editorToken = (
    await createApiToken(app.ctx, {
      userId: owner.id,
      teamId: team.id,
      name: 'w',
      abilities: ['create'],
    })
  ).plainText;
  readOnlyToken = (
    await createApiToken(app.ctx, {
      userId: owner.id,
      teamId: team.id,
      name: 'r',
      abilities: ['read'],
    })
  ).plainText;
  viewerToken = (
    await createApiToken(app.ctx, {
      userId: viewer.id,
      teamId: team.id,
      name: 'v',
      abilities: ['create'],
    })
  ).plainText;
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

const post = (token: string, url: string, payload: unknown) =>
  app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    headers: { authorization: `Bearer ${token}` },
  });

it('parses params and body, answers with the declared status', async () => {
  const res = await post(editorToken, '/api/v1/echo/apples', { title: 'Hello' });
  expect(res.statusCode).toBe(201);
  expect(res.json()).toMatchObject({ thing: 'apples', title: 'Hello' });
});

it('bad input is a 422 problem with one message per field (no CSRF needed with a bearer token)', async () => {
  const res = await post(editorToken, '/api/v1/echo/apples', { title: '', extra: 1 });
  expect(res.statusCode).toBe(422);
  expect(res.headers['content-type']).toContain('application/problem+json');
  expect(res.json().errors).toEqual({ title: 'Give a title.', extra: "Unknown field 'extra'." });
  const bad = await post(editorToken, '/api/v1/echo/APPLES', { title: 'x' });
  expect(bad.json().errors).toEqual({ thing: 'Lower-case letters only.' });
});

it('checks the ability and the role’s permission', async () => {
  expect((await post(readOnlyToken, '/api/v1/echo/apples', { title: 'x' })).json()).toMatchObject({
    status: 403,
    code: 'ABILITY_MISSING',
  });
  expect((await post(viewerToken, '/api/v1/echo/apples', { title: 'x' })).json()).toMatchObject({
    status: 403,
    code: 'FORBIDDEN',
  });
});

it('documents the endpoint', async () => {
  const doc = (await app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
  const op = doc.paths['/api/v1/echo/{thing}'].post;
  expect(op.operationId).toBe('api.echo.store');
  expect(Object.keys(op.responses).sort()).toEqual(['201', '401', '403', '404', '422', '429']);
  expect(app.ctx.routes.byName.get('api.echo.store')?.access).toEqual({
    kind: 'api',
    ability: 'create',
    permission: 'content.create',
  });
});
