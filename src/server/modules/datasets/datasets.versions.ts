import { and, eq, inArray, lt, max, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import type { UseCase } from '../../platform/use-case/index.js';
import { COLUMN_SQL_TYPES, type ColumnType } from '../../../shared/datasets/column-types.js';
import type { DatasetOrigin } from '../../../shared/datasets/column-types.js';
import { datasetColumns, datasetRowErrors, datasets, datasetVersions } from './datasets.tables.js';
import { findVersion, physicalName, qualified, relationOf } from './datasets.queries.js';
import { dropRelationSql } from './datasets.live-view.js';
import { announcePublished } from './datasets.published.js';
import { enqueueWebhookEvent } from '../webhooks/index.js';
import type { KnownStats } from './datasets.stats.js';

/** How many superseded versions keep their table (the per-column diff and undo need them) */
const KEEP_SUPERSEDED = 3;

export interface NewColumn {
  key: string;
  label: string;
  type: ColumnType;
  sourceColumn: string | null;
  hidden?: boolean;
}

export async function createDataset(
  uc: UseCase,
  input: { projectId: string; name: string; origin: DatasetOrigin; originId: string | null },
) {
  const [dataset] = await uc.tx
    .insert(datasets)
    .values({ ...input, teamId: uc.teamId, createdBy: uc.actor.userId })
    .returning();
  return dataset;
}

/** A new version, status importing: its relation ds."v_<id>" (_row + c1..cn) and its columns */
export async function beginVersion(
  uc: UseCase,
  datasetId: string,
  columns: NewColumn[],
  jobId: string | null = null,
  opts: { lineage?: boolean } = {},
) {
  const { tx, teamId } = uc;
  const [{ n }] = await tx
    .select({ n: max(datasetVersions.number) })
    .from(datasetVersions)
    .where(eq(datasetVersions.datasetId, datasetId));
  const id = crypto.randomUUID();
  const relation = relationOf(id);
  const [version] = await tx
    .insert(datasetVersions)
    .values({
      id,
      teamId,
      datasetId,
      number: (n ?? 0) + 1,
      status: 'importing',
      relation,
      jobId,
      createdBy: uc.actor.userId,
    })
    .returning();
  const cols = columns.map((c, i) => ({
    teamId,
    versionId: id,
    key: c.key,
    label: c.label,
    type: c.type,
    position: i,
    physical: `c${i + 1}`,
    sourceColumn: c.sourceColumn,
    hidden: c.hidden ?? false,
  }));
  if (cols.length) await tx.insert(datasetColumns).values(cols);
  const defs = cols.map((c) => `${physicalName(c.physical)} ${COLUMN_SQL_TYPES[c.type]}`);
  await tx.execute(
    sql.raw(
      `CREATE TABLE ${qualified(relation)} (_row bigint NOT NULL PRIMARY KEY${opts.lineage ? ', _source_row bigint' : ''}${defs.map((d) => `, ${d}`).join('')})`,
    ),
  );
  return { version, columns: cols };
}

export async function setVersionJob(tx: Db, versionId: string, jobId: string) {
  await tx.update(datasetVersions).set({ jobId }).where(eq(datasetVersions.id, versionId));
}

export interface RowError {
  row: number;
  columnKey: string;
  value: string;
  reason: string;
}

/** Store a chunk's conversion failures (the value cut to 200 characters) */
export async function recordRowErrors(db: Db, versionId: string, errors: RowError[]) {
  for (let i = 0; i < errors.length; i += 1000) {
    await db
      .insert(datasetRowErrors)
      .values(
        errors.slice(i, i + 1000).map((e) => ({ versionId, ...e, value: e.value.slice(0, 200) })),
      )
      .onConflictDoNothing();
  }
}

/**
 * Per-column stats of a written version, one statement per column: on the embedded database one
 * after the other (web requests get its one connection between them); on PostgreSQL `parallel`
 * columns at a time, each on a connection of the pool (a count of distinct values sorts the
 * column: most of an import's tail). `known` (by column key, from StreamStats while the
 * import streamed) spares what it holds: a column whose stats are all known is not scanned, and
 * its min/max are only formatted by the database (`$1::<type>::text`, as the scan would give them).
 */
export async function computeStats(
  db: Db,
  versionId: string,
  opts: { parallel?: number; known?: Map<string, KnownStats> } = {},
) {
  const [version] = await db
    .select()
    .from(datasetVersions)
    .where(eq(datasetVersions.id, versionId));
  const cols = await db
    .select()
    .from(datasetColumns)
    .where(eq(datasetColumns.versionId, versionId));
  const failed = await db
    .select({ key: datasetRowErrors.columnKey, n: sql<number>`count(*)::int` })
    .from(datasetRowErrors)
    .where(eq(datasetRowErrors.versionId, versionId))
    .groupBy(datasetRowErrors.columnKey);
  const failedOf = new Map(failed.map((f) => [f.key, Number(f.n)]));
  const rel = qualified(version.relation);
  const one = async (c: (typeof cols)[number]) => {
    const p = physicalName(c.physical);
    const ordered = c.type !== 'boolean';
    const known = opts.known?.get(c.key);
    const needMinMax = ordered && known?.min === undefined;
    const parts = [
      known ? null : `count(*) FILTER (WHERE ${p} IS NULL)::bigint AS nulls`,
      known?.distinct === undefined ? `count(DISTINCT ${p})::bigint AS distinct_n` : null,
      needMinMax ? `min(${p})::text AS min, max(${p})::text AS max` : null,
    ].filter(Boolean);
    const s: Record<string, unknown> = { nulls: known?.nulls, distinct_n: known?.distinct };
    if (parts.length) {
      const r = (await db.execute(
        sql.raw(`SELECT ${parts.join(', ')} FROM ${rel}`),
      )) as unknown as { rows: Array<Record<string, unknown>> };
      Object.assign(s, r.rows[0]);
    }
    if (ordered && !needMinMax && known?.min != null) {
      const type = sql.raw(COLUMN_SQL_TYPES[c.type]);
      const r = (await db.execute(
        sql`SELECT (${known.min}::${type})::text AS min, (${known.max}::${type})::text AS max`,
      )) as unknown as { rows: Array<Record<string, unknown>> };
      Object.assign(s, r.rows[0]);
    }
    await db
      .update(datasetColumns)
      .set({
        stats: {
          nulls: Number(s.nulls ?? 0),
          distinct: s.distinct_n == null ? null : Number(s.distinct_n),
          min: (s.min as string | null) ?? null,
          max: (s.max as string | null) ?? null,
          failed: failedOf.get(c.key) ?? 0,
        },
      })
      .where(eq(datasetColumns.id, c.id));
  };
  let next = 0;
  const worker = async () => {
    while (next < cols.length) await one(cols[next++]);
  };
  await Promise.all(Array.from({ length: Math.max(1, opts.parallel ?? 1) }, worker));
}

/**
 * The version becomes current (one transaction): status ready, the dataset's current version
 * swapped, the previous one superseded; superseded tables beyond the last 3 are dropped; the
 * modules listening (`onVersionPublished`) are told in the same transaction.
 */
export async function finishVersion(uc: UseCase, versionId: string, counts: { rows: number }) {
  const { tx, teamId } = uc;
  const version = await findVersion(tx, teamId, versionId);
  const [{ errors }] = await tx
    .select({ errors: sql<number>`count(*)::int` })
    .from(datasetRowErrors)
    .where(eq(datasetRowErrors.versionId, version.id));
  const [dataset] = await tx
    .select()
    .from(datasets)
    .where(and(eq(datasets.id, version.datasetId), eq(datasets.teamId, teamId)));
  if (dataset.currentVersionId)
    await tx
      .update(datasetVersions)
      .set({ status: 'superseded' })
      .where(eq(datasetVersions.id, dataset.currentVersionId));
  await tx
    .update(datasetVersions)
    .set({
      status: 'ready',
      rowCount: counts.rows,
      errorCount: Number(errors),
      finishedAt: new Date(),
    })
    .where(eq(datasetVersions.id, version.id));
  await tx
    .update(datasets)
    .set({ currentVersionId: version.id, updatedAt: new Date() })
    .where(eq(datasets.id, dataset.id));
  await dropOldSuperseded(tx, dataset.id, version.number);
  await uc.audit({
    action: 'dataset.imported',
    subject: { type: 'dataset', id: dataset.id, label: dataset.name },
    details: { version: version.number, rows: counts.rows, errors: Number(errors) },
  });
  await announcePublished(uc, {
    datasetId: dataset.id,
    versionId: version.id,
    number: version.number,
  });
  if (dataset.origin !== 'transformation')
    await enqueueWebhookEvent(uc, teamId, 'import.finished', {
      datasetId: dataset.id,
      datasetName: dataset.name,
      origin: dataset.origin,
      version: version.number,
      status: 'ready',
      rows: counts.rows,
      errors: Number(errors),
    });
  return { dataset, version };
}

async function dropOldSuperseded(tx: Db, datasetId: string, newest: number) {
  const old = await tx
    .select({ id: datasetVersions.id, relation: datasetVersions.relation })
    .from(datasetVersions)
    .where(
      and(
        eq(datasetVersions.datasetId, datasetId),
        eq(datasetVersions.status, 'superseded'),
        lt(datasetVersions.number, newest - KEEP_SUPERSEDED),
      ),
    );
  for (const v of old) await tx.execute(sql.raw(`DROP TABLE IF EXISTS ${qualified(v.relation)}`));
}

/**
 * A failed or cancelled import: its table dropped, its status and reason kept; the current
 * version is untouched.
 */
export async function failVersion(
  uc: UseCase,
  versionId: string,
  reason: string,
  status: 'failed' | 'cancelled' = 'failed',
) {
  const { tx, teamId } = uc;
  const version = await findVersion(tx, teamId, versionId);
  await tx.execute(sql.raw(`DROP TABLE IF EXISTS ${qualified(version.relation)}`));
  await tx
    .update(datasetVersions)
    .set({ status, failure: reason.slice(0, 500), finishedAt: new Date() })
    .where(eq(datasetVersions.id, version.id));
  const [dataset] = await tx.select().from(datasets).where(eq(datasets.id, version.datasetId));
  await uc.audit({
    action: status === 'cancelled' ? 'dataset.import_cancelled' : 'dataset.import_failed',
    subject: { type: 'dataset', id: dataset.id, label: dataset.name },
    details: { version: version.number, reason: reason.slice(0, 200) },
  });
  if (dataset.origin !== 'transformation')
    await enqueueWebhookEvent(uc, teamId, 'import.finished', {
      datasetId: dataset.id,
      datasetName: dataset.name,
      origin: dataset.origin,
      version: version.number,
      status,
      reason: reason.slice(0, 200),
    });
  return { dataset, version };
}

/** Drop the relations of these datasets' versions and delete them (inside the caller's write) */
export async function dropDatasets(tx: Db, teamId: string, ids: string[]) {
  if (!ids.length) return;
  const versions = await tx
    .select({ relation: datasetVersions.relation })
    .from(datasetVersions)
    .where(and(eq(datasetVersions.teamId, teamId), inArray(datasetVersions.datasetId, ids)));
  for (const v of versions) await tx.execute(sql.raw(dropRelationSql(v.relation)));
  await tx.delete(datasets).where(and(eq(datasets.teamId, teamId), inArray(datasets.id, ids)));
}
