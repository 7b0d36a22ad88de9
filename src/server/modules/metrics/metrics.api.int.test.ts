import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helpers/app.js';
import { createUser } from '../../../../test/helpers/auth.js';
import { createTeamFor } from '../../../../test/helpers/team-membership.js';
import { createApiToken } from '../api-tokens/index.js';
import { projects } from '../projects/read-model.js';
import { problems, tocElements } from '../problems/read-model.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function tenant() {
  const user = await createUser(t.app);
  const team = await createTeamFor(t.app, user.id);
  const token = (
    await createApiToken(t.app.ctx, {
      userId: user.id,
      teamId: team.id,
      name: 'api',
      abilities: ['read', 'create', 'update', 'delete'],
    })
  ).plainText;
  const db = t.app.ctx.db;
  const [project] = await db.insert(projects).values({ teamId: team.id, name: 'P' }).returning();
  const [problem] = await db
    .insert(problems)
    .values({ teamId: team.id, projectId: project.id, title: 'Pr' })
    .returning();
  const [element] = await db
    .insert(tocElements)
    .values({ teamId: team.id, problemId: problem.id, kind: 'output', title: 'Teachers trained' })
    .returning();
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      payload: payload as object,
      headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
    });
  return { user, team, problem, element, call };
}

const metric = {
  name: 'Teachers trained',
  type: 'count',
  period: 'monthly',
  periodStart: '2026-01-01',
  periodEnd: '2026-06-30',
};

describe('/api/v1 metrics, data points, survey questions, values', () => {
  it('creates, lists with filters, shows with the series, updates and deletes', async () => {
    const a = await tenant();
    const created = await a.call('POST', '/api/v1/metrics', {
      ...metric,
      elementId: a.element.id,
      baselineValue: 0,
    });
    expect(created.statusCode, created.body).toBe(201);
    const m = created.json();
    const dps = (await a.call('GET', `/api/v1/data-points?metricId=${m.id}`)).json();
    expect(dps.data).toEqual([expect.objectContaining({ key: 'value' })]);
    const v = await a.call('POST', '/api/v1/metric-values', {
      metricId: m.id,
      dataPointId: dps.data[0].id,
      period: '2026-02',
      value: 12,
    });
    expect(v.statusCode, v.body).toBe(201);
    expect(v.json()).toMatchObject({ period: '2026-02', value: 12, enteredBy: a.user.id });
    const show = (await a.call('GET', `/api/v1/metrics/${m.id}`)).json();
    expect(show.series).toHaveLength(6);
    expect(show.series[1]).toMatchObject({ period: '2026-02', actual: 12, sources: [v.json().id] });
    expect((await a.call('GET', `/api/v1/metrics?problemId=${a.problem.id}`)).json()).toMatchObject(
      { data: [{ id: m.id }], meta: { page: 1, perPage: 25, total: 1 } },
    );
    expect(
      (await a.call('GET', `/api/v1/metric-values?metricId=${m.id}&period=2026-03`)).json().meta
        .total,
    ).toBe(0);
    expect(
      (
        await a.call('PUT', `/api/v1/metrics/${m.id}`, { name: 'Teachers trained in phonics' })
      ).json().name,
    ).toBe('Teachers trained in phonics');
    const sq = await a.call('POST', '/api/v1/survey-questions', {
      dataPointId: dps.data[0].id,
      text: 'Did you attend?',
      answerType: 'yes_no',
    });
    expect(sq.statusCode).toBe(201);
    expect((await a.call('DELETE', `/api/v1/metric-values/${v.json().id}`)).statusCode).toBe(204);
    expect((await a.call('DELETE', `/api/v1/metrics/${m.id}`)).statusCode).toBe(204);
    expect((await a.call('GET', `/api/v1/metrics/${m.id}`)).statusCode).toBe(404);
  });

  it('answers 422 with the field: formula position, bad value, period outside the range', async () => {
    const a = await tenant();
    const bad = await a.call('POST', '/api/v1/metrics', {
      ...metric,
      elementId: a.element.id,
      formula: '  sum(a, ',
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.formula).toBe('The formula ends too early at position 8');
    const m = (
      await a.call('POST', '/api/v1/metrics', { ...metric, elementId: a.element.id })
    ).json();
    const dp = (await a.call('GET', `/api/v1/data-points?metricId=${m.id}`)).json().data[0].id;
    const unknown = await a.call('PUT', `/api/v1/metrics/${m.id}`, { formula: 'value + other' });
    expect(unknown.json().errors.formula).toBe('Unknown data point `other` at position 8');
    const nan = await a.call('POST', '/api/v1/metric-values', {
      metricId: m.id,
      dataPointId: dp,
      period: '2026-01',
      value: 'lots',
    });
    expect(nan.statusCode).toBe(422);
    expect(nan.json().errors.value).toBe('The value must be a number.');
    const late = await a.call('POST', '/api/v1/metric-values', {
      metricId: m.id,
      dataPointId: dp,
      period: '2026-07',
      value: 1,
    });
    expect(late.json().errors.period).toBe(
      '2026-07 is outside this metric’s reporting range 2026-01 – 2026-06.',
    );
    const frac = await a.call('POST', '/api/v1/metric-values', {
      metricId: m.id,
      dataPointId: dp,
      period: '2026-01',
      value: 1.5,
    });
    expect(frac.json().errors.value).toMatch(/whole number/);
  });

  it('another team’s records answer 404 and never appear in lists', async () => {
    const a = await tenant();
    const b = await tenant();
    const m = (
      await a.call('POST', '/api/v1/metrics', { ...metric, elementId: a.element.id })
    ).json();
    expect((await b.call('GET', `/api/v1/metrics/${m.id}`)).statusCode).toBe(404);
    expect((await b.call('PUT', `/api/v1/metrics/${m.id}`, { name: 'x' })).statusCode).toBe(404);
    expect((await b.call('DELETE', `/api/v1/metrics/${m.id}`)).statusCode).toBe(404);
    expect(
      (await b.call('POST', '/api/v1/metrics', { ...metric, elementId: a.element.id })).statusCode,
    ).toBe(404);
    expect((await b.call('GET', `/api/v1/metrics?problemId=${a.problem.id}`)).json().data).toEqual(
      [],
    );
    expect((await b.call('GET', `/api/v1/data-points?metricId=${m.id}`)).json().data).toEqual([]);
  });

  it('documents the endpoints in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    for (const p of [
      '/api/v1/metrics',
      '/api/v1/metrics/{metric}',
      '/api/v1/data-points',
      '/api/v1/survey-questions/{surveyQuestion}',
      '/api/v1/metric-values',
    ])
      expect(doc.paths).toHaveProperty([p]);
    expect(doc.components.schemas).toHaveProperty('MetricWithSeries');
  });
});
