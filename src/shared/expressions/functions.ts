import {
  items,
  toBoolean,
  toDate,
  toNumber,
  toText,
  type DateValue,
  type Value,
} from './values.js';

interface FunctionSpec {
  min: number;
  max: number;
  help: string;
  run(args: Value[], env: { now: number; position?: number }): Value;
}

const DAY_MS = 86_400_000;
const num = (v: Value) => toNumber(v);
/** Every number under the arguments: a repeat's values or several arguments (sum(), max(), …). */
const numbers = (args: Value[]): number[] =>
  args.flatMap((a) =>
    typeof a === 'object' && a.kind === 'nodes' ? a.items.map((s) => toNumber(s)) : [num(a)],
  );
const ratio = (a: number, b: number) => (b === 0 ? Number.NaN : a / b);
const fn = (min: number, max: number, help: string, run: FunctionSpec['run']): FunctionSpec => ({
  min,
  max,
  help,
  run,
});

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const MONTHS =
  'January February March April May June July August September October November December'.split(
    ' ',
  );
function formatDate(d: DateValue, format: string): string {
  if (!Number.isFinite(d.ms)) return '';
  const t = new Date(d.ms);
  const parts: Record<string, string> = {
    Y: pad(t.getUTCFullYear(), 4),
    y: pad(t.getUTCFullYear() % 100),
    m: pad(t.getUTCMonth() + 1),
    n: String(t.getUTCMonth() + 1),
    b: MONTHS[t.getUTCMonth()].slice(0, 3),
    d: pad(t.getUTCDate()),
    e: String(t.getUTCDate()),
    H: pad(t.getUTCHours()),
    h: String(t.getUTCHours()),
    M: pad(t.getUTCMinutes()),
    S: pad(t.getUTCSeconds()),
  };
  return format.replace(/%([A-Za-z%])/g, (all, c: string) => (c === '%' ? '%' : (parts[c] ?? all)));
}

function regexTest(text: string, pattern: string): boolean {
  try {
    return new RegExp(pattern, 'u').test(text);
  } catch {
    return false;
  }
}

/** Whether `pattern` is a regular expression the evaluator accepts (checked on literal patterns). */
export function regexError(pattern: string): string | null {
  try {
    new RegExp(pattern, 'u');
    return null;
  } catch (e) {
    return (e as Error).message;
  }
}

/**
 * The supported functions (docs/architecture.md lists them). Arity is checked when parsing; an
 * unknown name is a positioned parse error.
 */
export const FUNCTIONS: Record<string, FunctionSpec> = {
  // multiple choice
  selected: fn(2, 2, 'selected(${q}, value): the choice is ticked', ([a, v]) =>
    items(a).includes(toText(v)),
  ),
  'count-selected': fn(
    1,
    1,
    'count-selected(${q}): how many choices are ticked',
    ([a]) => items(a).length,
  ),
  'selected-at': fn(
    2,
    2,
    'selected-at(${q}, n): the n-th ticked choice (from 0)',
    ([a, i]) => items(a)[num(i)] ?? '',
  ),
  // repeat groups
  count: fn(1, 1, 'count(${repeat}): how many instances a repeat has', ([a]) =>
    typeof a === 'object' && a.kind === 'nodes' ? a.items.length : toText(a) === '' ? 0 : 1,
  ),
  position: fn(
    0,
    0,
    'position(..): the number of this repeat instance (from 1)',
    (_, env) => env.position ?? Number.NaN,
  ),
  // logic
  if: fn(3, 3, 'if(condition, then, else)', ([c, a, b]) => (toBoolean(c) ? a : b)),
  coalesce: fn(2, 2, 'coalesce(a, b): a unless it is empty, else b', ([a, b]) =>
    toText(a) !== '' ? a : b,
  ),
  not: fn(1, 1, 'not(a)', ([a]) => !toBoolean(a)),
  true: fn(0, 0, 'true()', () => true),
  false: fn(0, 0, 'false()', () => false),
  boolean: fn(1, 1, 'boolean(a)', ([a]) => toBoolean(a)),
  // text
  regex: fn(2, 2, 'regex(text, pattern): the pattern matches somewhere in the text', ([s, p]) =>
    regexTest(toText(s), toText(p)),
  ),
  contains: fn(2, 2, 'contains(text, part)', ([s, p]) => toText(s).includes(toText(p))),
  'starts-with': fn(2, 2, 'starts-with(text, part)', ([s, p]) => toText(s).startsWith(toText(p))),
  'ends-with': fn(2, 2, 'ends-with(text, part)', ([s, p]) => toText(s).endsWith(toText(p))),
  concat: fn(1, Infinity, 'concat(a, b, …)', (args) => args.map(toText).join('')),
  'string-length': fn(1, 1, 'string-length(text)', ([s]) => [...toText(s)].length),
  substr: fn(
    2,
    3,
    'substr(text, start, end?): characters from start (0-based) to before end',
    ([s, a, b]) => {
      const chars = [...toText(s)];
      const from = Math.max(0, Math.trunc(num(a)) || 0);
      const to = b === undefined ? chars.length : Math.trunc(num(b)) || 0;
      return chars.slice(from, Math.max(from, to)).join('');
    },
  ),
  'substring-before': fn(2, 2, 'substring-before(text, part)', ([s, p]) => {
    const t = toText(s);
    const i = t.indexOf(toText(p));
    return i < 0 ? '' : t.slice(0, i);
  }),
  'substring-after': fn(2, 2, 'substring-after(text, part)', ([s, p]) => {
    const t = toText(s);
    const part = toText(p);
    const i = t.indexOf(part);
    return i < 0 ? '' : t.slice(i + part.length);
  }),
  translate: fn(3, 3, 'translate(text, from, to): replace characters one for one', ([s, f, t]) => {
    const from = [...toText(f)];
    const to = [...toText(t)];
    return [...toText(s)]
      .map((c) => {
        const i = from.indexOf(c);
        return i < 0 ? c : (to[i] ?? '');
      })
      .join('');
  }),
  'normalize-space': fn(1, 1, 'normalize-space(text)', ([s]) =>
    toText(s).trim().split(/\s+/).join(' '),
  ),
  string: fn(1, 1, 'string(a)', ([a]) => toText(a)),
  // numbers
  number: fn(1, 1, 'number(a)', ([a]) => num(a)),
  int: fn(1, 1, 'int(a): the whole part', ([a]) => Math.trunc(num(a))),
  round: fn(1, 2, 'round(a, digits?)', ([a, d]) => {
    const f = 10 ** (d === undefined ? 0 : Math.trunc(num(d)));
    return Math.round(num(a) * f) / f;
  }),
  abs: fn(1, 1, 'abs(a)', ([a]) => Math.abs(num(a))),
  pow: fn(2, 2, 'pow(a, b)', ([a, b]) => num(a) ** num(b)),
  sum: fn(1, Infinity, 'sum(a, b, …): the total (of a repeat’s values too)', (args) =>
    numbers(args).reduce((x, y) => x + y, 0),
  ),
  average: fn(1, Infinity, 'average(a, b, …): the mean', (args) => {
    const xs = numbers(args);
    return xs.length === 0 ? Number.NaN : xs.reduce((x, y) => x + y, 0) / xs.length;
  }),
  min: fn(1, Infinity, 'min(a, b, …): the smallest', (args) => {
    const xs = numbers(args);
    return xs.length === 0 ? Number.NaN : Math.min(...xs);
  }),
  max: fn(1, Infinity, 'max(a, b, …): the largest', (args) => {
    const xs = numbers(args);
    return xs.length === 0 ? Number.NaN : Math.max(...xs);
  }),
  ratio: fn(2, 2, 'ratio(a, b): a divided by b', ([a, b]) => ratio(num(a), num(b))),
  percent: fn(2, 2, 'percent(a, b): a as a percentage of b', ([a, b]) =>
    ratio(num(a) * 100, num(b)),
  ),
  // dates (UTC)
  today: fn(0, 0, 'today(): the date', (_, env) => ({
    kind: 'date',
    ms: Math.floor(env.now / DAY_MS) * DAY_MS,
    time: false,
  })),
  now: fn(0, 0, 'now(): the date and time', (_, env) => ({
    kind: 'date',
    ms: env.now,
    time: true,
  })),
  date: fn(1, 1, 'date(a): a date from YYYY-MM-DD or a number of days since 1970-01-01', ([a]) => {
    const d = toDate(a);
    return { kind: 'date', ms: Math.floor(d.ms / DAY_MS) * DAY_MS, time: false };
  }),
  'decimal-date-time': fn(
    1,
    1,
    'decimal-date-time(a): days since 1970-01-01, with the time as a fraction',
    ([a]) => toNumber(toDate(a)),
  ),
  'format-date': fn(2, 2, 'format-date(date, format): %Y %y %m %n %b %d %e %H %h %M %S', ([d, f]) =>
    formatDate(toDate(d), toText(f)),
  ),
};

export const isFunction = (name: string): boolean => Object.hasOwn(FUNCTIONS, name);
