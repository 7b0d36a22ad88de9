import { describe, expect, it } from 'vitest';
import {
  stepSchema,
  type AggregateFn,
  type StepInput,
} from '../../../shared/transformations/steps.js';
import type { Database } from '../../platform/db/client.js';
import { chunkedRun, nextChunkRows, passesOf, RUN_CHUNKS } from './transformations.chunks.js';

const sizing = { ...RUN_CHUNKS, now: () => 0 };

describe('chunk sizes by time (nextChunkRows)', () => {
  it('fits the last chunk’s pace into the target time', () => {
    // 2,000 rows in 400 ms: 5 rows per ms, so 100 ms holds 500
    expect(nextChunkRows(sizing, 2_000, 400)).toBe(500);
    // 2,000 rows in 50 ms: 100 ms holds 4,000
    expect(nextChunkRows(sizing, 2_000, 50)).toBe(4_000);
  });

  it('grows at most fourfold and stays within min..max', () => {
    expect(nextChunkRows(sizing, 2_000, 1)).toBe(8_000);
    expect(nextChunkRows(sizing, 2_000, 0)).toBe(8_000);
    expect(nextChunkRows(sizing, 40_000, 1)).toBe(RUN_CHUNKS.max);
    expect(nextChunkRows(sizing, 600, 10_000)).toBe(RUN_CHUNKS.min);
  });
});

describe('passes of a recipe (passesOf)', () => {
  const parse = (s: StepInput) => stepSchema.parse(s);
  const group = (fns: AggregateFn[]) =>
    parse({
      id: 'g',
      enabled: true,
      kind: 'aggregate',
      groupBy: ['a'],
      aggregates: fns.map((fn, i) => ({ fn, column: 'b', label: `F${i}` })),
    });

  it('computes a group in chunks only when every figure combines', () => {
    expect(passesOf([group(['count', 'sum', 'mean', 'min', 'max'])])[0].aggregate).toBe(true);
    for (const fn of ['median', 'count_distinct'] as const) {
      const [p] = passesOf([group(['sum', fn])]);
      expect(p.aggregate).toBeUndefined();
      expect(p.chunked).toBe(false);
    }
  });

  it('says a cancel takes effect at the next chunk unless a step runs alone (chunkedRun)', () => {
    const pglite = { kind: 'pglite' } as Database;
    const dedupe = parse({
      id: 'd',
      enabled: true,
      kind: 'dedupe',
      columns: ['a'],
      keep: 'first',
    });
    expect(chunkedRun(pglite, [dedupe, group(['sum', 'mean'])])).toBe(true);
    expect(chunkedRun(pglite, [dedupe, group(['median'])])).toBe(false);
    expect(chunkedRun({ kind: 'postgres' } as Database, [dedupe])).toBe(false);
  });

  it('starts a chunked pass at a fill from the previous value, the steps after it in it', () => {
    const fill = parse({ id: 'f', enabled: true, kind: 'fill', column: 'a', method: 'previous' });
    const trim = parse({ id: 't', enabled: true, kind: 'cleanup', op: 'trim', columns: ['a'] });
    const p = passesOf([trim, fill, trim]);
    expect(p.map((x) => [x.chunked, !!x.carry, x.steps.length])).toEqual([
      [true, false, 1],
      [true, true, 2],
    ]);
  });
});
