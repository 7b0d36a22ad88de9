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
 * Each step type, compiled to SQL and run on a real database, against a plain in-memory
 * computation of the same step (transformations.reference.ts) on generated rows.
 */
let database: Database;
beforeAll(async () => {
  database = await freshDatabase();
  await database.exec(
    'CREATE TABLE ds.v_00000000000000000000000000000001 (_row bigint PRIMARY KEY, c1 text, c2 bigint, c3 numeric, c4 text)',
  );
});
afterAll(() => database.close());

const SOURCE: RecipeSource = {
  relation: 'ds."v_00000000000000000000000000000001"',
  columns: [
    { key: 'name', label: 'Name', type: 'text', physical: 'c1' },
    { key: 'n', label: 'N', type: 'integer', physical: 'c2' },
    { key: 'x', label: 'X', type: 'decimal', physical: 'c3' },
    { key: 'tag', label: 'Tag', type: 'text', physical: 'c4' },
  ],
};
const NUMERIC = new Set(['n', 'x']);

const textValue = fc.option(
  fc.string({
    unit: fc.constantFrom('a', 'B', 'm', 'M', ' ', '\t', '-', '1', '2', ','),
    maxLength: 6,
  }),
  { nil: null },
);
const row = fc.record({
  name: textValue,
  n: fc.option(fc.integer({ min: -20, max: 20 }), { nil: null }),
  x: fc.option(
    fc.integer({ min: -500, max: 500 }).map((i) => i / 100),
    { nil: null },
  ),
  tag: fc.oneof(
    textValue,
    fc.constantFrom(
      '2024-02-29',
      '2023-02-29',
      '2024/1/5',
      'yes',
      'No',
      ' 1,234 ',
      '1e3',
      '-0.5',
      '12',
      '0',
      '1,23',
    ),
  ),
});
const rowsArb = fc.array(row, { maxLength: 25 });

async function load(rows: Array<Record<string, Value>>) {
  await database.exec('DELETE FROM ds.v_00000000000000000000000000000001');
  if (!rows.length) return;
  const json = JSON.stringify(
    rows.map((r, i) => ({ _row: i + 1, c1: r.name, c2: r.n, c3: r.x, c4: r.tag })),
  );
  await database.db.execute(
    sql`INSERT INTO ds.v_00000000000000000000000000000001 SELECT * FROM jsonb_to_recordset(${json}::jsonb) AS r(_row bigint, c1 text, c2 bigint, c3 numeric, c4 text)`,
  );
}

const parsed = (s: StepInput): Step => stepSchema.parse(s);

/** The recipe run in SQL, as rows of typed values by key */
async function viaSql(steps: Step[]): Promise<RefRow[]> {
  const c = compileRecipe(SOURCE, steps);
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
        return [
          col.key,
          v === null ? null : numeric ? Number(v) : col.type === 'boolean' ? v[0] : v,
        ];
      }),
    ),
  }));
}

function viaMemory(rows: Array<Record<string, Value>>, steps: Step[]): RefRow[] {
  let out: RefRow[] = rows.map((values, i) => ({ _row: i + 1, values: { ...values } }));
  for (const s of steps) out = applyStep(out, s, NUMERIC);
  return out;
}

/** Numbers compared to 9 decimals (SQL numeric is exact, JavaScript's are doubles) */
function normal(rows: RefRow[]) {
  return rows.map((r) => ({
    _row: r._row,
    values: Object.fromEntries(
      Object.entries(r.values).map(([k, v]) => [
        k,
        typeof v === 'number' ? Math.round(v * 1e9) / 1e9 + 0 : v,
      ]),
    ),
  }));
}

async function check(stepArb: fc.Arbitrary<StepInput[]>, runs = 40) {
  await fc.assert(
    fc.asyncProperty(rowsArb, stepArb, async (rows, inputs) => {
      const steps = inputs.map(parsed);
      await load(rows);
      expect(normal(await viaSql(steps))).toEqual(normal(viaMemory(rows, steps)));
    }),
    { numRuns: runs },
  );
}

const base = { id: 's1', enabled: true };
const textCols = fc.subarray(['name', 'tag'], { minLength: 1 });

describe('each step type: SQL on the database = the same step in memory', () => {
  it('clean-up: trim, lower, upper, remove characters, replace with a mapping', async () => {
    const cleanup = fc.oneof(
      fc.record({
        op: fc.constantFrom('trim', 'lower', 'upper') as fc.Arbitrary<'trim'>,
        columns: textCols,
      }),
      fc.record({
        op: fc.constant('remove' as const),
        columns: textCols,
        characters: fc.constantFrom('-', ' ,', 'aB1'),
      }),
      fc.record({
        op: fc.constant('replace' as const),
        columns: textCols,
        loose: fc.boolean(),
        mapping: fc.array(
          fc.record({
            from: fc.constantFrom('m', 'M ', 'a', ' B', ''),
            to: fc.constantFrom('male', '', 'x'),
          }),
          {
            minLength: 1,
            maxLength: 3,
          },
        ),
      }),
    );
    await check(
      cleanup.map((c) => [{ ...base, kind: 'cleanup' as const, ...c }]),
      60,
    );
  });

  it('standardise dates: mixed ways of writing dates, in either declared order (SQL = dates.ts)', async () => {
    const part = (max: number, w: number) =>
      fc.integer({ min: 0, max }).map((n) => String(n).padStart(w, '0'));
    const sep = fc.constantFrom('-', '/', '.', ' ', ', ');
    const word = fc.constantFrom('Mar', 'march', 'Sept', 'sep.', 'FEB', 'Jun', 'Marx', '5th', '');
    const dateText = fc.oneof(
      fc.tuple(part(2100, 4), sep, part(13, 1), sep, part(32, 2)).map((p) => p.join('')),
      fc.tuple(part(32, 2), sep, part(13, 1), sep, part(2100, 4)).map((p) => p.join('')),
      fc.tuple(part(31, 1), sep, word, sep, part(2100, 4)).map((p) => p.join('')),
      fc.tuple(word, sep, part(31, 1), sep, part(2100, 4)).map((p) => p.join('')),
      fc.constantFrom('2024-02-29', '2023-02-29', ' 5 Mar 2024 ', '05/03/24', 'unknown', null),
    );
    const rows = fc.array(
      fc.record({ name: dateText, n: fc.constant(null), x: fc.constant(null), tag: dateText }),
      { maxLength: 25 },
    );
    const step = fc
      .record({
        columns: textCols,
        dateOrder: fc.constantFrom<Array<'dmy' | 'mdy'>>(
          ['dmy', 'mdy'],
          ['mdy', 'dmy'],
          ['dmy'],
          ['mdy'],
        ),
      })
      .map((c) => parsed({ ...base, kind: 'cleanup', op: 'dates', ...c }));
    await fc.assert(
      fc.asyncProperty(rows, step, async (data, s) => {
        await load(data);
        expect(await viaSql([s])).toEqual(viaMemory(data, [s]));
      }),
      { numRuns: 80 },
    );
  });

  it('fill missing: a constant, the mean, the median, the previous value', async () => {
    const fill = fc.oneof(
      fc.record({
        column: fc.constant('name'),
        method: fc.constant('constant' as const),
        value: fc.constant('unknown'),
      }),
      fc.record({
        column: fc.constant('n'),
        method: fc.constant('constant' as const),
        value: fc.constant('7'),
      }),
      fc.record({
        column: fc.constant('x'),
        method: fc.constantFrom('mean', 'median') as fc.Arbitrary<'mean'>,
      }),
      fc.record({ column: fc.constant('n'), method: fc.constant('median' as const) }),
      fc.record({
        column: fc.constantFrom('name', 'n', 'x', 'tag'),
        method: fc.constant('previous' as const),
      }),
    );
    await check(fill.map((f) => [{ ...base, kind: 'fill' as const, ...f }]));
  });

  it('filter rows: comparisons, and/or/not, arithmetic (the expression language’s evaluator as reference)', async () => {
    const atom = fc.oneof(
      fc
        .tuple(fc.constantFrom('=', '!=', '<', '<=', '>', '>='), fc.integer({ min: -10, max: 10 }))
        .map(([op, k]) => `\${n} ${op} ${k}`),
      fc
        .tuple(fc.constantFrom('<', '>=', '!='), fc.integer({ min: -300, max: 300 }))
        .map(([op, k]) => `\${x} ${op} ${k / 100}`),
      fc
        .tuple(fc.constantFrom('=', '!='), fc.constantFrom('a', 'm', 'M', '', ' a'))
        .map(([op, v]) => `\${name} ${op} '${v}'`),
      fc.constantFrom(
        '${n} + ${x} > 1',
        '${n} * 2 - 3 <= ${x}',
        '${n} mod 3 = 1',
        '${x} div ${n} > 0.5',
        "contains(${tag}, 'a')",
        "starts-with(${name}, 'm')",
      ),
    );
    const cond = fc.array(atom, { minLength: 1, maxLength: 3 }).chain((atoms) =>
      fc.tuple(fc.constantFrom(' and ', ' or '), fc.boolean()).map(([j, neg]) => {
        const e = atoms.join(j);
        return neg ? `not(${e})` : e;
      }),
    );
    await check(
      cond.map((expression) => [{ ...base, kind: 'filter' as const, expression }]),
      80,
    );
  });

  it('column names and types: text to numbers, yes/no, dates (the importer’s conversion as reference), failures nulled, defaulted or dropped', async () => {
    const DEFAULTS = { integer: '1', decimal: '1.5', boolean: 'yes', date: '2000-01-01' };
    const change = fc.record({
      column: fc.constantFrom('name', 'tag'),
      type: fc.constantFrom('integer', 'decimal', 'boolean', 'date') as fc.Arbitrary<'integer'>,
      onFail: fc.constantFrom('null', 'default', 'drop') as fc.Arbitrary<'null'>,
      default: fc.constant('1'),
      label: fc.constantFrom('', 'Renamed'),
    });
    await check(
      change.map((ch) => [
        { ...base, kind: 'columns' as const, changes: [{ ...ch, default: DEFAULTS[ch.type] }] },
      ]),
      60,
    );
  });

  it('derived column from an expression', async () => {
    const expression = fc.constantFrom(
      '${n} * 2 + ${x}',
      '${x} div ${n}',
      '-${n} + 1.5',
      'abs(${x}) - ${n}',
      '${n} mod 4',
    );
    await check(
      expression.map((e) => [{ ...base, kind: 'derive' as const, label: 'Score', expression: e }]),
    );
  });

  it('recode numbers into bins', async () => {
    const bins = fc
      .uniqueArray(fc.integer({ min: -20, max: 20 }), { minLength: 1, maxLength: 4 })
      .map((b) => [...b].sort((p, q) => p - q))
      .map((breaks) => ({
        ...base,
        kind: 'bins' as const,
        column: 'n',
        label: 'Band',
        breaks,
        labels: [...breaks.map((_, i) => `b${i}`), 'top'],
      }));
    await check(bins.map((s) => [s]));
  });

  it('deduplicate on chosen columns, keeping the first or the last', async () => {
    const dedupe = fc.record({
      columns: fc.subarray(['name', 'n', 'tag'], { minLength: 1 }),
      keep: fc.constantFrom('first', 'last') as fc.Arbitrary<'first'>,
    });
    await check(
      dedupe.map((d) => [{ ...base, kind: 'dedupe' as const, ...d }]),
      60,
    );
  });

  it('a whole recipe: steps chained (trim, recode, filter, dedupe, derive)', async () => {
    const steps: StepInput[] = [
      { id: 'a', enabled: true, kind: 'cleanup', op: 'trim', columns: ['name', 'tag'] },
      {
        id: 'b',
        enabled: true,
        kind: 'cleanup',
        op: 'replace',
        columns: ['name'],
        mapping: [{ from: 'm', to: 'male' }],
      },
      { id: 'c', enabled: true, kind: 'filter', expression: "${tag} != '-'" },
      { id: 'd', enabled: true, kind: 'dedupe', columns: ['name'], keep: 'last' },
      { id: 'e', enabled: true, kind: 'derive', label: 'Twice', expression: '${n} * 2' },
    ];
    await check(fc.constant(steps), 60);
  });
});

describe('what the compiler refuses', () => {
  const compile = (s: StepInput) => compileRecipe(SOURCE, [parsed(s)]).error;

  it('an unknown column or function, a text compared with <, positioned', () => {
    expect(compile({ ...base, kind: 'filter', expression: '${age} > 3' })).toMatchObject({
      field: 'expression',
      message: 'Unknown column `age` (at character 1).',
    });
    expect(
      compile({ ...base, kind: 'filter', expression: "${n} > 1 and today() > '2024-01-01'" })
        ?.message,
    ).toMatch(
      /`today` cannot be used in a transformation \(it has no SQL form\) \(at character 14\)/,
    );
    expect(compile({ ...base, kind: 'filter', expression: "${name} < 'b'" })?.message).toMatch(
      /Texts are compared with = or != only/,
    );
    expect(compile({ ...base, kind: 'filter', expression: "${n} = 'abc'" })?.message).toMatch(
      /“abc” is not a number \(at character 8\)/,
    );
  });

  it('clean-ups of number columns, a mean of texts, a fill value of the wrong type', () => {
    expect(compile({ ...base, kind: 'cleanup', op: 'trim', columns: ['n'] })?.field).toBe(
      'columns',
    );
    expect(compile({ ...base, kind: 'fill', column: 'name', method: 'mean' })?.field).toBe(
      'column',
    );
    expect(
      compile({ ...base, kind: 'fill', column: 'n', method: 'constant', value: 'many' })?.field,
    ).toBe('value');
  });

  it('never puts user text in the SQL: values are parameters', () => {
    const evil = "x'); DROP TABLE users; --";
    const c = compileRecipe(SOURCE, [
      parsed({
        ...base,
        kind: 'cleanup',
        op: 'replace',
        columns: ['name'],
        mapping: [{ from: evil, to: evil }],
      }),
      parsed({ id: 's2', enabled: true, kind: 'filter', expression: `\${name} != "${evil}"` }),
      parsed({ id: 's3', enabled: true, kind: 'derive', label: evil, expression: '${n} + 1' }),
    ]);
    expect(c.error).toBeNull();
    expect(c.ctes.join(' ')).not.toContain('DROP');
    expect(c.params.values).toContain(evil);
  });
});
