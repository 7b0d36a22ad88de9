import { and, eq } from 'drizzle-orm';
import type { UseCase } from '../../platform/use-case/index.js';
import type {
  CreateProblemInput,
  UpdateProblemInput,
} from '../../../shared/problems/problems.schemas.js';
import { findProject } from '../projects/index.js';
import { problems } from './problems.tables.js';
import { findProblem, type ProblemRow } from './problems.queries.js';
import { problemConsequences } from './consequences.js';

/** Drop undefined keys (an omitted field leaves the column as it is). */
export function defined<T extends Record<string, unknown>>(v: T): Partial<T> {
  return Object.fromEntries(Object.entries(v).filter(([, x]) => x !== undefined)) as Partial<T>;
}

/** The names of the fields whose values changed. */
export const changedKeys = (changes: object, before: object, after: object) =>
  Object.keys(changes).filter(
    (k) => (before as Record<string, unknown>)[k] !== (after as Record<string, unknown>)[k],
  );

export async function createProblem(
  uc: UseCase,
  input: { projectId: unknown; values: CreateProblemInput },
): Promise<ProblemRow> {
  const project = await findProject(uc.tx, uc.teamId, input.projectId);
  uc.can('content.create', { project });
  const [row] = await uc.tx
    .insert(problems)
    .values({
      ...defined(input.values),
      title: input.values.title,
      teamId: uc.teamId,
      projectId: project.id,
      createdBy: uc.actor.userId,
    })
    .returning();
  await uc.audit({
    action: 'problem.created',
    subject: { type: 'problem', id: row.id, label: row.title },
    details: { projectId: project.id, status: row.status },
  });
  return row;
}

export async function updateProblem(
  uc: UseCase,
  input: { problemId: unknown; values: UpdateProblemInput },
) {
  const { problem: before, trail } = await findProblem(uc.tx, uc.teamId, input.problemId);
  uc.can('content.update', { project: trail.project });
  const changes = defined(input.values);
  const [after] = await uc.tx
    .update(problems)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(eq(problems.id, before.id), eq(problems.teamId, uc.teamId)))
    .returning();
  const changed = changedKeys(changes, before, after);
  await uc.audit({
    action: 'problem.updated',
    subject: { type: 'problem', id: after.id, label: after.title },
    details: { projectId: trail.project.id, changed },
  });
  return { before, after, changed };
}

/** Deletes the problem; its elements and links announce their removal, the foreign keys take the rows. */
export async function deleteProblem(uc: UseCase, input: { problemId: unknown }) {
  const { problem, trail } = await findProblem(uc.tx, uc.teamId, input.problemId);
  uc.can('content.delete', { project: trail.project });
  const consequences = await problemConsequences(uc.tx, uc.teamId, problem.id);
  await uc.removing('problem', [problem.id]);
  await uc.tx
    .delete(problems)
    .where(and(eq(problems.id, problem.id), eq(problems.teamId, uc.teamId)));
  await uc.audit({
    action: 'problem.deleted',
    subject: { type: 'problem', id: problem.id, label: problem.title },
    details: { projectId: trail.project.id, ...consequences },
  });
  return { problem, consequences, projectId: trail.project.id };
}
