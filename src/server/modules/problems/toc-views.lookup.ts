import type { AppContext } from '../../platform/context.js';
import { findProblem } from './problems.queries.js';

/** The problem (with its project) of the actor's team; anything else, including a malformed id, is a 404. */
export async function findTeamProblem(ctx: AppContext, teamId: string, problemId: string) {
  const { problem, trail } = await findProblem(ctx.db, teamId, problemId);
  return {
    id: problem.id,
    title: problem.title,
    status: problem.status,
    projectId: trail.project.id,
    projectName: trail.project.name,
    projectStatus: trail.project.status,
  };
}

export type TeamProblem = Awaited<ReturnType<typeof findTeamProblem>>;

/** The header every problem view shares (breadcrumbs: project > problem). */
export const problemHeader = (p: TeamProblem) => ({
  id: p.id,
  title: p.title,
  status: p.status,
  project: { id: p.projectId, name: p.projectName, archived: p.projectStatus === 'archived' },
});
