import { and, asc, count, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { auditLogs, dataPoints, metrics, metricValues, problems, projects, surveyQuestions, tocElements, tocLinks } from '../../platform/db/schema.js';
import { AppError, notFound } from '../../platform/errors.js';
import { tableQuery } from '../../platform/http/table-query.js';
import type { DeletionImpact, ProjectFilter } from '../../../shared/projects/projects.schemas.js';

export type ProjectRow = typeof projects.$inferSelect;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** One of the team's projects, or 404 (unknown id, malformed id and another team's id look the same). */
export async function findProject(db: Db, teamId: string, projectId: string): Promise<ProjectRow> {
  if (typeof projectId !== 'string' || !UUID.test(projectId)) throw notFound('Project');
  const [row] = await db
    .select()
    .from(projects)
    .where(and(eq(projects.id, projectId), eq(projects.teamId, teamId)))
    .limit(1);
  if (!row) throw notFound('Project');
  return row;
}

export const PROJECT_ARCHIVED_MESSAGE = 'This project is archived and read-only. Restore it to make changes.';

/** Archived projects are read-only: every write on them (or on their problems, elements, metrics) is refused. */
export function assertProjectWritable(project: Pick<ProjectRow, 'status'>): void {
  if (project.status === 'archived') throw new AppError('PROJECT_ARCHIVED', 409, PROJECT_ARCHIVED_MESSAGE);
}

// drizzle writes columns unqualified in single-table selects: qualify the outer reference by hand
const problemsCount = sql<number>`(select count(*)::int from ${problems} pr where pr.project_id = "projects"."id")`;

function statusWhere(teamId: string, status: ProjectFilter): SQL | undefined {
  return status === 'all' ? eq(projects.teamId, teamId) : and(eq(projects.teamId, teamId), eq(projects.status, status));
}

/** One page of the team's projects for the list (search, sort, status filter). */
export function pageProjects(db: Db, teamId: string, status: ProjectFilter, query: unknown) {
  return tableQuery(db, query, {
    select: {
      id: projects.id,
      name: projects.name,
      description: projects.description,
      funder: projects.funder,
      location: projects.location,
      status: projects.status,
      updatedAt: projects.updatedAt,
      problemsCount,
    },
    from: projects,
    where: statusWhere(teamId, status),
    searchable: [projects.name, projects.description, projects.funder, projects.location],
    sortable: { name: projects.name, problems: problemsCount, status: projects.status, updated_at: projects.updatedAt },
    defaultSort: 'updated_at',
    defaultDir: 'desc',
    tiebreak: projects.id,
  });
}

/** The team's projects per status (the filter's badges and the empty state). */
export async function projectStatusCounts(db: Db, teamId: string): Promise<{ active: number; archived: number }> {
  const rows = await db.select({ status: projects.status, n: count() }).from(projects).where(eq(projects.teamId, teamId)).groupBy(projects.status);
  const of = (s: string) => Number(rows.find((r) => r.status === s)?.n ?? 0);
  return { active: of('active'), archived: of('archived') };
}

export async function teamHasProject(db: Db, teamId: string): Promise<boolean> {
  const [row] = await db.select({ id: projects.id }).from(projects).where(eq(projects.teamId, teamId)).limit(1);
  return !!row;
}

/** the same as an SQL condition (the getting-started checklist reads all its steps in one query) */
export const teamHasProjectSql = (teamId: string) => sql`exists (select 1 from ${projects} where ${eq(projects.teamId, teamId)})`;

/** A plain page for the API: limit/offset with the matching total. */
export async function listProjectsForApi(db: Db, teamId: string, o: { status: ProjectFilter; q?: string; page: number; perPage: number }) {
  const words = (o.q ?? '').trim().split(/\s+/).filter(Boolean).slice(0, 8);
  const like = (w: string) => `%${w.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const search = words.map((w) => or(sql`${projects.name} ilike ${like(w)}`, sql`coalesce(${projects.description}, '') ilike ${like(w)}`));
  const where = and(statusWhere(teamId, o.status), ...search);
  const [{ n }] = await db.select({ n: count() }).from(projects).where(where);
  const rows = await db
    .select({ project: projects, problemsCount })
    .from(projects)
    .where(where)
    .orderBy(desc(projects.updatedAt), asc(projects.id))
    .limit(o.perPage)
    .offset((o.page - 1) * o.perPage);
  return { rows, total: Number(n) };
}

export async function problemsCountOf(db: Db, teamId: string, projectId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(problems).where(and(eq(problems.teamId, teamId), eq(problems.projectId, projectId)));
  return Number(row?.n ?? 0);
}

/** The project's problems, newest first, with their element counts per kind. */
export async function projectProblems(db: Db, teamId: string, projectId: string) {
  const rows = await db
    .select({ id: problems.id, title: problems.title, statement: problems.statement, status: problems.status, updatedAt: problems.updatedAt })
    .from(problems)
    .where(and(eq(problems.teamId, teamId), eq(problems.projectId, projectId)))
    .orderBy(desc(problems.updatedAt), asc(problems.id));
  if (!rows.length) return [];
  const kinds = await db
    .select({ problemId: tocElements.problemId, kind: tocElements.kind, n: count() })
    .from(tocElements)
    .where(and(eq(tocElements.teamId, teamId), inArray(tocElements.problemId, rows.map((r) => r.id))))
    .groupBy(tocElements.problemId, tocElements.kind);
  const metricRows = await db
    .select({ problemId: metrics.problemId, n: count() })
    .from(metrics)
    .where(and(eq(metrics.teamId, teamId), inArray(metrics.problemId, rows.map((r) => r.id))))
    .groupBy(metrics.problemId);
  return rows.map((p) => {
    const of = (kind: string) => Number(kinds.find((k) => k.problemId === p.id && k.kind === kind)?.n ?? 0);
    return {
      ...p,
      counts: { activity: of('activity'), output: of('output'), outcome: of('outcome'), impact: of('impact'), metrics: Number(metricRows.find((m) => m.problemId === p.id)?.n ?? 0) },
    };
  });
}

/** What deleting the project takes with it (all rows hang off its problems and cascade). */
export async function deletionImpact(db: Db, teamId: string, projectId: string): Promise<DeletionImpact> {
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
  return { problems: Number(row.problems), elements: Number(row.elements), metrics: Number(row.metrics), values: Number(row.values) };
}

/**
 * The latest audit entries about the project, one of its problems (theirs carry details.projectId)
 * or anything inside those problems: elements, links, metrics (and their values), data points,
 * survey questions.
 */
export function projectActivity(db: Db, teamId: string, projectId: string, problemIds: string[], limit = 10) {
  const inside = (type: string, table: typeof tocElements | typeof tocLinks | typeof metrics | typeof dataPoints | typeof surveyQuestions) =>
    and(
      eq(auditLogs.subjectType, type),
      inArray(
        auditLogs.subjectId,
        db
          .select({ id: sql<string>`${table.id}::text` })
          .from(table)
          .where(and(eq(table.teamId, teamId), inArray(table.problemId, problemIds))),
      ),
    );
  const about = or(
    and(eq(auditLogs.subjectType, 'project'), eq(auditLogs.subjectId, projectId)),
    sql`${auditLogs.details}->>'projectId' = ${projectId}`,
    ...(problemIds.length
      ? [
          and(eq(auditLogs.subjectType, 'problem'), inArray(auditLogs.subjectId, problemIds)),
          inside('element', tocElements),
          inside('link', tocLinks),
          inside('metric', metrics),
          inside('data_point', dataPoints),
          inside('survey_question', surveyQuestions),
        ]
      : []),
  );
  return db
    .select({ id: auditLogs.id, action: auditLogs.action, actorName: auditLogs.actorName, subjectType: auditLogs.subjectType, subjectId: auditLogs.subjectId, subjectLabel: auditLogs.subjectLabel, createdAt: auditLogs.createdAt })
    .from(auditLogs)
    .where(and(eq(auditLogs.teamId, teamId), about))
    .orderBy(desc(auditLogs.createdAt), desc(auditLogs.id))
    .limit(limit);
}
