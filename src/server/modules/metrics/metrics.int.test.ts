import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../../test/helpers/app.js';
import { signedInUser } from '../../../../test/helpers/auth.js';
import { addMember, createTeamFor } from '../../../../test/helpers/team-membership.js';
import type { TestClient } from '../../../../test/helpers/client.js';
import { auditLogs } from '../../platform/audit/audit.tables.js';
import { projects } from '../projects/read-model.js';
import { problems, tocElements } from '../problems/read-model.js';
import { dataPoints, metricTargets, metricValues, metrics } from './metrics.tables.js';
import type { ElementKind } from '../../../shared/toc/vocabulary.js';
import { elementMetricsPanelProps, keyMetricsFor, metricSeries } from './index.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function setup(kind: ElementKind = 'outcome') {
  const { user, client } = await signedInUser(t.app);
  const team = await createTeamFor(t.app, user.id);
  const db = t.app.ctx.db;
  const [project] = await db
    .insert(projects)
    .values({ teamId: team.id, name: 'Girls’ education' })
    .returning();
  const [problem] = await db
    .insert(problems)
    .values({ teamId: team.id, projectId: project.id, title: 'Girls drop out' })
    .returning();
  const [element] = await db
    .insert(tocElements)
    .values({ teamId: team.id, problemId: problem.id, kind, title: 'More girls pass exams' })
    .returning();
  return { user, client, team, project, problem, element };
}

const base = {
  name: 'Girls passing',
  type: 'percentage',
  direction: 'increase',
  period: 'quarterly',
  periodStart: '2026-01-01',
  periodEnd: '2026-12-31',
  baselineValue: 40,
};
const referer = (url: string) => ({ referer: `http://localhost${url}` });

async function createMetric(client: TestClient, elementId: string, body: Record<string, unknown>) {
  const res = await client.post(`/elements/${elementId}/metrics`, body);
  expect(res.statusCode, res.body).toBe(303);
  const id = res.headers.location!.split('/').pop()!;
  return id;
}
const errorsAfter = async (client: TestClient, url: string) =>
  (await client.page(url)).props.errors as Record<string, string>;

describe('metrics', () => {
  it('creates a metric with a default data point; the page shows the layout per parent kind', async () => {
    const s = await setup('activity');
    const id = await createMetric(s.client, s.element.id, {
      ...base,
      type: 'count',
      baselineValue: '',
    });
    const page = await s.client.page(`/metrics/${id}`);
    expect(page.component).toBe('metrics/show');
    expect(page.props.kindLabel).toBe('Activity metric');
    expect(page.props.trail).toMatchObject({
      project: { id: s.project.id },
      problem: { id: s.problem.id },
      element: { id: s.element.id, kind: 'activity' },
    });
    expect(page.props.dataPoints).toEqual([
      expect.objectContaining({ key: 'value', measurement: 'manual' }),
    ]);
    expect(page.props.periods.map((p: { key: string }) => p.key)).toEqual([
      '2026-Q1',
      '2026-Q2',
      '2026-Q3',
      '2026-Q4',
    ]);
    expect(page.props.metric.baselineValue).toBeNull();
    const [audit] = await t.app.ctx.db.select().from(auditLogs).where(eq(auditLogs.subjectId, id));
    expect(audit.action).toBe('metric.created');
  });

  it('refuses formulas that do not parse or name unknown data points, with the position, on the field', async () => {
    const s = await setup();
    let errors: Record<string, string>;
    const id = await createMetric(s.client, s.element.id, {
      ...base,
      formula: 'percent(passing, tested)',
    });
    const page = await s.client.page(`/metrics/${id}`);
    expect(page.props.dataPoints.map((d: { key: string }) => d.key)).toEqual(['passing', 'tested']);
    await s.client.put(
      `/metrics/${id}`,
      { formula: 'percent(girls_pass, tested)' },
      referer(`/metrics/${id}`),
    );
    errors = await errorsAfter(s.client, `/metrics/${id}`);
    expect(errors.formula).toBe('Unknown data point `girls_pass` at position 8');
    await s.client.put(
      `/metrics/${id}`,
      { formula: 'sum(passing,, tested)' },
      referer(`/metrics/${id}`),
    );
    errors = await errorsAfter(s.client, `/metrics/${id}`);
    expect(errors.formula).toMatch(/at position 12$/);
    expect((await t.app.ctx.db.select().from(metrics).where(eq(metrics.id, id)))[0].formula).toBe(
      'percent(passing, tested)',
    );
    // a syntax error on create is refused too, and nothing is written
    const before = await t.app.ctx.db
      .select()
      .from(metrics)
      .where(eq(metrics.elementId, s.element.id));
    const res = await s.client.post(
      `/elements/${s.element.id}/metrics`,
      { ...base, formula: 'ratio(a)' },
      referer(`/metrics/${id}`),
    );
    expect(res.statusCode).toBe(303);
    expect((await errorsAfter(s.client, `/metrics/${id}`)).formula).toBe(
      '`ratio` takes exactly 2 arguments (got 1) at position 0',
    );
    expect(
      await t.app.ctx.db.select().from(metrics).where(eq(metrics.elementId, s.element.id)),
    ).toHaveLength(before.length);
  });

  it('refuses non-numbers, type-invalid values and periods outside the range on the field', async () => {
    const s = await setup();
    const id = await createMetric(s.client, s.element.id, base);
    const dp = (await s.client.page(`/metrics/${id}`)).props.dataPoints[0].id;
    const url = `/metrics/${id}`;
    await s.client.post(
      `/metrics/${id}/values`,
      { dataPointId: dp, period: '2026-Q1', value: 'twelve' },
      referer(url),
    );
    expect((await errorsAfter(s.client, url)).value).toBe('The value must be a number.');
    await s.client.post(
      `/metrics/${id}/values`,
      { dataPointId: dp, period: '2027-Q3', value: 12 },
      referer(url),
    );
    expect((await errorsAfter(s.client, url)).period).toBe(
      '2027-Q3 is outside this metric’s reporting range 2026-Q1 – 2026-Q4.',
    );
    await s.client.post(
      `/metrics/${id}/values`,
      { dataPointId: dp, period: '2026-Q1', value: 140 },
      referer(url),
    );
    expect((await errorsAfter(s.client, url)).value).toMatch(/between 0 and 100/);
    await s.client.post(
      `/metrics/${id}/values`,
      { dataPointId: dp, period: '2026-Q1', value: 12, disaggregation: { sex: 'Female' } },
      referer(url),
    );
    expect((await errorsAfter(s.client, url))['disaggregation.sex']).toMatch(
      /not disaggregated by sex/,
    );
    expect(
      await t.app.ctx.db.select().from(metricValues).where(eq(metricValues.metricId, id)),
    ).toHaveLength(0);
    await s.client.put(
      `/metrics/${id}/targets`,
      { targets: [{ period: '2028-Q1', value: 50 }] },
      referer(url),
    );
    expect((await errorsAfter(s.client, url))['targets.0.period']).toMatch(
      /outside this metric’s reporting range/,
    );
  });

  it('a percentage metric keeps its targets and baseline within 0..100, refused on the field', async () => {
    const s = await setup();
    const id = await createMetric(s.client, s.element.id, base);
    const url = `/metrics/${id}`;
    await s.client.put(
      `/metrics/${id}/targets`,
      {
        targets: [
          { period: '2026-Q1', value: -5 },
          { period: '2026-Q2', value: 150 },
          { period: '2026-Q3', value: '55' },
        ],
      },
      referer(url),
    );
    const errors = await errorsAfter(s.client, url);
    expect(errors['targets.0.value']).toBe('A percentage is between 0 and 100.');
    expect(errors['targets.1.value']).toBe('A percentage is between 0 and 100.');
    expect(errors['targets.2.value']).toBeUndefined();
    expect(
      await t.app.ctx.db.select().from(metricTargets).where(eq(metricTargets.metricId, id)),
    ).toHaveLength(0);
    // the baseline is a figure of the metric too: on create and on edit
    const create = await s.client.post(
      `/elements/${s.element.id}/metrics`,
      { ...base, baselineValue: 150 },
      referer(url),
    );
    expect(create.statusCode).toBe(303);
    expect((await errorsAfter(s.client, url)).baselineValue).toBe(
      'A percentage is between 0 and 100.',
    );
    await s.client.put(url, { baselineValue: -5 }, referer(url));
    expect((await errorsAfter(s.client, url)).baselineValue).toBe(
      'A percentage is between 0 and 100.',
    );
    expect((await s.client.page(url)).props.metric.baselineValue).toBe(40);
  });

  it('computes actual vs baseline vs target per period, traceable to the entries, and per category', async () => {
    const s = await setup();
    const id = await createMetric(s.client, s.element.id, {
      ...base,
      formula: 'percent(passing, tested)',
      disaggregations: [{ key: 'sex', label: 'Sex', categories: ['Female', 'Male', 'Other'] }],
    });
    const dps = (await s.client.page(`/metrics/${id}`)).props.dataPoints as Array<{
      id: string;
      key: string;
    }>;
    const [passing, tested] = [
      dps.find((d) => d.key === 'passing')!.id,
      dps.find((d) => d.key === 'tested')!.id,
    ];
    const enter = async (
      dataPointId: string,
      period: string,
      value: number | string,
      disaggregation?: Record<string, string>,
    ) => {
      const res = await s.client.post(`/metrics/${id}/values`, {
        dataPointId,
        period,
        value,
        disaggregation,
      });
      expect(res.headers.location).toBe(`/metrics/${id}`);
    };
    await enter(passing, '2026-Q1', 30, { sex: 'Female' });
    await enter(passing, '2026-Q1', '15', { sex: 'Male' });
    await enter(tested, '2026-Q1', 60, { sex: 'Female' });
    await enter(tested, '2026-Q1', 40, { sex: 'Male' });
    await enter(passing, '2026-Q2', 55);
    await enter(tested, '2026-Q2', 100);
    expect(
      (
        await s.client.put(`/metrics/${id}/targets`, {
          targets: [
            { period: '2026-Q1', value: 50 },
            { period: '2026-Q2', value: 60 },
            { period: '2026-Q3', value: '' },
          ],
        })
      ).statusCode,
    ).toBe(303);

    const page = await s.client.page(`/metrics/${id}`);
    const [q1, q2, q3] = page.props.series;
    expect(q1).toMatchObject({
      period: '2026-Q1',
      label: 'Q1 2026',
      baseline: 40,
      target: 50,
      actual: 45,
    });
    expect(q2).toMatchObject({ target: 60, actual: 55 });
    expect(q3).toMatchObject({ target: null, actual: null, sources: [] });
    // traceability: the figure's sources are exactly the entries of that period, each with who and when
    const entries = page.props.entries as Array<{
      id: string;
      period: string;
      dataPointId: string;
      enteredBy: string;
      createdAt: string;
    }>;
    expect([...q1.sources].sort()).toEqual(
      entries
        .filter((e) => e.period === '2026-Q1')
        .map((e) => e.id)
        .sort(),
    );
    expect(entries.every((e) => e.enteredBy === s.user.name && e.createdAt)).toBe(true);
    const female = page.props.categories.find((c: { category: string }) => c.category === 'Female');
    expect(female.points[0]).toMatchObject({ actual: 50 });
    expect(female.points[0].sources).toHaveLength(2);
    expect(
      page.props.categories.find((c: { category: string }) => c.category === 'Male').points[0]
        .actual,
    ).toBe(37.5);

    const series = await metricSeries(t.app.ctx, s.team.id, id);
    expect(series.points[1].actual).toBe(55);
    const keys = await keyMetricsFor(t.app.ctx, s.team.id, { projectId: s.project.id });
    expect(keys).toEqual([
      expect.objectContaining({
        metricId: id,
        latestPeriod: '2026-Q2',
        latestActual: 55,
        latestTarget: 60,
        baseline: 40,
        progress: 0.75,
        elementTitle: 'More girls pass exams',
      }),
    ]);
    expect(await keyMetricsFor(t.app.ctx, s.team.id, { problemId: s.problem.id })).toHaveLength(1);
    expect(await elementMetricsPanelProps(t.app.ctx, s.team.id, s.element.id)).toEqual([
      {
        id,
        name: 'Girls passing',
        type: 'percentage',
        unit: null,
        currency: null,
        latestActual: 55,
        latestTarget: 60,
        latestLabel: 'Q2 2026',
      },
    ]);

    // editing and deleting an entry changes the figure
    const q2Passing = entries.find((x) => x.period === '2026-Q2' && x.dataPointId === passing)!;
    expect(
      (
        await s.client.put(`/metric-values/${q2Passing.id}`, {
          dataPointId: passing,
          period: '2026-Q2',
          value: 65,
        })
      ).statusCode,
    ).toBe(303);
    await s.client.delete(`/metric-values/${entries.find((x) => x.period === '2026-Q1')!.id}`);
    const after = await s.client.page(`/metrics/${id}`);
    expect(after.props.series[1].actual).toBe(65);
    expect(after.props.entries).toHaveLength(5);
  });

  it('data points: key unique, star toggle, formula keys protected; survey questions with choices', async () => {
    const s = await setup('output');
    const id = await createMetric(s.client, s.element.id, {
      ...base,
      type: 'count',
      formula: 'sum(girls, boys)',
    });
    const url = `/metrics/${id}`;
    await s.client.post(
      `/metrics/${id}/data-points`,
      { key: 'girls', name: 'Girls' },
      referer(url),
    );
    expect((await errorsAfter(s.client, url)).key).toMatch(/already has a data point `girls`/);
    await s.client.post(
      `/metrics/${id}/data-points`,
      { key: 'other', name: 'Other', measurement: 'survey_question' },
      referer(url),
    );
    expect((await errorsAfter(s.client, url)).measurement).toMatch(
      /Bind the data point to a form question/,
    );
    const dps = (await s.client.page(url)).props.dataPoints as Array<{ id: string; key: string }>;
    const girls = dps.find((d) => d.key === 'girls')!;
    await s.client.delete(`/data-points/${girls.id}`, undefined, referer(url));
    expect((await errorsAfter(s.client, url)).key).toMatch(/formula uses `girls`/);
    expect(
      (await s.client.post(`/data-points/${girls.id}/star`, {}, referer(url))).headers.location,
    ).toBe(url);
    expect(
      (await t.app.ctx.db.select().from(dataPoints).where(eq(dataPoints.id, girls.id)))[0].starred,
    ).toBe(true);

    const dpUrl = `/data-points/${girls.id}`;
    const page = await s.client.page(dpUrl);
    expect(page.component).toBe('data-points/show');
    expect(page.props.metricKindLabel).toBe('Output metric');
    await s.client.post(
      `/data-points/${girls.id}/survey-questions`,
      { text: 'Which grade?', answerType: 'single_choice', choices: ['P5'] },
      referer(dpUrl),
    );
    expect((await errorsAfter(s.client, dpUrl)).choices).toMatch(/at least two choices/);
    const res = await s.client.post(`/data-points/${girls.id}/survey-questions`, {
      text: 'Which grade?',
      answerType: 'single_choice',
      choices: ['P5', 'P6'],
    });
    expect(res.headers.location).toBe(dpUrl);
    const q = (await s.client.page(dpUrl)).props.questions[0];
    const qPage = await s.client.page(`/survey-questions/${q.id}`);
    expect(qPage.component).toBe('survey-questions/show');
    expect(qPage.props.question).toMatchObject({ text: 'Which grade?', choices: ['P5', 'P6'] });
  });

  it('another team’s ids answer 404; a viewer may look but not write', async () => {
    const a = await setup();
    const id = await createMetric(a.client, a.element.id, base);
    const dp = (await a.client.page(`/metrics/${id}`)).props.dataPoints[0].id;
    const b = await setup();
    expect((await b.client.get(`/metrics/${id}`)).statusCode).toBe(404);
    expect((await b.client.get(`/data-points/${dp}`)).statusCode).toBe(404);
    expect((await b.client.post(`/elements/${a.element.id}/metrics`, base)).statusCode).toBe(404);
    expect((await b.client.put(`/metrics/${id}`, { name: 'Hijacked' })).statusCode).toBe(404);
    expect(
      (
        await b.client.post(`/metrics/${id}/values`, {
          dataPointId: dp,
          period: '2026-Q1',
          value: 1,
        })
      ).statusCode,
    ).toBe(404);
    expect((await b.client.get(`/metrics/not-a-uuid`)).statusCode).toBe(404);
    // a value posted to b's own metric naming a's data point is refused on the field
    const bId = await createMetric(b.client, b.element.id, base);
    await b.client.post(
      `/metrics/${bId}/values`,
      { dataPointId: dp, period: '2026-Q1', value: 1 },
      referer(`/metrics/${bId}`),
    );
    expect((await errorsAfter(b.client, `/metrics/${bId}`)).dataPointId).toMatch(
      /this metric’s data points/,
    );
    expect(
      await t.app.ctx.db.select().from(metricValues).where(eq(metricValues.dataPointId, dp)),
    ).toHaveLength(0);

    const viewer = await signedInUser(t.app);
    await addMember(t.app, a.team.id, viewer.user.id, 'viewer');
    const { users } = await import('../../platform/auth/auth.tables.js');
    await t.app.ctx.db
      .update(users)
      .set({ currentTeamId: a.team.id })
      .where(eq(users.id, viewer.user.id));
    expect((await viewer.client.get(`/metrics/${id}`)).statusCode).toBe(200);
    expect(
      (
        await viewer.client.post(`/metrics/${id}/values`, {
          dataPointId: dp,
          period: '2026-Q1',
          value: 1,
        })
      ).statusCode,
    ).toBe(403);
  });
});
