import { and, asc, count, eq, type Column } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.js';
import { users } from '../../platform/auth/auth.tables.js';
import { dataPoints, metrics, surveyQuestions } from '../metrics/read-model.js';
import { tocElements, tocLinks } from './problems.tables.js';
import { findTeamProblem, problemHeader } from './toc-views.lookup.js';

/**
 * Props of 'problems/table-full-view': every element, metric and data point of a problem as rows
 * (the page searches, sorts and pages them in the browser, one layout per type). A fixed number of
 * queries whatever the problem's size; the per-row figures are counted in one pass here.
 */
export async function tableViewProps(ctx: AppContext, teamId: string, problemId: string) {
  const problem = await findTeamProblem(ctx, teamId, problemId);
  const inProblem = (t: { teamId: Column; problemId: Column }) =>
    and(eq(t.teamId, teamId), eq(t.problemId, problem.id));

  const elements = await ctx.db
    .select({
      id: tocElements.id,
      kind: tocElements.kind,
      horizon: tocElements.horizon,
      title: tocElements.title,
      status: tocElements.status,
      startDate: tocElements.startDate,
      endDate: tocElements.endDate,
      position: tocElements.position,
      owner: users.name,
      updatedAt: tocElements.updatedAt,
    })
    .from(tocElements)
    .leftJoin(users, eq(users.id, tocElements.ownerId))
    .where(inProblem(tocElements))
    .orderBy(asc(tocElements.position), asc(tocElements.createdAt), asc(tocElements.id));
  const links = await ctx.db
    .select({ fromId: tocLinks.fromId, toId: tocLinks.toId })
    .from(tocLinks)
    .where(inProblem(tocLinks));
  const metricRows = await ctx.db
    .select({
      id: metrics.id,
      name: metrics.name,
      elementId: metrics.elementId,
      type: metrics.type,
      unit: metrics.unit,
      direction: metrics.direction,
      baselineValue: metrics.baselineValue,
      baselineDate: metrics.baselineDate,
      period: metrics.period,
      standardRef: metrics.standardRef,
    })
    .from(metrics)
    .where(inProblem(metrics))
    .orderBy(asc(metrics.position), asc(metrics.createdAt), asc(metrics.id));
  const pointRows = await ctx.db
    .select({
      id: dataPoints.id,
      key: dataPoints.key,
      name: dataPoints.name,
      metricId: dataPoints.metricId,
      measurement: dataPoints.measurement,
      aggregation: dataPoints.aggregation,
      starred: dataPoints.starred,
    })
    .from(dataPoints)
    .where(inProblem(dataPoints))
    .orderBy(asc(dataPoints.position), asc(dataPoints.createdAt), asc(dataPoints.id));
  const questionCounts = await ctx.db
    .select({ dataPointId: surveyQuestions.dataPointId, n: count() })
    .from(surveyQuestions)
    .where(inProblem(surveyQuestions))
    .groupBy(surveyQuestions.dataPointId);

  const titles = new Map(elements.map((e) => [e.id, e.title]));
  const kinds = new Map(elements.map((e) => [e.id, e.kind]));
  const feedsInto = new Map<string, string[]>();
  const fedBy = new Map<string, number>();
  for (const l of links) {
    const t = titles.get(l.toId);
    if (t === undefined || !titles.has(l.fromId)) continue;
    let list = feedsInto.get(l.fromId);
    if (!list) feedsInto.set(l.fromId, (list = []));
    list.push(t);
    fedBy.set(l.toId, (fedBy.get(l.toId) ?? 0) + 1);
  }
  const metricsPerElement = new Map<string, number>();
  for (const m of metricRows)
    metricsPerElement.set(m.elementId, (metricsPerElement.get(m.elementId) ?? 0) + 1);
  const pointsPerMetric = new Map<string, number>();
  for (const p of pointRows)
    pointsPerMetric.set(p.metricId, (pointsPerMetric.get(p.metricId) ?? 0) + 1);
  const metricById = new Map(metricRows.map((m) => [m.id, m]));
  const questions = new Map(questionCounts.map((q) => [q.dataPointId, Number(q.n)]));

  return {
    problem: problemHeader(problem),
    elements: elements.map((e) => ({
      id: e.id,
      kind: e.kind,
      horizon: e.kind === 'outcome' ? e.horizon : null,
      title: e.title,
      status: e.status,
      owner: e.owner,
      startDate: e.startDate,
      endDate: e.endDate,
      position: e.position,
      metricsCount: metricsPerElement.get(e.id) ?? 0,
      feedsInto: feedsInto.get(e.id) ?? [],
      fedByCount: fedBy.get(e.id) ?? 0,
      updatedAt: e.updatedAt.toISOString(),
    })),
    metrics: metricRows.map((m) => ({
      ...m,
      elementTitle: titles.get(m.elementId) ?? '',
      elementKind: kinds.get(m.elementId) ?? '',
      dataPointsCount: pointsPerMetric.get(m.id) ?? 0,
    })),
    dataPoints: pointRows.map((p) => {
      const m = metricById.get(p.metricId);
      return {
        ...p,
        metricName: m?.name ?? '',
        elementTitle: m ? (titles.get(m.elementId) ?? '') : '',
        questionsCount: questions.get(p.id) ?? 0,
      };
    }),
  };
}
