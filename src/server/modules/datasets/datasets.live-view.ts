import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import type { UseCase } from '../../platform/use-case/index.js';
import { COLUMN_SQL_TYPES } from '../../../shared/datasets/column-types.js';
import type { DatasetOrigin } from '../../../shared/datasets/column-types.js';
import { datasetColumns, datasets, datasetVersions } from './datasets.tables.js';
import { qualified } from './datasets.queries.js';
import type { NewColumn } from './datasets.versions.js';

/**
 * ds."f_<id without dashes>": a live view's relation, from an id only: the origin's id for the
 * whole form, the dataset's own id for a part of it (a repeat group: keys are user text)
 */
const liveRelationOf = (id: string) => `f_${id.replace(/-/g, '')}`;

/** The dataset of an origin, or of one part of it (`key`: a form's repeat group) */
const originIs = (origin: DatasetOrigin, originId: string, key: string | null) =>
  and(
    eq(datasets.origin, origin),
    eq(datasets.originId, originId),
    key === null ? isNull(datasets.originKey) : eq(datasets.originKey, key),
  );

/** A live view's physical column: its select must name c1..cn in the columns' order */
const livePhysical = (i: number) => `c${i + 1}`;

/**
 * The live view of a form's responses (docs/datasets.md, origin `form`): ONE version, status
 * ready, whose relation is a view (`ds.f_<form id>`) over the responses, never a copy. Called when
 * a form version is published: the dataset is created the first time, then its view and columns
 * are replaced (the keys stay: a column is its question's key). `select` is SQL text the owning
 * module builds from ids and checked keys only (never user text); it yields `_row`, the reserved
 * `_…` columns, then c1..cn in the order of `columns`. Each column's SQL type is cast here.
 * `originKey` names a part of the form with a dataset of its own (a repeat group): its view is
 * `ds.f_<dataset id>`, one per (form, key).
 */
export async function defineFormView(
  uc: UseCase,
  input: {
    projectId: string;
    name: string;
    origin: Extract<DatasetOrigin, 'form'>;
    originId: string;
    originKey?: string | null;
    columns: NewColumn[];
    select: string;
  },
) {
  const { tx, teamId } = uc;
  const key = input.originKey ?? null;
  let [dataset] = await tx
    .select()
    .from(datasets)
    .where(and(eq(datasets.teamId, teamId), originIs(input.origin, input.originId, key)))
    .limit(1);
  if (!dataset)
    [dataset] = await tx
      .insert(datasets)
      .values({
        teamId,
        projectId: input.projectId,
        name: input.name,
        origin: input.origin,
        originId: input.originId,
        originKey: key,
        stakeholderColumnKey: '_stakeholder',
        createdBy: uc.actor.userId,
      })
      .returning();
  const relation = liveRelationOf(key === null ? input.originId : dataset.id);
  let [version] = dataset.currentVersionId
    ? await tx
        .select()
        .from(datasetVersions)
        .where(eq(datasetVersions.id, dataset.currentVersionId))
    : [];
  if (!version) {
    [version] = await tx
      .insert(datasetVersions)
      .values({
        teamId,
        datasetId: dataset.id,
        number: 1,
        status: 'ready',
        relation,
        createdBy: uc.actor.userId,
        finishedAt: new Date(),
      })
      .returning();
  }
  await tx.delete(datasetColumns).where(eq(datasetColumns.versionId, version.id));
  if (input.columns.length)
    await tx.insert(datasetColumns).values(
      input.columns.map((c, i) => ({
        teamId,
        versionId: version.id,
        key: c.key,
        label: c.label,
        type: c.type,
        position: i,
        physical: livePhysical(i),
        sourceColumn: c.sourceColumn,
        hidden: c.hidden ?? false,
      })),
    );
  // the columns' types may change between definitions (a key added, one removed): replace the view
  const casts = input.columns
    .map((c, i) => `, q.${livePhysical(i)}::${COLUMN_SQL_TYPES[c.type]} AS ${livePhysical(i)}`)
    .join('');
  await tx.execute(sql.raw(`DROP VIEW IF EXISTS ${qualified(relation)}`));
  await tx.execute(
    sql.raw(
      `CREATE VIEW ${qualified(relation)} AS SELECT q._row, q._response_id, q._submitted_at, q._wave, q._version, q._status, q._stakeholder_id${casts} FROM (${input.select}) q`,
    ),
  );
  await tx
    .update(datasets)
    .set({ currentVersionId: version.id, name: input.name, updatedAt: new Date() })
    .where(eq(datasets.id, dataset.id));
  await tx
    .update(datasetVersions)
    .set({ status: 'ready', relation, finishedAt: new Date() })
    .where(eq(datasetVersions.id, version.id));
  return { dataset, version };
}

/**
 * The dataset of a live view (origin and origin id; `key`: one part of it, e.g. a repeat group),
 * team-scoped; null when it was never defined
 */
export async function liveDatasetOf(
  db: Db,
  teamId: string,
  origin: DatasetOrigin,
  originId: string,
  key: string | null = null,
) {
  const [d] = await db
    .select({ id: datasets.id })
    .from(datasets)
    .where(and(eq(datasets.teamId, teamId), originIs(origin, originId, key)))
    .limit(1);
  return d?.id ?? null;
}

/** Every live dataset of an origin, the whole and its parts (a form's and its repeat groups'), team-scoped */
export async function liveDatasetsOf(
  db: Db,
  teamId: string,
  origin: DatasetOrigin,
  originId: string,
) {
  const rows = await db
    .select({ id: datasets.id, key: datasets.originKey, name: datasets.name })
    .from(datasets)
    .where(
      and(
        eq(datasets.teamId, teamId),
        eq(datasets.origin, origin),
        eq(datasets.originId, originId),
      ),
    )
    .orderBy(datasets.createdAt);
  return rows;
}

/** A version's relation dropped, whichever kind it is (an import's table or a live view) */
export const dropRelationSql = (relation: string) =>
  relation.startsWith('f_')
    ? `DROP VIEW IF EXISTS ${qualified(relation)}`
    : `DROP TABLE IF EXISTS ${qualified(relation)}`;
