import fc from 'fast-check';
import type { BinaryOp } from '../../src/shared/expressions/ast.js';
import { FUNCTIONS, type Expr } from '../../src/shared/expressions/index.js';
import type { Answer } from '../../src/shared/expressions/values.js';

/** fast-check arbitraries for the expression language (ASTs without positions, answers). */
export const FIELDS = ['a', 'b', 'q', 'd', 'first-name'];
const at = { start: 0, end: 0 };
const OPS: BinaryOp[] = ['or', 'and', '=', '!=', '<', '<=', '>', '>=', '+', '-', '*', 'div', 'mod'];
const CALLABLE = Object.entries(FUNCTIONS)
  .filter(([name]) => name !== 'regex')
  .map(([name, spec]) => ({ name, min: spec.min, max: Math.min(spec.max, 3) }));

const text = fc
  .oneof(
    fc.constantFrom('', 'yes', 'no', 'x y', '12', '2024-05-01', ' 3 ', 'apple'),
    fc.string({ maxLength: 8 }),
  )
  .filter((s) => !(s.includes("'") && s.includes('"')));

const leaf: fc.Arbitrary<Expr> = fc.oneof(
  fc
    .oneof(
      fc.integer({ min: 0, max: 100_000 }),
      fc.integer({ min: 0, max: 100_000 }).map((n) => n / 1000),
    )
    .map((value) => ({ type: 'number' as const, value, ...at })),
  text.map((value) => ({ type: 'string' as const, value, ...at })),
  fc.constantFrom(...FIELDS).map((name) => ({ type: 'ref' as const, name, ...at })),
  // bare names (a choice filter's choice columns, a metric formula's keys), keywords included
  fc
    .constantFrom('a', 'state', 'div')
    .map((name) => ({ type: 'ref' as const, name, bare: true as const, ...at })),
  fc.constant({ type: 'current' as const, ...at }),
);

export const expr: fc.Arbitrary<Expr> = fc.letrec<{ e: Expr }>((tie) => ({
  e: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leaf,
    tie('e').map((arg) => ({ type: 'unary' as const, op: '-' as const, arg, ...at })),
    fc
      .record({ op: fc.constantFrom(...OPS), left: tie('e'), right: tie('e') })
      .map((b) => ({ type: 'binary' as const, ...b, ...at })),
    fc
      .constantFrom(...CALLABLE)
      .chain((f) =>
        fc
          .array(tie('e'), { minLength: f.min, maxLength: f.max })
          .map((args) => ({ type: 'call' as const, name: f.name, args, ...at })),
      ),
    fc.record({ s: tie('e'), p: fc.constantFrom('^a', '[0-9]+', 'x|y', '^$') }).map(({ s, p }) => ({
      type: 'call' as const,
      name: 'regex',
      args: [s, { type: 'string' as const, value: p, ...at }],
      ...at,
    })),
  ),
})).e;

const answer: fc.Arbitrary<Answer> = fc.oneof(
  fc.constantFrom<Answer>(
    '',
    null,
    undefined,
    '0',
    '7',
    '-2.5',
    'yes',
    'x y',
    '2024-05-01',
    '1990-12-31T08:30:00Z',
  ),
  fc.integer({ min: -50, max: 50 }),
  fc.boolean(),
  fc.array(fc.constantFrom('x', 'y', 'z', '3'), { maxLength: 3 }),
  fc.string({ maxLength: 5 }),
);

export const answers = fc.record(Object.fromEntries(FIELDS.map((f) => [f, answer])), {
  requiredKeys: [],
});
export const current = answer;

/** A value as comparable text: the type and XPath text, numbers exactly (NaN, -0 included). */
export function describeValue(v: unknown): string {
  if (typeof v === 'number') return `number:${Object.is(v, -0) ? '-0' : String(v)}`;
  return `${typeof v}:${JSON.stringify(v)}`;
}
