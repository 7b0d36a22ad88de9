import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { notFound } from '../../platform/errors.js';
import { idOr404 } from '../../platform/http/ids.js';
import { teamMembers, users } from '../../platform/auth/auth.tables.js';
import { projects } from '../projects/read-model.js';
import { problems, tocElements, tocLinks } from './problems.tables.js';
import type { ElementKind, ProjectStatus } from '../../../shared/toc/vocabulary.js';

/** Anything that can run queries: the database or a transaction. */
export type Queryable = Pick<Db, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

export type ProblemRow = typeof problems.$inferSelect;
export type ElementRow = typeof tocElements.$inferSelect;
export type LinkRow = typeof tocLinks.$inferSelect;
/** The project a record lives in: what the policy needs (an archived project is read-only). */
export interface ProjectRef {
  id: string;
  name: string;
  status: ProjectStatus;
}
/** Where a record of a problem lives: its problem and that problem's project. */
export interface ProblemTrail {
  project: ProjectRef;
  problem: ProblemRow;
}

// a function: the projects module imports this one's read model too, so its table may not be loaded yet
const projectRef = () => ({ id: projects.id, name: projects.name, status: projects.status });

/** A problem of the team with its project (what the policy needs), or 404. */
export async function findProblem(
  db: Queryable,
  teamId: string,
  problemId: unknown,
): Promise<{ problem: ProblemRow; trail: { project: ProjectRef } }> {
  const id = idOr404(problemId, 'Problem');
  const [row] = await db
    .select({ problem: problems, project: projectRef() })
    .from(problems)
    .innerJoin(projects, and(eq(projects.id, problems.projectId), eq(projects.teamId, teamId)))
    .where(and(eq(problems.id, id), eq(problems.teamId, teamId)))
    .limit(1);
  if (!row) throw notFound('Problem');
  return { problem: row.problem, trail: { project: row.project } };
}

/**
 * findProblem's scope as a condition (the problem is the team's, under one of the team's projects),
 * for a statement that does other work in the same round trip (`tableQuery`'s `check`). `problemId`
 * must already be a uuid (`idOr404`).
 */
export const problemInTeam = (teamId: string, problemId: string): SQL =>
  sql`exists (select 1 from ${problems} inner join ${projects} on ${projects.id} = ${problems.projectId} and ${projects.teamId} = ${teamId} where ${problems.id} = ${problemId} and ${problems.teamId} = ${teamId})`;

/** A theory-of-change element of the team with its problem and project, or 404. */
export async function findElement(
  db: Queryable,
  teamId: string,
  elementId: unknown,
): Promise<{ element: ElementRow; trail: ProblemTrail }> {
  const id = idOr404(elementId, 'Element');
  const [row] = await db
    .select({ element: tocElements, problem: problems, project: projectRef() })
    .from(tocElements)
    .innerJoin(problems, and(eq(problems.id, tocElements.problemId), eq(problems.teamId, teamId)))
    .innerJoin(projects, and(eq(projects.id, problems.projectId), eq(projects.teamId, teamId)))
    .where(and(eq(tocElements.id, id), eq(tocElements.teamId, teamId)))
    .limit(1);
  if (!row) throw notFound('Element');
  return { element: row.element, trail: { project: row.project, problem: row.problem } };
}

/** A causal link of the team with its problem and project, or 404. */
export async function findLink(
  db: Queryable,
  teamId: string,
  linkId: unknown,
): Promise<{ link: LinkRow; trail: ProblemTrail }> {
  const id = idOr404(linkId, 'Link');
  const [row] = await db
    .select({ link: tocLinks, problem: problems, project: projectRef() })
    .from(tocLinks)
    .innerJoin(problems, and(eq(problems.id, tocLinks.problemId), eq(problems.teamId, teamId)))
    .innerJoin(projects, and(eq(projects.id, problems.projectId), eq(projects.teamId, teamId)))
    .where(and(eq(tocLinks.id, id), eq(tocLinks.teamId, teamId)))
    .limit(1);
  if (!row) throw notFound('Link');
  return { link: row.link, trail: { project: row.project, problem: row.problem } };
}

/** Elements of a problem in level order is done by the caller; here: by kind then position. */
export function elementsOf(db: Queryable, teamId: string, problemId: string) {
  return db
    .select()
    .from(tocElements)
    .where(and(eq(tocElements.problemId, problemId), eq(tocElements.teamId, teamId)))
    .orderBy(asc(tocElements.kind), asc(tocElements.position), asc(tocElements.createdAt));
}

export function linksOf(db: Queryable, teamId: string, problemId: string) {
  return db
    .select()
    .from(tocLinks)
    .where(and(eq(tocLinks.problemId, problemId), eq(tocLinks.teamId, teamId)));
}

/** Is the user a member of the team? (owners of elements must be) */
export async function isTeamMember(
  db: Queryable,
  teamId: string,
  userId: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: teamMembers.id })
    .from(teamMembers)
    .where(and(eq(teamMembers.organizationId, teamId), eq(teamMembers.userId, userId)))
    .limit(1);
  return !!row;
}

/** The team's members, for the owner picker (name order). */
export function teamMemberOptions(db: Queryable, teamId: string) {
  return db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(eq(teamMembers.organizationId, teamId))
    .orderBy(asc(users.name));
}

/** Names of some users (owners shown in lists). */
export async function userNames(db: Queryable, ids: string[]): Promise<Map<string, string>> {
  const unique = [...new Set(ids.filter(Boolean))];
  if (!unique.length) return new Map();
  const rows = await db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(inArray(users.id, unique));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** The next free position among the problem's elements of one kind. */
export async function nextPosition(
  db: Queryable,
  problemId: string,
  kind: ElementKind,
): Promise<number> {
  const [row] = await db
    .select({ max: sql<number | null>`max(${tocElements.position})` })
    .from(tocElements)
    .where(and(eq(tocElements.problemId, problemId), eq(tocElements.kind, kind)));
  return row?.max == null ? 0 : Number(row.max) + 1;
}
