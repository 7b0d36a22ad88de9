import type { BinaryOp, Expr } from './ast.js';

const PRECEDENCE: Record<BinaryOp, number> = {
  or: 1,
  and: 2,
  '=': 3,
  '!=': 3,
  '<': 4,
  '<=': 4,
  '>': 4,
  '>=': 4,
  '+': 5,
  '-': 5,
  '*': 6,
  div: 6,
  mod: 6,
};
const UNARY = 7;

/** A number as the grammar reads it: plain decimals, never exponent notation (1e-7, 1e+21). */
function number(v: number): string {
  const s = String(v);
  const m = /^(\d+)(?:\.(\d+))?e([+-]\d+)$/.exec(s);
  if (!m) return s;
  const digits = m[1] + (m[2] ?? '');
  const point = m[1].length + Number(m[3]);
  if (point <= 0) return `0.${'0'.repeat(-point)}${digits}`;
  if (point >= digits.length) return digits + '0'.repeat(point - digits.length);
  return `${digits.slice(0, point)}.${digits.slice(point)}`;
}

/** XPath has no escapes: a text with both quotes is printed as concat() of pieces. */
function text(v: string): string {
  if (!v.includes("'")) return `'${v}'`;
  if (!v.includes('"')) return `"${v}"`;
  return `concat(${v
    .split("'")
    .map((p) => `'${p}'`)
    .join(`, "'", `)})`;
}

const precedence = (e: Expr) =>
  e.type === 'binary' ? PRECEDENCE[e.op] : e.type === 'unary' ? UNARY : 8;

/**
 * The canonical text of an AST: `${name}` references (a bare name stays bare), single quotes, `div` for division, spaces
 * around operators, parentheses only where needed. parse(print(ast)) gives the same AST back.
 */
export function print(e: Expr): string {
  switch (e.type) {
    case 'number':
      return number(e.value);
    case 'string':
      return text(e.value);
    case 'ref':
      return e.bare && /^[A-Za-z_][A-Za-z0-9_]*$/.test(e.name) ? e.name : `\${${e.name}}`;
    case 'current':
      return '.';
    case 'unary': {
      const inner = print(e.arg);
      return precedence(e.arg) < UNARY ? `-(${inner})` : `-${inner}`;
    }
    case 'call':
      if (e.name === 'position' && e.args.length === 0) return 'position(..)';
      return `${e.name}(${e.args.map(print).join(', ')})`;
    case 'binary': {
      const p = PRECEDENCE[e.op];
      const left = precedence(e.left) < p ? `(${print(e.left)})` : print(e.left);
      const right = precedence(e.right) <= p ? `(${print(e.right)})` : print(e.right);
      return `${left} ${e.op} ${right}`;
    }
  }
}
