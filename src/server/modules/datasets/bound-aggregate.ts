import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { aggregationSql, boundRowsSql, type AggregateSpec, type RowSource } from './bound-rows.js';

/** One figure of a bound data point: a period's total (dimension null) or one category's. */
export interface BoundFigure {
  period: string;
  dimension: string | null;
  category: string | null;
  value: number | null;
  rows: number;
}

const rowsOf = (r: unknown) => (r as { rows: Array<Record<string, unknown>> }).rows;
const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/**
 * A data point's aggregation over its bound rows, computed in SQL: one statement with grouping
 * sets (the period's total, then each dimension's categories), rows without a period left out.
 */
export async function aggregateBound(
  db: Db,
  source: RowSource,
  spec: AggregateSpec,
): Promise<BoundFigure[]> {
  const dims = spec.disaggregations.map((_, i) => sql.raw(`d${i}`));
  const sets = [sql`(p)`, ...dims.map((d) => sql`(p, ${d})`)];
  const groupings = dims.map((d, i) => sql`GROUPING(${d}) AS ${sql.raw(`g${i}`)}`);
  const select = [
    sql`p`,
    ...dims,
    ...groupings,
    sql`${aggregationSql(source, spec)} AS value`,
    sql`count(v) AS n`,
  ];
  const r = await db.execute(
    sql`WITH b AS (${boundRowsSql(source, spec)}) SELECT ${sql.join(select, sql`, `)} FROM b WHERE p IS NOT NULL GROUP BY GROUPING SETS (${sql.join(sets, sql`, `)})`,
  );
  const out: BoundFigure[] = [];
  for (const row of rowsOf(r)) {
    const i = spec.disaggregations.findIndex((_, j) => Number(row[`g${j}`]) === 0);
    if (i >= 0 && (row[`d${i}`] === null || row[`d${i}`] === undefined)) continue;
    out.push({
      period: String(row.p),
      dimension: i >= 0 ? spec.disaggregations[i].dimension : null,
      category: i >= 0 ? String(row[`d${i}`]) : null,
      value: num(row.value),
      rows: Number(row.n),
    });
  }
  return out;
}

export interface BoundRow {
  row: number;
  value: unknown;
  categories: Record<string, string | null>;
  trace: Record<string, unknown>;
}

/**
 * The rows behind one figure (a period, and optionally one category), in the source's order, a
 * page at a time, with how many there are in all.
 */
export async function boundRows(
  db: Db,
  source: RowSource,
  spec: AggregateSpec,
  at: {
    period: string;
    dimension: string | null;
    category: string | null;
    offset: number;
    limit: number;
  },
): Promise<{ rows: BoundRow[]; total: number }> {
  const extra = Object.entries(source.trace).map(
    ([name, x]) => sql`${x} AS ${sql.raw(`"t_${name}"`)}`,
  );
  const where: SQL[] = [sql`p = ${at.period}`, sql`v IS NOT NULL`];
  const i = spec.disaggregations.findIndex((d) => d.dimension === at.dimension);
  if (i >= 0 && at.category !== null) where.push(sql`${sql.raw(`d${i}`)} = ${at.category}`);
  const r = await db.execute(
    sql`WITH b AS (${boundRowsSql(source, spec, extra)}) SELECT *, count(*) OVER () AS _total FROM b WHERE ${sql.join(where, sql` AND `)} ORDER BY _ord, _row LIMIT ${at.limit} OFFSET ${at.offset}`,
  );
  const rows = rowsOf(r);
  let total = rows.length ? Number(rows[0]._total) : 0;
  if (!rows.length && at.offset > 0) {
    const c = await db.execute(
      sql`WITH b AS (${boundRowsSql(source, spec)}) SELECT count(*) AS n FROM b WHERE ${sql.join(where, sql` AND `)}`,
    );
    total = Number(rowsOf(c)[0]?.n ?? 0);
  }
  return {
    total,
    rows: rows.map((row) => ({
      row: Number(row._row),
      value: row.v instanceof Date ? row.v.toISOString() : row.v,
      categories: Object.fromEntries(
        spec.disaggregations.map((d, j) => [d.dimension, (row[`d${j}`] as string | null) ?? null]),
      ),
      trace: Object.fromEntries(
        Object.keys(source.trace).map((name) => {
          const v = row[`t_${name}`];
          return [name, v instanceof Date ? v.toISOString() : (v ?? null)];
        }),
      ),
    })),
  };
}

/** Compile a binding's SQL without running it: throws BindingError on the field at fault. */
export function checkBound(source: RowSource, spec: AggregateSpec): void {
  boundRowsSql(source, spec);
  aggregationSql(source, spec);
}

/** The survey waves a form-response source has rows in (at most 50, sorted); none for a dataset. */
export async function boundWaves(db: Db, source: RowSource): Promise<string[]> {
  if (!source.facets) return [];
  const where = [...source.where, sql`${source.facets.wave} IS NOT NULL`];
  const r = await db.execute(
    sql`SELECT DISTINCT ${source.facets.wave} AS w FROM ${source.from} WHERE ${sql.join(where, sql` AND `)} ORDER BY 1 LIMIT 50`,
  );
  return rowsOf(r).map((x) => String(x.w));
}
