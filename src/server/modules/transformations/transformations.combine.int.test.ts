import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../platform/db/client.js';
import { freshDatabase } from '../../../../test/helpers/database.js';
import { stepSchema, type Step, type StepInput } from '../../../shared/transformations/steps.js';
import { APPEND_BASE } from './transformations.combine.js';
import {
  compileRecipe,
  rowsSelect,
  runSelect,
  type RecipeSource,
} from './transformations.compile.js';
import { applyStep, type RefRow, type Value } from './transformations.reference.js';
import type { RefDataset } from './transformations.reference-combine.js';
import { toDrizzle } from './transformations.sql.js';

/*
 * Join, append and group/aggregate, compiled to SQL and run on a real database, against the plain
 * in-memory computation of the same steps on generated rows (both sides generated).
 */
let database: Database;
const MAIN = 'ds.v_00000000000000000000000000000011';
const OTHER = 'ds.v_00000000000000000000000000000012';
const CLASH = 'ds.v_00000000000000000000000000000013';
beforeAll(async () => {
  database = await freshDatabase();
  await database.exec(
    `CREATE TABLE ${MAIN} (_row bigint PRIMARY KEY, c1 text, c2 bigint, c3 numeric, c4 date);
     CREATE TABLE ${OTHER} (_row bigint PRIMARY KEY, c1 bigint, c2 text, c3 numeric);
     CREATE TABLE ${CLASH} (_row bigint PRIMARY KEY, c1 text);`,
  );
});
afterAll(() => database.close());

const OTHER_ID = '00000000-0000-4000-8000-000000000012';
const CLASH_ID = '00000000-0000-4000-8000-000000000013';
const SOURCE: RecipeSource = {
  name: 'Baseline',
  relation: `ds."${MAIN.slice(3)}"`,
  columns: [
    { key: 'name', label: 'Name', type: 'text', physical: 'c1' },
    { key: 'n', label: 'N', type: 'integer', physical: 'c2' },
    { key: 'x', label: 'X', type: 'decimal', physical: 'c3' },
    { key: 'day', label: 'Day', type: 'date', physical: 'c4' },
  ],
};
const OTHER_SOURCE: RecipeSource = {
  name: 'Endline',
  relation: `ds."${OTHER.slice(3)}"`,
  columns: [
    { key: 'n', label: 'N', type: 'integer', physical: 'c1' },
    { key: 'name', label: 'Name', type: 'text', physical: 'c2' },
    { key: 'score', label: 'Score', type: 'decimal', physical: 'c3' },
  ],
};
const CLASH_SOURCE: RecipeSource = {
  name: 'Clash',
  relation: `ds."${CLASH.slice(3)}"`,
  columns: [{ key: 'n', label: 'N', type: 'text', physical: 'c1' }],
};
const OTHERS = new Map([
  [OTHER_ID, OTHER_SOURCE],
  [CLASH_ID, CLASH_SOURCE],
]);
const NUMERIC = new Set(['n', 'x', 'score']);

const text = fc.option(fc.constantFrom('a', 'b', 'B', ' a', ''), { nil: null });
const int = fc.option(fc.integer({ min: -3, max: 3 }), { nil: null });
const dec = fc.option(
  fc.integer({ min: -300, max: 300 }).map((i) => i / 100),
  { nil: null },
);
const day = fc.option(fc.constantFrom('2024-01-05', '2024-02-29', '2023-12-31'), { nil: null });
const mainRows = fc.array(fc.record({ name: text, n: int, x: dec, day }), { maxLength: 20 });
const otherRows = fc.array(fc.record({ n: int, name: text, score: dec }), { maxLength: 12 });

async function load(main: Array<Record<string, Value>>, other: Array<Record<string, Value>>) {
  await database.exec(`DELETE FROM ${MAIN}; DELETE FROM ${OTHER};`);
  const put = async (rel: string, json: string, cols: string) =>
    database.db.execute(
      sql`INSERT INTO ${sql.raw(rel)} SELECT * FROM jsonb_to_recordset(${json}::jsonb) AS r(${sql.raw(cols)})`,
    );
  if (main.length)
    await put(
      MAIN,
      JSON.stringify(
        main.map((r, i) => ({ _row: i + 1, c1: r.name, c2: r.n, c3: r.x, c4: r.day })),
      ),
      '_row bigint, c1 text, c2 bigint, c3 numeric, c4 date',
    );
  if (other.length)
    await put(
      OTHER,
      JSON.stringify(other.map((r, i) => ({ _row: i + 1, c1: r.n, c2: r.name, c3: r.score }))),
      '_row bigint, c1 bigint, c2 text, c3 numeric',
    );
}

const parsed = (s: StepInput): Step => stepSchema.parse(s);

async function viaSql(steps: Step[]): Promise<RefRow[]> {
  const c = compileRecipe(SOURCE, steps, { others: OTHERS });
  if (c.error) throw new Error(c.error.message);
  const r = (await database.db.execute(
    toDrizzle(rowsSelect(c, c.stages.length, 1000), c.params.values),
  )) as unknown as { rows: Array<Record<string, unknown>> };
  return r.rows.map((x) => ({
    _row: Number(x._row),
    values: Object.fromEntries(
      c.cols.map((col) => {
        const v = x[col.ident] as string | null;
        const numeric = col.type === 'integer' || col.type === 'decimal';
        return [col.key, v === null ? null : numeric ? Number(v) : v];
      }),
    ),
  }));
}

function viaMemory(
  main: Array<Record<string, Value>>,
  other: Array<Record<string, Value>>,
  steps: Step[],
): RefRow[] {
  let out: RefRow[] = main.map((values, i) => ({ _row: i + 1, values: { ...values } }));
  const others = new Map<string, RefDataset>([
    [
      OTHER_ID,
      {
        keys: ['n', 'name', 'score'],
        rows: other.map((values, i) => ({ _row: i + 1, values: { ...values } })),
      },
    ],
  ]);
  let keys = SOURCE.columns.map((c) => c.key);
  let appendNo = 0;
  for (const s of steps) {
    if (s.kind === 'append') appendNo++;
    out = applyStep(out, s, NUMERIC, { others, appendNo, keys });
    keys = out.length ? Object.keys(out[0].values) : keysAfter(keys, s);
  }
  return out;
}

/** the keys after a step when no row is left to show them (only what these tests use) */
function keysAfter(keys: string[], s: Step): string[] {
  const c = compileRecipe(
    { ...SOURCE, columns: SOURCE.columns.filter((x) => keys.includes(x.key)) },
    [s],
    { others: OTHERS },
  );
  return c.error ? keys : c.cols.map((x) => x.key);
}

function normal(rows: RefRow[]) {
  return rows
    .map((r) => ({
      _row: r._row,
      values: Object.fromEntries(
        Object.entries(r.values).map(([k, v]) => [
          k,
          typeof v === 'number' ? Math.round(v * 1e9) / 1e9 + 0 : v,
        ]),
      ),
    }))
    .sort((a, b) => a._row - b._row);
}

async function check(stepArb: fc.Arbitrary<StepInput[]>, runs = 40) {
  await fc.assert(
    fc.asyncProperty(mainRows, otherRows, stepArb, async (main, other, inputs) => {
      const steps = inputs.map(parsed);
      await load(main, other);
      expect(normal(await viaSql(steps))).toEqual(normal(viaMemory(main, other, steps)));
    }),
    { numRuns: runs },
  );
}

const base = { id: 's1', enabled: true };

describe('combining steps: SQL on the database = the same step in memory', () => {
  it('join: inner and left, one or two keys, the first matching row, prefixed columns', async () => {
    const join = fc.record({
      how: fc.constantFrom('inner', 'left') as fc.Arbitrary<'inner'>,
      on: fc.constantFrom<Array<{ left: string; right: string }>>(
        [{ left: 'n', right: 'n' }],
        [{ left: 'name', right: 'name' }],
        [
          { left: 'n', right: 'n' },
          { left: 'name', right: 'name' },
        ],
        [{ left: 'x', right: 'n' }],
      ),
      prefix: fc.constantFrom('Endline', 'x'),
    });
    await check(
      join.map((j) => [{ ...base, kind: 'join' as const, datasetId: OTHER_ID, ...j }]),
      60,
    );
  });

  it('append: union by column key, missing columns empty, appended rows after the source', async () => {
    await check(
      fc.constantFrom(
        [{ ...base, kind: 'append' as const, datasetId: OTHER_ID }],
        [
          { ...base, kind: 'append' as const, datasetId: OTHER_ID },
          { ...base, id: 's2', kind: 'append' as const, datasetId: OTHER_ID },
        ],
      ),
    );
  });

  it('group and aggregate: count, count distinct, sum, mean, median, min, max, with and without groups', async () => {
    const fn = fc.oneof(
      fc.record({ fn: fc.constant('count' as const), column: fc.constantFrom('', 'name', 'x') }),
      fc.record({
        fn: fc.constant('count_distinct' as const),
        column: fc.constantFrom('name', 'n', 'day'),
      }),
      fc.record({
        fn: fc.constantFrom('sum', 'mean', 'median') as fc.Arbitrary<'sum'>,
        column: fc.constantFrom('n', 'x'),
      }),
      fc.record({
        fn: fc.constantFrom('min', 'max') as fc.Arbitrary<'min'>,
        column: fc.constantFrom('n', 'x', 'day'),
      }),
    );
    const agg = fc.record({
      groupBy: fc.constantFrom<string[]>([], ['name'], ['n'], ['name', 'day']),
      aggregates: fc
        .array(fn, { minLength: 1, maxLength: 4 })
        .map((fs) => fs.map((f, i) => ({ ...f, label: `Figure ${i + 1}` }))),
    });
    await check(
      agg.map((a) => [{ ...base, kind: 'aggregate' as const, ...a }]),
      60,
    );
  });

  it('append then group: groups mix source and appended rows; join after a filter', async () => {
    await check(
      fc.constant([
        { ...base, kind: 'append' as const, datasetId: OTHER_ID },
        {
          ...base,
          id: 's2',
          kind: 'aggregate' as const,
          groupBy: ['name'],
          aggregates: [{ fn: 'sum' as const, column: 'n', label: 'Total' }],
        },
      ]),
      20,
    );
  });
});

describe('refusals and lineage', () => {
  const compile = (s: StepInput) => compileRecipe(SOURCE, [parsed(s)], { others: OTHERS }).error;

  it('names what is wrong, on its field', () => {
    expect(
      compile({
        ...base,
        kind: 'join',
        datasetId: OTHER_ID,
        how: 'left',
        on: [{ left: 'name', right: 'n' }],
        prefix: 'E',
      }),
    ).toEqual({
      stepIndex: 0,
      field: 'on.0.right',
      message:
        '“Name” is a text and “N” in “Endline” is a whole number: keys must have the same type.',
    });
    expect(
      compile({
        ...base,
        kind: 'join',
        datasetId: OTHER_ID,
        how: 'left',
        on: [{ left: 'name', right: 'nope' }],
        prefix: 'E',
      })?.message,
    ).toBe('There is no column “nope” in “Endline”.');
    expect(
      compile({
        ...base,
        kind: 'join',
        datasetId: '00000000-0000-4000-8000-000000000099',
        how: 'left',
        on: [{ left: 'n', right: 'n' }],
        prefix: 'E',
      }),
    ).toMatchObject({
      field: 'datasetId',
      message: 'Pick a dataset of this project that has data.',
    });
    expect(compile({ ...base, kind: 'append', datasetId: CLASH_ID })).toMatchObject({
      field: 'datasetId',
      message: '“N” is a whole number here and a text in “Clash”: change one of the types first.',
    });
    expect(
      compile({
        ...base,
        kind: 'aggregate',
        groupBy: [],
        aggregates: [{ fn: 'sum', column: 'name', label: 'S' }],
      }),
    ).toMatchObject({
      field: 'aggregates.0.column',
      message: '“Name” is not a number: pick a number column.',
    });
    expect(
      compile({
        ...base,
        kind: 'aggregate',
        groupBy: [],
        aggregates: [{ fn: 'max', column: 'name', label: 'S' }],
      })?.message,
    ).toBe('“Name” has no maximum: pick a number or a date.');
  });

  it('a run keeps the main source row; appended rows have none; a group keeps its first row', async () => {
    await load(
      [
        { name: 'a', n: 1, x: 1, day: null },
        { name: 'b', n: 2, x: 2, day: null },
        { name: 'a', n: 3, x: 3, day: null },
      ],
      [{ n: 2, name: 'z', score: 9 }],
    );
    const run = async (steps: StepInput[]) => {
      const c = compileRecipe(SOURCE, steps.map(parsed), { others: OTHERS });
      const r = (await database.db.execute(
        toDrizzle(
          `SELECT _row, _source_row FROM (${runSelect(c)}) q ORDER BY _row`,
          c.params.values,
        ),
      )) as unknown as { rows: Array<{ _row: unknown; _source_row: unknown }> };
      return r.rows.map((x) => [
        Number(x._row),
        x._source_row === null ? null : Number(x._source_row),
      ]);
    };
    expect(
      await run([
        {
          ...base,
          kind: 'join',
          datasetId: OTHER_ID,
          how: 'inner',
          on: [{ left: 'n', right: 'n' }],
          prefix: 'E',
        },
      ]),
    ).toEqual([[1, 2]]);
    expect(await run([{ ...base, kind: 'append', datasetId: OTHER_ID }])).toEqual([
      [1, 1],
      [2, 2],
      [3, 3],
      [4, null],
    ]);
    expect(
      await run([
        {
          ...base,
          kind: 'aggregate',
          groupBy: ['name'],
          aggregates: [{ fn: 'count', column: '', label: 'Rows' }],
        },
      ]),
    ).toEqual([
      [1, 1],
      [2, 2],
    ]);
    expect(APPEND_BASE).toBeGreaterThan(2 ** 32);
  });
});
