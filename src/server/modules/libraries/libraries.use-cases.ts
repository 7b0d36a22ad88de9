import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { notFound, ValidationError } from '../../platform/errors.js';
import { denial, type UseCase } from '../../platform/use-case/index.js';
import type { PolicyResource } from '../../platform/use-case/index.js';
import type { Permission } from '../../../shared/permissions.js';
import { problemTemplateSchema } from '../../../shared/toc/template.schemas.js';
import type {
  copyLibraryProblemSchema,
  saveToLibrarySchema,
} from '../../../shared/libraries/libraries.schemas.js';
import { createProject, findProject } from '../projects/index.js';
import { findProblem } from '../problems/index.js';
import { libraryItems } from './libraries.tables.js';
import {
  findLibraryItem,
  findSharedLibraryItem,
  isUuid,
  type LibraryItemFull,
} from './libraries.queries.js';
import { materializeProblem, materializeStrategy, serializeProblem } from './problem-tree.js';

async function itemOfKind(
  uc: UseCase,
  id: string,
  kind: 'problem' | 'strategy',
  shared = false,
): Promise<LibraryItemFull> {
  const item = shared
    ? await findSharedLibraryItem(uc.tx, id)
    : await findLibraryItem(uc.tx, uc.teamId, id);
  if (!item) throw notFound('Library item');
  if (item.kind !== kind)
    throw new ValidationError(
      kind === 'problem'
        ? { projectId: 'This library item is a strategy: copy it into a problem instead.' }
        : { problemId: 'This library item is a whole problem: copy it into a project instead.' },
    );
  return item;
}

/** The policy's answer, on the form's field when it is about the chosen target (an archived project). */
function canOnField(uc: UseCase, permission: Permission, resource: PolicyResource, field: string) {
  const refused = denial(uc.actor, permission, resource);
  if (refused?.code === 'PROJECT_ARCHIVED') throw new ValidationError({ [field]: refused.message });
  if (refused) throw refused;
}

/**
 * Copy a library problem (shipped or the team's own) with its whole tree into a project of the
 * team, or into a new project made on the spot (the projects module creates and audits it).
 * `sharedIn` (a community's thread): the item was shared on a card the reader may see, so it
 * may be another team's (the community module checked that before calling).
 */
export async function copyLibraryProblem(
  uc: UseCase,
  input: {
    itemId: string;
    values: z.output<typeof copyLibraryProblemSchema>;
    sharedIn?: string;
  },
) {
  const item = await itemOfKind(uc, input.itemId, 'problem', !!input.sharedIn);
  const project = input.values.projectId
    ? await findProject(uc.tx, uc.teamId, input.values.projectId)
    : await createProject(uc, {
        values: {
          name: input.values.newProjectName!,
          description: null,
          funder: null,
          location: null,
          startDate: null,
          endDate: null,
        },
      });
  canOnField(uc, 'content.create', { project }, 'projectId');
  const problemId = await materializeProblem(uc.tx, {
    teamId: uc.teamId,
    projectId: project.id,
    userId: uc.actor.userId,
    template: item.template,
    libraryItemId: item.id,
  });
  const newProject = !input.values.projectId;
  await uc.audit({
    action: 'library.copied',
    subject: { type: 'problem', id: problemId, label: item.title },
    details: {
      libraryItem: item.id,
      source: item.source,
      projectId: project.id,
      projectName: project.name,
      newProject,
      ...(input.sharedIn ? { sharedIn: input.sharedIn } : {}),
    },
  });
  return { item, problemId, project, newProject };
}

/** Copy a library strategy's activities and outputs (with their metrics) into a problem of the team. */
export async function copyLibraryStrategy(
  uc: UseCase,
  input: { itemId: string; problemId: string; sharedIn?: string },
) {
  const item = await itemOfKind(uc, input.itemId, 'strategy', !!input.sharedIn);
  const { problem, trail } = await findProblem(uc.tx, uc.teamId, input.problemId);
  canOnField(uc, 'content.create', { project: trail.project }, 'problemId');
  const elementIds = await materializeStrategy(uc.tx, {
    teamId: uc.teamId,
    problemId: problem.id,
    template: item.template,
  });
  await uc.audit({
    action: 'library.strategy_copied',
    subject: { type: 'problem', id: problem.id, label: problem.title },
    details: {
      libraryItem: item.id,
      title: item.title,
      source: item.source,
      elements: elementIds.length,
      ...(input.sharedIn ? { sharedIn: input.sharedIn } : {}),
    },
  });
  return { item, problem, elementIds };
}

/** Save one of the team's problems to the team library as a template (no baselines, targets or values). */
export async function saveProblemToLibrary(
  uc: UseCase,
  input: { problemId: string; values: z.output<typeof saveToLibrarySchema> },
) {
  const { problem } = await findProblem(uc.tx, uc.teamId, input.problemId);
  uc.can('content.create');
  const template = await serializeProblem(uc.tx, uc.teamId, problem.id);
  const parsed = problemTemplateSchema.safeParse(template);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ValidationError({
      title: `This problem has content a library template cannot hold (${issue.path.join('.')}: ${issue.message}).`,
    });
  }
  const summary = input.values.summary || template.problem.statement?.slice(0, 1000) || null;
  const [row] = await uc.tx
    .insert(libraryItems)
    .values({
      teamId: uc.teamId,
      kind: 'problem',
      sector: input.values.sector,
      title: input.values.title || template.problem.title,
      summary,
      template: parsed.data,
      createdBy: uc.actor.userId,
    })
    .returning({ id: libraryItems.id, title: libraryItems.title });
  const elementCount = template.elements.length;
  await uc.audit({
    action: 'library.saved',
    subject: { type: 'library_item', id: row.id, label: row.title },
    details: { problemId: problem.id, sector: input.values.sector, elements: elementCount },
  });
  return { id: row.id, title: row.title, elementCount };
}

/** Delete one of the team's own library items (shipped entries cannot be deleted: 404). */
export async function deleteLibraryItem(uc: UseCase, input: { itemId: string }) {
  if (!isUuid(input.itemId)) throw notFound('Library item');
  uc.can('content.delete');
  const [row] = await uc.tx
    .delete(libraryItems)
    .where(and(eq(libraryItems.id, input.itemId), eq(libraryItems.teamId, uc.teamId)))
    .returning({ id: libraryItems.id, title: libraryItems.title, kind: libraryItems.kind });
  if (!row) throw notFound('Library item');
  await uc.audit({
    action: 'library.deleted',
    subject: { type: 'library_item', id: row.id, label: row.title },
    details: { title: row.title, kind: row.kind },
  });
  return row;
}
