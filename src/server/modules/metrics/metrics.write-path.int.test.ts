import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../../test/helpers/app.js';
import { signedInUser } from '../../../../test/helpers/auth.js';
import { createTeamFor } from '../../../../test/helpers/team-membership.js';
import { createToken } from '../../../../test/security/world.js';
import { auditLogs } from '../../platform/audit/audit.tables.js';
import { comments } from '../comments/comments.tables.js';
import { projects } from '../projects/read-model.js';
import { problems, tocElements } from '../problems/read-model.js';
import { dataPoints, metrics, surveyQuestions } from './metrics.tables.js';

/** The write-path bugs of issue 7, on the metrics module: cascades, archived projects, one audit per action. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function setup() {
  const { user, client } = await signedInUser(t.app);
  const team = await createTeamFor(t.app, user.id);
  const db = t.app.ctx.db;
  const [project] = await db
    .insert(projects)
    .values({ teamId: team.id, name: 'Clean water' })
    .returning();
  const [problem] = await db
    .insert(problems)
    .values({ teamId: team.id, projectId: project.id, title: 'Diarrhoea in under-fives' })
    .returning();
  const [element] = await db
    .insert(tocElements)
    .values({ teamId: team.id, problemId: problem.id, kind: 'output', title: 'Wells built' })
    .returning();
  return { user, client, team, project, problem, element };
}
type S = Awaited<ReturnType<typeof setup>>;

const metricBody = {
  name: 'Households with safe water',
  type: 'count',
  direction: 'increase',
  period: 'quarterly',
  periodStart: '2026-01-01',
  periodEnd: '2026-12-31',
  disaggregations: [{ key: 'sex', label: 'Sex', categories: ['Female', 'Male'] }],
};

async function newMetric(s: S) {
  const res = await s.client.post(`/elements/${s.element.id}/metrics`, metricBody);
  expect(res.statusCode, res.body).toBe(303);
  const metricId = res.headers.location!.split('/').pop()!;
  const [dp] = await t.app.ctx.db
    .select()
    .from(dataPoints)
    .where(eq(dataPoints.metricId, metricId));
  const q = await s.client.post(`/data-points/${dp.id}/survey-questions`, {
    text: 'Where do you fetch water?',
    answerType: 'text',
  });
  expect(q.statusCode, q.body).toBe(303);
  const [question] = await t.app.ctx.db
    .select()
    .from(surveyQuestions)
    .where(eq(surveyQuestions.dataPointId, dp.id));
  return { metricId, dataPointId: dp.id, questionId: question.id };
}

async function comment(s: S, subjectType: string, subjectId: string) {
  const res = await s.client.request(
    'POST',
    '/comments',
    { subjectType, subjectId, body: `About this ${subjectType}` },
    { accept: 'application/json' },
    false,
  );
  expect(res.statusCode, res.body).toBe(201);
}
const commentsOn = async (ids: string[]) =>
  (
    await t.app.ctx.db
      .select({ id: comments.id })
      .from(comments)
      .where(inArray(comments.subjectId, ids))
  ).length;

describe('deleting takes the comment threads with it', () => {
  it('a metric: its own thread and those of its data points and survey questions', async () => {
    const s = await setup();
    const m = await newMetric(s);
    await comment(s, 'metric', m.metricId);
    await comment(s, 'data_point', m.dataPointId);
    await comment(s, 'survey_question', m.questionId);
    expect(await commentsOn([m.metricId, m.dataPointId, m.questionId])).toBe(3);
    expect((await s.client.delete(`/metrics/${m.metricId}`)).statusCode).toBe(303);
    expect(await commentsOn([m.metricId, m.dataPointId, m.questionId])).toBe(0);
  });

  it('a data point and a survey question, each on its own', async () => {
    const s = await setup();
    const m = await newMetric(s);
    const extra = await s.client.post(`/metrics/${m.metricId}/data-points`, {
      key: 'wells',
      name: 'Wells',
      measurement: 'manual',
      aggregation: 'sum',
    });
    expect(extra.statusCode, extra.body).toBe(303);
    const [dp] = await t.app.ctx.db
      .select()
      .from(dataPoints)
      .where(and(eq(dataPoints.metricId, m.metricId), eq(dataPoints.key, 'wells')));
    await comment(s, 'data_point', dp.id);
    await comment(s, 'survey_question', m.questionId);
    expect((await s.client.delete(`/survey-questions/${m.questionId}`)).statusCode).toBe(303);
    expect(await commentsOn([m.questionId])).toBe(0);
    expect((await s.client.delete(`/data-points/${dp.id}`)).statusCode).toBe(303);
    expect(await commentsOn([dp.id])).toBe(0);
  });
});

describe('an archived project is read-only through the metrics module too', () => {
  it('refuses a new data point, a value and a metric delete with 409 PROJECT_ARCHIVED, changing nothing', async () => {
    const s = await setup();
    const m = await newMetric(s);
    await t.app.ctx.db
      .update(projects)
      .set({ status: 'archived' })
      .where(eq(projects.id, s.project.id));
    const json = { accept: 'application/json' };
    const dp = await s.client.request(
      'POST',
      `/metrics/${m.metricId}/data-points`,
      { key: 'later', name: 'Later', measurement: 'manual', aggregation: 'sum' },
      json,
      false,
    );
    expect(dp.statusCode).toBe(409);
    expect(JSON.parse(dp.body).code).toBe('PROJECT_ARCHIVED');
    const del = await s.client.request('DELETE', `/metrics/${m.metricId}`, undefined, json, false);
    expect(del.statusCode).toBe(409);
    const value = await s.client.request(
      'POST',
      `/metrics/${m.metricId}/values`,
      { dataPointId: m.dataPointId, period: '2026-Q1', value: 3 },
      json,
      false,
    );
    expect(value.statusCode).toBe(409);
    expect(
      await t.app.ctx.db.select().from(metrics).where(eq(metrics.id, m.metricId)),
    ).toHaveLength(1);
    expect(
      await t.app.ctx.db.select().from(dataPoints).where(eq(dataPoints.metricId, m.metricId)),
    ).toHaveLength(1);
  });
});

describe('one action, one audit shape, whichever door it came through', () => {
  it('metric.created and metric_value.created record the same details from the page and from /api/v1', async () => {
    const s = await setup();
    const { key } = await createToken(t.app, s.user.id, s.team.id, [
      'read',
      'create',
      'update',
      'delete',
    ]);
    const api = (url: string, payload: object) =>
      t.app.inject({
        method: 'POST',
        url,
        payload,
        headers: { authorization: `Bearer ${key}`, accept: 'application/json' },
      });

    const page = await newMetric(s);
    const viaApi = await api('/api/v1/metrics', { ...metricBody, elementId: s.element.id });
    expect(viaApi.statusCode, viaApi.body).toBe(201);
    const apiMetricId = JSON.parse(viaApi.body).id as string;
    const [apiDp] = await t.app.ctx.db
      .select()
      .from(dataPoints)
      .where(eq(dataPoints.metricId, apiMetricId));

    const value = { period: '2026-Q1', value: 12, disaggregation: { sex: 'Female' } };
    expect(
      (
        await s.client.post(`/metrics/${page.metricId}/values`, {
          ...value,
          dataPointId: page.dataPointId,
        })
      ).statusCode,
    ).toBe(303);
    expect(
      (
        await api('/api/v1/metric-values', {
          ...value,
          dataPointId: apiDp.id,
          metricId: apiMetricId,
        })
      ).statusCode,
    ).toBe(201);

    const rows = await t.app.ctx.db
      .select()
      .from(auditLogs)
      .where(inArray(auditLogs.subjectId, [page.metricId, apiMetricId]));
    for (const action of ['metric.created', 'metric_value.created']) {
      const [fromPage, fromApi] = [page.metricId, apiMetricId].map((id) =>
        rows.find((r) => r.action === action && r.subjectId === id),
      );
      expect(fromPage, action).toBeDefined();
      expect(fromApi?.details, action).toEqual(fromPage?.details);
    }
    expect(rows.find((r) => r.action === 'metric_value.created')?.details).toMatchObject({
      disaggregation: { sex: 'Female' },
    });
  });
});
