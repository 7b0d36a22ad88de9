import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { ValidationError } from '../../platform/errors.js';
import type {
  CellValue,
  DatasetRowsPage,
  RowFilter,
} from '../../../shared/datasets/datasets.pages.js';
import { cursorValue, filterConditions, isSortable } from './datasets.filters.js';
import { physicalName, qualified } from './datasets.queries.js';
import {
  ensureSortIndex,
  rowsTargetOf,
  SORT_INDEX_MIN_ROWS,
  type ColumnMeta as ColumnRow,
} from './datasets.target.js';

export interface ReadRowsOptions {
  /** keyset on _row (unsorted pages): the last _row of the previous page */
  after?: number;
  /** where the page starts among the matching rows (a jump); with `cursor` only for `next` */
  offset?: number;
  limit: number;
  sort?: string;
  dir?: 'asc' | 'desc';
  filters?: RowFilter[];
  /** sorted pages: the previous page's cursor, [the sort column's value as text | null, _row] */
  cursor?: [string | null, number];
  /** '1': count the matching rows too */
  count?: '0' | '1';
}

type Raw = Record<string, unknown>;

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

const and = (parts: SQL[]) => (parts.length ? sql` WHERE ${sql.join(parts, sql` AND `)}` : sql``);

/** The current version's relation and what reading it needs */
interface Target {
  db: Db;
  from: SQL;
  select: SQL;
  where: SQL[];
}

async function query(t: Target, extra: SQL[], order: SQL, limit: number, offset = 0) {
  const off = offset ? sql` OFFSET ${offset}` : sql``;
  const r = (await t.db.execute(
    sql`SELECT ${t.select} FROM ${t.from}${and([...t.where, ...extra])} ORDER BY ${order} LIMIT ${limit}${off}`,
  )) as unknown as { rows: Raw[] };
  return r.rows;
}

/**
 * A sorted page by keyset: the sort column's values first (`(col, _row) > (v, r)`, an index on
 * (col, _row) serves it), then its empty values by _row, so empty values come last both ways.
 */
async function sortedByKeyset(
  t: Target,
  col: SQL,
  desc: boolean,
  cursor: [SQL | null, number] | null,
  take: number,
) {
  const [cmp, dir] = desc ? [sql.raw('<'), sql.raw('DESC')] : [sql.raw('>'), sql.raw('ASC')];
  let rows: Raw[] = [];
  if (!cursor || cursor[0] !== null) {
    const after = cursor ? [sql`(${col}, _row) ${cmp} (${cursor[0]}, ${cursor[1]})`] : [];
    rows = await query(
      t,
      [sql`${col} IS NOT NULL`, ...after],
      sql`${col} ${dir}, _row ${dir}`,
      take,
    );
  }
  if (rows.length < take) {
    const after = cursor && cursor[0] === null ? [sql`_row ${cmp} ${cursor[1]}`] : [];
    const nulls = await query(
      t,
      [sql`${col} IS NULL`, ...after],
      sql`_row ${dir}`,
      take - rows.length,
    );
    rows = rows.concat(nulls);
  }
  return rows;
}

/**
 * A page at `offset` (a jump): from the nearer end, so the last page of a million rows costs
 * what the first does. `order` and `reversed` must be exact mirrors.
 */
async function atOffset(
  t: Target,
  order: SQL,
  reversed: SQL,
  offset: number,
  limit: number,
  total: () => Promise<number>,
) {
  if (offset > 0) {
    const n = await total();
    if (offset >= n) return { rows: [] as Raw[], more: false };
    if (offset > n / 2) {
      const take = Math.min(limit, n - offset);
      const rows = await query(t, [], reversed, take, n - offset - take);
      return { rows: rows.reverse(), more: offset + take < n };
    }
  }
  const rows = await query(t, [], order, limit + 1, offset);
  return { rows: rows.slice(0, limit), more: rows.length > limit };
}

function sortOrder(col: SQL, desc: boolean, reversed: boolean) {
  const d = desc !== reversed ? 'DESC' : 'ASC';
  const nulls = reversed ? 'NULLS FIRST' : 'NULLS LAST';
  return sql`${col} ${sql.raw(d)} ${sql.raw(nulls)}, _row ${sql.raw(d)}`;
}

/**
 * A page of a dataset's current version. Unsorted: keyset on _row (`after`); a jump (`offset`)
 * on an imported table is `_row > offset` too (its rows are numbered 1..n). Sorted by a column:
 * keyset on (value, _row) with `cursor`, a jump from the nearer end. Filters and the sort are
 * resolved to physical names through dataset_columns; every value a bound parameter. Unknown keys:
 * 422 on `filters` (or `sort`).
 */
export async function readRows(
  db: Db,
  teamId: string,
  datasetId: unknown,
  opts: ReadRowsOptions,
): Promise<DatasetRowsPage> {
  const { current, columns } = await rowsTargetOf(db, teamId, datasetId);
  const shown = columns.filter((c) => !c.hidden);
  const meta = shown.map((c) => ({ key: c.key, label: c.label, type: c.type }));
  const countAsked = opts.count === '1';
  if (!current)
    return { columns: meta, rows: [], next: null, cursor: null, total: countAsked ? 0 : null };
  const byKey = new Map(columns.map((c) => [c.key, c]));
  const where = filterConditions(byKey, opts.filters ?? []);
  const sortCol: ColumnRow | undefined = opts.sort ? byKey.get(opts.sort) : undefined;
  if (opts.sort && (!sortCol || !isSortable(sortCol.type)))
    throw new ValidationError({
      sort: sortCol
        ? `"${sortCol.label}" cannot be sorted.`
        : `There is no column "${opts.sort.slice(0, 80)}".`,
    });
  if (sortCol && current.rowCount >= SORT_INDEX_MIN_ROWS)
    await ensureSortIndex(db, current.relation, sortCol.physical);
  const names = ['_row', ...shown.map((c) => physicalName(c.physical))];
  const colSql = sortCol ? sql.raw(physicalName(sortCol.physical)) : null;
  const t: Target = {
    db,
    from: sql.raw(qualified(current.relation)),
    select: colSql
      ? sql`${sql.raw(names.join(', '))}, ${colSql}::text AS _k`
      : sql.raw(names.join(', ')),
    where,
  };
  // an imported table numbers its rows 1..n (docs/datasets.md section 3); a view may leave gaps
  const dense = current.relation.startsWith('v_');
  let counted: number | null = null;
  const total = async () => {
    if (counted !== null) return counted;
    if (!where.length && dense) return (counted = Number(current.rowCount));
    const r = (await db.execute(
      sql`SELECT count(*)::int AS n FROM ${t.from}${and(where)}`,
    )) as unknown as { rows: Array<{ n: number | string }> };
    return (counted = Number(r.rows[0].n));
  };

  const limit = opts.limit;
  const offset = opts.offset ?? 0;
  let rows: Raw[];
  let more: boolean;
  if (colSql && sortCol) {
    const desc = opts.dir === 'desc';
    if (opts.cursor || offset === 0) {
      const c = opts.cursor;
      const cur: [SQL | null, number] | null = c
        ? [c[0] === null ? null : cursorValue(sortCol, c[0]), c[1]]
        : null;
      const got = await sortedByKeyset(t, colSql, desc, cur, limit + 1);
      [rows, more] = [got.slice(0, limit), got.length > limit];
    } else
      ({ rows, more } = await atOffset(
        t,
        sortOrder(colSql, desc, false),
        sortOrder(colSql, desc, true),
        offset,
        limit,
        total,
      ));
  } else if (opts.after !== undefined || (dense && !where.length)) {
    const after = opts.after ?? offset;
    const got = await query(t, after ? [sql`_row > ${after}`] : [], sql`_row`, limit + 1);
    [rows, more] = [got.slice(0, limit), got.length > limit];
  } else ({ rows, more } = await atOffset(t, sql`_row`, sql`_row DESC`, offset, limit, total));

  const page = rows.map((row) => ({
    _row: Number(row._row),
    values: Object.fromEntries(shown.map((c) => [c.key, cell(row[c.physical], c.type)])),
  }));
  const last = rows[rows.length - 1];
  return {
    columns: meta,
    rows: page,
    next: !more ? null : sortCol ? offset + limit : page[page.length - 1]._row,
    cursor:
      more && sortCol && last
        ? JSON.stringify([(last._k as string | null) ?? null, Number(last._row)])
        : null,
    total: countAsked ? await total() : null,
  };
}
