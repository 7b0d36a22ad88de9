import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.js';
import type { CreateProblemInput, UpdateProblemInput } from '../../../shared/problems/problems.schemas.js';
import { problems } from './problems.tables.js';
import { assertWritable, findProject, problemWithProject, type ProblemRow } from './problems.queries.js';
import { problemConsequences, type Consequences } from './consequences.js';
import { deleteCommentsUnder } from '../comments/index.js';

type Ctx = Pick<AppContext, 'db'>;

/** Drop undefined keys (an omitted field leaves the column as it is). */
export function defined<T extends Record<string, unknown>>(v: T): Partial<T> {
  return Object.fromEntries(Object.entries(v).filter(([, x]) => x !== undefined)) as Partial<T>;
}

export async function createProblem(ctx: Ctx, teamId: string, userId: string, projectId: unknown, input: CreateProblemInput): Promise<ProblemRow> {
  return ctx.db.transaction(async (tx) => {
    const project = await findProject(tx, teamId, projectId);
    assertWritable(project);
    const [row] = await tx
      .insert(problems)
      .values({ ...defined(input), title: input.title, teamId, projectId: project.id, createdBy: userId })
      .returning();
    return row;
  });
}

export async function updateProblem(ctx: Ctx, teamId: string, problemId: unknown, input: UpdateProblemInput) {
  return ctx.db.transaction(async (tx) => {
    const { problem: before, project } = await problemWithProject(tx, teamId, problemId);
    assertWritable(project);
    const changes = defined(input);
    const [after] = await tx
      .update(problems)
      .set({ ...changes, updatedAt: new Date() })
      .where(and(eq(problems.id, before.id), eq(problems.teamId, teamId)))
      .returning();
    const changed = Object.keys(changes).filter((k) => (before as Record<string, unknown>)[k] !== (after as Record<string, unknown>)[k]);
    return { before, after, project, changed };
  });
}

/** Deletes the problem with its elements, links, metrics, data points and values (foreign keys cascade). */
export async function deleteProblem(ctx: Ctx, teamId: string, problemId: unknown): Promise<{ problem: ProblemRow; consequences: Consequences; projectId: string }> {
  return ctx.db.transaction(async (tx) => {
    const { problem, project } = await problemWithProject(tx, teamId, problemId);
    assertWritable(project);
    const consequences = await problemConsequences(tx, teamId, problem.id);
    // comments point at their subject without a foreign key: the whole tree's threads go first
    await deleteCommentsUnder(tx, teamId, { problemId: problem.id });
    await tx.delete(problems).where(and(eq(problems.id, problem.id), eq(problems.teamId, teamId)));
    return { problem, consequences, projectId: project.id };
  });
}
