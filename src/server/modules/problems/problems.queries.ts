import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../platform/db/client.js';
import { AppError, notFound } from '../../platform/errors.js';
import { teamMembers, users } from '../../platform/auth/auth.tables.js';
import { projects } from '../projects/projects.tables.js';
import { problems, tocElements, tocLinks } from './problems.tables.js';

/** Anything that can run queries: the database or a transaction. */
export type Queryable = Pick<Db, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

export type ProblemRow = typeof problems.$inferSelect;
export type ElementRow = typeof tocElements.$inferSelect;
export type LinkRow = typeof tocLinks.$inferSelect;
export interface ProjectRef {
  id: string;
  name: string;
  status: string;
}

const isUuid = (v: unknown): v is string => typeof v === 'string' && z.uuid().safeParse(v).success;

/** A project of the team (looked up here, not through the projects module), or 404. */
export async function findProject(db: Queryable, teamId: string, id: unknown): Promise<ProjectRef> {
  if (!isUuid(id)) throw notFound('Project');
  const [row] = await db
    .select({ id: projects.id, name: projects.name, status: projects.status })
    .from(projects)
    .where(and(eq(projects.id, id), eq(projects.teamId, teamId)))
    .limit(1);
  if (!row) throw notFound('Project');
  return row;
}

export function assertWritable(project: ProjectRef) {
  if (project.status === 'archived') throw new AppError('PROJECT_ARCHIVED', 409, `The project “${project.name}” is archived: restore it before changing its problems.`);
}

/** A problem of the team, or 404. */
export async function findProblem(db: Queryable, teamId: string, id: unknown): Promise<ProblemRow> {
  if (!isUuid(id)) throw notFound('Problem');
  const [row] = await db
    .select()
    .from(problems)
    .where(and(eq(problems.id, id), eq(problems.teamId, teamId)))
    .limit(1);
  if (!row) throw notFound('Problem');
  return row;
}

/** A theory-of-change element of the team, or 404. */
export async function findElement(db: Queryable, teamId: string, id: unknown): Promise<ElementRow> {
  if (!isUuid(id)) throw notFound('Element');
  const [row] = await db
    .select()
    .from(tocElements)
    .where(and(eq(tocElements.id, id), eq(tocElements.teamId, teamId)))
    .limit(1);
  if (!row) throw notFound('Element');
  return row;
}

export async function findLink(db: Queryable, teamId: string, id: unknown): Promise<LinkRow> {
  if (!isUuid(id)) throw notFound('Link');
  const [row] = await db
    .select()
    .from(tocLinks)
    .where(and(eq(tocLinks.id, id), eq(tocLinks.teamId, teamId)))
    .limit(1);
  if (!row) throw notFound('Link');
  return row;
}

/** The problem with its project: 404 unless both are the team's. */
export async function problemWithProject(db: Queryable, teamId: string, problemId: unknown) {
  const problem = await findProblem(db, teamId, problemId);
  const project = await findProject(db, teamId, problem.projectId);
  return { problem, project };
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
export async function isTeamMember(db: Queryable, teamId: string, userId: string): Promise<boolean> {
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
  const rows = await db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, unique));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** The next free position among the problem's elements of one kind. */
export async function nextPosition(db: Queryable, problemId: string, kind: string): Promise<number> {
  const [row] = await db
    .select({ max: sql<number | null>`max(${tocElements.position})` })
    .from(tocElements)
    .where(and(eq(tocElements.problemId, problemId), eq(tocElements.kind, kind)));
  return row?.max == null ? 0 : Number(row.max) + 1;
}
