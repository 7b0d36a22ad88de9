import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { notFound } from '../../platform/errors.js';
import { idOr404 } from '../../platform/http/ids.js';
import type { ColumnType } from '../../../shared/datasets/column-types.js';
import { datasetColumns, datasets, datasetVersions } from './datasets.tables.js';
import { physicalName, qualified } from './datasets.queries.js';

/** What reading rows needs of a column */
export interface ColumnMeta {
  key: string;
  label: string;
  type: ColumnType;
  physical: string;
  hidden: boolean;
}

export interface RowsTarget {
  current: { id: string; relation: string; rowCount: number } | null;
  columns: ColumnMeta[];
}

/**
 * A dataset of the team, its current version and columns in one round trip (the grid asks for a
 * page at every scroll): 404 for another team's id.
 */
export async function rowsTargetOf(db: Db, teamId: string, id: unknown): Promise<RowsTarget> {
  const datasetId = idOr404(id, 'Dataset');
  const c = datasetColumns;
  const r = (await db.execute(sql`
    SELECT v.id, v.relation, v.row_count,
      (SELECT coalesce(json_agg(json_build_object('key', ${c.key}, 'label', ${c.label},
          'type', ${c.type}, 'physical', ${c.physical}, 'hidden', ${c.hidden}) ORDER BY ${c.position}), '[]'::json)
        FROM ${c} WHERE ${c.versionId} = v.id) AS columns
    FROM ${datasets} d LEFT JOIN ${datasetVersions} v ON v.id = d.current_version_id
    WHERE d.id = ${datasetId} AND d.team_id = ${teamId}`)) as unknown as {
    rows: Array<{
      id: string | null;
      relation: string | null;
      row_count: unknown;
      columns: unknown;
    }>;
  };
  const row = r.rows[0];
  if (!row) throw notFound('Dataset');
  if (!row.id || !row.relation) return { current: null, columns: [] };
  const columns = (
    typeof row.columns === 'string' ? JSON.parse(row.columns) : row.columns
  ) as ColumnMeta[];
  return {
    current: { id: row.id, relation: row.relation, rowCount: Number(row.row_count) },
    columns,
  };
}

/** Below this many rows a sort reads the whole table fast enough: no index */
export const SORT_INDEX_MIN_ROWS = 50_000;
const indexed = new Set<string>();

/**
 * A sort on a big version gets an index on (column, _row), created the first time the column is
 * sorted (the bench measured a full sort of 1M rows at several hundred ms); then keyset pages cost
 * a few index reads. Names come from the version id and c1..cn, never from input. The index goes
 * with the table when the version is dropped.
 */
export async function ensureSortIndex(db: Db, relation: string, physical: string) {
  const name = `${relation}_${physical}`;
  if (indexed.has(name)) return;
  try {
    await db.execute(
      sql.raw(
        `CREATE INDEX IF NOT EXISTS "${name}" ON ${qualified(relation)} (${physicalName(physical)}, _row)`,
      ),
    );
  } catch (err) {
    // another request created it meanwhile
    const code =
      (err as { code?: string; cause?: { code?: string } }).code ??
      (err as { cause?: { code?: string } }).cause?.code;
    if (code !== '42P07' && code !== '23505') throw err;
  }
  indexed.add(name);
}
