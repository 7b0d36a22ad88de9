import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helpers/app.js';
import { createUser } from '../../../../test/helpers/auth.js';
import { addMember, createTeamFor } from '../../../../test/helpers/team-membership.js';
import { createApiToken } from '../api-tokens/index.js';
import type { Ability } from '../../../shared/permissions.js';
import { and, eq } from 'drizzle-orm';
import { signIn } from '../../../../test/helpers/auth.js';
import { auditLogs } from '../../platform/audit/audit.tables.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function tokenFor(
  abilities: Ability[] = ['read', 'create', 'update', 'delete'],
  teamId?: string,
  role: 'viewer' | 'editor' = 'editor',
) {
  const user = await createUser(t.app);
  let team = teamId;
  if (team) await addMember(t.app, team, user.id, role);
  else team = (await createTeamFor(t.app, user.id)).id;
  const token = (
    await createApiToken(t.app.ctx, { userId: user.id, teamId: team, name: 'test', abilities })
  ).plainText;
  const call = (method: string, url: string, payload?: unknown) =>
    t.app.inject({
      method: method as 'GET',
      url,
      headers: { authorization: `Bearer ${token}` },
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });
  return { call, teamId: team };
}

describe('/api/v1/projects', () => {
  it('creates, shows, patches, archives, restores and deletes', async () => {
    const { call } = await tokenFor();
    const created = await call('POST', '/api/v1/projects', {
      name: 'Clean water',
      location: 'Tamale',
      startDate: '2026-01-01',
    });
    expect(created.statusCode).toBe(201);
    const p = created.json();
    expect(p).toMatchObject({
      name: 'Clean water',
      location: 'Tamale',
      startDate: '2026-01-01',
      endDate: null,
      status: 'active',
      problemsCount: 0,
    });
    expect((await call('GET', `/api/v1/projects/${p.id}`)).json()).toMatchObject({
      id: p.id,
      name: 'Clean water',
    });

    const bad = await call('PATCH', `/api/v1/projects/${p.id}`, { endDate: '2025-12-31' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({
      endDate: 'The end date must be on or after the start date.',
    });

    const patched = await call('PATCH', `/api/v1/projects/${p.id}`, {
      funder: 'UNICEF',
      status: 'archived',
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({ funder: 'UNICEF', status: 'archived' });
    const refused = await call('PATCH', `/api/v1/projects/${p.id}`, { name: 'While archived' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'PROJECT_ARCHIVED' });
    const restored = await call('PATCH', `/api/v1/projects/${p.id}`, {
      status: 'active',
      name: 'Clean water 2',
    });
    expect(restored.json()).toMatchObject({
      status: 'active',
      name: 'Clean water 2',
      archivedAt: null,
    });

    expect((await call('DELETE', `/api/v1/projects/${p.id}`)).statusCode).toBe(204);
    expect((await call('GET', `/api/v1/projects/${p.id}`)).statusCode).toBe(404);
  });

  it('pages, filters by status and searches', async () => {
    const { call } = await tokenFor();
    for (let i = 1; i <= 7; i++)
      expect(
        (
          await call('POST', '/api/v1/projects', {
            name: `Project ${i}`,
            description: i % 2 ? 'odd water' : 'even',
          })
        ).statusCode,
      ).toBe(201);
    const first = (await call('GET', '/api/v1/projects')).json();
    const archived = first.data[0].id;
    await call('PATCH', `/api/v1/projects/${archived}`, { status: 'archived' });
    const page1 = (await call('GET', '/api/v1/projects?perPage=3')).json();
    expect(page1.meta).toEqual({ page: 1, perPage: 3, total: 6, lastPage: 2 });
    const page2 = (await call('GET', '/api/v1/projects?perPage=3&page=2')).json();
    expect(page2.data).toHaveLength(3);
    const ids = [...page1.data, ...page2.data].map((p: { id: string }) => p.id);
    expect(new Set(ids).size).toBe(6);
    expect(ids).not.toContain(archived);
    expect(
      (await call('GET', '/api/v1/projects?status=archived'))
        .json()
        .data.map((p: { id: string }) => p.id),
    ).toEqual([archived]);
    expect((await call('GET', '/api/v1/projects?status=all')).json().meta.total).toBe(7);
    expect((await call('GET', '/api/v1/projects?status=all&q=odd%20water')).json().meta.total).toBe(
      4,
    );
    const invalid = await call('GET', '/api/v1/projects?perPage=500&status=gone');
    expect(invalid.statusCode).toBe(422);
    expect(Object.keys(invalid.json().errors).sort()).toEqual(['perPage', 'status']);
  });

  it('validates on the field, hides other teams’ projects and respects roles', async () => {
    const a = await tokenFor();
    const res = await a.call('POST', '/api/v1/projects', { name: '', extra: 1 });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toMatchObject({
      name: 'Give the project a name.',
      extra: "Unknown field 'extra'.",
    });
    const id = (await a.call('POST', '/api/v1/projects', { name: 'Ours' })).json().id;

    const b = await tokenFor();
    expect((await b.call('GET', `/api/v1/projects/${id}`)).statusCode).toBe(404);
    expect((await b.call('PATCH', `/api/v1/projects/${id}`, { name: 'x' })).statusCode).toBe(404);
    expect((await b.call('DELETE', `/api/v1/projects/${id}`)).statusCode).toBe(404);
    expect((await b.call('GET', '/api/v1/projects?status=all')).json().meta.total).toBe(0);

    const viewer = await tokenFor(['read', 'create', 'update', 'delete'], a.teamId, 'viewer');
    expect((await viewer.call('GET', `/api/v1/projects/${id}`)).statusCode).toBe(200);
    expect((await viewer.call('POST', '/api/v1/projects', { name: 'x' })).statusCode).toBe(403);
    expect((await viewer.call('DELETE', `/api/v1/projects/${id}`)).statusCode).toBe(403);
    const readOnly = await tokenFor(['read'], a.teamId);
    expect((await readOnly.call('PATCH', `/api/v1/projects/${id}`, { name: 'x' })).statusCode).toBe(
      403,
    );
  });

  it('is in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    expect(doc.paths['/api/v1/projects'].get.operationId).toBe('api.projects.index');
    expect(doc.paths['/api/v1/projects'].post.operationId).toBe('api.projects.store');
    expect(Object.keys(doc.paths['/api/v1/projects/{project}']).sort()).toEqual([
      'delete',
      'get',
      'patch',
    ]);
    expect(doc.components.schemas.Project.properties).toHaveProperty('problemsCount');
  });
});

describe('page and API', () => {
  it('record the same audit details for the same change', async () => {
    const user = await createUser(t.app);
    const team = (await createTeamFor(t.app, user.id)).id;
    const token = (
      await createApiToken(t.app.ctx, {
        userId: user.id,
        teamId: team,
        name: 'test',
        abilities: ['read', 'create', 'update'],
      })
    ).plainText;
    const client = await signIn(t.app, user);
    const p = (
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/projects',
        headers: { authorization: `Bearer ${token}` },
        payload: { name: 'Clean water' },
      })
    ).json();
    expect(
      (await client.put(`/projects/${p.id}`, { name: 'Clean water', description: 'First' }))
        .statusCode,
    ).toBe(303);
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/projects/${p.id}`,
      headers: { authorization: `Bearer ${token}` },
      payload: { description: 'Second' },
    });
    expect(patched.statusCode).toBe(200);
    const logs = await t.app.ctx.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.teamId, team), eq(auditLogs.action, 'project.updated')));
    expect(logs).toHaveLength(2);
    expect(logs[0].details).toEqual(logs[1].details);
    expect(logs[0].details).toEqual({
      projectId: p.id,
      name: 'Clean water',
      changed: ['description'],
    });
  });
});
