import { sql, TransactionRollbackError } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { formatNumber } from '../../../shared/format/number.js';
import type { ColumnType } from '../../../shared/datasets/column-types.js';
import type { Step } from '../../../shared/transformations/steps.js';
import {
  compileRecipe,
  keyFromLabel,
  StepError,
  withCtes,
  type CompiledRecipe,
  type RecipeSource,
  type StepSql,
} from './transformations.compile.js';
import type { Col } from './transformations.expr.js';
import { APPEND_BASE } from './transformations.combine.js';
import {
  checkQuery,
  loadQueryParser,
  PREVIOUS,
  QueryRefusal,
} from './transformations.query-guard.js';
import { ident, toDrizzle } from './transformations.sql.js';

/**
 * The query step (issue 11): the user's SELECT over `previous`, checked by the parser
 * (transformations.query-guard.ts), becomes one CTE of the recipe:
 *
 *   sN AS (WITH previous AS (SELECT _row, c1 AS "age", … FROM sN-1)
 *          SELECT <_row>, u1::bigint AS n7, … FROM (<the checked SELECT>) q(u1, u2, …))
 *
 * `previous` is a CTE nested in the step's own CTE, so every query step reads its own previous
 * step. Its output columns (names and types) are discovered on the database before the recipe
 * compiles (`compileWithQueries`): the recipe up to the step is bounded by EXPLAIN's total cost
 * (`QUERY_COST_LIMIT`: PGlite ignores statement_timeout), then run with `LIMIT 0` in a read-only
 * transaction with a statement timeout (`QUERY_TIMEOUT_MS`, PostgreSQL).
 */

/** EXPLAIN's total cost above which a query step is refused (a seq scan of 1M rows is ~20,000) */
export const QUERY_COST_LIMIT = 10_000_000;
/** statement_timeout of the read-only transactions a query step's SQL runs in (PostgreSQL) */
const QUERY_TIMEOUT_MS = 10_000;

/** What the database said a query step returns, or why it refused it */
export type QueryShape = { columns: Array<{ name: string; type: ColumnType }> } | { error: string };

/** Thrown while compiling a query step whose output is not known yet */
export class QueryShapeNeeded extends Error {
  constructor(
    readonly stepId: string,
    /** the step's SELECT over the stages before it, every column as it comes */
    readonly probe: string,
    /** where the user's text starts in the probe (0-based), to place the database's errors */
    readonly userStart: number,
  ) {
    super('query step columns not discovered');
  }
}

/** The database types a query's column may have, as dataset column types (others become text) */
const TYPE_OF_OID: Record<number, ColumnType> = {
  16: 'boolean',
  20: 'integer',
  21: 'integer',
  23: 'integer',
  700: 'decimal',
  701: 'decimal',
  1700: 'decimal',
  1082: 'date',
  1114: 'datetime',
  1184: 'datetime',
  1009: 'multi',
  1015: 'multi',
};
const CAST: Partial<Record<ColumnType, string>> = {
  integer: 'bigint',
  decimal: 'numeric',
  boolean: 'boolean',
  date: 'date',
  datetime: 'timestamptz',
  multi: 'text[]',
  text: 'text',
};

const quoteKey = (key: string) => {
  if (!/^[a-z][a-z0-9_]*$/.test(key)) throw new Error(`Not a column key: ${key}`);
  return `"${key}"`;
};

export function compileQuery(
  step: Extract<Step, { kind: 'query' }>,
  cols: Col[],
  prev: string,
  newIdent: () => string,
  shapes: ReadonlyMap<string, QueryShape>,
): StepSql {
  let text: string;
  try {
    text = checkQuery(step.sql).text;
  } catch (err) {
    if (err instanceof QueryRefusal)
      throw new StepError('sql', err.at ? `${err.message} (at character ${err.at})` : err.message);
    throw err;
  }
  const view = `SELECT _row${cols.map((c) => `, ${ident(c.ident)} AS ${quoteKey(c.key)}`).join('')} FROM ${prev}`;
  const head = `WITH ${PREVIOUS} AS (${view}) SELECT `;
  const shape = shapes.get(step.id);
  if (!shape) {
    const before = `${head}* FROM (\n`;
    throw new QueryShapeNeeded(step.id, `${before}${text}\n) q`, before.length);
  }
  if ('error' in shape) throw new StepError('sql', shape.error);
  if (!shape.columns.length) throw new StepError('sql', 'The query returns no columns.');
  const used = new Set<string>();
  let rowAt = -1;
  const out: Array<{ col: Col; expr: string }> = [];
  shape.columns.forEach((c, i) => {
    const u = `u${i + 1}`;
    if (c.name === '_row') {
      if (c.type !== 'integer')
        throw new StepError(
          'sql',
          '“_row” must be a whole number: the row of the source it comes from.',
        );
      if (rowAt < 0) rowAt = i;
      return;
    }
    const label = c.name === '?column?' ? `Column ${i + 1}` : c.name.slice(0, 120);
    const col: Col = { key: keyFromLabel(label, used), label, type: c.type, ident: newIdent() };
    used.add(col.key);
    out.push({ col, expr: `${u}::${CAST[c.type] ?? 'text'} AS ${ident(col.ident)}` });
  });
  if (!out.length) throw new StepError('sql', 'The query returns no columns besides “_row”.');
  // a row keeps its source row when the query returns `_row`; otherwise it has none
  const row =
    rowAt >= 0 ? `u${rowAt + 1}::bigint` : `(${APPEND_BASE} * 1023 + row_number() OVER ())`;
  const aliases = shape.columns.map((_, i) => `u${i + 1}`).join(', ');
  return {
    sql: `${head}${row} AS _row, ${out.map((o) => o.expr).join(', ')} FROM (\n${text}\n) q(${aliases})`,
    cols: out.map((o) => o.col),
    touches: out.map((o) => o.col.key),
    changed: [],
    added: out.map((o) => o.col.ident),
    failed: [],
  };
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Run `fn` in a read-only transaction (a savepoint when `db` is already one) with the query
 * step's statement timeout, then roll it back: whatever the SQL tried, nothing stays.
 */
export async function readOnly<T>(db: Db, fn: (tx: Tx) => Promise<T>): Promise<T> {
  let out: { value: T } | null = null;
  try {
    await db.transaction(async (tx) => {
      await tx.execute(sql.raw('SET TRANSACTION READ ONLY'));
      await tx.execute(sql.raw(`SET LOCAL statement_timeout = ${QUERY_TIMEOUT_MS}`));
      out = { value: await fn(tx) };
      tx.rollback();
    });
  } catch (err) {
    if (!(err instanceof TransactionRollbackError) || !out) throw err;
  }
  return (out as unknown as { value: T }).value;
}

type Result = {
  rows: Array<Record<string, unknown>>;
  fields?: Array<{ name: string; dataTypeID: number }>;
};

/** The database's error (drizzle wraps it): its message and 1-based position, if any */
function dbError(err: unknown): { message: string; position: number | null } | null {
  for (
    let e = err as
      { message?: string; position?: string; code?: string; cause?: unknown } | undefined;
    e;
    e = e.cause as typeof e
  ) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code))
      return { message: e.message ?? 'error', position: e.position ? Number(e.position) : null };
  }
  return null;
}

async function discover(db: Db, c: CompiledRecipe, need: QueryShapeNeeded): Promise<QueryShape> {
  const before = withCtes(c);
  const probe = `${before}SELECT * FROM (${need.probe}) p`;
  const explain = 'EXPLAIN (FORMAT JSON) ';
  // the statement that fails first is the EXPLAIN: positions count from its start
  const userStart = explain.length + before.length + 'SELECT * FROM ('.length + need.userStart;
  try {
    return await readOnly(db, async (tx) => {
      const plan = (await tx.execute(
        toDrizzle(`${explain}${probe}`, c.params.values),
      )) as unknown as Result;
      let json = Object.values(plan.rows[0] ?? {})[0];
      if (typeof json === 'string') json = JSON.parse(json);
      const cost = Number(
        (json as Array<{ Plan: { 'Total Cost': number } }>)[0]?.Plan?.['Total Cost'],
      );
      if (!(cost <= QUERY_COST_LIMIT))
        return {
          error: `This query is too costly: PostgreSQL estimates ${formatNumber(cost, 0)}, above the limit of ${formatNumber(QUERY_COST_LIMIT, 0)} (narrow it: fewer joins, a filter first).`,
        };
      const r = (await tx.execute(
        toDrizzle(`${probe} LIMIT 0`, c.params.values),
      )) as unknown as Result;
      return {
        columns: (r.fields ?? []).map((f) => ({
          name: f.name,
          type: TYPE_OF_OID[f.dataTypeID] ?? 'text',
        })),
      };
    });
  } catch (err) {
    const e = dbError(err);
    if (!e) throw err;
    const at = e.position !== null ? e.position - userStart : null;
    return {
      error:
        at !== null && at >= 1 && at <= need.probe.length - need.userStart
          ? `${e.message} (at character ${at})`
          : e.message,
    };
  }
}

/**
 * `compileRecipe` for recipes that may hold query steps: each query step's output is discovered
 * on the database (bounded as above) before the steps after it compile.
 */
export async function compileWithQueries(
  db: Db,
  source: RecipeSource,
  steps: readonly Step[],
  opts: Omit<NonNullable<Parameters<typeof compileRecipe>[2]>, 'queries'> = {},
): Promise<CompiledRecipe> {
  const shapes = new Map<string, QueryShape>();
  if (steps.some((s) => s.kind === 'query' && s.enabled)) await loadQueryParser();
  for (;;) {
    const c = compileRecipe(source, steps, { ...opts, queries: shapes });
    if (!c.pending) return { ...c, queries: shapes };
    shapes.set(c.pending.stepId, await discover(db, c, c.pending));
  }
}
