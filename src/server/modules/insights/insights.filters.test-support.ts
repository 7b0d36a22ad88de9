import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { projects } from '../projects/read-model.js';
import { problems, tocElements } from '../problems/read-model.js';
import { dataPoints, metricTargets, metrics, surveyQuestions } from '../metrics/read-model.js';
import { formQuestions, formResponses, formVersions, forms } from '../forms/forms.tables.js';
import { datasetColumns, datasetVersions, datasets } from '../datasets/datasets.tables.js';
import type { QuestionDef } from '../../../shared/forms/questions.js';
import type { DataPointBinding } from '../../../shared/metrics/metrics.pages.js';
import { questionDef } from '../../../shared/forms/test-support.js';

const question = (key: string, type: QuestionDef['type']) =>
  questionDef(key, type, { label: key[0].toUpperCase() + key.slice(1) });

/**
 * Bound data for the row filters (test data only), quarterly 2026, every metric by location
 * (North, South). "Households reached" (target Q1 20) sums `people` over two survey forms asking
 * its survey question, in waves Baseline and Endline:
 *   Clinic survey: Q1 Baseline North 3, Q1 Baseline South 5, Q1 Endline North 4
 *   School survey: Q1 Baseline North 6, Q1 Endline South 2
 * so Q1 = 20; Baseline 14, Endline 6; Clinic 12, School 8; North 13, South 7.
 * "Food distributed" sums `amount` of the dataset "Food ledger" (Q1: North 10, South 30 = 40),
 * "Kits distributed" of the dataset "Kit ledger" (Q1: North 1, North 2 = 3).
 */
export async function rowFiltersWorld(app: FastifyInstance, teamId: string) {
  const db = app.ctx.db;
  const [project] = await db.insert(projects).values({ teamId, name: 'Food security' }).returning();
  const [problem] = await db
    .insert(problems)
    .values({ teamId, projectId: project.id, title: 'Households go hungry' })
    .returning();
  const [outcome] = await db
    .insert(tocElements)
    .values({
      teamId,
      problemId: problem.id,
      kind: 'outcome',
      horizon: 'short',
      title: 'Households eat enough',
    })
    .returning();
  const location = { key: 'location', label: 'Location', categories: ['North', 'South'] };
  const metric = async (name: string, binding: (dpId: string) => Promise<DataPointBinding>) => {
    const [m] = await db
      .insert(metrics)
      .values({
        teamId,
        problemId: problem.id,
        elementId: outcome.id,
        name,
        type: 'count',
        period: 'quarterly',
        periodStart: '2026-01-01',
        periodEnd: '2026-12-31',
        disaggregations: [location],
      })
      .returning();
    const [dp] = await db
      .insert(dataPoints)
      .values({
        teamId,
        problemId: problem.id,
        metricId: m.id,
        key: 'value',
        name,
        aggregation: 'sum',
      })
      .returning();
    const b = await binding(dp.id);
    await db.update(dataPoints).set({ binding: b }).where(eq(dataPoints.id, dp.id));
    return { m, dp };
  };

  const survey = async (
    name: string,
    sqId: string,
    rows: Array<[string, string, number, string]>,
  ) => {
    const [form] = await db
      .insert(forms)
      .values({
        teamId,
        projectId: project.id,
        kind: 'survey',
        name,
        waves: ['Baseline', 'Endline'],
      })
      .returning();
    const questions = [question('people', 'integer'), question('district', 'short_text')];
    const [v] = await db
      .insert(formVersions)
      .values({ teamId, formId: form.id, number: 1, questions })
      .returning();
    await db.insert(formQuestions).values(
      questions.map((x, i) => ({
        teamId,
        formId: form.id,
        key: x.key,
        type: x.type,
        label: x.label,
        choices: [],
        position: i,
        surveyQuestionId: x.key === 'people' ? sqId : null,
      })),
    );
    await db.insert(formResponses).values(
      rows.map(([at, wave, people, district], i) => ({
        teamId,
        formId: form.id,
        clientId: randomUUID(),
        seq: i + 1,
        versionId: v.id,
        versionNumber: 1,
        wave,
        answers: { people, district } as unknown as Record<string, string>,
        answersHash: randomUUID(),
        submittedAt: new Date(at),
      })),
    );
    return form;
  };

  const ledger = async (name: string, rows: Array<[number, string, string]>) => {
    const [d] = await db
      .insert(datasets)
      .values({ teamId, projectId: project.id, name, origin: 'upload' })
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
    const col = (key: string, type: 'decimal' | 'date' | 'category', position: number) => ({
      teamId,
      versionId,
      key,
      label: key[0].toUpperCase() + key.slice(1),
      type,
      position,
      physical: `c${position + 1}`,
    });
    await db
      .insert(datasetColumns)
      .values([col('amount', 'decimal', 0), col('when', 'date', 1), col('region', 'category', 2)]);
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
  };

  let clinic!: typeof forms.$inferSelect;
  let school!: typeof forms.$inferSelect;
  const households = await metric('Households reached', async (dpId) => {
    const [sq] = await db
      .insert(surveyQuestions)
      .values({
        teamId,
        problemId: problem.id,
        dataPointId: dpId,
        text: 'How many people live here?',
        answerType: 'integer',
      })
      .returning();
    clinic = await survey('Clinic survey', sq.id, [
      ['2026-01-10T10:00:00Z', 'Baseline', 3, 'north'],
      ['2026-02-10T10:00:00Z', 'Baseline', 5, 'South'],
      ['2026-03-10T10:00:00Z', 'Endline', 4, 'North'],
    ]);
    school = await survey('School survey', sq.id, [
      ['2026-01-20T10:00:00Z', 'Baseline', 6, 'North'],
      ['2026-03-20T10:00:00Z', 'Endline', 2, 'south'],
    ]);
    return {
      kind: 'survey_question',
      questionId: sq.id,
      disaggregations: { location: 'district' },
    };
  });
  await db
    .insert(metricTargets)
    .values({ teamId, metricId: households.m.id, period: '2026-Q1', value: 20 });
  let food!: typeof datasets.$inferSelect;
  let kits!: typeof datasets.$inferSelect;
  const foodMetric = await metric('Food distributed', async () => {
    food = await ledger('Food ledger', [
      [10, '2026-01-15', 'North'],
      [30, '2026-02-15', 'South'],
    ]);
    return {
      kind: 'dataset_column',
      datasetId: food.id,
      columnKey: 'amount',
      periodKey: 'when',
      disaggregations: { location: 'region' },
    };
  });
  const kitsMetric = await metric('Kits distributed', async () => {
    kits = await ledger('Kit ledger', [
      [1, '2026-01-15', 'North'],
      [2, '2026-03-15', 'North'],
    ]);
    return { kind: 'dataset_column', datasetId: kits.id, columnKey: 'amount', periodKey: 'when' };
  });
  return {
    project,
    problem,
    outcome,
    households,
    foodMetric,
    kitsMetric,
    clinic,
    school,
    food,
    kits,
  };
}
