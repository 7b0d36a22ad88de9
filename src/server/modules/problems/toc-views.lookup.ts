import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.js';
import { notFound } from '../../platform/errors.js';
import { projects } from '../projects/projects.tables.js';
import { problems } from './problems.tables.js';

const uuid = z.uuid();

/** The problem (with its project) of the actor's team; anything else, including a malformed id, is a 404. */
export async function findTeamProblem(ctx: AppContext, teamId: string, problemId: string) {
  if (!uuid.safeParse(problemId).success) throw notFound('Problem');
  const [row] = await ctx.db
    .select({ id: problems.id, title: problems.title, status: problems.status, projectId: projects.id, projectName: projects.name, projectStatus: projects.status })
    .from(problems)
    .innerJoin(projects, and(eq(projects.id, problems.projectId), eq(projects.teamId, teamId)))
    .where(and(eq(problems.id, problemId), eq(problems.teamId, teamId)))
    .limit(1);
  if (!row) throw notFound('Problem');
  return row;
}

export type TeamProblem = Awaited<ReturnType<typeof findTeamProblem>>;

/** The header every problem view shares (breadcrumbs: project > problem). */
export const problemHeader = (p: TeamProblem) => ({ id: p.id, title: p.title, status: p.status, project: { id: p.projectId, name: p.projectName, archived: p.projectStatus === 'archived' } });
