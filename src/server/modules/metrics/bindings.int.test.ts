import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../../test/helpers/app.js';
import { signedInUser } from '../../../../test/helpers/auth.js';
import { createTeamFor } from '../../../../test/helpers/team-membership.js';
import { auditLogs } from '../../platform/audit/audit.tables.js';
import { projects } from '../projects/read-model.js';
import { problems, tocElements } from '../problems/read-model.js';
import { formQuestions, formResponses, formVersions, forms } from '../forms/forms.tables.js';
import { datasetColumns, datasetVersions, datasets } from '../datasets/datasets.tables.js';
import { dataPoints, metrics, surveyQuestions } from './metrics.tables.js';
import type { QuestionDef } from '../../../shared/forms/questions.js';
import { keyMetricsFor } from './index.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const q = (
  key: string,
  type: QuestionDef['type'],
  extra: Partial<QuestionDef> = {},
): QuestionDef => ({
  key,
  type,
  label: key[0].toUpperCase() + key.slice(1),
  hint: null,
  required: false,
  requiredMessage: null,
  defaultValue: null,
  choices: [],
  allowOther: false,
  scale: null,
  validation: {},
  ...extra,
});
const SEX = q('sex', 'single_choice', {
  choices: [
    { value: 'f', label: 'Female' },
    { value: 'm', label: 'Male' },
  ],
});

/** A team with a project > problem > outcome > metric (quarterly 2026, by sex) > data point `reached` > survey question. */
async function setup() {
  const { user, client } = await signedInUser(t.app);
  const team = await createTeamFor(t.app, user.id);
  const db = t.app.ctx.db;
  const teamId = team.id;
  const [project] = await db.insert(projects).values({ teamId, name: 'Nutrition' }).returning();
  const [problem] = await db
    .insert(problems)
    .values({ teamId, projectId: project.id, title: 'Children underfed' })
    .returning();
  const [element] = await db
    .insert(tocElements)
    .values({ teamId, problemId: problem.id, kind: 'outcome', horizon: 'short', title: 'Fed' })
    .returning();
  const [metric] = await db
    .insert(metrics)
    .values({
      teamId,
      problemId: problem.id,
      elementId: element.id,
      name: 'People reached',
      type: 'count',
      period: 'quarterly',
      periodStart: '2026-01-01',
      periodEnd: '2026-12-31',
      disaggregations: [{ key: 'sex', label: 'Sex', categories: ['Female', 'Male'] }],
    })
    .returning();
  const [dp] = await db
    .insert(dataPoints)
    .values({ teamId, problemId: problem.id, metricId: metric.id, key: 'reached', name: 'Reached' })
    .returning();
  const [sq] = await db
    .insert(surveyQuestions)
    .values({
      teamId,
      problemId: problem.id,
      dataPointId: dp.id,
      text: 'How many people?',
      answerType: 'integer',
    })
    .returning();
  return { user, client, team, project, problem, element, metric, dp, sq };
}
type S = Awaited<ReturnType<typeof setup>>;

/** A survey form asking the survey question as `people`, published twice, with responses. */
async function formWithResponses(
  s: S,
  responses: Array<{ at: string; answers: Record<string, unknown>; deleted?: boolean; v?: 1 | 2 }>,
  asks: Record<string, string> = {},
) {
  const db = t.app.ctx.db;
  const teamId = s.team.id;
  const [form] = await db
    .insert(forms)
    .values({ teamId, projectId: s.project.id, kind: 'survey', name: 'Household survey' })
    .returning();
  const questions = [
    q('people', 'integer'),
    SEX,
    q('visit', 'date'),
    q('district', 'short_text'),
    q('fed', 'yes_no'),
  ];
  const [v1] = await db
    .insert(formVersions)
    .values({ teamId, formId: form.id, number: 1, questions: questions.slice(0, 2) })
    .returning();
  const [v2] = await db
    .insert(formVersions)
    .values({ teamId, formId: form.id, number: 2, questions })
    .returning();
  const drafts = await db
    .insert(formQuestions)
    .values(
      questions.map((x, i) => ({
        teamId,
        formId: form.id,
        key: x.key,
        type: x.type,
        label: x.label,
        choices: x.choices,
        position: i,
        surveyQuestionId: x.key === 'people' ? s.sq.id : (asks[x.key] ?? null),
      })),
    )
    .returning();
  const rows = await db
    .insert(formResponses)
    .values(
      responses.map((r, i) => ({
        teamId,
        formId: form.id,
        clientId: randomUUID(),
        seq: i + 1,
        versionId: r.v === 1 ? v1.id : v2.id,
        versionNumber: r.v ?? 2,
        answers: r.answers as Record<string, string>,
        answersHash: randomUUID(),
        submittedAt: new Date(r.at),
        deletedAt: r.deleted ? new Date() : null,
      })),
    )
    .returning();
  return { form, rows, drafts };
}

const RESPONSES = [
  {
    at: '2026-01-10T10:00:00Z',
    answers: { people: 3, sex: 'f', visit: '2026-01-05', district: 'north' },
  },
  {
    at: '2026-02-20T10:00:00Z',
    answers: { people: 5, sex: 'm', visit: '2026-04-02', district: 'south' },
  },
  {
    at: '2026-04-05T10:00:00Z',
    answers: { people: 2, sex: 'f', visit: '2026-04-06', district: 'north' },
  },
  {
    at: '2026-05-01T10:00:00Z',
    answers: { people: 7, sex: 'f', district: 'north' },
    deleted: true,
  },
  { at: '2026-03-15T10:00:00Z', answers: { people: 4, sex: 'm' }, v: 1 as const },
  { at: '2026-04-20T10:00:00Z', answers: { sex: 'm', district: 'north' } },
];

/** A dataset of the project with a current version: amount (decimal), when (date), gender (category), note (text). */
async function dataset(s: S, rows: Array<[number | null, string | null, string | null]>) {
  const db = t.app.ctx.db;
  const teamId = s.team.id;
  const [d] = await db
    .insert(datasets)
    .values({ teamId, projectId: s.project.id, name: 'Distributions', origin: 'upload' })
    .returning();
  const versionId = randomUUID();
  const relation = `v_${versionId.replace(/-/g, '')}`;
  await db.insert(datasetVersions).values({
    id: versionId,
    teamId,
    datasetId: d.id,
    number: 1,
    status: 'ready',
    relation,
    rowCount: rows.length,
  });
  await db.insert(datasetColumns).values([
    {
      teamId,
      versionId,
      key: 'amount',
      label: 'Amount',
      type: 'decimal',
      position: 0,
      physical: 'c1',
    },
    { teamId, versionId, key: 'when', label: 'When', type: 'date', position: 1, physical: 'c2' },
    {
      teamId,
      versionId,
      key: 'gender',
      label: 'Gender',
      type: 'category',
      position: 2,
      physical: 'c3',
    },
  ]);
  await db.execute(
    sql.raw(
      `CREATE TABLE ds."${relation}" (_row bigint PRIMARY KEY, c1 numeric, c2 date, c3 text)`,
    ),
  );
  for (const [i, [a, w, g]] of rows.entries())
    await db.execute(
      sql`INSERT INTO ${sql.raw(`ds."${relation}"`)} VALUES (${i + 1}, ${a}, ${w}::date, ${g})`,
    );
  await db.update(datasets).set({ currentVersionId: versionId }).where(eq(datasets.id, d.id));
  return d;
}

const bind = (s: S, dpId: string, body: Record<string, unknown>) =>
  s.client.put(`/data-points/${dpId}/binding`, body, {
    referer: `http://localhost/data-points/${dpId}`,
  });
const errorsOf = async (s: S, dpId: string) =>
  (await s.client.page(`/data-points/${dpId}`)).props.errors as Record<string, string>;
const actuals = async (s: S, metricId: string) => {
  const page = await s.client.page(`/metrics/${metricId}`);
  const series = page.props.series as Array<{ period: string; actual: number | null }>;
  const cats = page.props.categories as Array<{
    category: string;
    points: Array<{ period: string; actual: number | null }>;
  }>;
  return {
    total: Object.fromEntries(series.map((p) => [p.period, p.actual])),
    by: Object.fromEntries(
      cats.map((c) => [c.category, Object.fromEntries(c.points.map((p) => [p.period, p.actual]))]),
    ),
    page,
  };
};

describe('data point bound to a form question', () => {
  it('sums the answers per quarter and sex (every version, deleted left out), filter and period question', async () => {
    const s = await setup();
    const { rows } = await formWithResponses(s, RESPONSES);
    let res = await bind(s, s.dp.id, {
      kind: 'survey_question',
      questionId: s.sq.id,
      periodKey: null,
      disaggregations: { sex: 'sex' },
      filter: '',
    });
    expect(res.statusCode, res.body).toBe(303);
    expect(await errorsOf(s, s.dp.id)).toEqual({});
    // Q1: 3 + 5 + 4 (v1) = 12, Female 3, Male 9; Q2: 2 (the deleted 7 and the unanswered left out)
    let a = await actuals(s, s.metric.id);
    expect(a.total).toMatchObject({ '2026-Q1': 12, '2026-Q2': 2, '2026-Q3': null });
    expect(a.by.Female).toMatchObject({ '2026-Q1': 3, '2026-Q2': 2 });
    expect(a.by.Male).toMatchObject({ '2026-Q1': 9, '2026-Q2': null });
    expect(a.page.props.bindings[s.dp.id]).toEqual({ status: 'ok', message: '' });
    const q1 = (a.page.props.series as Array<{ computed: unknown }>)[0];
    expect(q1.computed).toEqual([{ dataPointId: s.dp.id, rows: 3 }]);

    // the filter and the period from the visit date: Q1 = 3 (visit 2026-01-05), Q2 = 5 + 2... north only -> 2
    res = await bind(s, s.dp.id, {
      kind: 'survey_question',
      questionId: s.sq.id,
      periodKey: 'visit',
      disaggregations: { sex: 'sex' },
      filter: "${district} = 'north'",
    });
    expect(res.statusCode).toBe(303);
    expect(await errorsOf(s, s.dp.id)).toEqual({});
    a = await actuals(s, s.metric.id);
    expect(a.total).toMatchObject({ '2026-Q1': 3, '2026-Q2': 2 });

    // the average, without the filter: Q1 (3 + 5 + 4) / 3 = 4
    await t.app.ctx.db
      .update(dataPoints)
      .set({ aggregation: 'average' })
      .where(eq(dataPoints.id, s.dp.id));
    res = await bind(s, s.dp.id, { kind: 'survey_question', questionId: s.sq.id });
    expect(res.statusCode).toBe(303);
    a = await actuals(s, s.metric.id);
    expect(a.total).toMatchObject({ '2026-Q1': 4, '2026-Q2': 2 });

    // the key metrics read the same figures
    const km = await keyMetricsFor(t.app.ctx, s.team.id, { projectId: s.project.id });
    expect(km[0]).toMatchObject({ latestPeriod: '2026-Q2', latestActual: 2 });

    // drill-down: the rows behind Q1, Male (by submission time): responses 2 and 5
    await bind(s, s.dp.id, {
      kind: 'survey_question',
      questionId: s.sq.id,
      disaggregations: { sex: 'sex' },
    });
    const drill = await s.client.page(
      `/data-points/${s.dp.id}/rows?period=2026-Q1&dimension=sex&category=Male`,
    );
    expect(drill.component).toBe('data-points/rows');
    expect(drill.props.total).toBe(2);
    expect(drill.props.figure).toBe(4.5);
    expect(drill.props.rows.map((r: { row: number }) => r.row)).toEqual([2, 5]);
    expect(drill.props.rows[0].response).toMatchObject({
      id: rows[1].id,
      formName: 'Household survey',
    });
    expect(drill.props.rows[0].categories).toEqual({ sex: 'Male' });

    // a bound data point takes no manual entries
    res = await s.client.post(
      `/metrics/${s.metric.id}/values`,
      { dataPointId: s.dp.id, period: '2026-Q1', value: 1 },
      { referer: `http://localhost/metrics/${s.metric.id}` },
    );
    expect(res.statusCode).toBe(303);
    const errs = (await s.client.page(`/metrics/${s.metric.id}`)).props.errors;
    expect(errs.dataPointId).toMatch(/computed/);

    // audited
    const audit = await t.app.ctx.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.teamId, s.team.id), eq(auditLogs.action, 'data_point.bound')));
    expect(audit.length).toBe(4);
  });

  it('refuses what does not fit, on the field', async () => {
    const s = await setup();
    await formWithResponses(s, RESPONSES);
    const cases: Array<[Record<string, unknown>, string, RegExp]> = [
      [{ kind: 'survey_question' }, 'questionId', /Choose the form question/],
      [{ kind: 'survey_question', questionId: randomUUID() }, 'questionId', /survey questions/],
      [
        { kind: 'survey_question', questionId: s.sq.id, periodKey: 'district' },
        'periodKey',
        /not a date/,
      ],
      [
        { kind: 'survey_question', questionId: s.sq.id, periodKey: 'nope' },
        'periodKey',
        /no question or column/,
      ],
      [
        { kind: 'survey_question', questionId: s.sq.id, disaggregations: { sex: 'people' } },
        'disaggregations.sex',
        /not a choice/,
      ],
      [
        { kind: 'survey_question', questionId: s.sq.id, disaggregations: { age: 'sex' } },
        'disaggregations.age',
        /no dimension/,
      ],
      [{ kind: 'survey_question', questionId: s.sq.id, filter: '${ghost} = 1' }, 'filter', /ghost/],
      [
        { kind: 'survey_question', questionId: s.sq.id, filter: "${people} = 'many'" },
        'filter',
        /not a number/,
      ],
      [
        { kind: 'survey_question', questionId: s.sq.id, filter: '${people} + 1' },
        'filter',
        /binding filter/,
      ],
      [{ kind: 'survey_question', questionId: s.sq.id, filter: '${people} = ' }, 'filter', /./],
      [{ kind: 'dataset_column' }, 'datasetId', /Choose a dataset/],
    ];
    for (const [body, field, message] of cases) {
      const res = await bind(s, s.dp.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(303);
      expect((await errorsOf(s, s.dp.id))[field], JSON.stringify(body)).toMatch(message);
    }
    const dp = await t.app.ctx.db.select().from(dataPoints).where(eq(dataPoints.id, s.dp.id));
    expect(dp[0].binding).toEqual({ kind: 'manual' });
  });

  it('shows the binding as waiting when the form question goes, and the pages keep working', async () => {
    const s = await setup();
    const { drafts } = await formWithResponses(s, RESPONSES);
    expect(
      (await bind(s, s.dp.id, { kind: 'survey_question', questionId: s.sq.id })).statusCode,
    ).toBe(303);
    const res = await s.client.delete(`/form-questions/${drafts[0].id}`);
    expect(res.statusCode).toBe(303);
    const a = await actuals(s, s.metric.id);
    expect(a.total['2026-Q1']).toBeNull();
    expect(a.page.props.bindings[s.dp.id]).toMatchObject({ status: 'waiting' });
    const page = await s.client.page(`/data-points/${s.dp.id}`);
    expect(page.props.binding.state.status).toBe('waiting');
    const drill = await s.client.page(`/data-points/${s.dp.id}/rows?period=2026-Q1`);
    expect(drill.props.rows).toEqual([]);
    // the survey question itself deleted: broken, and said so
    expect((await s.client.delete(`/survey-questions/${s.sq.id}`)).statusCode).toBe(303);
    const after = await s.client.page(`/data-points/${s.dp.id}`);
    expect(after.props.binding.state).toMatchObject({ status: 'broken' });
    expect(after.props.binding.state.message).toMatch(/survey question .* has been deleted/);
  });
});

describe('share of yes', () => {
  it('percent_meeting over a yes/no question: the share of yes among the answers, per quarter', async () => {
    const s = await setup();
    const db = t.app.ctx.db;
    const [share] = await db
      .insert(dataPoints)
      .values({
        teamId: s.team.id,
        problemId: s.problem.id,
        metricId: s.metric.id,
        key: 'fed_share',
        name: 'Fed share',
        aggregation: 'percent_meeting',
        starred: true,
      })
      .returning();
    const [sq] = await db
      .insert(surveyQuestions)
      .values({
        teamId: s.team.id,
        problemId: s.problem.id,
        dataPointId: share.id,
        text: 'Fed?',
        answerType: 'yes_no',
      })
      .returning();
    await formWithResponses(
      s,
      [
        { at: '2026-01-10T10:00:00Z', answers: { fed: 'yes' } },
        { at: '2026-01-11T10:00:00Z', answers: { fed: 'no' } },
        { at: '2026-02-11T10:00:00Z', answers: { fed: 'yes' } },
        { at: '2026-03-11T10:00:00Z', answers: { fed: 'yes' } },
        { at: '2026-03-12T10:00:00Z', answers: { people: 1 } },
        { at: '2026-04-11T10:00:00Z', answers: { fed: 'no' } },
      ],
      { fed: sq.id },
    );
    const res = await bind(s, share.id, { kind: 'survey_question', questionId: sq.id });
    expect(res.statusCode).toBe(303);
    expect(await errorsOf(s, share.id)).toEqual({});
    // Q1: 3 yes of 4 answers (the unanswered one left out) = 75 %; Q2: 0 of 1
    const a = await actuals(s, s.metric.id);
    expect(a.total).toMatchObject({ '2026-Q1': 75, '2026-Q2': 0 });
  });
});

describe('data point bound to a dataset column', () => {
  it('sums a decimal column per quarter and category, in a formula with a form-bound data point', async () => {
    const s = await setup();
    await formWithResponses(s, RESPONSES);
    const d = await dataset(s, [
      [10.5, '2026-01-02', 'Female'],
      [4.5, '2026-02-02', 'male'],
      [1, '2026-07-01', 'Female'],
      [null, '2026-07-02', 'Female'],
    ]);
    const [other] = await t.app.ctx.db
      .insert(dataPoints)
      .values({
        teamId: s.team.id,
        problemId: s.problem.id,
        metricId: s.metric.id,
        key: 'given',
        name: 'Given',
        position: 1,
      })
      .returning();
    await t.app.ctx.db
      .update(metrics)
      .set({ formula: 'reached + given' })
      .where(eq(metrics.id, s.metric.id));
    expect(
      (await bind(s, s.dp.id, { kind: 'survey_question', questionId: s.sq.id })).statusCode,
    ).toBe(303);
    let res = await bind(s, other.id, {
      kind: 'dataset_column',
      datasetId: d.id,
      columnKey: 'amount',
      periodKey: 'when',
      disaggregations: { sex: 'gender' },
    });
    expect(res.statusCode).toBe(303);
    expect(await errorsOf(s, other.id)).toEqual({});
    let a = await actuals(s, s.metric.id);
    // Q1: 12 (responses) + 15 (10.5 + 4.5) = 27; Q3: the form has nothing -> null in the formula
    expect(a.total['2026-Q1']).toBe(27);
    const drill = await s.client.page(
      `/data-points/${other.id}/rows?period=2026-Q1&dimension=sex&category=Male`,
    );
    expect(drill.props.rows).toEqual([
      {
        row: 2,
        value: expect.stringMatching(/^4\.50*$/),
        categories: { sex: 'Male' },
        response: null,
      },
    ]);
    // a filter on the dataset column, and the count (non-empty values)
    await t.app.ctx.db
      .update(dataPoints)
      .set({ aggregation: 'count' })
      .where(eq(dataPoints.id, other.id));
    await t.app.ctx.db.update(metrics).set({ formula: null }).where(eq(metrics.id, s.metric.id));
    await t.app.ctx.db.update(dataPoints).set({ starred: true }).where(eq(dataPoints.id, other.id));
    res = await bind(s, other.id, {
      kind: 'dataset_column',
      datasetId: d.id,
      columnKey: 'amount',
      periodKey: 'when',
      filter: "${gender} = 'Female'",
    });
    expect(await errorsOf(s, other.id)).toEqual({});
    a = await actuals(s, s.metric.id);
    expect(a.total).toMatchObject({ '2026-Q1': 1, '2026-Q3': 1 });

    // field errors: a text column summed, an unknown column, a non-date period column
    await t.app.ctx.db
      .update(dataPoints)
      .set({ aggregation: 'sum' })
      .where(eq(dataPoints.id, other.id));
    for (const [body, field] of [
      [{ columnKey: 'gender' }, 'aggregation'],
      [{ columnKey: 'ghost' }, 'columnKey'],
      [{ columnKey: 'amount', periodKey: 'gender' }, 'periodKey'],
    ] as const) {
      await bind(s, other.id, { kind: 'dataset_column', datasetId: d.id, ...body });
      expect((await errorsOf(s, other.id))[field], JSON.stringify(body)).toBeTruthy();
    }

    // a refresh without the column: the binding shows as broken, saying which column went
    await bind(s, other.id, { kind: 'dataset_column', datasetId: d.id, columnKey: 'amount' });
    await t.app.ctx.db
      .update(datasetColumns)
      .set({ key: 'amount_v2' })
      .where(eq(datasetColumns.key, 'amount'));
    a = await actuals(s, s.metric.id);
    expect(a.page.props.bindings[other.id].message).toMatch(/“amount” is no longer in the dataset/);
    await t.app.ctx.db
      .update(datasetColumns)
      .set({ key: 'amount' })
      .where(eq(datasetColumns.key, 'amount_v2'));

    // the dataset deleted: the binding shows as broken, the pages answer
    res = await s.client.delete(`/datasets/${d.id}`);
    expect(res.statusCode).toBeLessThan(400);
    a = await actuals(s, s.metric.id);
    expect(a.page.props.bindings[other.id]).toMatchObject({ status: 'broken' });
    expect(a.total['2026-Q1']).toBeNull();
    const page = await s.client.page(`/data-points/${other.id}`);
    expect(page.props.binding.state.message).toMatch(/deleted/);
  });

  it('refuses another team’s dataset with a 404 and another project’s on the field', async () => {
    const s = await setup();
    const other = await setup();
    const theirs = await dataset(other, [[1, '2026-01-01', 'Female']]);
    const res = await bind(s, s.dp.id, {
      kind: 'dataset_column',
      datasetId: theirs.id,
      columnKey: 'amount',
    });
    expect(res.statusCode).toBe(404);
    const [project2] = await t.app.ctx.db
      .insert(projects)
      .values({ teamId: s.team.id, name: 'Other project' })
      .returning();
    const mine = await dataset({ ...s, project: project2 }, [[1, '2026-01-01', 'Female']]);
    await bind(s, s.dp.id, { kind: 'dataset_column', datasetId: mine.id, columnKey: 'amount' });
    expect((await errorsOf(s, s.dp.id)).datasetId).toMatch(/this project/);
    // another team's data point: 404 for the binding and the drill-down
    expect((await bind(s, other.dp.id, { kind: 'manual' })).statusCode).toBe(404);
    expect((await s.client.get(`/data-points/${other.dp.id}/rows?period=2026-Q1`)).statusCode).toBe(
      404,
    );
  });
});
