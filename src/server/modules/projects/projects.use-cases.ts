import { and, eq } from 'drizzle-orm';
import type { UseCase } from '../../platform/use-case/index.js';
import { ValidationError } from '../../platform/errors.js';
import {
  datesInOrder,
  DELETE_CONFIRM_MISMATCH,
  END_BEFORE_START,
  type ProjectPatch,
  type ProjectValues,
} from '../../../shared/projects/projects.schemas.js';
import { projects } from './projects.tables.js';
import { findProject, type ProjectRow } from './projects.queries.js';
import { projectContents } from './projects.extensions.js';

const FIELDS = ['name', 'description', 'funder', 'location', 'startDate', 'endDate'] as const;

/** The audit entry of a project change (details carry projectId so the project's activity finds it). */
function auditProject(
  uc: UseCase,
  verb: string,
  p: ProjectRow,
  details: Record<string, unknown> = {},
) {
  return uc.audit({
    action: `project.${verb}`,
    subject: { type: 'project', id: p.id, label: p.name },
    details: { projectId: p.id, name: p.name, ...details },
  });
}

/** The fields whose values changed (names only: values may be long). */
const changedFields = (before: ProjectRow, after: ProjectRow) =>
  FIELDS.filter((k) => before[k] !== after[k]);

export async function createProject(
  uc: UseCase,
  input: { values: ProjectValues },
): Promise<ProjectRow> {
  uc.can('content.create');
  const [row] = await uc.tx
    .insert(projects)
    .values({ ...input.values, teamId: uc.teamId, createdBy: uc.actor.userId })
    .returning();
  await auditProject(uc, 'created', row);
  return row;
}

async function writeFields(
  uc: UseCase,
  project: ProjectRow,
  values: Partial<ProjectValues>,
): Promise<ProjectRow> {
  uc.can('content.update', { project });
  const startDate = values.startDate !== undefined ? values.startDate : project.startDate;
  const endDate = values.endDate !== undefined ? values.endDate : project.endDate;
  if (!datesInOrder(startDate, endDate)) throw new ValidationError({ endDate: END_BEFORE_START });
  const [row] = await uc.tx
    .update(projects)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(projects.id, project.id), eq(projects.teamId, uc.teamId)))
    .returning();
  await auditProject(uc, 'updated', row, {
    changed: changedFields(project, row),
    ...(project.name !== row.name ? { previousName: project.name } : {}),
  });
  return row;
}

async function writeStatus(
  uc: UseCase,
  project: ProjectRow,
  status: 'active' | 'archived',
): Promise<ProjectRow> {
  // archiving and restoring are updates of the project itself: allowed whatever its state
  uc.can('content.update');
  if (project.status === status) {
    uc.unaudited('the project is already in that state: nothing changed');
    return project;
  }
  const now = new Date();
  const [row] = await uc.tx
    .update(projects)
    .set({ status, archivedAt: status === 'archived' ? now : null, updatedAt: now })
    .where(and(eq(projects.id, project.id), eq(projects.teamId, uc.teamId)))
    .returning();
  await auditProject(uc, status === 'archived' ? 'archived' : 'restored', row);
  return row;
}

/** Edit the fields of an active project (an archived one is read-only through the policy). */
export async function updateProject(
  uc: UseCase,
  input: { projectId: unknown; values: Partial<ProjectValues> },
) {
  return writeFields(uc, await findProject(uc.tx, uc.teamId, input.projectId), input.values);
}

/** Archive (read-only, hidden from the default list) or restore; unchanged when already in that state. */
export async function setProjectStatus(
  uc: UseCase,
  input: { projectId: unknown; status: 'active' | 'archived' },
) {
  return writeStatus(uc, await findProject(uc.tx, uc.teamId, input.projectId), input.status);
}

/** API PATCH: fields and/or status. A patch that restores may change fields in the same request. */
export async function patchProject(
  uc: UseCase,
  input: { projectId: unknown; patch: ProjectPatch },
) {
  const { status, ...fields } = input.patch;
  let row = await findProject(uc.tx, uc.teamId, input.projectId);
  if (status === 'active') row = await writeStatus(uc, row, 'active');
  if (Object.values(fields).some((v) => v !== undefined)) row = await writeFields(uc, row, fields);
  if (status === 'archived') row = await writeStatus(uc, row, 'archived');
  if (!status && !Object.values(fields).some((v) => v !== undefined))
    uc.unaudited('an empty patch changes nothing');
  return row;
}

/**
 * Delete a project and everything under it: its problems announce their own removal (comments
 * and the rest go with them), the foreign keys take the rows. With `confirm`, the caller must
 * have typed the project's exact name. Returns the project and what went.
 */
export async function deleteProject(
  uc: UseCase,
  input: { projectId: unknown; confirm: string | null },
) {
  const project = await findProject(uc.tx, uc.teamId, input.projectId);
  uc.can('content.delete');
  if (input.confirm !== null && input.confirm.trim() !== project.name)
    throw new ValidationError({ confirm: DELETE_CONFIRM_MISMATCH });
  const impact = await projectContents(uc.ctx).impact(uc.tx, uc.teamId, project.id);
  await uc.removing('project', [project.id]);
  await uc.tx
    .delete(projects)
    .where(and(eq(projects.id, project.id), eq(projects.teamId, uc.teamId)));
  await auditProject(uc, 'deleted', project, { deleted: impact });
  return { project, impact };
}
