import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { notFound } from '../../platform/errors.js';
import { idOr404 } from '../../platform/http/ids.js';
import { datasetColumns, datasetRowErrors, datasets, datasetVersions } from './datasets.tables.js';

export type VersionRow = typeof datasetVersions.$inferSelect;
export type ColumnRow = typeof datasetColumns.$inferSelect;

/** Names in schema ds are built from ids, never from user text; checked again before any SQL. */
const RELATION_RE = /^[vf]_[0-9a-f]{32}$/;
const PHYSICAL_RE = /^c[1-9][0-9]{0,3}$/;

export const relationOf = (versionId: string) => `v_${versionId.replace(/-/g, '')}`;

/** `ds."v_…"` as SQL text, after checking the name's shape */
export function qualified(relation: string): string {
  if (!RELATION_RE.test(relation)) throw new Error(`Not a dataset relation: ${relation}`);
  return `ds."${relation}"`;
}

export function physicalName(physical: string): string {
  if (!PHYSICAL_RE.test(physical)) throw new Error(`Not a dataset column: ${physical}`);
  return `"${physical}"`;
}

/** A dataset of the team with its current version and columns: 404 for another team's id */
export async function findDataset(db: Db, teamId: string, id: unknown) {
  const datasetId = idOr404(id, 'Dataset');
  const [dataset] = await db
    .select()
    .from(datasets)
    .where(and(eq(datasets.id, datasetId), eq(datasets.teamId, teamId)))
    .limit(1);
  if (!dataset) throw notFound('Dataset');
  const current = dataset.currentVersionId
    ? await findVersion(db, teamId, dataset.currentVersionId)
    : null;
  const columns = current ? await columnsOf(db, current.id) : [];
  return { dataset, current, columns };
}

export async function findVersion(db: Db, teamId: string, id: unknown): Promise<VersionRow> {
  const versionId = idOr404(id, 'Dataset version');
  const [v] = await db
    .select()
    .from(datasetVersions)
    .where(and(eq(datasetVersions.id, versionId), eq(datasetVersions.teamId, teamId)))
    .limit(1);
  if (!v) throw notFound('Dataset version');
  return v;
}

/** The version an import job writes (by the job's id), team-scoped */
export async function versionOfJob(db: Db, teamId: string, jobId: unknown) {
  const id = idOr404(jobId, 'Job');
  const [v] = await db
    .select()
    .from(datasetVersions)
    .where(and(eq(datasetVersions.jobId, id), eq(datasetVersions.teamId, teamId)))
    .limit(1);
  if (!v) throw notFound('Job');
  return v;
}

export function columnsOf(db: Db, versionId: string): Promise<ColumnRow[]> {
  return db
    .select()
    .from(datasetColumns)
    .where(eq(datasetColumns.versionId, versionId))
    .orderBy(asc(datasetColumns.position));
}

export function versionsOf(db: Db, teamId: string, datasetId: string): Promise<VersionRow[]> {
  return db
    .select()
    .from(datasetVersions)
    .where(and(eq(datasetVersions.datasetId, datasetId), eq(datasetVersions.teamId, teamId)))
    .orderBy(desc(datasetVersions.number));
}

export function rowErrorsOf(db: Db, versionId: string, limit = 200) {
  return db
    .select()
    .from(datasetRowErrors)
    .where(eq(datasetRowErrors.versionId, versionId))
    .orderBy(asc(datasetRowErrors.row), asc(datasetRowErrors.columnKey))
    .limit(limit);
}

/** The team's datasets (of one project, or all), newest first */
export function datasetsOf(db: Db, teamId: string, projectId: string | null) {
  return db
    .select()
    .from(datasets)
    .where(
      projectId
        ? and(eq(datasets.teamId, teamId), eq(datasets.projectId, projectId))
        : eq(datasets.teamId, teamId),
    )
    .orderBy(desc(datasets.updatedAt));
}

/** Every version of these datasets (for the lists' status and row counts) */
export function versionsOfMany(db: Db, teamId: string, datasetIds: string[]) {
  if (!datasetIds.length) return Promise.resolve([] as VersionRow[]);
  return db
    .select()
    .from(datasetVersions)
    .where(and(eq(datasetVersions.teamId, teamId), inArray(datasetVersions.datasetId, datasetIds)))
    .orderBy(desc(datasetVersions.number));
}

export async function datasetIdsOfProjects(db: Db, teamId: string, projectIds: string[]) {
  if (!projectIds.length) return [];
  const rows = await db
    .select({ id: datasets.id })
    .from(datasets)
    .where(and(eq(datasets.teamId, teamId), inArray(datasets.projectId, projectIds)));
  return rows.map((r) => r.id);
}
