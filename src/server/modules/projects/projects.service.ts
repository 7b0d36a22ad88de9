import { and, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { projects } from '../../platform/db/schema.js';
import { notFound, ValidationError } from '../../platform/errors.js';
import { datesInOrder, DELETE_CONFIRM_MISMATCH, END_BEFORE_START, type ProjectPatch, type ProjectValues } from '../../../shared/projects/projects.schemas.js';
import { assertProjectWritable, deletionImpact, type ProjectRow } from './projects.queries.js';
import { deleteCommentsOf, deleteCommentsUnder } from '../comments/index.js';

export async function createProject(db: Db, o: { teamId: string; userId: string; input: ProjectValues }): Promise<ProjectRow> {
  const [row] = await db
    .insert(projects)
    .values({ ...o.input, teamId: o.teamId, createdBy: o.userId })
    .returning();
  return row;
}

/** Edit the fields of an active project (a partial patch is checked against the stored dates). */
export async function updateProject(db: Db, project: ProjectRow, input: Partial<ProjectValues>): Promise<ProjectRow> {
  assertProjectWritable(project);
  const startDate = input.startDate !== undefined ? input.startDate : project.startDate;
  const endDate = input.endDate !== undefined ? input.endDate : project.endDate;
  if (!datesInOrder(startDate, endDate)) throw new ValidationError({ endDate: END_BEFORE_START });
  const [row] = await db
    .update(projects)
    .set({ ...input, updatedAt: new Date() })
    .where(and(eq(projects.id, project.id), eq(projects.teamId, project.teamId)))
    .returning();
  if (!row) throw notFound('Project');
  return row;
}

/** Archive (read-only, hidden from the default list) or restore. Unchanged when already in that state. */
export async function setProjectStatus(db: Db, project: ProjectRow, status: 'active' | 'archived'): Promise<{ row: ProjectRow; changed: boolean }> {
  if (project.status === status) return { row: project, changed: false };
  const now = new Date();
  const [row] = await db
    .update(projects)
    .set({ status, archivedAt: status === 'archived' ? now : null, updatedAt: now })
    .where(and(eq(projects.id, project.id), eq(projects.teamId, project.teamId)))
    .returning();
  if (!row) throw notFound('Project');
  return { row, changed: true };
}

/** API PATCH: fields and/or status. A patch that only restores is allowed on an archived project. */
export async function patchProject(db: Db, project: ProjectRow, patch: ProjectPatch) {
  const { status, ...fields } = patch;
  const hasFields = Object.values(fields).some((v) => v !== undefined);
  let row = project;
  const events: Array<'restored' | 'updated' | 'archived'> = [];
  await db.transaction(async (tx) => {
    if (status === 'active' && row.status === 'archived') {
      row = (await setProjectStatus(tx as unknown as Db, row, 'active')).row;
      events.push('restored');
    }
    if (hasFields) {
      row = await updateProject(tx as unknown as Db, row, fields);
      events.push('updated');
    }
    if (status === 'archived' && row.status === 'active') {
      row = (await setProjectStatus(tx as unknown as Db, row, 'archived')).row;
      events.push('archived');
    }
  });
  return { row, events };
}

/**
 * Delete a project and everything under it (problems, elements, links, metrics, values: the
 * foreign keys cascade). The caller must type the project's exact name. Returns what went.
 */
export async function deleteProject(db: Db, project: ProjectRow, confirm: string | null) {
  if (confirm !== null && confirm.trim() !== project.name) throw new ValidationError({ confirm: DELETE_CONFIRM_MISMATCH });
  return db.transaction(async (tx) => {
    const impact = await deletionImpact(tx as unknown as Db, project.teamId, project.id);
    // comments point at their subject without a foreign key: remove the whole tree's threads first
    await deleteCommentsUnder(tx as unknown as Db, project.teamId, { projectId: project.id });
    await deleteCommentsOf(tx as unknown as Db, project.teamId, 'project', [project.id]);
    await tx.delete(projects).where(and(eq(projects.id, project.id), eq(projects.teamId, project.teamId)));
    return impact;
  });
}
