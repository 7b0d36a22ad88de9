import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../platform/db/client.js';
import { freshDatabase } from '../../../../test/helpers/database.js';
import { stepSchema, type Step, type StepInput } from '../../../shared/transformations/steps.js';
import { compileRecipe, rowsSelect, type RecipeSource } from './transformations.compile.js';
import { applyStep, type RefRow, type Value } from './transformations.reference.js';
import { toDrizzle } from './transformations.sql.js';

/*
 * Split and merge columns: the compiled SQL on a real database against the same step in memory
 * (transformations.reference-reshape.ts) on generated rows.
 */
let database: Database;
const REL = 'ds.v_00000000000000000000000000000002';
beforeAll(async () => {
  database = await freshDatabase();
  await database.exec(`CREATE TABLE ${REL} (_row bigint PRIMARY KEY, c1 text, c2 bigint, c3 text)`);
});
afterAll(() => database.close());

const SOURCE: RecipeSource = {
  relation: 'ds."v_00000000000000000000000000000002"',
  columns: [
    { key: 'name', label: 'Name', type: 'text', physical: 'c1' },
    { key: 'n', label: 'N', type: 'integer', physical: 'c2' },
    { key: 'tag', label: 'Tag', type: 'category', physical: 'c3' },
  ],
};

const textValue = fc.option(
  fc.string({ unit: fc.constantFrom('a', 'B', ' ', ',', '-', '1', ', '), maxLength: 8 }),
  { nil: null },
);
const rowsArb = fc.array(
  fc.record({
    name: textValue,
    n: fc.option(fc.integer({ min: -20, max: 20 }), { nil: null }),
    tag: textValue,
  }),
  { maxLength: 25 },
);

async function load(rows: Array<Record<string, Value>>) {
  await database.exec(`DELETE FROM ${REL}`);
  if (!rows.length) return;
  const json = JSON.stringify(
    rows.map((r, i) => ({ _row: i + 1, c1: r.name, c2: r.n, c3: r.tag })),
  );
  await database.db.execute(
    sql`INSERT INTO ${sql.raw(REL)} SELECT * FROM jsonb_to_recordset(${json}::jsonb) AS r(_row bigint, c1 text, c2 bigint, c3 text)`,
  );
}

async function viaSql(steps: Step[]): Promise<RefRow[]> {
  const c = compileRecipe(SOURCE, steps);
  if (c.error) throw new Error(c.error.message);
  const r = (await database.db.execute(
    toDrizzle(rowsSelect(c, c.stages.length, 1000), c.params.values),
  )) as unknown as { rows: Array<Record<string, string | null>> };
  return r.rows.map((x) => ({
    _row: Number(x._row),
    values: Object.fromEntries(
      c.cols.map((col) => {
        const v = x[col.ident];
        return [col.key, v !== null && col.type === 'integer' ? Number(v) : v];
      }),
    ),
  }));
}

function viaMemory(rows: Array<Record<string, Value>>, steps: Step[]): RefRow[] {
  let out: RefRow[] = rows.map((values, i) => ({ _row: i + 1, values: { ...values } }));
  for (const s of steps) out = applyStep(out, s, new Set(['n']));
  return out;
}

async function check(stepArb: fc.Arbitrary<StepInput[]>) {
  await fc.assert(
    fc.asyncProperty(rowsArb, stepArb, async (rows, inputs) => {
      const steps = inputs.map((s) => stepSchema.parse(s));
      await load(rows);
      expect(await viaSql(steps)).toEqual(viaMemory(rows, steps));
    }),
    { numRuns: 50 },
  );
}

const base = { id: 's1', enabled: true };
const delimiter = fc.constantFrom(',', '-', ' ', ', ', 'a');

describe('split and merge columns: SQL on the database = the same step in memory', () => {
  it('split into N columns, or keep the first or the last part', async () => {
    await check(
      fc
        .record({
          column: fc.constantFrom('name', 'tag'),
          delimiter,
          into: fc.constantFrom('parts', 'first', 'last') as fc.Arbitrary<'parts'>,
          count: fc.integer({ min: 2, max: 4 }),
          label: fc.constantFrom('Part', 'Name', 'N'),
        })
        .map((s) => [{ ...base, kind: 'split' as const, ...s }]),
    );
  });

  it('merge chosen columns (texts and numbers) with a separator, empty values left out', async () => {
    await check(
      fc
        .record({
          columns: fc.shuffledSubarray(['name', 'n', 'tag'], { minLength: 2 }),
          separator: fc.constantFrom(' ', '', ' - ', ','),
          label: fc.constantFrom('Full', 'Name'),
        })
        .map((s) => [{ ...base, kind: 'merge' as const, ...s }]),
    );
  });

  it('a split then a merge of its parts', async () => {
    await check(
      fc.constant([
        {
          ...base,
          kind: 'split',
          column: 'name',
          delimiter: ',',
          into: 'parts',
          count: 3,
          label: 'P',
        },
        {
          id: 's2',
          enabled: true,
          kind: 'merge',
          columns: ['p_1', 'p_2', 'p_3'],
          separator: ',',
          label: 'Back',
        },
      ] as StepInput[]),
    );
  });

  it('refuses a number to split, a column picked twice, and names them', () => {
    const err = (s: StepInput) => compileRecipe(SOURCE, [stepSchema.parse(s)]).error;
    expect(
      err({ ...base, kind: 'split', column: 'n', delimiter: ',', into: 'first', label: 'X' })
        ?.field,
    ).toBe('column');
    expect(
      err({ ...base, kind: 'merge', columns: ['name', 'name'], separator: ' ', label: 'X' })?.field,
    ).toBe('columns.1');
    expect(
      stepSchema.safeParse({
        ...base,
        kind: 'split',
        column: 'name',
        delimiter: '',
        into: 'first',
        label: 'X',
      }).success,
    ).toBe(false);
  });
});
