import { and, asc, count, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { auditLogs } from '../../platform/audit/audit.tables.js';
import { notFound } from '../../platform/errors.js';
import { idOr404 } from '../../platform/http/ids.js';
import { tableQuery } from '../../platform/http/table-query.js';
import type { ProjectFilter } from '../../../shared/projects/projects.schemas.js';
import type { ProjectContents } from './projects.extensions.js';
import { projects } from './projects.tables.js';

export type ProjectRow = typeof projects.$inferSelect;

/**
 * One of the team's projects, or 404 (unknown id, malformed id and another team's id look the
 * same). The project's row carries what the policy needs (its status and name).
 */
export async function findProject(db: Db, teamId: string, projectId: unknown): Promise<ProjectRow> {
  const id = idOr404(projectId, 'Project');
  const [row] = await db
    .select()
    .from(projects)
    .where(and(eq(projects.id, id), eq(projects.teamId, teamId)))
    .limit(1);
  if (!row) throw notFound('Project');
  return row;
}

// drizzle writes columns unqualified in single-table selects: qualify the outer reference by hand
function statusWhere(teamId: string, status: ProjectFilter): SQL | undefined {
  return status === 'all'
    ? eq(projects.teamId, teamId)
    : and(eq(projects.teamId, teamId), eq(projects.status, status));
}

/** One page of the team's projects for the list (search, sort, status filter). */
export function pageProjects(
  db: Db,
  c: ProjectContents,
  teamId: string,
  status: ProjectFilter,
  query: unknown,
) {
  const problemsCount = c.problemsCount;
  return tableQuery(db, query, {
    select: {
      id: projects.id,
      name: projects.name,
      description: projects.description,
      funder: projects.funder,
      location: projects.location,
      status: projects.status,
      updatedAt: projects.updatedAt,
      problemsCount: problemsCount(),
    },
    from: projects,
    where: statusWhere(teamId, status),
    searchable: [projects.name, projects.description, projects.funder, projects.location],
    sortable: {
      name: projects.name,
      problems: problemsCount(),
      status: projects.status,
      updated_at: projects.updatedAt,
    },
    defaultSort: 'updated_at',
    defaultDir: 'desc',
    tiebreak: projects.id,
  });
}

/** The team's projects per status (the filter's badges and the empty state). */
export async function projectStatusCounts(
  db: Db,
  teamId: string,
): Promise<{ active: number; archived: number }> {
  const rows = await db
    .select({ status: projects.status, n: count() })
    .from(projects)
    .where(eq(projects.teamId, teamId))
    .groupBy(projects.status);
  const of = (s: string) => Number(rows.find((r) => r.status === s)?.n ?? 0);
  return { active: of('active'), archived: of('archived') };
}

/** the same as an SQL condition (the getting-started checklist reads all its steps in one query) */
export const teamHasProjectSql = (teamId: string, createdBy?: string) =>
  sql`exists (select 1 from ${projects} where ${createdBy ? and(eq(projects.teamId, teamId), eq(projects.createdBy, createdBy)) : eq(projects.teamId, teamId)})`;

/** A plain page for the API: limit/offset with the matching total. */
export async function listProjectsForApi(
  db: Db,
  c: ProjectContents,
  teamId: string,
  o: { status: ProjectFilter; q?: string; page: number; perPage: number },
) {
  const words = (o.q ?? '').trim().split(/\s+/).filter(Boolean).slice(0, 8);
  const like = (w: string) => `%${w.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const search = words.map((w) =>
    or(
      sql`${projects.name} ilike ${like(w)}`,
      sql`coalesce(${projects.description}, '') ilike ${like(w)}`,
    ),
  );
  const where = and(statusWhere(teamId, o.status), ...search);
  const [{ n }] = await db.select({ n: count() }).from(projects).where(where);
  const rows = await db
    .select({ project: projects, problemsCount: c.problemsCount() })
    .from(projects)
    .where(where)
    .orderBy(desc(projects.updatedAt), asc(projects.id))
    .limit(o.perPage)
    .offset((o.page - 1) * o.perPage);
  return { rows, total: Number(n) };
}

/**
 * The latest audit entries about the project, one of its problems (theirs carry details.projectId)
 * or anything inside those problems: elements, links, metrics (and their values), data points,
 * survey questions.
 */
export function projectActivity(
  db: Db,
  c: ProjectContents,
  teamId: string,
  projectId: string,
  problemIds: string[],
  limit = 10,
) {
  const about = or(
    and(eq(auditLogs.subjectType, 'project'), eq(auditLogs.subjectId, projectId)),
    sql`${auditLogs.details}->>'projectId' = ${projectId}`,
    ...(problemIds.length
      ? [
          and(eq(auditLogs.subjectType, 'problem'), inArray(auditLogs.subjectId, problemIds)),
          ...c.activityScope(db, teamId, problemIds),
        ]
      : []),
  );
  return db
    .select({
      id: auditLogs.id,
      action: auditLogs.action,
      actorName: auditLogs.actorName,
      actorEmail: auditLogs.actorEmail,
      subjectType: auditLogs.subjectType,
      subjectId: auditLogs.subjectId,
      subjectLabel: auditLogs.subjectLabel,
      createdAt: auditLogs.createdAt,
    })
    .from(auditLogs)
    .where(and(eq(auditLogs.teamId, teamId), about))
    .orderBy(desc(auditLogs.createdAt), desc(auditLogs.id))
    .limit(limit);
}
