import { sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.js';
import type { Step } from '../../../shared/transformations/steps.js';
import { insertSelectStoppable } from '../datasets/index.js';
import { runSelect, type CompiledRecipe } from './transformations.compile.js';
import { toDrizzle } from './transformations.sql.js';

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

/** PGlite and every enabled step row-wise: the run writes chunk by chunk */
export function chunkedRun(database: Database, steps: readonly Step[]): boolean {
  return database.kind === 'pglite' && rowWise(steps);
}

export interface ChunkDone {
  /** source rows read so far */
  sourceRows: number;
  /** output rows written so far */
  rowsOut: number;
}

/**
 * Write a recipe compiled with `range` (all its steps row-wise) into a version's relation, chunk by
 * chunk: the next `chunkRows` source rows' `_row` bounds (a keyset over the primary key), then the
 * compiled SELECT over those rows as one INSERT (its own transaction), then `between` (progress,
 * a cancel: it may throw to stop), then a turn of the event loop. Returns the rows written.
 */
export async function insertChunked(
  database: Database,
  target: { relation: string; physical: string[] },
  compiled: CompiledRecipe,
  source: { relation: string },
  opts: { chunkRows: number | ChunkSizing; between: (done: ChunkDone) => Promise<void> },
): Promise<number> {
  const range = compiled.range;
  if (!range) throw new Error('insertChunked needs a recipe compiled with range');
  const sizing = typeof opts.chunkRows === 'number' ? null : opts.chunkRows;
  let chunkRows: number =
    typeof opts.chunkRows === 'number' ? opts.chunkRows : opts.chunkRows.first;
  if (!Number.isInteger(chunkRows) || chunkRows < 1)
    throw new Error('chunkRows must be a whole number from 1');
  const select = runSelect(compiled);
  const values = [...compiled.params.values];
  let after = '0';
  let sourceRows = 0;
  let rowsOut = 0;
  for (;;) {
    const started = sizing?.now() ?? 0;
    const r = (await database.db.execute(
      sql`SELECT max(_row)::text AS up_to, count(*)::int AS n FROM (SELECT _row FROM ${sql.raw(source.relation)} WHERE _row > ${after}::bigint ORDER BY _row LIMIT ${chunkRows}::bigint) t`,
    )) as unknown as { rows: Array<{ up_to: string | null; n: number }> };
    const bound = r.rows[0];
    if (!bound || bound.up_to === null) return rowsOut;
    values[range.after] = after;
    values[range.upTo] = bound.up_to;
    values[range.offset] = String(rowsOut);
    rowsOut += await insertSelectStoppable(
      database,
      target,
      toDrizzle(select, values),
      async () => false,
    );
    sourceRows += Number(bound.n);
    after = bound.up_to;
    if (sizing) chunkRows = nextChunkRows(sizing, Number(bound.n), sizing.now() - started);
    await opts.between({ sourceRows, rowsOut });
    // two turns: the second check phase comes after a poll phase, where a request that arrived
    // during the chunk is read and its first query queued before the next chunk's
    await new Promise<void>((resolve) => setImmediate(() => setImmediate(resolve)));
  }
}
