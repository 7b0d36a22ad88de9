import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { ValidationError } from '../../platform/errors.js';
import { COLUMN_SQL_TYPES } from '../../../shared/datasets/column-types.js';
import { convertValue } from '../../../shared/datasets/convert.js';
import type { CellValue, DatasetRowsPage } from '../../../shared/datasets/datasets.pages.js';
import { findDataset, physicalName, qualified, type ColumnRow } from './datasets.queries.js';

type RowFilterOp =
  'eq' | 'neq' | 'gt' | 'gte' | 'lt' | 'lte' | 'in' | 'contains' | 'empty' | 'not_empty';

/** A filter as data (docs/datasets.md section 5): a column key, never a SQL name */
interface RowFilter {
  column: string;
  op: RowFilterOp;
  value?: string | number | boolean | Array<string | number>;
}

export interface ReadRowsOptions {
  after?: number;
  offset?: number;
  limit: number;
  sort?: string;
  dir?: 'asc' | 'desc';
  filters?: RowFilter[];
}

const bad = (message: string) => new ValidationError({ filters: message });

/** One value of a filter, converted to the column's type and bound as a parameter */
function param(col: ColumnRow, v: unknown): SQL {
  if (typeof v !== 'string' && typeof v !== 'number' && typeof v !== 'boolean')
    throw bad(`The filter on "${col.label}" needs a value.`);
  const c = convertValue(col.type, typeof v === 'string' ? v : String(v));
  if (!c.ok || c.value === null)
    throw bad(`The filter on "${col.label}": ${c.ok ? 'empty value' : c.reason}.`);
  return sql`${c.value}::${sql.raw(COLUMN_SQL_TYPES[col.type])}`;
}

function condition(col: ColumnRow, f: RowFilter): SQL {
  const p = sql.raw(physicalName(col.physical));
  switch (f.op) {
    case 'empty':
      return sql`${p} IS NULL`;
    case 'not_empty':
      return sql`${p} IS NOT NULL`;
    case 'contains': {
      if (typeof f.value !== 'string' || !f.value)
        throw bad(`The filter on "${col.label}" needs a text.`);
      const like = `%${f.value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      return sql`${p}::text ILIKE ${like}`;
    }
    case 'in': {
      if (!Array.isArray(f.value) || !f.value.length || f.value.length > 100)
        throw bad(`The filter on "${col.label}" needs a list of 1 to 100 values.`);
      return sql`${p} IN (${sql.join(
        f.value.map((v) => param(col, v)),
        sql`, `,
      )})`;
    }
    default: {
      const ops: Record<string, string> = {
        eq: '=',
        neq: '<>',
        gt: '>',
        gte: '>=',
        lt: '<',
        lte: '<=',
      };
      return sql`${p} ${sql.raw(ops[f.op])} ${param(col, f.value)}`;
    }
  }
}

/** A value as JSON: whole numbers as numbers when exact (drivers differ: int8 may come as text), decimals as text (exact) */
function cell(v: unknown, type: string): CellValue {
  if (v === null || v === undefined) return null;
  if (type === 'integer' && (typeof v === 'string' || typeof v === 'bigint')) {
    const n = Number(v);
    return Number.isSafeInteger(n) ? n : String(v);
  }
  if (typeof v === 'bigint') return String(v);
  if (typeof v === 'number' || typeof v === 'boolean' || typeof v === 'string') return v;
  if (v instanceof Date) return v.toISOString();
  return String(v);
}

/**
 * A page of a dataset's current version: keyset on _row (`after`), or sorted by a column with
 * `offset`; filters and the sort resolved to physical names through dataset_columns; every value
 * a bound parameter. Unknown keys: 422 on `filters` (or `sort`).
 */
export async function readRows(
  db: Db,
  teamId: string,
  datasetId: unknown,
  opts: ReadRowsOptions,
): Promise<DatasetRowsPage> {
  const { current, columns } = await findDataset(db, teamId, datasetId);
  const shown = columns.filter((c) => !c.hidden);
  const meta = shown.map((c) => ({ key: c.key, label: c.label, type: c.type }));
  if (!current) return { columns: meta, rows: [], next: null };
  const byKey = new Map(columns.map((c) => [c.key, c]));
  const where: SQL[] = [];
  for (const f of opts.filters ?? []) {
    const col = byKey.get(f.column);
    if (!col) throw bad(`There is no column "${String(f.column).slice(0, 80)}".`);
    where.push(condition(col, f));
  }
  let order = sql`_row`;
  const sortCol = opts.sort ? byKey.get(opts.sort) : undefined;
  if (opts.sort && !sortCol)
    throw new ValidationError({ sort: `There is no column "${opts.sort.slice(0, 80)}".` });
  if (sortCol)
    order = sql`${sql.raw(physicalName(sortCol.physical))} ${sql.raw(opts.dir === 'desc' ? 'DESC NULLS LAST' : 'ASC NULLS LAST')}, _row`;
  else if (opts.after !== undefined) where.push(sql`_row > ${opts.after}`);
  const select = sql.raw(['_row', ...shown.map((c) => `${physicalName(c.physical)}`)].join(', '));
  const whereSql = where.length ? sql` WHERE ${sql.join(where, sql` AND `)}` : sql``;
  const offset = sortCol ? (opts.offset ?? 0) : 0;
  const r = (await db.execute(
    sql`SELECT ${select} FROM ${sql.raw(qualified(current.relation))}${whereSql} ORDER BY ${order} LIMIT ${opts.limit + 1} OFFSET ${offset}`,
  )) as unknown as { rows: Array<Record<string, unknown>> };
  const more = r.rows.length > opts.limit;
  const page = r.rows.slice(0, opts.limit);
  const rows = page.map((row) => ({
    _row: Number(row._row),
    values: Object.fromEntries(shown.map((c) => [c.key, cell(row[c.physical], c.type)])),
  }));
  const next = !more ? null : sortCol ? offset + opts.limit : rows[rows.length - 1]._row;
  return { columns: meta, rows, next };
}
