import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helpers/app.js';
import { createUser } from '../../../../test/helpers/auth.js';
import { createTeamFor } from '../../../../test/helpers/team-membership.js';
import { createApiToken } from '../api-tokens/index.js';
import { API_RATE_LIMIT } from '../../platform/openapi/api-route.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function token(abilities: Array<'read' | 'create' | 'update' | 'delete'> = ['read']) {
  const user = await createUser(t.app);
  const team = await createTeamFor(t.app, user.id);
  return (
    await createApiToken(t.app.ctx, { userId: user.id, teamId: team.id, name: 'test', abilities })
  ).plainText;
}

describe('OpenAPI document', () => {
  it('is public OpenAPI 3.1 JSON listing /api/v1/me with bearer security and problem responses', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/json');
    const doc = JSON.parse(res.body);
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.title).toBe('Pathways API');
    const op = doc.paths['/api/v1/me'].get;
    expect(op.operationId).toBe('api.me');
    expect(op.security).toEqual([{ bearerAuth: [] }]);
    expect(op.responses['200'].content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/Me',
    });
    expect(doc.components.schemas.Me.properties).toHaveProperty('abilities');
    for (const code of ['401', '403', '429']) {
      const ref = op.responses[code].$ref as string;
      const resp = doc.components.responses[ref.split('/').pop()!];
      expect(resp.content['application/problem+json'].schema.$ref).toBe(
        '#/components/schemas/Problem',
      );
    }
    for (const code of ['401', '403', '404', '422', '429'])
      expect(doc.components.responses).toHaveProperty(`Error${code}`);
    expect(doc.components.responses.Error429.headers).toHaveProperty('Retry-After');
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({
      type: 'http',
      scheme: 'bearer',
    });
    expect(doc.components.schemas.Problem.required).toEqual(
      expect.arrayContaining(['status', 'code', 'detail']),
    );
    // every $ref points at something that exists
    for (const ref of res.body.match(/"#\/components\/[^"]+"/g) ?? []) {
      const parts = JSON.parse(ref).slice(2).split('/');
      expect(
        // eslint-disable-next-line @typescript-eslint/no-explicit-any -- walking an arbitrary JSON document by a $ref path
        parts.reduce((o: any, k: string) => o?.[k], doc),
        ref,
      ).toBeDefined();
    }
  });

  it('refuses a second registration of the same operation', () => {
    expect(() =>
      t.app.ctx.openapi.add({
        method: 'get',
        path: '/api/v1/me',
        name: 'x',
        summary: 'x',
        ability: 'read',
      }),
    ).toThrow(/registered twice/);
  });
});

describe('API rate limit', () => {
  it('answers 429 problem JSON with Retry-After after the per-token limit; other tokens are unaffected', async () => {
    const busy = await token();
    const calm = await token();
    for (let i = 0; i < API_RATE_LIMIT.max; i++) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/v1/me',
        headers: { authorization: `Bearer ${busy}` },
      });
      expect(res.statusCode).toBe(200);
    }
    const limited = await t.app.inject({
      method: 'GET',
      url: '/api/v1/me',
      headers: { authorization: `Bearer ${busy}` },
    });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['content-type']).toContain('application/problem+json');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json()).toMatchObject({ status: 429, code: 'TOO_MANY_REQUESTS' });
    const other = await t.app.inject({
      method: 'GET',
      url: '/api/v1/me',
      headers: { authorization: `Bearer ${calm}` },
    });
    expect(other.statusCode).toBe(200);
  });
});
