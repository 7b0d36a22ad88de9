// @runs-long: started first (test/sequencer.ts)
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../platform/db/client.js';
import { freshDatabase } from '../../../../test/helpers/database.js';
import { stepSchema, type Step, type StepInput } from '../../../shared/transformations/steps.js';
import { insertSelectStoppable } from '../datasets/index.js';
import { compileRecipe, runSelect, type RecipeSource } from './transformations.compile.js';
import {
  insertChunked,
  passesOf,
  progressOf,
  rowWise,
  runInPasses,
} from './transformations.chunks.js';
import { ident, toDrizzle } from './transformations.sql.js';

/*
 * A row-wise recipe written chunk by chunk (the run on PGlite) gives the same table, byte for
 * byte, as the one INSERT … SELECT: generated rows (with gaps in the source's `_row`), recipes
 * drawn from the row-wise steps, chunk sizes from 1 to more than the rows.
 */
const SRC = 'v_00000000000000000000000000000c01';
const ONE = 'v_00000000000000000000000000000c02';
const CHUNKED = 'v_00000000000000000000000000000c03';
const OTHER = 'v_00000000000000000000000000000c04';
const OTHER_ID = '00000000-0000-4000-8000-000000000c04';
const RUN_ID = '00000000-0000-4000-8000-0000000000aa';

let database: Database;
beforeAll(async () => {
  database = await freshDatabase();
  await database.exec(
    `CREATE TABLE ds."${SRC}" (_row bigint PRIMARY KEY, c1 text, c2 bigint, c3 numeric, c4 text)`,
  );
  await database.exec(
    `CREATE TABLE ds."${OTHER}" (_row bigint PRIMARY KEY, c1 text, c2 bigint, c3 text)`,
  );
});
afterAll(() => database.close());

const SOURCE: RecipeSource = {
  relation: `ds."${SRC}"`,
  columns: [
    { key: 'name', label: 'Name', type: 'text', physical: 'c1' },
    { key: 'n', label: 'N', type: 'integer', physical: 'c2' },
    { key: 'x', label: 'X', type: 'decimal', physical: 'c3' },
    { key: 'tag', label: 'Tag', type: 'text', physical: 'c4' },
  ],
};

const textValue = fc.option(
  fc.string({ unit: fc.constantFrom('a', 'B', 'm', ' ', '-', '1', '2', ','), maxLength: 6 }),
  { nil: null },
);
const row = fc.record({
  gap: fc.integer({ min: 1, max: 3 }),
  name: textValue,
  n: fc.option(fc.integer({ min: -20, max: 20 }), { nil: null }),
  x: fc.option(
    fc.integer({ min: -500, max: 500 }).map((i) => i / 100),
    { nil: null },
  ),
  tag: fc.oneof(textValue, fc.constantFrom('2024-02-29', '05/03/2024', ' 12 ', '1,234', '-0.5')),
});

/** row-wise steps, in an order where any subset compiles */
const POOL: StepInput[] = [
  { id: 'trim', enabled: true, kind: 'cleanup', op: 'trim', columns: ['name', 'tag'] },
  {
    id: 'sex',
    enabled: true,
    kind: 'cleanup',
    op: 'replace',
    columns: ['name'],
    loose: true,
    mapping: [
      { from: 'm', to: 'male' },
      { from: 'a', to: '' },
    ],
  },
  { id: 'upper', enabled: true, kind: 'cleanup', op: 'upper', columns: ['name'] },
  { id: 'dates', enabled: true, kind: 'cleanup', op: 'dates', columns: ['tag'] },
  {
    id: 'split',
    enabled: true,
    kind: 'split',
    column: 'name',
    delimiter: ',',
    into: 'parts',
    count: 2,
    label: 'P',
  },
  {
    id: 'merge',
    enabled: true,
    kind: 'merge',
    columns: ['name', 'tag'],
    separator: '/',
    label: 'Both',
  },
  { id: 'fill', enabled: true, kind: 'fill', column: 'x', method: 'constant', value: '1.5' },
  { id: 'keep', enabled: true, kind: 'filter', expression: '${n} > -10' },
  { id: 'twice', enabled: true, kind: 'derive', label: 'Twice', expression: '${x} * 2' },
  {
    id: 'bins',
    enabled: true,
    kind: 'bins',
    column: 'n',
    label: 'Band',
    breaks: [0, 10],
    labels: ['low', 'mid', 'high'],
  },
  {
    id: 'types',
    enabled: true,
    kind: 'columns',
    changes: [{ column: 'tag', label: 'Tag number', type: 'decimal', onFail: 'drop' }],
  },
];

/** the dataset joins and appends read: name and n (keys, with repeats and empties) and w */
const OTHERS = new Map<string, RecipeSource>([
  [
    OTHER_ID,
    {
      name: 'Other',
      relation: `ds."${OTHER}"`,
      columns: [
        { key: 'name', label: 'Name', type: 'text', physical: 'c1' },
        { key: 'n', label: 'N', type: 'integer', physical: 'c2' },
        { key: 'w', label: 'W', type: 'text', physical: 'c3' },
      ],
    },
  ],
]);
const otherRow = fc.record({
  gap: fc.integer({ min: 1, max: 3 }),
  name: textValue,
  n: fc.option(fc.integer({ min: -20, max: 20 }), { nil: null }),
  w: textValue,
});

/** steps that read other rows or another dataset */
const OTHER_ROWS: StepInput[] = [
  {
    id: 'j',
    enabled: true,
    kind: 'join',
    datasetId: OTHER_ID,
    how: 'left',
    on: [{ left: 'name', right: 'name' }],
    prefix: 'O',
  },
  {
    id: 'j',
    enabled: true,
    kind: 'join',
    datasetId: OTHER_ID,
    how: 'inner',
    on: [{ left: 'n', right: 'n' }],
    prefix: 'P',
  },
  { id: 'a', enabled: true, kind: 'append', datasetId: OTHER_ID },
  { id: 'd', enabled: true, kind: 'dedupe', columns: ['name'], keep: 'first' },
  { id: 'd', enabled: true, kind: 'dedupe', columns: ['n'], keep: 'last' },
  {
    id: 'g',
    enabled: true,
    kind: 'aggregate',
    groupBy: ['name'],
    aggregates: [
      { fn: 'count', column: '', label: 'Rows' },
      { fn: 'sum', column: 'n', label: 'N' },
      { fn: 'median', column: 'n', label: 'Median' },
    ],
  },
  // groups whose figures combine (in chunks), named so that later steps still find n and x
  {
    id: 'g',
    enabled: true,
    kind: 'aggregate',
    groupBy: ['name', 'tag'],
    aggregates: [
      { fn: 'sum', column: 'n', label: 'N' },
      { fn: 'mean', column: 'x', label: 'X' },
      { fn: 'count', column: 'x', label: 'Xs' },
      { fn: 'min', column: 'x', label: 'Low' },
      { fn: 'max', column: 'n', label: 'High' },
      { fn: 'count', column: '', label: 'Rows' },
    ],
  },
  {
    id: 'g',
    enabled: true,
    kind: 'aggregate',
    groupBy: [],
    aggregates: [
      { fn: 'mean', column: 'n', label: 'Mean' },
      { fn: 'sum', column: 'x', label: 'X' },
      { fn: 'min', column: 'n', label: 'N' },
      { fn: 'max', column: 'x', label: 'Top' },
    ],
  },
  {
    id: 'g',
    enabled: true,
    kind: 'aggregate',
    groupBy: ['n'],
    aggregates: [
      { fn: 'max', column: 'x', label: 'X' },
      { fn: 'min', column: 'n', label: 'Least' },
    ],
  },
  { id: 'f', enabled: true, kind: 'fill', column: 'x', method: 'previous' },
  { id: 'f', enabled: true, kind: 'fill', column: 'name', method: 'previous' },
  { id: 'f', enabled: true, kind: 'fill', column: 'n', method: 'previous' },
  { id: 'f', enabled: true, kind: 'fill', column: 'x', method: 'mean' },
  { id: 'f', enabled: true, kind: 'fill', column: 'n', method: 'median' },
];

type Row = {
  gap: number;
  name: string | null;
  n: number | null;
  x: number | null;
  tag: string | null;
};

async function load(rows: Row[]) {
  await database.exec(`DELETE FROM ds."${SRC}"`);
  let at = 0;
  const json = JSON.stringify(
    rows.map((r) => ({ _row: (at += r.gap), c1: r.name, c2: r.n, c3: r.x, c4: r.tag })),
  );
  if (rows.length)
    await database.db.execute(
      sql`INSERT INTO ${sql.raw(`ds."${SRC}"`)} SELECT * FROM jsonb_to_recordset(${json}::jsonb) AS r(_row bigint, c1 text, c2 bigint, c3 numeric, c4 text)`,
    );
}

async function loadOther(
  rows: Array<{ gap: number; name: string | null; n: number | null; w: string | null }>,
) {
  await database.exec(`DELETE FROM ds."${OTHER}"`);
  let at = 0;
  const json = JSON.stringify(
    rows.map((r) => ({ _row: (at += r.gap), c1: r.name, c2: r.n, c3: r.w })),
  );
  if (rows.length)
    await database.db.execute(
      sql`INSERT INTO ${sql.raw(`ds."${OTHER}"`)} SELECT * FROM jsonb_to_recordset(${json}::jsonb) AS r(_row bigint, c1 text, c2 bigint, c3 text)`,
    );
}

/** Both output tables, typed as the recipe's output, named c1…cN as a version's are */
async function outputTables(steps: Step[]) {
  const c = compileRecipe(SOURCE, steps, { others: OTHERS });
  const physical = c.cols.map((_, i) => `c${i + 1}`);
  const shaped = `SELECT q._row, q._source_row${c.cols.map((x, i) => `, q.${ident(x.ident)} AS c${i + 1}`).join('')} FROM (${runSelect(c)}) q`;
  for (const t of [ONE, CHUNKED]) {
    await database.exec(`DROP TABLE IF EXISTS ds."${t}"`);
    await database.db.execute(
      sql`CREATE TABLE ${sql.raw(`ds."${t}"`)} AS ${toDrizzle(shaped, c.params.values)} WITH NO DATA`,
    );
    await database.exec(`ALTER TABLE ds."${t}" ADD PRIMARY KEY (_row)`);
  }
  return { one: c, physical };
}

/** every row of a table as PostgreSQL writes it out, in `_row` order */
async function dump(relation: string): Promise<string[]> {
  const r = (await database.db.execute(
    sql.raw(`SELECT t::text AS r FROM ds."${relation}" t ORDER BY _row`),
  )) as unknown as { rows: Array<{ r: string }> };
  return r.rows.map((x) => x.r);
}

/** the run's work tables left in the dataset schema */
async function workTables(): Promise<string[]> {
  const r = (await database.db.execute(
    sql.raw(
      `SELECT tablename AS t FROM pg_tables WHERE schemaname = 'ds' AND tablename LIKE 'w\\_%'`,
    ),
  )) as unknown as { rows: Array<{ t: string }> };
  return r.rows.map((x) => x.t);
}

describe('chunked runs (PGlite)', () => {
  it('write the same rows, lineage and order as the one statement, whatever the chunk size', async () => {
    const recipes = fc.subarray(POOL).map((s) => s.map((x) => stepSchema.parse(x)));
    await fc.assert(
      fc.asyncProperty(
        fc.array(row, { maxLength: 30 }),
        recipes,
        fc.integer({ min: 2, max: 40 }),
        async (rows, steps, size) => {
          expect(rowWise(steps)).toBe(true);
          await load(rows);
          const { one, physical } = await outputTables(steps);
          expect(one.error).toBeNull();
          const n = await insertSelectStoppable(
            database,
            { relation: ONE, physical },
            toDrizzle(runSelect(one), one.params.values),
            async () => false,
          );
          const expected = await dump(ONE);
          expect(expected).toHaveLength(n);
          const ranged = compileRecipe(SOURCE, steps, { range: true });
          for (const chunkRows of [1, 3, size, rows.length + 1]) {
            await database.exec(`TRUNCATE ds."${CHUNKED}"`);
            const chunks: number[] = [];
            const written = await insertChunked(
              database,
              { relation: CHUNKED, physical },
              ranged,
              SOURCE,
              { chunkRows, between: async (d) => void chunks.push(d.sourceRows) },
            );
            expect(written).toBe(n);
            expect(await dump(CHUNKED)).toEqual(expected);
            // one chunk per chunkRows source rows, the last one shorter
            expect(chunks).toEqual(
              Array.from({ length: Math.ceil(rows.length / chunkRows) }, (_, i) =>
                Math.min((i + 1) * chunkRows, rows.length),
              ),
            );
          }
        },
      ),
      { numRuns: 25 },
    );
  });

  it('write recipes with joins, appends, dedupes, groups and fills from other rows in passes: the same rows as the one statement', async () => {
    const recipes = fc
      .array(fc.oneof(fc.constantFrom(...POOL), fc.constantFrom(...OTHER_ROWS)), {
        minLength: 1,
        maxLength: 6,
      })
      .map((s) => s.map((x, i) => stepSchema.parse({ ...x, id: `s${i}` })));
    let shapes = 0;
    let inChunks = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(row, { maxLength: 25 }),
        fc.array(otherRow, { maxLength: 12 }),
        recipes,
        fc.integer({ min: 2, max: 40 }),
        async (rows, others, steps, size) => {
          const whole = compileRecipe(SOURCE, steps, { others: OTHERS });
          fc.pre(whole.error === null);
          shapes += passesOf(steps).length > 1 ? 1 : 0;
          inChunks += passesOf(steps).some((p) => p.aggregate || p.carry) ? 1 : 0;
          await load(rows);
          await loadOther(others);
          const { one, physical } = await outputTables(steps);
          const n = await insertSelectStoppable(
            database,
            { relation: ONE, physical },
            toDrizzle(runSelect(one), one.params.values),
            async () => false,
          );
          const expected = await dump(ONE);
          for (const chunkRows of [1, size, rows.length + others.length + 1]) {
            await database.exec(`TRUNCATE ds."${CHUNKED}"`);
            const progress: Array<{ done: number; total: number }> = [];
            const written = await runInPasses(
              database,
              { id: RUN_ID, source: SOURCE, steps, whole, others: OTHERS },
              { relation: CHUNKED, physical },
              { chunkRows, between: async (d) => void progress.push(progressOf(d, 100)) },
            );
            expect(written).toBe(n);
            // progress never goes back, within a pass (an append's two parts) nor across passes
            for (let i = 1; i < progress.length; i++) {
              expect(progress[i].total).toBe(progress[0].total);
              expect(progress[i].done).toBeGreaterThanOrEqual(progress[i - 1].done);
            }
            expect(progress.every((x) => x.done <= x.total)).toBe(true);
            expect(await dump(CHUNKED)).toEqual(expected);
            expect(await workTables()).toEqual([]);
          }
        },
      ),
      { numRuns: 120 },
    );
    // most drawn recipes needed more than one pass
    expect(shapes).toBeGreaterThan(10);
    // and many had a group or a fill from the previous value done chunk by chunk
    expect(inChunks).toBeGreaterThan(10);
  });

  it('drops its work tables when a pass is stopped (a cancel)', async () => {
    await load(
      Array.from({ length: 30 }, (_, i) => ({
        gap: 1,
        name: `p${i % 7}`,
        n: i,
        x: null,
        tag: null,
      })),
    );
    await loadOther([{ gap: 1, name: 'p1', n: 1, w: 'one' }]);
    const steps = [POOL[0], OTHER_ROWS[0], OTHER_ROWS[3], POOL[8]].map((s, i) =>
      stepSchema.parse({ ...s, id: `s${i}` }),
    );
    const { physical } = await outputTables(steps);
    const whole = compileRecipe(SOURCE, steps, { others: OTHERS });
    const passes: number[] = [];
    await expect(
      runInPasses(
        database,
        { id: RUN_ID, source: SOURCE, steps, whole, others: OTHERS },
        { relation: CHUNKED, physical },
        {
          chunkRows: 10,
          between: async (d) => {
            passes.push(d.pass);
            if (d.pass === 2) throw new Error('cancelled');
          },
        },
      ),
    ).rejects.toThrow('cancelled');
    // the join's side, the trim and join in chunks, the dedupe alone: stopped after it
    expect(passes).toEqual([0, 1, 1, 1, 2]);
    expect(await workTables()).toEqual([]);
  });

  it('lets a query asked at a chunk boundary run before the next chunk', async () => {
    const rows = Array.from({ length: 50 }, (_, i) => ({
      gap: 1,
      name: `p${i}`,
      n: i % 20,
      x: i / 10,
      tag: null,
    }));
    await load(rows);
    const steps = [POOL[0], POOL[8]].map((s) => stepSchema.parse(s));
    const { physical } = await outputTables(steps);
    const events: string[] = [];
    let asked: Promise<unknown> | null = null;
    const written = await insertChunked(
      database,
      { relation: CHUNKED, physical },
      compileRecipe(SOURCE, steps, { range: true }),
      SOURCE,
      {
        chunkRows: 10,
        between: async (d) => {
          events.push(`chunk ${d.sourceRows}`);
          if (asked) return;
          // not awaited: the run goes on; the query waits for the connection like a page's would
          asked = database.db
            .execute(sql.raw(`SELECT count(*)::int AS n FROM ds."${CHUNKED}"`))
            .then((r) => {
              const seen = (r as unknown as { rows: Array<{ n: number }> }).rows[0].n;
              events.push(`query saw ${seen}`);
            });
        },
      },
    );
    events.push('run finished');
    await asked;
    expect(written).toBe(50);
    expect(events).toEqual([
      'chunk 10',
      'query saw 10',
      'chunk 20',
      'chunk 30',
      'chunk 40',
      'chunk 50',
      'run finished',
    ]);
  });

  it('stops at the boundary where the hook throws (a cancel): no further chunk is written', async () => {
    await load(
      Array.from({ length: 35 }, (_, i) => ({ gap: 2, name: `p${i}`, n: i, x: null, tag: null })),
    );
    const steps = [stepSchema.parse(POOL[0])];
    const { physical } = await outputTables(steps);
    const seen: number[] = [];
    await expect(
      insertChunked(
        database,
        { relation: CHUNKED, physical },
        compileRecipe(SOURCE, steps, { range: true }),
        SOURCE,
        {
          chunkRows: 10,
          between: async (d) => {
            seen.push(d.rowsOut);
            if (d.sourceRows >= 20) throw new Error('cancelled');
          },
        },
      ),
    ).rejects.toThrow('cancelled');
    expect(seen).toEqual([10, 20]);
    expect(await dump(CHUNKED)).toHaveLength(20);
  });

  it('is not used for steps that read other rows', () => {
    const parse = (s: StepInput) => stepSchema.parse(s);
    expect(rowWise(POOL.map(parse))).toBe(true);
    const base = { id: 'z', enabled: true } as const;
    for (const s of [
      { ...base, kind: 'fill', column: 'x', method: 'previous' },
      { ...base, kind: 'fill', column: 'x', method: 'mean' },
      { ...base, kind: 'dedupe', columns: ['name'], keep: 'first' },
      OTHER_ROWS[0],
    ] as StepInput[]) {
      expect(rowWise([...POOL, s].map(parse))).toBe(false);
      // a disabled one does not count
      expect(rowWise([...POOL, { ...s, enabled: false }].map(parse))).toBe(true);
    }
  });
});
