import type { FastifyInstance } from 'fastify';
import { projects } from '../projects/read-model.js';
import { problems, tocElements, tocLinks } from '../problems/read-model.js';
import { dataPoints, metricTargets, metricValues, metrics } from '../metrics/read-model.js';
import { disaggregationKey } from '../../../shared/metrics/metrics.schemas.js';

/**
 * A small results chain with hand-computable figures (test data only): activity -> output ->
 * outcome; the outcome's metric "Girls passing" (quarterly 2026, baseline 40, increase, sum,
 * disaggregated by sex) with targets Q1 50, Q2 60, Q4 80 and manual entries Q1 total 49 (note
 * "Exam results"), Q2 Female 30 + Male 22, Q3 total 50; the activity's metric "Sessions held"
 * (no targets) with Q1 10.
 */
export async function insightsWorld(app: FastifyInstance, teamId: string, userId: string) {
  const db = app.ctx.db;
  const [project] = await db
    .insert(projects)
    .values({ teamId, name: 'Girls’ education' })
    .returning();
  const [problem] = await db
    .insert(problems)
    .values({ teamId, projectId: project.id, title: 'Girls drop out' })
    .returning();
  const el = async (kind: 'activity' | 'output' | 'outcome', title: string, position = 0) =>
    (
      await db
        .insert(tocElements)
        .values({
          teamId,
          problemId: problem.id,
          kind,
          title,
          position,
          horizon: kind === 'outcome' ? 'short' : null,
        })
        .returning()
    )[0];
  const activity = await el('activity', 'Run tutoring sessions');
  const output = await el('output', 'Girls tutored');
  const outcome = await el('outcome', 'More girls pass exams');
  await db.insert(tocLinks).values([
    { teamId, problemId: problem.id, fromId: activity.id, toId: output.id },
    { teamId, problemId: problem.id, fromId: output.id, toId: outcome.id },
  ]);
  const metric = async (
    elementId: string,
    name: string,
    extra: Partial<typeof metrics.$inferInsert>,
  ) => {
    const [m] = await db
      .insert(metrics)
      .values({
        teamId,
        problemId: problem.id,
        elementId,
        name,
        type: 'count',
        period: 'quarterly',
        periodStart: '2026-01-01',
        periodEnd: '2026-12-31',
        ...extra,
      })
      .returning();
    const [dp] = await db
      .insert(dataPoints)
      .values({ teamId, problemId: problem.id, metricId: m.id, key: 'value', name })
      .returning();
    return { m, dp };
  };
  const passing = await metric(outcome.id, 'Girls passing', {
    baselineValue: 40,
    disaggregations: [{ key: 'sex', label: 'Sex', categories: ['Female', 'Male'] }],
  });
  const sessions = await metric(activity.id, 'Sessions held', {});
  await db.insert(metricTargets).values(
    (
      [
        ['2026-Q1', 50],
        ['2026-Q2', 60],
        ['2026-Q4', 80],
      ] as const
    ).map(([period, value]) => ({ teamId, metricId: passing.m.id, period, value })),
  );
  const entry = (
    x: { m: { id: string }; dp: { id: string } },
    period: string,
    value: number,
    disaggregation: Record<string, string> = {},
    note: string | null = null,
  ) => ({
    teamId,
    metricId: x.m.id,
    dataPointId: x.dp.id,
    period,
    value,
    disaggregation,
    disaggregationKey: disaggregationKey(disaggregation),
    note,
    enteredBy: userId,
  });
  await db
    .insert(metricValues)
    .values([
      entry(passing, '2026-Q1', 49, {}, 'Exam results'),
      entry(passing, '2026-Q2', 30, { sex: 'Female' }),
      entry(passing, '2026-Q2', 22, { sex: 'Male' }),
      entry(passing, '2026-Q3', 50),
      entry(sessions, '2026-Q1', 10),
    ]);
  return { project, problem, activity, output, outcome, passing: passing.m, sessions: sessions.m };
}
