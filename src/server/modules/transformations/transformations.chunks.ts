import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.js';
import type { Step } from '../../../shared/transformations/steps.js';
import { insertSelectStoppable } from '../datasets/index.js';
import {
  compileRecipe,
  fillFigure,
  runSelect,
  withCtes,
  type CompiledRecipe,
  type RecipeSource,
} from './transformations.compile.js';
import { joinSideOf } from './transformations.combine.js';
import { ident, toDrizzle } from './transformations.sql.js';

/**
 * Chunked runs on the embedded database (PGlite: one connection, the statement runs on the
 * JavaScript thread). A recipe whose enabled steps are all row-wise (each output row depends only
 * on its own source row) gives the same output when its compiled SELECT runs over consecutive
 * ranges of source `_row`, one short INSERT … SELECT each, its output `_row` offset by the rows the
 * chunks before wrote. Between chunks the event loop turns, so a page asked during a run gets the
 * connection after at most one chunk instead of after the whole run.
 */

/**
 * A run's chunks are sized by time: the first reads `first` source rows, each next one as many as
 * the last one's pace fits in `targetMs` (within `min`..`max`). A page's queries run one after
 * another, each waiting for at most the chunk in progress, so a short chunk keeps pages answering
 * while a long one (20,000 rows took about 3 s on a loaded machine) made a page wait several times
 * that; the cost is one short statement's overhead per chunk.
 */
export const RUN_CHUNKS = { first: 2_000, targetMs: 100, min: 500, max: 50_000 } as const;

export interface ChunkSizing {
  first: number;
  targetMs: number;
  min: number;
  max: number;
  /** a monotonic clock in ms (performance.now) */
  now: () => number;
}

/** the next chunk's rows from the last one's rows and time, kept within min..max */
export function nextChunkRows(sizing: ChunkSizing, rows: number, ms: number): number {
  const paced = ms > 0 ? Math.round((rows * sizing.targetMs) / ms) : sizing.max;
  // grow at most fourfold at a time: one fast chunk (a cached page) does not make a huge next one
  return Math.max(sizing.min, Math.min(sizing.max, Math.min(paced, rows * 4)));
}

/**
 * Whether every enabled step is row-wise: clean-ups, a constant fill, filters, column changes,
 * derived columns, recodes, splits and merges. A fill from the previous value or the column's
 * mean/median, a dedupe, join, append, group or query step reads other rows: one statement.
 */
export function rowWise(steps: readonly Step[]): boolean {
  return steps.every((s) => {
    if (!s.enabled) return true;
    switch (s.kind) {
      case 'cleanup':
      case 'filter':
      case 'columns':
      case 'derive':
      case 'bins':
      case 'split':
      case 'merge':
        return true;
      case 'fill':
        return s.method === 'constant';
      default:
        return false;
    }
  });
}

/**
 * A step that a range of its input's rows can run alone, giving those rows' output with their own
 * `_row`: a row-wise step, or a join (each row meets at most one row of the other dataset, the
 * first of its key, and keeps its `_row`; a left join keeps every row).
 */
function chunkable(s: Step): boolean {
  return s.kind === 'join' || rowWise([s]);
}

interface Pass {
  chunked: boolean;
  /** a fill from the previous value first: each chunk starts from the chunks before's last value */
  carry?: boolean;
  /** a group whose figures combine: partial figures chunk by chunk, then the groups' rows */
  aggregate?: boolean;
  /** an append: the other dataset's id (its rows are chunked after this step's input) */
  append?: string;
  /** a dedupe: chunk by chunk into a table with a unique index on its key columns */
  dedupe?: boolean;
  steps: Step[];
}

/** figures whose value over a group follows from their values over parts of it */
const COMBINABLE = new Set(['count', 'sum', 'mean', 'min', 'max']);

/** a group step computed from partial figures per chunk: every figure combines */
function combinable(s: Step): boolean {
  return s.kind === 'aggregate' && s.aggregates.every((a) => COMBINABLE.has(a.fn));
}

/**
 * The enabled steps as passes: runs of chunkable steps (written chunk by chunk), and each other
 * step alone (a group with a median or a distinct count, a query: one statement over the previous
 * pass's table; an append copies its input's rows, then the other dataset's, chunk by chunk; a
 * dedupe writes chunk by chunk into a table whose key columns are unique; a group whose figures
 * combine writes partial figures per chunk, then its rows chunk by chunk). A fill from the
 * previous value, the mean or the median starts a chunked pass.
 */
export function passesOf(steps: readonly Step[]): Pass[] {
  const out: Pass[] = [];
  for (const s of steps) {
    if (!s.enabled) continue;
    const last = out.at(-1);
    if (s.kind === 'append') out.push({ chunked: false, append: s.datasetId, steps: [s] });
    // a fill from the column's mean or median: the figure over the whole input first (one short
    // aggregate), then a constant fill, chunked with the steps after it
    else if (s.kind === 'fill' && (s.method === 'mean' || s.method === 'median'))
      out.push({ chunked: true, steps: [s] });
    else if (s.kind === 'fill' && s.method === 'previous')
      out.push({ chunked: true, carry: true, steps: [s] });
    else if (combinable(s)) out.push({ chunked: false, aggregate: true, steps: [s] });
    else if (s.kind === 'dedupe') out.push({ chunked: false, dedupe: true, steps: [s] });
    else if (!chunkable(s)) out.push({ chunked: false, steps: [s] });
    else if (last?.chunked) last.steps.push(s);
    else out.push({ chunked: true, steps: [s] });
  }
  return out;
}

/**
 * PGlite and every pass written chunk by chunk (a run of chunkable steps, a dedupe, an append, a
 * group whose figures combine): a cancel takes effect at the next chunk (otherwise, at the latest
 * when the step that runs alone ends). On PGlite every recipe runs in passes.
 */
export function chunkedRun(database: Database, steps: readonly Step[]): boolean {
  return (
    database.kind === 'pglite' &&
    passesOf(steps).every((p) => p.chunked || p.dedupe || p.aggregate || p.append !== undefined)
  );
}

export interface ChunkDone {
  /** rows this pass read so far (its input's, then for an append the other dataset's) */
  sourceRows: number;
  /** output rows written so far */
  rowsOut: number;
}

type Sizing = number | ChunkSizing;

/**
 * The rows of `relation` in consecutive `_row` ranges (a keyset over its `_row` index), each
 * handed to `each` (which returns the rows it wrote), then `between`, then a turn of the event
 * loop. Returns the rows written.
 */
async function eachRange(
  database: Database,
  relation: string,
  opts: { chunkRows: Sizing; between: (done: ChunkDone) => Promise<void> },
  each: (after: string, upTo: string, written: number) => Promise<number>,
): Promise<number> {
  const sizing = typeof opts.chunkRows === 'number' ? null : opts.chunkRows;
  let chunkRows: number =
    typeof opts.chunkRows === 'number' ? opts.chunkRows : opts.chunkRows.first;
  if (!Number.isInteger(chunkRows) || chunkRows < 1)
    throw new Error('chunkRows must be a whole number from 1');
  let after = '0';
  let sourceRows = 0;
  let rowsOut = 0;
  for (;;) {
    const started = sizing?.now() ?? 0;
    const r = (await database.db.execute(
      sql`SELECT max(_row)::text AS up_to, count(*)::int AS n FROM (SELECT _row FROM ${sql.raw(relation)} WHERE _row > ${after}::bigint ORDER BY _row LIMIT ${chunkRows}::bigint) t`,
    )) as unknown as { rows: Array<{ up_to: string | null; n: number }> };
    const bound = r.rows[0];
    if (!bound || bound.up_to === null) return rowsOut;
    rowsOut += await each(after, bound.up_to, rowsOut);
    sourceRows += Number(bound.n);
    after = bound.up_to;
    if (sizing) chunkRows = nextChunkRows(sizing, Number(bound.n), sizing.now() - started);
    await opts.between({ sourceRows, rowsOut });
    // two turns: the second check phase comes after a poll phase, where a request that arrived
    // during the chunk is read and its first query queued before the next chunk's
    await new Promise<void>((resolve) => setImmediate(() => setImmediate(resolve)));
  }
}

/**
 * Write a recipe compiled with `range` (all its steps chunkable) into a version's relation, chunk
 * by chunk: the next `chunkRows` source rows' `_row` bounds, then the compiled SELECT over those
 * rows as one INSERT (its own transaction), output `_row` numbered on from the rows written
 * before, then `between` (progress, a cancel: it may throw to stop). Returns the rows written.
 */
export async function insertChunked(
  database: Database,
  target: { relation: string; physical: string[] },
  compiled: CompiledRecipe,
  source: { relation: string },
  opts: {
    chunkRows: Sizing;
    between: (done: ChunkDone) => Promise<void>;
    /** compiled with `carry`: the filled column's name in the source */
    carry?: string;
  },
): Promise<number> {
  const range = compiled.range;
  if (!range) throw new Error('insertChunked needs a recipe compiled with range');
  const select = runSelect(compiled);
  const values = [...compiled.params.values];
  return eachRange(
    database,
    source.relation,
    opts,
    carrying(database, source.relation, range.carry, opts.carry, values, (after, upTo, written) => {
      values[range.after] = after;
      values[range.upTo] = upTo;
      values[range.offset] = String(written);
      return insertSelectStoppable(database, target, toDrizzle(select, values), async () => false);
    }),
  );
}

type Each = (after: string, upTo: string, written: number) => Promise<number>;

/**
 * A fill from the previous value chunk by chunk: before each chunk, the `_row` of the input's
 * last non-empty value before it goes in parameter `at` (read after each chunk with a short
 * query over that chunk's rows, backwards on the `_row` index)
 */
function carrying(
  database: Database,
  relation: string,
  at: number | undefined,
  column: string | undefined,
  values: Array<string | null>,
  each: Each,
): Each {
  if (at === undefined) return each;
  if (!column) throw new Error('A fill from the previous value needs its column');
  const last = `SELECT _row::text AS r FROM ${relation} WHERE _row > $1::bigint AND _row <= $2::bigint AND ${ident(column)} IS NOT NULL ORDER BY _row DESC LIMIT 1`;
  let row: string | null = null;
  return async (after, upTo, written) => {
    values[at] = row;
    const n = await each(after, upTo, written);
    const r = (await database.db.execute(toDrizzle(last, [after, upTo]))) as unknown as {
      rows: Array<{ r: string }>;
    };
    row = r.rows[0]?.r ?? row;
    return n;
  };
}

/** A run's own work table in the dataset schema: its rows keep the stage's `_row` */
const SCRATCH_RE = /^w_[0-9a-f]{32}_[0-9]{1,3}$/;
const scratchRelation = (name: string) => {
  if (!SCRATCH_RE.test(name)) throw new Error(`Not a work table: ${name}`);
  return `ds."${name}"`;
};

/** the last stage's rows with their own `_row`, its columns named as the stage names them */
function stageSelect(c: CompiledRecipe): string {
  return `${withCtes(c)}SELECT _row${c.cols.map((x) => `, ${ident(x.ident)}`).join('')} FROM s${c.stages.length}`;
}

/** a statement's affected rows (node-postgres: rowCount, PGlite: affectedRows) */
async function exec(database: Database, q: SQL): Promise<number> {
  const r = (await database.db.execute(q)) as unknown as {
    rowCount?: number | null;
    affectedRows?: number;
  };
  return Number(r.rowCount ?? r.affectedRows ?? 0);
}

export interface PassDone extends ChunkDone {
  /** passes over the rows before this one, and in all (a join's side counts as one) */
  pass: number;
  passes: number;
  /** the rows this pass reads in all (sourceRows goes up to it) */
  passRows: number;
}

/**
 * A run's progress out of `rowsIn` source rows per pass: never goes back, within a pass (an
 * append's second part goes on from its first) or from one pass to the next (a pass over more
 * or fewer rows than the source counts as one source's worth)
 */
export function progressOf(done: PassDone, rowsIn: number): { done: number; total: number } {
  const total = rowsIn * done.passes;
  const part = done.passRows > 0 ? Math.min(1, done.sourceRows / done.passRows) : 1;
  return { done: Math.min(total, rowsIn * done.pass + Math.floor(rowsIn * part)), total };
}

async function countOf(database: Database, relation: string): Promise<number> {
  const r = (await database.db.execute(
    sql.raw(`SELECT count(*)::text AS n FROM ${relation}`),
  )) as unknown as { rows: Array<{ n: string }> };
  return Number(r.rows[0]?.n ?? 0);
}

type AggregateStep = Extract<Step, { kind: 'aggregate' }>;

/**
 * A group whose figures combine, chunk by chunk: per chunk of the input, each group's partial
 * figures (the first `_row`, rows, counts, sums, sums and counts for a mean, minimums and
 * maximums) go into a work table with a unique index on the group's columns (`_k`, always 0, for
 * no group; empty values are one group as in GROUP BY), combined with the partials already there;
 * then the groups' rows, chunk by chunk in `_row` order, into `rel` as the one statement computes
 * them (a sum of whole numbers as bigint, a mean as sum / count, i.e. avg's own division). On
 * equal values a minimum or maximum keeps the later chunk's, as the aggregate keeps the later row's.
 */
async function aggregateInChunks(
  database: Database,
  g: AggregateStep,
  input: RecipeSource,
  parts: string,
  rel: string,
  c: CompiledRecipe,
  eachOf: (relation: string, passRows: number, each: Each) => Promise<number>,
  /** the partial figures are written: the groups' rows are the next pass */
  nextPass: () => void,
): Promise<void> {
  const add = (n: string) => `${n} = t.${n} + EXCLUDED.${n}`;
  const phys = (key: string) => ident(input.columns.find((x) => x.key === key)!.physical);
  const groups = g.groupBy.map(phys);
  const partial: string[] = [];
  const combine: string[] = [];
  const final: string[] = [];
  g.aggregates.forEach((a, j) => {
    const x = a.column ? phys(a.column) : null;
    const p = `p${j}`;
    const q = `q${j}`;
    const addNull = (n: string) => `${n} = COALESCE(t.${n} + EXCLUDED.${n}, t.${n}, EXCLUDED.${n})`;
    switch (a.fn) {
      case 'count':
        partial.push(`count(${x ?? '*'}) AS ${p}`);
        combine.push(add(p));
        final.push(p);
        break;
      case 'sum':
        partial.push(`sum(${x}) AS ${p}`);
        combine.push(addNull(p));
        final.push(
          input.columns.find((k) => k.key === a.column)!.type === 'integer' ? `${p}::bigint` : p,
        );
        break;
      case 'mean':
        partial.push(`sum(${x})::numeric AS ${p}`, `count(${x}) AS ${q}`);
        combine.push(addNull(p), add(q));
        final.push(`${p} / NULLIF(${q}, 0)::numeric`);
        break;
      case 'min':
      case 'max':
        partial.push(`${a.fn}(${x}) AS ${p}`);
        combine.push(`${p} = ${a.fn === 'min' ? 'LEAST' : 'GREATEST'}(EXCLUDED.${p}, t.${p})`);
        final.push(p);
        break;
      default:
        throw new Error(`A ${a.fn} does not combine`);
    }
  });
  const keys = ['_k', ...groups];
  const select = `SELECT 0 AS _k${groups.map((x) => `, ${x}`).join('')}, min(_row) AS _row, count(*) AS _n, ${partial.join(', ')} FROM ${input.relation} WHERE _row > $1::bigint AND _row <= $2::bigint${groups.length ? ` GROUP BY ${groups.join(', ')}` : ''}`;
  await exec(database, toDrizzle(`CREATE TABLE ${parts} AS ${select} WITH NO DATA`, ['0', '0']));
  await database.exec(`CREATE UNIQUE INDEX ON ${parts} (${keys.join(', ')}) NULLS NOT DISTINCT`);
  const upsert = `INSERT INTO ${parts} AS t ${select} ON CONFLICT (${keys.join(', ')}) DO UPDATE SET _row = LEAST(t._row, EXCLUDED._row), ${add('_n')}, ${combine.join(', ')}`;
  await eachOf(input.relation, await countOf(database, input.relation), (after, upTo) =>
    exec(database, toDrizzle(upsert, [after, upTo])).then(() => 0),
  );
  await database.exec(`CREATE INDEX ON ${parts} (_row)`);
  nextPass();
  const out = ['_row', ...c.cols.map((x) => ident(x.ident))].join(', ');
  const rows = `INSERT INTO ${rel} (${out}) SELECT _row${groups.map((x) => `, ${x}`).join('')}, ${final.join(', ')}, _n FROM ${parts} WHERE _row > $1::bigint AND _row <= $2::bigint`;
  await eachOf(parts, await countOf(database, parts), (after, upTo) =>
    exec(database, toDrizzle(rows, [after, upTo])),
  );
}

/**
 * A whole recipe on PGlite, written in passes (passesOf): each run of chunkable steps chunk by
 * chunk over the previous pass's rows, an append, a dedupe and a group whose figures combine
 * chunk by chunk in their own way, each other step (a group with a median or a distinct count,
 * a query) as one statement; every pass but the last writes a work table (`ds."w_<run>_<n>"`, the
 * stage's `_row` kept), the last one the version, `_row` numbered 1..n in the last stage's `_row`
 * order as the one statement numbers them. A join's side (the first row of each key of the other
 * dataset) is written once, chunk by chunk, to a work table of its own with a unique key. The
 * work tables are dropped at the end, also when a pass fails or `between` throws (a cancel).
 * Returns the rows written.
 */
export async function runInPasses(
  database: Database,
  run: {
    /** the run's id: names its work tables */
    id: string;
    source: RecipeSource;
    steps: readonly Step[];
    /** the whole recipe compiled (its output columns, the query steps' shapes) */
    whole: CompiledRecipe;
    others: ReadonlyMap<string, RecipeSource>;
  },
  target: { relation: string; physical: string[] },
  opts: { chunkRows: Sizing; between: (done: PassDone) => Promise<void> },
): Promise<number> {
  const tag = run.id.replace(/-/g, '');
  const passes = passesOf(run.steps);
  const joins = passes.flatMap((p) =>
    p.chunked ? p.steps.filter((s) => s.kind === 'join' && run.others.has(s.datasetId)) : [],
  ) as Array<Extract<Step, { kind: 'join' }>>;
  const last = passes.at(-1);
  // a recipe ending in a step of its own: one more pass copies its rows to the version; a group
  // whose figures combine: one pass for the partial figures, one for the groups' rows
  const total =
    joins.length +
    passes.length +
    passes.filter((p) => p.aggregate).length +
    (last?.chunked ? 0 : 1);
  const made: string[] = [];
  const table = (n: number) => {
    const r = scratchRelation(`w_${tag}_${n}`);
    made.push(r);
    return r;
  };
  // work tables: 1..passes (each pass's rows), then the joins' sides, then the groups' partials
  const partsOf = (p: number) => passes.length + joins.length + 1 + p;
  let pass = 0;
  /** the rows of `relation` chunk by chunk as one pass over `passRows` rows, from `base` read */
  const eachOf = async (relation: string, passRows: number, each: Each, base = 0) => {
    const n = await eachRange(
      database,
      relation,
      {
        chunkRows: opts.chunkRows,
        between: (done) =>
          opts.between({
            rowsOut: done.rowsOut,
            sourceRows: base + done.sourceRows,
            pass,
            passes: total,
            passRows,
          }),
      },
      each,
    );
    return n;
  };
  const dropAll = async () => {
    for (const r of made.splice(0)) await database.exec(`DROP TABLE IF EXISTS ${r}`);
  };
  try {
    // a retry after the worker stopped: the tables of the attempt before go first
    for (let n = 0; n <= partsOf(passes.length); n++) table(n);
    await dropAll();
    const joinSides = new Map<string, string>();
    for (const j of joins) {
      const other = run.others.get(j.datasetId)!;
      const side = joinSideOf(j, other);
      const rel = table(joinSides.size + passes.length + 1);
      await exec(database, sql.raw(`CREATE TABLE ${rel} AS ${side.select('')} WITH NO DATA`));
      await database.exec(`CREATE UNIQUE INDEX ON ${rel} (${side.keys.join(', ')})`);
      // the first row of each key: chunks in `_row` order, a key already written keeps its row
      const insert = `INSERT INTO ${rel} ${side.select('_row > $1::bigint AND _row <= $2::bigint')} ON CONFLICT DO NOTHING`;
      await eachOf(other.relation, await countOf(database, other.relation), async (after, upTo) => {
        await exec(database, toDrizzle(insert, [after, upTo]));
        return 0;
      });
      joinSides.set(j.id, rel);
      pass++;
    }
    let input: RecipeSource = run.source;
    let at = 0; // stages compiled so far
    let rowsOut = 0;
    for (let p = 0; p < passes.length; p++) {
      const { chunked, steps } = passes[p];
      const counters = at ? run.whole.stages[at - 1].counters : { added: 0, appends: 0 };
      const fills = new Map<string, string | null>();
      const first = steps[0];
      if (first.kind === 'fill' && (first.method === 'mean' || first.method === 'median')) {
        const col = input.columns.find((x) => x.key === first.column);
        if (col && (col.type === 'integer' || col.type === 'decimal')) {
          const r = (await database.db.execute(
            sql.raw(
              `SELECT (${fillFigure(first.method, col.type, ident(col.physical))})::text AS v FROM ${input.relation}`,
            ),
          )) as unknown as { rows: Array<{ v: string | null }> };
          fills.set(first.id, r.rows[0]?.v ?? null);
        }
      }
      const carry =
        passes[p].carry && first.kind === 'fill'
          ? input.columns.find((x) => x.key === first.column)?.physical
          : undefined;
      const c = compileRecipe(input, steps, {
        others: run.others,
        queries: run.whole.queries,
        counters,
        joinSides,
        fills,
        range: chunked,
        ...(carry ? { carry: first.id } : {}),
      });
      if (c.error) throw new Error(c.error.message);
      at += c.stages.length;
      const inputRows = await countOf(database, input.relation);
      if (chunked && p === passes.length - 1) {
        rowsOut = await insertChunked(database, target, c, input, {
          chunkRows: opts.chunkRows,
          between: (done) => opts.between({ ...done, pass, passes: total, passRows: inputRows }),
          carry,
        });
      } else {
        const rel = table(p + 1);
        const select = toDrizzle(stageSelect(c), c.params.values);
        await database.db.execute(sql`CREATE TABLE ${sql.raw(rel)} AS ${select} WITH NO DATA`);
        await database.exec(`CREATE INDEX ON ${rel} (_row)`);
        if (chunked) {
          const r = c.range!;
          const values = [...c.params.values];
          await eachOf(
            input.relation,
            inputRows,
            carrying(database, input.relation, r.carry, carry, values, (after, upTo) => {
              values[r.after] = after;
              values[r.upTo] = upTo;
              return exec(
                database,
                sql`INSERT INTO ${sql.raw(rel)} ${toDrizzle(stageSelect(c), values)}`,
              );
            }),
          );
        } else if (passes[p].aggregate && first.kind === 'aggregate') {
          await aggregateInChunks(
            database,
            first,
            input,
            table(partsOf(p)),
            rel,
            c,
            (...a) => eachOf(...a),
            () => void pass++,
          );
        } else if (steps[0].kind === 'dedupe') {
          // the first (last) row of each key, NULL equal to NULL as in PARTITION BY: chunks in
          // `_row` order, each chunk's first (last) row of a key; a key already written keeps its
          // row (is replaced by the later one)
          const d = steps[0];
          const all = input.columns.map((x) => ident(x.physical));
          const keys = [
            ...new Set(
              d.columns.map((k) => ident(input.columns.find((x) => x.key === k)!.physical)),
            ),
          ].join(', ');
          await database.exec(`CREATE UNIQUE INDEX ON ${rel} (${keys}) NULLS NOT DISTINCT`);
          const conflict =
            d.keep === 'first'
              ? 'DO NOTHING'
              : `DO UPDATE SET ${['_row', ...all].map((x) => `${x} = EXCLUDED.${x}`).join(', ')}`;
          const insert = `INSERT INTO ${rel} (_row, ${all.join(', ')}) SELECT DISTINCT ON (${keys}) _row, ${all.join(', ')} FROM ${input.relation} WHERE _row > $1::bigint AND _row <= $2::bigint ORDER BY ${keys}, _row ${d.keep === 'first' ? 'ASC' : 'DESC'} ON CONFLICT (${keys}) ${conflict}`;
          await eachOf(input.relation, inputRows, (after, upTo) =>
            exec(database, toDrizzle(insert, [after, upTo])),
          );
        } else if (passes[p].append && run.others.has(passes[p].append!)) {
          // this step's input, then the other dataset's rows, each chunk by chunk: one pass,
          // the second part's rows read counted on from the first's
          const a = compileRecipe(input, steps, {
            others: run.others,
            counters,
            range: true,
          });
          const r = a.range!;
          const text = stageSelect(a);
          const values = [...a.params.values];
          const other = run.others.get(passes[p].append!)!.relation;
          const otherRows = await countOf(database, other);
          let base = 0;
          for (const [relation, lo, hi, rows] of [
            [input.relation, r.after, r.upTo, inputRows],
            [other, r.otherAfter, r.otherUpTo, otherRows],
          ] as const) {
            for (const i of [r.after, r.upTo, r.otherAfter, r.otherUpTo]) values[i] = '0';
            await eachOf(
              relation,
              inputRows + otherRows,
              (after, upTo) => {
                values[lo] = after;
                values[hi] = upTo;
                return exec(database, sql`INSERT INTO ${sql.raw(rel)} ${toDrizzle(text, values)}`);
              },
              base,
            );
            base += rows;
          }
        } else {
          const n = await exec(database, sql`INSERT INTO ${sql.raw(rel)} ${select}`);
          await opts.between({ sourceRows: n, rowsOut: n, pass, passes: total, passRows: n });
        }
        input = {
          relation: rel,
          columns: c.cols.map((x) => ({
            key: x.key,
            label: x.label,
            type: x.type,
            physical: x.ident,
          })),
        };
      }
      pass++;
    }
    if (!last?.chunked) {
      // the last step ran alone: its rows to the version, numbered in `_row` order
      const c = compileRecipe(input, [], { range: true });
      const passRows = await countOf(database, input.relation);
      rowsOut = await insertChunked(database, target, c, input, {
        chunkRows: opts.chunkRows,
        between: (done) => opts.between({ ...done, pass, passes: total, passRows }),
      });
    }
    return rowsOut;
  } finally {
    await dropAll();
  }
}
