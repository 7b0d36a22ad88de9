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

function number(v: number): string {
  if (Number.isInteger(v) && Math.abs(v) >= 1e21) return BigInt(v).toString();
  const s = String(v);
  if (!s.includes('e')) return s;
  return v.toFixed(100).replace(/0+$/, '').replace(/\.$/, '');
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
 * The canonical text of an AST: `${name}` references, single quotes, `div` for division, spaces
 * around operators, parentheses only where needed. parse(print(ast)) gives the same AST back.
 */
export function print(e: Expr): string {
  switch (e.type) {
    case 'number':
      return number(e.value);
    case 'string':
      return text(e.value);
    case 'ref':
      return `\${${e.name}}`;
    case 'current':
      return '.';
    case 'unary': {
      const inner = print(e.arg);
      return precedence(e.arg) < UNARY ? `-(${inner})` : `-${inner}`;
    }
    case 'call':
      return `${e.name}(${e.args.map(print).join(', ')})`;
    case 'binary': {
      const p = PRECEDENCE[e.op];
      const left = precedence(e.left) < p ? `(${print(e.left)})` : print(e.left);
      const right = precedence(e.right) <= p ? `(${print(e.right)})` : print(e.right);
      return `${left} ${e.op} ${right}`;
    }
  }
}
