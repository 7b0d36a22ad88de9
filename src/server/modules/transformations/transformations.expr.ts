import type { Expr } from '../../../shared/expressions/ast.js';
import { parse } from '../../../shared/expressions/parse.js';
import { convertValue } from '../../../shared/datasets/convert.js';
import type { ColumnType } from '../../../shared/datasets/column-types.js';
import { ident, type Params } from './transformations.sql.js';

/** A column as a step sees it: its key, label, type and generated SQL name */
export interface Col {
  key: string;
  label: string;
  type: ColumnType;
  ident: string;
}

/** What a compiled piece of an expression is, in SQL */
export type Kind = 'text' | 'number' | 'boolean' | 'date' | 'datetime' | 'multi';

interface Compiled {
  sql: string;
  kind: Kind;
  /** a literal text, kept so a comparison can read it as the other side's type */
  literal?: string;
  start: number;
  end: number;
}

/** An expression the compiler refuses, positioned in its text */
export class ExprError extends Error {
  constructor(
    message: string,
    readonly start: number,
    readonly end: number,
  ) {
    super(message);
  }
}

const KIND_OF: Record<ColumnType, Kind | null> = {
  text: 'text',
  category: 'text',
  integer: 'number',
  decimal: 'number',
  boolean: 'boolean',
  date: 'date',
  datetime: 'datetime',
  multi: 'multi',
  geopoint: null,
};

/** The dataset type a derived column of this kind gets */
export const TYPE_OF_KIND: Record<Kind, ColumnType | null> = {
  text: 'text',
  number: 'decimal',
  boolean: 'boolean',
  date: 'date',
  datetime: 'datetime',
  multi: null,
};

const KIND_WORD: Record<Kind, string> = {
  text: 'a text',
  number: 'a number',
  boolean: 'a yes/no value',
  date: 'a date',
  datetime: 'a date and time',
  multi: 'a list of choices',
};

const COMPARE = new Set(['=', '!=', '<', '<=', '>', '>=']);

/** A value as the XPath truth of the language: empty, 0 and false are false; never null */
function truth(c: Compiled): string {
  switch (c.kind) {
    case 'boolean':
      return `COALESCE(${c.sql}, false)`;
    case 'number':
      return `COALESCE(${c.sql} <> 0, false)`;
    case 'text':
      return `COALESCE(${c.sql} <> '', false)`;
    case 'multi':
      return `COALESCE(cardinality(${c.sql}) > 0, false)`;
    default:
      return `(${c.sql} IS NOT NULL)`;
  }
}

/**
 * Compile an expression of the shared language (src/shared/expressions) to SQL over the columns
 * `cols`: comparisons, and/or/not, arithmetic and a few functions. Anything else is an ExprError
 * at the part it is about. Values become parameters; column references their generated names.
 */
export function compileExpression(text: string, cols: readonly Col[], params: Params) {
  const parsed = parse(text);
  if (!parsed.ok) throw new ExprError(parsed.error.message, parsed.error.start, parsed.error.end);
  const byKey = new Map(cols.map((c) => [c.key, c]));

  /** a literal text read as `kind` (the other side of a comparison), or an error at it */
  const coerce = (c: Compiled, kind: Kind): Compiled => {
    if (c.literal === undefined || kind === 'text') return c;
    const bad = (what: string) => new ExprError(`“${c.literal}” is not ${what}`, c.start, c.end);
    if (kind === 'number') {
      const n = Number(c.literal.trim());
      if (c.literal.trim() === '' || !Number.isFinite(n)) throw bad('a number');
      return { ...c, sql: params.add(n, 'numeric'), kind };
    }
    if (kind === 'date' || kind === 'datetime' || kind === 'boolean') {
      const r = convertValue(kind, c.literal);
      if (!r.ok || r.value === null) throw bad(KIND_WORD[kind]);
      const cast = kind === 'datetime' ? 'timestamptz' : kind;
      return { ...c, sql: params.add(r.value, cast), kind };
    }
    throw bad(KIND_WORD[kind]);
  };

  const need = (c: Compiled, kind: Kind, what: string): Compiled => {
    const d = coerce(c, kind);
    if (d.kind !== kind)
      throw new ExprError(
        `${what} needs ${KIND_WORD[kind]} here, not ${KIND_WORD[d.kind]}`,
        c.start,
        c.end,
      );
    return d;
  };

  const run = (e: Expr): Compiled => {
    const at = { start: e.start, end: e.end };
    switch (e.type) {
      case 'number':
        return { sql: params.add(e.value, 'numeric'), kind: 'number', ...at };
      case 'string':
        return { sql: params.add(e.value, 'text'), kind: 'text', literal: e.value, ...at };
      case 'ref': {
        const col = byKey.get(e.name);
        if (!col) throw new ExprError(`Unknown column \`${e.name}\``, e.start, e.end);
        const kind = KIND_OF[col.type];
        if (!kind)
          throw new ExprError(
            `“${col.label}” (a location) cannot be used in an expression`,
            e.start,
            e.end,
          );
        return { sql: ident(col.ident), kind, ...at };
      }
      case 'current':
        throw new ExprError(
          '`.` has no meaning here: refer to a column as ${name}',
          e.start,
          e.end,
        );
      case 'unary':
        return {
          sql: `(- ${need(run(e.arg), 'number', 'A minus sign').sql})`,
          kind: 'number',
          ...at,
        };
      case 'binary':
        return binary(e, at);
      case 'call':
        return call(e, at);
    }
  };

  const binary = (
    e: Extract<Expr, { type: 'binary' }>,
    at: { start: number; end: number },
  ): Compiled => {
    if (e.op === 'and' || e.op === 'or')
      return {
        sql: `(${truth(run(e.left))} ${e.op.toUpperCase()} ${truth(run(e.right))})`,
        kind: 'boolean',
        ...at,
      };
    let l = run(e.left);
    let r = run(e.right);
    if (COMPARE.has(e.op)) {
      // `${x} = ''` and `${x} != ''`: is (not) empty, whatever the column's type
      const empty = r.literal === '' ? l : l.literal === '' ? r : null;
      if (empty && (e.op === '=' || e.op === '!=')) {
        const isEmpty =
          empty.kind === 'text' ? `(COALESCE(${empty.sql}, '') = '')` : `(${empty.sql} IS NULL)`;
        return { sql: e.op === '=' ? isEmpty : `(NOT ${isEmpty})`, kind: 'boolean', ...at };
      }
      if (l.literal !== undefined && r.literal === undefined) l = coerce(l, r.kind);
      if (r.literal !== undefined && l.literal === undefined) r = coerce(r, l.kind);
      if (l.kind !== r.kind)
        throw new ExprError(
          `Cannot compare ${KIND_WORD[l.kind]} with ${KIND_WORD[r.kind]}: change a column’s type first`,
          at.start,
          at.end,
        );
      if (l.kind === 'multi')
        throw new ExprError('Use selected() to test a list of choices', at.start, at.end);
      if (l.kind === 'text') {
        if (e.op !== '=' && e.op !== '!=')
          throw new ExprError(
            `Texts are compared with = or != only: change the column’s type to a number or a date to use ${e.op}`,
            at.start,
            at.end,
          );
        const op = e.op === '=' ? '=' : '<>';
        return {
          sql: `(COALESCE(${l.sql}, '') ${op} COALESCE(${r.sql}, ''))`,
          kind: 'boolean',
          ...at,
        };
      }
      if (l.kind === 'boolean') {
        const op = e.op === '=' ? '=' : e.op === '!=' ? '<>' : null;
        if (!op)
          throw new ExprError('Yes/no values are compared with = or != only', at.start, at.end);
        return { sql: `(${truth(l)} ${op} ${truth(r)})`, kind: 'boolean', ...at };
      }
      if (e.op === '!=')
        return { sql: `(NOT COALESCE(${l.sql} = ${r.sql}, false))`, kind: 'boolean', ...at };
      return { sql: `COALESCE(${l.sql} ${e.op} ${r.sql}, false)`, kind: 'boolean', ...at };
    }
    // arithmetic: numbers only; dividing by zero gives an empty value (as the language's NaN)
    l = need(l, 'number', `\`${e.op}\``);
    r = need(r, 'number', `\`${e.op}\``);
    const sqlText =
      e.op === 'div'
        ? `(${l.sql}::numeric / NULLIF(${r.sql}, 0))`
        : e.op === 'mod'
          ? `mod(${l.sql}::numeric, NULLIF(${r.sql}, 0)::numeric)`
          : `(${l.sql} ${e.op} ${r.sql})`;
    return { sql: sqlText, kind: 'number', ...at };
  };

  const call = (
    e: Extract<Expr, { type: 'call' }>,
    at: { start: number; end: number },
  ): Compiled => {
    const args = () => e.args.map(run);
    const text = (c: Compiled) => `COALESCE(${need(c, 'text', `\`${e.name}\``).sql}, '')`;
    switch (e.name) {
      case 'not':
        return { sql: `(NOT ${truth(run(e.args[0]))})`, kind: 'boolean', ...at };
      case 'true':
      case 'false':
        return { sql: e.name, kind: 'boolean', ...at };
      case 'boolean':
        return { sql: truth(run(e.args[0])), kind: 'boolean', ...at };
      case 'if': {
        const [c, a0, b0] = args();
        let a = a0;
        let b = b0;
        if (a.literal !== undefined && b.literal === undefined) a = coerce(a, b.kind);
        if (b.literal !== undefined && a.literal === undefined) b = coerce(b, a.kind);
        if (a.kind !== b.kind)
          throw new ExprError('Both answers of if() must be of the same kind', at.start, at.end);
        return {
          sql: `(CASE WHEN ${truth(c)} THEN ${a.sql} ELSE ${b.sql} END)`,
          kind: a.kind,
          ...at,
        };
      }
      case 'coalesce': {
        const [a, b0] = args();
        const b = coerce(b0, a.kind);
        if (a.kind !== b.kind)
          throw new ExprError(
            'Both values of coalesce() must be of the same kind',
            at.start,
            at.end,
          );
        const first = a.kind === 'text' ? `NULLIF(${a.sql}, '')` : a.sql;
        return { sql: `COALESCE(${first}, ${b.sql})`, kind: a.kind, ...at };
      }
      case 'contains': {
        const [a, b] = args();
        return { sql: `(strpos(${text(a)}, ${text(b)}) > 0)`, kind: 'boolean', ...at };
      }
      case 'starts-with':
      case 'ends-with': {
        const [a, b] = args();
        const side = e.name === 'starts-with' ? 'left' : 'right';
        const part = text(b);
        return {
          sql: `(${side}(${text(a)}, char_length(${part})) = ${part})`,
          kind: 'boolean',
          ...at,
        };
      }
      case 'string-length':
        return { sql: `char_length(${text(run(e.args[0]))})`, kind: 'number', ...at };
      case 'normalize-space':
        return {
          sql: `btrim(regexp_replace(${text(run(e.args[0]))}, '[[:space:]]+', ' ', 'g'))`,
          kind: 'text',
          ...at,
        };
      case 'concat':
        return {
          sql: `concat(${args()
            .map((a) => (a.kind === 'text' ? a.sql : `${a.sql}::text`))
            .join(', ')})`,
          kind: 'text',
          ...at,
        };
      case 'selected': {
        const [a, v] = args();
        const value = need(v, 'text', '`selected`').sql;
        if (a.kind === 'multi')
          return { sql: `COALESCE(${value} = ANY(${a.sql}), false)`, kind: 'boolean', ...at };
        return {
          sql: `(${value} = ANY(regexp_split_to_array(${text(a)}, '[[:space:]]+')))`,
          kind: 'boolean',
          ...at,
        };
      }
      case 'count-selected': {
        const a = run(e.args[0]);
        if (a.kind !== 'multi')
          throw new ExprError('count-selected() needs a multiple-choice column', at.start, at.end);
        return { sql: `COALESCE(cardinality(${a.sql}), 0)`, kind: 'number', ...at };
      }
      case 'abs':
        return {
          sql: `abs(${need(run(e.args[0]), 'number', '`abs`').sql})`,
          kind: 'number',
          ...at,
        };
      case 'int':
        return {
          sql: `trunc(${need(run(e.args[0]), 'number', '`int`').sql})`,
          kind: 'number',
          ...at,
        };
      case 'round': {
        const a = need(run(e.args[0]), 'number', '`round`').sql;
        const d = e.args[1];
        if (d && (d.type !== 'number' || !Number.isInteger(d.value) || Math.abs(d.value) > 20))
          throw new ExprError(
            'round()’s digits must be a whole number from -20 to 20',
            d.start,
            d.end,
          );
        const digits = d && d.type === 'number' ? d.value : 0;
        return { sql: `round(${a}::numeric, ${digits})`, kind: 'number', ...at };
      }
      case 'number': {
        const a = run(e.args[0]);
        if (a.kind === 'number') return a;
        throw new ExprError(
          'number() of a column: change the column’s type to a number instead',
          at.start,
          at.end,
        );
      }
      case 'string': {
        const a = run(e.args[0]);
        return { sql: a.kind === 'text' ? a.sql : `${a.sql}::text`, kind: 'text', ...at };
      }
      default:
        throw new ExprError(
          `\`${e.name}\` cannot be used in a transformation (it has no SQL form)`,
          e.start,
          e.start + e.name.length,
        );
    }
  };

  return run(parsed.ast);
}

/** The expression as a row condition (never null: a row is kept or not) */
export function compileCondition(text: string, cols: readonly Col[], params: Params): string {
  return truth(compileExpression(text, cols, params));
}
