import { and, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { notFound, ValidationError } from '../../platform/errors.js';
import { problemTemplateSchema } from '../../../shared/toc/template.schemas.js';
import type { z } from 'zod';
import type { copyLibraryProblemSchema, saveToLibrarySchema } from '../../../shared/libraries/libraries.schemas.js';
import { projects } from '../projects/projects.tables.js';
import { problems } from '../problems/problems.tables.js';
import { libraryItems } from './libraries.tables.js';
import { findLibraryItem, isUuid, type LibraryItemFull } from './libraries.queries.js';
import { materializeProblem, materializeStrategy, serializeProblem } from './problem-tree.js';

interface Who {
  teamId: string;
  userId: string;
}

async function itemOfKind(db: Db, teamId: string, id: string, kind: 'problem' | 'strategy'): Promise<LibraryItemFull> {
  const item = await findLibraryItem(db, teamId, id);
  if (!item) throw notFound('Library item');
  if (item.kind !== kind) throw new ValidationError(kind === 'problem' ? { projectId: 'This library item is a strategy: copy it into a problem instead.' } : { problemId: 'This library item is a whole problem: copy it into a project instead.' });
  return item;
}

/**
 * Copy a library problem (shipped or the team's own) with its whole tree into a project of the
 * team, or into a new project made on the spot, in one transaction.
 */
export async function copyLibraryProblem(db: Db, who: Who, itemId: string, input: z.output<typeof copyLibraryProblemSchema>) {
  const item = await itemOfKind(db, who.teamId, itemId, 'problem');
  return db.transaction(async (tx) => {
    let project: { id: string; name: string; status: string } | undefined;
    if (input.projectId) {
      [project] = await tx.select({ id: projects.id, name: projects.name, status: projects.status }).from(projects).where(and(eq(projects.id, input.projectId), eq(projects.teamId, who.teamId)));
      if (!project) throw notFound('Project');
      if (project.status === 'archived') throw new ValidationError({ projectId: 'This project is archived: restore it first, or choose another project.' });
    } else {
      [project] = await tx.insert(projects).values({ teamId: who.teamId, name: input.newProjectName!, createdBy: who.userId }).returning({ id: projects.id, name: projects.name, status: projects.status });
    }
    const problemId = await materializeProblem(tx, { teamId: who.teamId, projectId: project!.id, userId: who.userId, template: item.template, libraryItemId: item.id });
    return { item, problemId, project: project!, newProject: !input.projectId };
  });
}

/** Copy a library strategy's activities and outputs (with their metrics) into a problem of the team. */
export async function copyLibraryStrategy(db: Db, who: Who, itemId: string, problemId: string) {
  const item = await itemOfKind(db, who.teamId, itemId, 'strategy');
  const [problem] = await db
    .select({ id: problems.id, title: problems.title, projectStatus: projects.status })
    .from(problems)
    .innerJoin(projects, eq(projects.id, problems.projectId))
    .where(and(eq(problems.id, problemId), eq(problems.teamId, who.teamId)));
  if (!problem) throw notFound('Problem');
  if (problem.projectStatus === 'archived') throw new ValidationError({ problemId: 'This problem’s project is archived: restore it first, or choose another problem.' });
  const elementIds = await db.transaction((tx) => materializeStrategy(tx, { teamId: who.teamId, problemId: problem.id, template: item.template }));
  return { item, problem, elementIds };
}

/** Save one of the team's problems to the team library as a template (no baselines, targets or values). */
export async function saveProblemToLibrary(db: Db, who: Who, problemId: string, input: z.output<typeof saveToLibrarySchema>) {
  if (!isUuid(problemId)) throw notFound('Problem');
  const template = await serializeProblem(db, who.teamId, problemId);
  const parsed = problemTemplateSchema.safeParse(template);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ValidationError({ title: `This problem has content a library template cannot hold (${issue.path.join('.')}: ${issue.message}).` });
  }
  const summary = input.summary || template.problem.statement?.slice(0, 1000) || null;
  const [row] = await db
    .insert(libraryItems)
    .values({ teamId: who.teamId, kind: 'problem', sector: input.sector, title: input.title || template.problem.title, summary, template: parsed.data, createdBy: who.userId })
    .returning({ id: libraryItems.id, title: libraryItems.title });
  return { id: row!.id, title: row!.title, elementCount: template.elements.length };
}

/** Delete one of the team's own library items (shipped entries cannot be deleted: 404). */
export async function deleteLibraryItem(db: Db, teamId: string, id: string) {
  if (!isUuid(id)) throw notFound('Library item');
  const [row] = await db.delete(libraryItems).where(and(eq(libraryItems.id, id), eq(libraryItems.teamId, teamId))).returning({ id: libraryItems.id, title: libraryItems.title, kind: libraryItems.kind });
  if (!row) throw notFound('Library item');
  return row;
}
