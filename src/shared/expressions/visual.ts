import type { Expr } from './ast.js';

/** The operators the visual condition builder offers. */
export const OPERATORS = [
  '=',
  '!=',
  '<',
  '<=',
  '>',
  '>=',
  'selected',
  'not-selected',
  'empty',
  'not-empty',
] as const;
export type Operator = (typeof OPERATORS)[number];

export interface Rule {
  field: string;
  operator: Operator;
  /** a number for number questions (compared as numbers), else text; '' for empty / not-empty */
  value: string | number;
}

export interface Condition {
  combinator: 'all' | 'any';
  rules: Rule[];
}

const at = { start: 0, end: 0 };
const ref = (name: string): Expr => ({ type: 'ref', name, ...at });
const literal = (v: string | number): Expr =>
  typeof v === 'number' ? { type: 'number', value: v, ...at } : { type: 'string', value: v, ...at };
const call = (name: string, args: Expr[]): Expr => ({ type: 'call', name, args, ...at });

function ruleToAst(r: Rule): Expr {
  switch (r.operator) {
    case 'selected':
      return call('selected', [ref(r.field), literal(String(r.value))]);
    case 'not-selected':
      return call('not', [call('selected', [ref(r.field), literal(String(r.value))])]);
    case 'empty':
    case 'not-empty':
      return {
        type: 'binary',
        op: r.operator === 'empty' ? '=' : '!=',
        left: ref(r.field),
        right: literal(''),
        ...at,
      };
    default:
      return { type: 'binary', op: r.operator, left: ref(r.field), right: literal(r.value), ...at };
  }
}

/** The AST of a visual condition; null when it has no rules (always shown: no expression). */
export function fromVisual(c: Condition): Expr | null {
  if (c.rules.length === 0) return null;
  const op = c.combinator === 'all' ? 'and' : 'or';
  return c.rules
    .map(ruleToAst)
    .reduce((left, right) => ({ type: 'binary', op, left, right, ...at }));
}

const COMPARISONS = new Set(['=', '!=', '<', '<=', '>', '>=']);

function astToRule(e: Expr): Rule | null {
  if (e.type === 'call' && e.name === 'not' && e.args.length === 1) {
    const inner = astToRule(e.args[0]);
    return inner?.operator === 'selected' ? { ...inner, operator: 'not-selected' } : null;
  }
  if (e.type === 'call' && e.name === 'selected' && e.args.length === 2) {
    const [f, v] = e.args;
    return f.type === 'ref' && v.type === 'string'
      ? { field: f.name, operator: 'selected', value: v.value }
      : null;
  }
  if (e.type !== 'binary' || !COMPARISONS.has(e.op) || e.left.type !== 'ref') return null;
  const { left, right } = e;
  if (right.type !== 'number' && right.type !== 'string') return null;
  if (right.type === 'string' && right.value === '' && (e.op === '=' || e.op === '!='))
    return { field: left.name, operator: e.op === '=' ? 'empty' : 'not-empty', value: '' };
  return { field: left.name, operator: e.op as Operator, value: right.value };
}

/**
 * The visual form of an expression, when it has that simple shape: rules (`${q} op value`,
 * `selected(${q}, 'v')`, `not(selected(…))`) joined all by `and` or all by `or`. Otherwise null:
 * the builder shows the text mode.
 */
export function toVisual(e: Expr): Condition | null {
  const combinator = e.type === 'binary' && e.op === 'or' ? 'any' : 'all';
  const joiner = combinator === 'any' ? 'or' : 'and';
  const parts: Expr[] = [];
  let cur = e;
  while (cur.type === 'binary' && cur.op === joiner) {
    parts.unshift(cur.right);
    cur = cur.left;
  }
  parts.unshift(cur);
  const rules: Rule[] = [];
  for (const p of parts) {
    const rule = astToRule(p);
    if (!rule) return null;
    rules.push(rule);
  }
  return { combinator, rules };
}
