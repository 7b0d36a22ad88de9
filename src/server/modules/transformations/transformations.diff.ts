import { eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import type {
  DiffFilter,
  DiffKind,
  RunDiff,
  RunDiffRow,
} from '../../../shared/transformations/transformations.pages.js';
import { columnsOf, physicalName, qualified } from '../datasets/index.js';
import { datasetVersions } from '../datasets/read-model.js';
import type { RunRow } from './transformations.queries.js';

/** One output version as the diff reads it: its table and its columns */
export interface DiffSide {
  relation: string;
  columns: Array<{ key: string; physical: string }>;
}

export interface DiffCounts {
  added: number;
  removed: number;
  changed: number;
}

/** Changed, removed and added rows per page of the run page */
const DIFF_PAGE_ROWS = 50;

/** The columns both sides have, matched by key: [key, old physical, new physical] */
function common(o: DiffSide, n: DiffSide): Array<[string, string, string]> {
  const newOf = new Map(n.columns.map((c) => [c.key, c.physical]));
  return o.columns
    .filter((c) => newOf.has(c.key))
    .map((c) => [c.key, physicalName(c.physical), physicalName(newOf.get(c.key)!)]);
}

/**
 * Every row of either version with its kind, as one SQL relation `d`: rows are matched by
 * lineage, `_source_row` (the source row they came from) and their rank among the rows of the
 * same source row (a query step may repeat one; rows without a source row, appended ones, are
 * matched in order). A matched row is changed when a cell of a column both versions have differs
 * as text; `changed` lists those column keys.
 */
function diffRelation(o: DiffSide, n: DiffSide, withValues: boolean): SQL {
  const cols = common(o, n);
  const flags = cols.map(
    ([key, op, np]) => sql`CASE WHEN o.${sql.raw(op)}::text IS DISTINCT FROM n.${sql.raw(np)}::text
      THEN ${key}::text END`,
  );
  const changed = flags.length
    ? sql`array_remove(ARRAY[${sql.join(flags, sql`, `)}]::text[], NULL)`
    : sql`ARRAY[]::text[]`;
  const ranked = (relation: string) =>
    sql.raw(
      `SELECT *, row_number() OVER (PARTITION BY _source_row ORDER BY _row) AS _k FROM ${qualified(relation)}`,
    );
  const values = withValues ? sql`, to_jsonb(o) AS old_values, to_jsonb(n) AS new_values` : sql``;
  return sql`WITH o AS (${ranked(o.relation)}), n AS (${ranked(n.relation)}),
    m AS (SELECT o._row AS old_row, n._row AS new_row,
                 coalesce(n._source_row, o._source_row) AS source_row,
                 CASE WHEN o._row IS NULL THEN 'added' WHEN n._row IS NULL THEN 'removed' END AS side,
                 ${changed} AS changed${values}
            FROM o FULL JOIN n
              ON coalesce(o._source_row, -1) = coalesce(n._source_row, -1) AND o._k = n._k),
    d AS (SELECT *, coalesce(side, CASE WHEN cardinality(changed) > 0 THEN 'changed' ELSE 'same' END)
                 AS kind FROM m)`;
}

type Rows = { rows: Array<Record<string, unknown>> };

/** How many rows were added, removed and changed between two output versions (one statement) */
export async function diffCounts(db: Db, o: DiffSide, n: DiffSide): Promise<DiffCounts> {
  const r = (await db.execute(sql`${diffRelation(o, n, false)}
    SELECT count(*) FILTER (WHERE kind = 'added')::bigint AS added,
           count(*) FILTER (WHERE kind = 'removed')::bigint AS removed,
           count(*) FILTER (WHERE kind = 'changed')::bigint AS changed
      FROM d`)) as unknown as Rows;
  const c = r.rows[0] ?? {};
  return {
    added: Number(c.added ?? 0),
    removed: Number(c.removed ?? 0),
    changed: Number(c.changed ?? 0),
  };
}

/** Cells by key, as text, from a `to_jsonb` row (physical names) */
function cellsOf(side: DiffSide, json: unknown): Record<string, string | null> | null {
  const parsed: unknown = typeof json === 'string' ? JSON.parse(json) : json;
  if (!parsed || typeof parsed !== 'object') return null;
  const row = parsed as Record<string, unknown>;
  return Object.fromEntries(
    side.columns.map((c) => {
      const v = row[c.physical];
      return [
        c.key,
        v === null || v === undefined ? null : typeof v === 'string' ? v : JSON.stringify(v),
      ];
    }),
  );
}

/** One page of the rows that differ (all kinds, or one), in source row order */
async function diffRows(
  db: Db,
  o: DiffSide,
  n: DiffSide,
  filter: DiffFilter,
  page: number,
): Promise<RunDiffRow[]> {
  const kinds: DiffKind[] = filter === 'all' ? ['changed', 'removed', 'added'] : [filter];
  const r = (await db.execute(sql`${diffRelation(o, n, true)}
    SELECT kind, source_row, old_row, new_row, changed, old_values, new_values
      FROM d WHERE kind IN (${sql.join(
        kinds.map((k) => sql`${k}`),
        sql`, `,
      )})
     ORDER BY source_row NULLS LAST, old_row NULLS LAST, new_row
     LIMIT ${DIFF_PAGE_ROWS} OFFSET ${(page - 1) * DIFF_PAGE_ROWS}`)) as unknown as Rows;
  const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  return r.rows.map((row) => ({
    kind: row.kind as DiffKind,
    sourceRow: num(row.source_row),
    oldRow: num(row.old_row),
    newRow: num(row.new_row),
    old: cellsOf(o, row.old_values),
    new: cellsOf(n, row.new_values),
    changed: row.kind === 'changed' ? ((row.changed as string[] | null) ?? []) : [],
  }));
}

/** A version's table and columns, when its table is still kept */
async function sideOf(db: Db, versionId: string) {
  const [v] = await db.select().from(datasetVersions).where(eq(datasetVersions.id, versionId));
  if (!v) return null;
  const r = (await db.execute(
    sql`SELECT to_regclass(${qualified(v.relation)}) IS NOT NULL AS kept`,
  )) as unknown as Rows;
  const columns = await columnsOf(db, v.id);
  return { version: v, kept: Boolean(r.rows[0]?.kept), side: { relation: v.relation, columns } };
}

/**
 * The run page's diff: the counts the run stored, the columns compared, and one page of the rows
 * that differ (computed again from both tables while the previous one is kept).
 */
export async function runDiff(
  db: Db,
  run: RunRow,
  filter: DiffFilter,
  page: number,
): Promise<RunDiff | null> {
  if (run.status !== 'done' || !run.diffBaseVersionId || !run.versionId) return null;
  const [o, n] = [await sideOf(db, run.diffBaseVersionId), await sideOf(db, run.versionId)];
  if (!o || !n) return null;
  const added = Number(run.diffAdded ?? 0);
  const removed = Number(run.diffRemoved ?? 0);
  const changed = Number(run.diffChanged ?? 0);
  const baseRows = Number(run.diffBaseRows ?? o.version.rowCount ?? 0);
  const total = filter === 'all' ? added + removed + changed : { added, removed, changed }[filter];
  const pageCount = Math.max(1, Math.ceil(total / DIFF_PAGE_ROWS));
  const at = Math.min(Math.max(1, page), pageCount);
  const oldKeys = new Set(o.side.columns.map((c) => c.key));
  const newKeys = new Set(n.side.columns.map((c) => c.key));
  return {
    base: { versionNumber: o.version.number, rows: baseRows },
    added,
    removed,
    changed,
    removedShare: baseRows > 0 ? removed / baseRows : 0,
    columns: n.side.columns
      .filter((c) => oldKeys.has(c.key))
      .map((c) => ({ key: c.key, label: c.label, type: c.type })),
    addedColumns: n.side.columns.filter((c) => !oldKeys.has(c.key)).map((c) => c.label),
    removedColumns: o.side.columns.filter((c) => !newKeys.has(c.key)).map((c) => c.label),
    filter,
    page: at,
    pageCount,
    rows: o.kept && n.kept ? await diffRows(db, o.side, n.side, filter, at) : null,
  };
}
