import { check, references, walk, type Expr } from '../expressions/ast.js';
import { evaluate as evaluateExpression } from '../expressions/evaluate.js';
import { parse } from '../expressions/parse.js';
import { toNumber } from '../expressions/values.js';

/**
 * Metric formulas over data point keys, e.g. `percent(girls_passing, girls_tested)`: the expression
 * language (src/shared/expressions, docs/architecture.md "Expression language") read as formulas
 * have always been written: a bare key is a data point (`${key}` works too), `/` divides, function
 * names are case-insensitive. Every error names the 0-based position where it was found.
 */
export const FORMULA_FUNCTIONS = {
  sum: { help: 'sum(a, b, …): the total' },
  average: { help: 'average(a, b, …): the mean' },
  ratio: { help: 'ratio(a, b): a divided by b' },
  percent: { help: 'percent(a, b): a as a percentage of b' },
  min: { help: 'min(a, b, …): the smallest' },
  max: { help: 'max(a, b, …): the largest' },
} as const;
const FORMULA_MAX_LENGTH = 500;
const KEY_RE = /^[A-Za-z_][A-Za-z0-9_]*$/;

export type FormulaAst = Expr;

interface FormulaError {
  message: string;
  position: number;
}
export type ParseResult = { ok: true; ast: FormulaAst } | { ok: false; error: FormulaError };

const fail = (message: string, position: number): ParseResult => ({
  ok: false,
  error: {
    message: `${message.replace(/\bexpression\b/g, 'formula')} at position ${position}`,
    position,
  },
});

/** Function names as written before: `SUM(a)` is `sum(a)`. Keeps the length, so positions hold. */
const lowerFunctions = (text: string) =>
  text.replace(/\b([A-Za-z_][A-Za-z0-9_]*)(?=\s*\()/g, (name) => {
    const lower = name.toLowerCase();
    return Object.hasOwn(FORMULA_FUNCTIONS, lower) ? lower : name;
  });

function parseAny(text: string): ParseResult {
  if (text.length > FORMULA_MAX_LENGTH)
    return fail(`The formula is longer than ${FORMULA_MAX_LENGTH} characters`, FORMULA_MAX_LENGTH);
  const r = parse(lowerFunctions(text));
  if (!r.ok) return fail(r.error.message, r.error.start);
  let bad: FormulaError | null = null;
  walk(r.ast, (n) => {
    if (bad) return;
    if (n.type === 'current') bad = { message: 'Unexpected `.`', position: n.start };
    if (n.type === 'ref' && !KEY_RE.test(n.name))
      bad = { message: 'Data point keys use letters, digits and underscores', position: n.start };
  });
  if (bad) return fail((bad as FormulaError).message, (bad as FormulaError).position);
  return { ok: true, ast: r.ast };
}

/** Parse a formula; every data point it names must be one of `knownKeys`. */
export function parseFormula(text: string, knownKeys: Iterable<string>): ParseResult {
  const r = parseAny(text);
  if (!r.ok) return r;
  const [unknown] = check(r.ast, knownKeys, { noun: 'data point' });
  return unknown ? fail(unknown.message, unknown.start) : r;
}

/** Parse with any key accepted (to find the keys a new metric's formula names). */
export const parseFormulaAnyKeys = (text: string): ParseResult => parseAny(text);

/** The data point keys a formula uses, in order of first use. */
export const formulaKeys = (ast: FormulaAst): string[] => references(ast);

/**
 * Evaluate a formula. A missing value makes the result unknown (null); so does dividing by zero
 * (never Infinity or NaN): the expression language's empty answers and NaN, read as null.
 */
export function evaluate(
  ast: FormulaAst,
  values: Readonly<Record<string, number | null | undefined>>,
): number | null {
  const v = toNumber(evaluateExpression(ast, { answers: values, now: 0 }));
  return Number.isFinite(v) ? v : null;
}
