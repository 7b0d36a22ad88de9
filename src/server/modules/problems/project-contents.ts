import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.js';
import type { Db } from '../../platform/db/client.js';
import { auditLogs } from '../../platform/audit/audit.tables.js';
import { provideProjectContents } from '../projects/index.js';
import { projects } from '../projects/read-model.js';
import { dataPoints, metrics, metricValues, surveyQuestions } from '../metrics/read-model.js';
import { problems, tocElements, tocLinks } from './problems.tables.js';

/** The project's problems, newest first, with their element counts per kind. */
async function projectProblems(db: Db, teamId: string, projectId: string) {
  const rows = await db
    .select({
      id: problems.id,
      title: problems.title,
      statement: problems.statement,
      status: problems.status,
      updatedAt: problems.updatedAt,
    })
    .from(problems)
    .where(and(eq(problems.teamId, teamId), eq(problems.projectId, projectId)))
    .orderBy(desc(problems.updatedAt), asc(problems.id));
  if (!rows.length) return [];
  const kinds = await db
    .select({ problemId: tocElements.problemId, kind: tocElements.kind, n: count() })
    .from(tocElements)
    .where(
      and(
        eq(tocElements.teamId, teamId),
        inArray(
          tocElements.problemId,
          rows.map((r) => r.id),
        ),
      ),
    )
    .groupBy(tocElements.problemId, tocElements.kind);
  const metricRows = await db
    .select({ problemId: metrics.problemId, n: count() })
    .from(metrics)
    .where(
      and(
        eq(metrics.teamId, teamId),
        inArray(
          metrics.problemId,
          rows.map((r) => r.id),
        ),
      ),
    )
    .groupBy(metrics.problemId);
  return rows.map((p) => {
    const of = (kind: string) =>
      Number(kinds.find((k) => k.problemId === p.id && k.kind === kind)?.n ?? 0);
    return {
      ...p,
      counts: {
        activity: of('activity'),
        output: of('output'),
        outcome: of('outcome'),
        impact: of('impact'),
        metrics: Number(metricRows.find((m) => m.problemId === p.id)?.n ?? 0),
      },
    };
  });
}

/** What deleting the project takes with it (all rows hang off its problems and cascade). */
async function deletionImpact(db: Db, teamId: string, projectId: string) {
  const inProject = sql`(select pr.id from ${problems} pr where pr.project_id = ${projectId} and pr.team_id = ${teamId})`;
  const [row] = await db
    .select({
      problems: sql<number>`(select count(*)::int from ${problems} pr where pr.project_id = ${projectId} and pr.team_id = ${teamId})`,
      elements: sql<number>`(select count(*)::int from ${tocElements} e where e.problem_id in ${inProject})`,
      metrics: sql<number>`(select count(*)::int from ${metrics} m where m.problem_id in ${inProject})`,
      values: sql<number>`(select count(*)::int from ${metricValues} v where v.metric_id in (select m.id from ${metrics} m where m.problem_id in ${inProject}))`,
    })
    .from(projects)
    .where(and(eq(projects.id, projectId), eq(projects.teamId, teamId)));
  if (!row) return { problems: 0, elements: 0, metrics: 0, values: 0 };
  return {
    problems: Number(row.problems),
    elements: Number(row.elements),
    metrics: Number(row.metrics),
    values: Number(row.values),
  };
}

/** Audit entries about elements, links, metrics (and their values), data points and survey questions of these problems. */
function activityScope(db: Db, teamId: string, problemIds: string[]) {
  const inside = (
    type: string,
    table:
      | typeof tocElements
      | typeof tocLinks
      | typeof metrics
      | typeof dataPoints
      | typeof surveyQuestions,
  ) =>
    and(
      eq(auditLogs.subjectType, type),
      inArray(
        auditLogs.subjectId,
        db
          .select({ id: sql<string>`${table.id}::text` })
          .from(table)
          .where(and(eq(table.teamId, teamId), inArray(table.problemId, problemIds))),
      ),
    )!;
  return [
    inside('element', tocElements),
    inside('link', tocLinks),
    inside('metric', metrics),
    inside('data_point', dataPoints),
    inside('survey_question', surveyQuestions),
  ];
}

/** Tell the projects module what a project contains (it does not read this module's tables). */
export function registerProjectContents(ctx: AppContext) {
  provideProjectContents(ctx, {
    problemsCount: () =>
      sql<number>`(select count(*)::int from ${problems} pr where pr.project_id = "projects"."id")`,
    problems: projectProblems,
    impact: deletionImpact,
    activityScope,
  });
}
