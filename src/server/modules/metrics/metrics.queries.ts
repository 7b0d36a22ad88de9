import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { users } from '../../platform/auth/auth.tables.js';
import { notFound } from '../../platform/errors.js';
import { idOr404 } from '../../platform/http/ids.js';
import { projects } from '../projects/read-model.js';
import { problems, tocElements } from '../problems/read-model.js';
import { teamSettings } from '../settings/read-model.js';
import {
  dataPoints,
  metricTargets,
  metricValues,
  metrics,
  surveyQuestions,
} from './metrics.tables.js';
import type { Trail } from '../../../shared/metrics/metrics.pages.js';
import type { ElementKind, OutcomeHorizon, ProjectStatus } from '../../../shared/toc/vocabulary.js';

export type MetricRow = typeof metrics.$inferSelect;
export type DataPointRow = typeof dataPoints.$inferSelect;
export type SurveyQuestionRow = typeof surveyQuestions.$inferSelect;
export type MetricValueRow = typeof metricValues.$inferSelect;
export type TargetRow = typeof metricTargets.$inferSelect;

/** The month (1-12) the team's fiscal year starts in (January for a team that never set it). */
export async function teamFiscalStartMonth(db: Db, teamId: string): Promise<number> {
  const [row] = await db
    .select({ month: teamSettings.fiscalYearStartMonth })
    .from(teamSettings)
    .where(eq(teamSettings.teamId, teamId))
    .limit(1);
  return row?.month ?? 1;
}

/** Where a record sits: element, problem, project (for breadcrumbs and layout). */
export type { Trail } from '../../../shared/metrics/metrics.pages.js';
const trailColumns = {
  elementId: tocElements.id,
  elementKind: tocElements.kind,
  elementTitle: tocElements.title,
  elementHorizon: tocElements.horizon,
  problemId: problems.id,
  problemTitle: problems.title,
  projectId: projects.id,
  projectName: projects.name,
  projectStatus: projects.status,
};
type TrailCols = {
  elementId: string;
  elementKind: ElementKind;
  elementTitle: string;
  elementHorizon: OutcomeHorizon | null;
  problemId: string;
  problemTitle: string;
  projectId: string;
  projectName: string;
  projectStatus: ProjectStatus;
};
const toTrail = (r: TrailCols): Trail => ({
  element: {
    id: r.elementId,
    kind: r.elementKind,
    title: r.elementTitle,
    horizon: r.elementHorizon,
  },
  problem: { id: r.problemId, title: r.problemTitle },
  project: { id: r.projectId, name: r.projectName, status: r.projectStatus },
});

/** An element of the team (the parent of new metrics), or 404. */
export async function findElement(db: Db, teamId: string, elementId: unknown): Promise<Trail> {
  const id = idOr404(elementId, 'Element');
  const [row] = await db
    .select(trailColumns)
    .from(tocElements)
    .innerJoin(problems, eq(problems.id, tocElements.problemId))
    .innerJoin(projects, eq(projects.id, problems.projectId))
    .where(and(eq(tocElements.id, id), eq(tocElements.teamId, teamId)))
    .limit(1);
  if (!row) throw notFound('Element');
  return toTrail(row);
}

/** A metric of the team with its trail, or 404. */
export async function findMetric(
  db: Db,
  teamId: string,
  metricId: unknown,
): Promise<{ metric: MetricRow; trail: Trail }> {
  const id = idOr404(metricId, 'Metric');
  const [row] = await db
    .select({ metric: metrics, ...trailColumns })
    .from(metrics)
    .innerJoin(tocElements, eq(tocElements.id, metrics.elementId))
    .innerJoin(problems, eq(problems.id, metrics.problemId))
    .innerJoin(projects, eq(projects.id, problems.projectId))
    .where(and(eq(metrics.id, id), eq(metrics.teamId, teamId)))
    .limit(1);
  if (!row) throw notFound('Metric');
  return { metric: row.metric, trail: toTrail(row) };
}

export async function findDataPoint(
  db: Db,
  teamId: string,
  dataPointId: unknown,
): Promise<{ dataPoint: DataPointRow; metric: MetricRow; trail: Trail }> {
  const id = idOr404(dataPointId, 'Data point');
  const [row] = await db
    .select({ dataPoint: dataPoints, metric: metrics, ...trailColumns })
    .from(dataPoints)
    .innerJoin(metrics, eq(metrics.id, dataPoints.metricId))
    .innerJoin(tocElements, eq(tocElements.id, metrics.elementId))
    .innerJoin(problems, eq(problems.id, metrics.problemId))
    .innerJoin(projects, eq(projects.id, problems.projectId))
    .where(and(eq(dataPoints.id, id), eq(dataPoints.teamId, teamId)))
    .limit(1);
  if (!row) throw notFound('Data point');
  return { dataPoint: row.dataPoint, metric: row.metric, trail: toTrail(row) };
}

export async function findSurveyQuestion(db: Db, teamId: string, questionId: unknown) {
  const id = idOr404(questionId, 'Survey question');
  const [row] = await db
    .select({ question: surveyQuestions, dataPoint: dataPoints, metric: metrics, ...trailColumns })
    .from(surveyQuestions)
    .innerJoin(dataPoints, eq(dataPoints.id, surveyQuestions.dataPointId))
    .innerJoin(metrics, eq(metrics.id, dataPoints.metricId))
    .innerJoin(tocElements, eq(tocElements.id, metrics.elementId))
    .innerJoin(problems, eq(problems.id, metrics.problemId))
    .innerJoin(projects, eq(projects.id, problems.projectId))
    .where(and(eq(surveyQuestions.id, id), eq(surveyQuestions.teamId, teamId)))
    .limit(1);
  if (!row) throw notFound('Survey question');
  return {
    question: row.question,
    dataPoint: row.dataPoint,
    metric: row.metric,
    trail: toTrail(row),
  };
}

export async function findValue(
  db: Db,
  teamId: string,
  valueId: unknown,
): Promise<{ value: MetricValueRow; metric: MetricRow; trail: Trail }> {
  const id = idOr404(valueId, 'Value');
  const [row] = await db
    .select({ value: metricValues, metric: metrics, ...trailColumns })
    .from(metricValues)
    .innerJoin(metrics, eq(metrics.id, metricValues.metricId))
    .innerJoin(tocElements, eq(tocElements.id, metrics.elementId))
    .innerJoin(problems, eq(problems.id, metrics.problemId))
    .innerJoin(projects, eq(projects.id, problems.projectId))
    .where(and(eq(metricValues.id, id), eq(metricValues.teamId, teamId)))
    .limit(1);
  if (!row) throw notFound('Value');
  return { value: row.value, metric: row.metric, trail: toTrail(row) };
}

/** Ids of the metrics on some elements, of their data points, and of those data points' questions (for cascades). */
export async function metricIdsOn(db: Db, teamId: string, elementIds: string[]) {
  const rows = await db
    .select({ id: metrics.id })
    .from(metrics)
    .where(and(eq(metrics.teamId, teamId), inArray(metrics.elementId, elementIds)));
  return rows.map((r) => r.id);
}
export async function dataPointIdsOf(db: Db, teamId: string, metricIds: string[]) {
  const rows = await db
    .select({ id: dataPoints.id })
    .from(dataPoints)
    .where(and(eq(dataPoints.teamId, teamId), inArray(dataPoints.metricId, metricIds)));
  return rows.map((r) => r.id);
}
export async function questionIdsOf(db: Db, teamId: string, dataPointIds: string[]) {
  const rows = await db
    .select({ id: surveyQuestions.id })
    .from(surveyQuestions)
    .where(
      and(eq(surveyQuestions.teamId, teamId), inArray(surveyQuestions.dataPointId, dataPointIds)),
    );
  return rows.map((r) => r.id);
}

export interface EntryRow extends MetricValueRow {
  enteredByName: string | null;
}

/** Everything the series of some metrics needs, in three queries whatever the number of metrics. */
export async function loadSeriesInputs(db: Db, teamId: string, metricIds: string[]) {
  if (!metricIds.length)
    return {
      dataPoints: [] as DataPointRow[],
      targets: [] as TargetRow[],
      entries: [] as EntryRow[],
    };
  const [dps, targets, entries] = await Promise.all([
    db
      .select()
      .from(dataPoints)
      .where(and(eq(dataPoints.teamId, teamId), inArray(dataPoints.metricId, metricIds)))
      .orderBy(asc(dataPoints.position), asc(dataPoints.createdAt)),
    db
      .select()
      .from(metricTargets)
      .where(and(eq(metricTargets.teamId, teamId), inArray(metricTargets.metricId, metricIds))),
    db
      .select({ value: metricValues, enteredByName: users.name })
      .from(metricValues)
      .leftJoin(users, eq(users.id, metricValues.enteredBy))
      .where(and(eq(metricValues.teamId, teamId), inArray(metricValues.metricId, metricIds)))
      .orderBy(asc(metricValues.period), asc(metricValues.createdAt)),
  ]);
  return {
    dataPoints: dps,
    targets,
    entries: entries.map((r) => ({ ...r.value, enteredByName: r.enteredByName })),
  };
}

export function listQuestions(db: Db, teamId: string, dataPointId: string) {
  return db
    .select()
    .from(surveyQuestions)
    .where(and(eq(surveyQuestions.teamId, teamId), eq(surveyQuestions.dataPointId, dataPointId)))
    .orderBy(asc(surveyQuestions.position), asc(surveyQuestions.createdAt));
}
