import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../../test/helpers/app.js';
import { createApiToken } from '../api-tokens/index.js';
import { tocElements } from './problems.tables.js';
import {
  insertElement,
  insertProblem,
  ownerWithProject,
  smallChain,
} from './problems.test-support.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function apiOwner() {
  const o = await ownerWithProject(t.app);
  const token = (
    await createApiToken(t.app.ctx, {
      userId: o.user.id,
      teamId: o.team.id,
      name: 'api test',
      abilities: ['read', 'create', 'update', 'delete'],
    })
  ).plainText;
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: {
        authorization: `Bearer ${token}`,
        ...(payload ? { 'content-type': 'application/json' } : {}),
      },
      payload: payload ? JSON.stringify(payload) : undefined,
    });
  return { ...o, call };
}

describe('/api/v1/problems', () => {
  it('creates, lists (with the project filter), shows, updates and deletes', async () => {
    const a = await apiOwner();
    const created = await a.call('POST', '/api/v1/problems', {
      projectId: a.project.id,
      title: 'Low harvests',
      populationCount: 900,
    });
    expect(created.statusCode).toBe(201);
    const p = created.json();
    expect(p).toMatchObject({
      projectId: a.project.id,
      title: 'Low harvests',
      populationCount: 900,
      status: 'draft',
    });
    const list = await a.call('GET', `/api/v1/problems?projectId=${a.project.id}&perPage=25`);
    expect(list.json()).toMatchObject({ total: 1, page: 1, perPage: 25, data: [{ id: p.id }] });
    expect((await a.call('GET', `/api/v1/problems/${p.id}`)).json().title).toBe('Low harvests');
    const upd = await a.call('PUT', `/api/v1/problems/${p.id}`, { status: 'active' });
    expect(upd.json()).toMatchObject({ status: 'active', title: 'Low harvests' });
    expect((await a.call('DELETE', `/api/v1/problems/${p.id}`)).statusCode).toBe(204);
    expect((await a.call('GET', `/api/v1/problems/${p.id}`)).statusCode).toBe(404);
  });

  it('422 on the field, 404 across teams', async () => {
    const a = await apiOwner();
    const bad = await a.call('POST', '/api/v1/problems', {
      projectId: a.project.id,
      title: '',
      populationCount: -1,
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toMatchObject({
      title: 'Give the problem a title.',
      populationCount: expect.stringMatching(/whole number/),
    });
    const b = await apiOwner();
    const { problem } = await smallChain(t.app, a.team.id, a.project.id);
    expect((await b.call('GET', `/api/v1/problems/${problem.id}`)).statusCode).toBe(404);
    expect(
      (await b.call('POST', '/api/v1/problems', { projectId: a.project.id, title: 'x' }))
        .statusCode,
    ).toBe(404);
    expect((await b.call('GET', `/api/v1/problems?projectId=${a.project.id}`)).statusCode).toBe(
      404,
    );
    expect((await b.call('GET', '/api/v1/problems')).json().total).toBe(0);
  });
});

describe('/api/v1/elements and /api/v1/links', () => {
  it('lists by problem and kind, creates with a parent, refuses loops on toId, deletes', async () => {
    const a = await apiOwner();
    const { problem, output, outcome } = await smallChain(t.app, a.team.id, a.project.id);
    const list = await a.call('GET', `/api/v1/elements?problemId=${problem.id}&kind=outcome`);
    expect(list.json().data.map((e: { id: string }) => e.id)).toEqual([outcome.id]);
    const made = await a.call('POST', '/api/v1/elements', {
      problemId: problem.id,
      kind: 'outcome',
      horizon: 'medium',
      title: 'Parents support',
      parentId: outcome.id,
    });
    expect(made.statusCode).toBe(201);
    const o2 = made.json();
    const links = await a.call('GET', `/api/v1/links?problemId=${problem.id}`);
    expect(links.json().total).toBe(4);
    const loop = await a.call('POST', '/api/v1/links', {
      problemId: problem.id,
      fromId: o2.id,
      toId: outcome.id,
    });
    expect(loop.statusCode).toBe(422);
    expect(loop.json().errors.toId).toBe(
      'This link would create a loop: Parents support → Girls stay in school → Parents support',
    );
    const wrong = await a.call('POST', '/api/v1/links', {
      problemId: problem.id,
      fromId: output.id,
      toId: output.id,
    });
    expect(wrong.json().errors.toId).toBe('An element cannot lead to itself.');
    const act2 = await insertElement(t.app, problem, 'activity', 'Run clubs');
    const ok = await a.call('POST', '/api/v1/links', {
      problemId: problem.id,
      fromId: act2.id,
      toId: output.id,
    });
    expect(ok.statusCode).toBe(201);
    expect((await a.call('DELETE', `/api/v1/links/${ok.json().id}`)).statusCode).toBe(204);
    const upd = await a.call('PUT', `/api/v1/elements/${o2.id}`, { horizon: 'long' });
    expect(upd.json().horizon).toBe('long');
    expect((await a.call('GET', `/api/v1/elements/${o2.id}`)).json().title).toBe('Parents support');
    expect((await a.call('DELETE', `/api/v1/elements/${o2.id}`)).statusCode).toBe(204);
    expect(
      await t.app.ctx.db.select().from(tocElements).where(eq(tocElements.id, o2.id)),
    ).toHaveLength(0);
    const b = await apiOwner();
    expect((await b.call('GET', `/api/v1/elements/${outcome.id}`)).statusCode).toBe(404);
    expect((await b.call('GET', `/api/v1/links?problemId=${problem.id}`)).statusCode).toBe(404);
    expect(
      (
        await b.call('POST', '/api/v1/elements', {
          problemId: problem.id,
          kind: 'activity',
          title: 'x',
        })
      ).statusCode,
    ).toBe(404);
  });

  it('pages a problem in level order with its total, and answers 404 outside the team', async () => {
    const a = await apiOwner();
    const problem = await insertProblem(t.app, a.team.id, a.project.id);
    // inserted out of order; ties on position fall back to creation time, then id
    for (const pos of [29, 3, 17, 0, 11, 25, 8, 21, 14, 5, 27, 1, 19, 9, 23, 12, 2, 28, 6, 16])
      await insertElement(t.app, problem, 'output', `Output ${pos}`, { position: pos });
    for (let pos = 0; pos < 30; pos++)
      if (![29, 3, 17, 0, 11, 25, 8, 21, 14, 5, 27, 1, 19, 9, 23, 12, 2, 28, 6, 16].includes(pos))
        await insertElement(t.app, problem, 'outcome', `Outcome ${pos}`, { position: pos });
    const other = await insertProblem(t.app, a.team.id, a.project.id, 'Another problem');
    await insertElement(t.app, other, 'activity', 'Not in the first problem', { position: 12 });

    const page2 = await a.call('GET', `/api/v1/elements?problemId=${problem.id}&perPage=10&page=2`);
    expect(page2.statusCode).toBe(200);
    const body = page2.json();
    expect(body).toMatchObject({ page: 2, perPage: 10, total: 30 });
    expect(body.data.map((e: { position: number }) => e.position)).toEqual([
      10, 11, 12, 13, 14, 15, 16, 17, 18, 19,
    ]);
    expect(body.data.every((e: { problemId: string }) => e.problemId === problem.id)).toBe(true);
    // a page past the end is the last page
    const past = (
      await a.call('GET', `/api/v1/elements?problemId=${problem.id}&perPage=25&page=9`)
    ).json();
    expect(past).toMatchObject({ page: 2, total: 30 });
    expect(past.data.map((e: { position: number }) => e.position)).toEqual([25, 26, 27, 28, 29]);
    // the kind filter counts only that kind
    expect(
      (await a.call('GET', `/api/v1/elements?problemId=${problem.id}&kind=output`)).json().total,
    ).toBe(20);
    // a problem without elements is an empty page, not a 404
    const empty = await insertProblem(t.app, a.team.id, a.project.id, 'Empty problem');
    const none = await a.call('GET', `/api/v1/elements?problemId=${empty.id}`);
    expect(none.statusCode).toBe(200);
    expect(none.json()).toMatchObject({ data: [], total: 0, page: 1 });
    // without a problem: every element of the team
    expect((await a.call('GET', '/api/v1/elements')).json().total).toBe(31);

    const b = await apiOwner();
    for (const id of [problem.id, empty.id, 'not-a-uuid', '00000000-0000-4000-8000-000000000000'])
      expect((await b.call('GET', `/api/v1/elements?problemId=${id}`)).statusCode, id).toBe(404);
    // b's own problem under a's project (a row no route can make) is not b's either
    const stray = await insertProblem(t.app, b.team.id, a.project.id, 'Under another team');
    await insertElement(t.app, stray, 'activity', 'Stray');
    expect((await b.call('GET', `/api/v1/elements?problemId=${stray.id}`)).statusCode).toBe(404);
    expect((await b.call('GET', '/api/v1/elements')).json().total).toBe(1);
  });

  it('documents the endpoints in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    for (const path of [
      '/api/v1/problems',
      '/api/v1/problems/{problem}',
      '/api/v1/elements',
      '/api/v1/elements/{element}',
      '/api/v1/links',
      '/api/v1/links/{link}',
    ])
      expect(doc.paths, path).toHaveProperty([path]);
    expect(doc.paths['/api/v1/links'].post.operationId).toBe('api.links.store');
    expect(doc.components.schemas).toHaveProperty('ElementRecord');
  });
});
