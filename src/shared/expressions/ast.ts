/**
 * The one AST of the expression language (docs/architecture.md, "Expression language"). Every node
 * carries the [start, end) offsets of the text it was parsed from; printing ignores them.
 */
export type BinaryOp =
  'or' | 'and' | '=' | '!=' | '<' | '<=' | '>' | '>=' | '+' | '-' | '*' | 'div' | 'mod';

interface Span {
  start: number;
  end: number;
}

export type Expr =
  | ({ type: 'number'; value: number } & Span)
  | ({ type: 'string'; value: string } & Span)
  /**
   * `${name}` (an answer), or a bare `name` (`bare`): a data point key in a metric formula, a
   * choice's own column in a choice filter (`state = ${state}`), else an answer as `${name}`
   */
  | ({ type: 'ref'; name: string; bare?: true } & Span)
  /** `.`: the value being checked by a constraint */
  | ({ type: 'current' } & Span)
  | ({ type: 'unary'; op: '-'; arg: Expr } & Span)
  | ({ type: 'binary'; op: BinaryOp; left: Expr; right: Expr } & Span)
  | ({ type: 'call'; name: string; args: Expr[] } & Span);

/** A parse or check error, pointing at the [start, end) range of the text it is about. */
export interface ExpressionError {
  message: string;
  start: number;
  end: number;
}

export type ParseResult = { ok: true; ast: Expr } | { ok: false; error: ExpressionError };

/** The AST without positions: what two parses of the same meaning have in common. */
export function stripPositions(e: Expr): unknown {
  switch (e.type) {
    case 'number':
    case 'string':
      return { type: e.type, value: e.value };
    case 'ref':
      return e.bare ? { type: 'ref', name: e.name, bare: true } : { type: 'ref', name: e.name };
    case 'current':
      return { type: 'current' };
    case 'unary':
      return { type: 'unary', op: e.op, arg: stripPositions(e.arg) };
    case 'binary':
      return {
        type: 'binary',
        op: e.op,
        left: stripPositions(e.left),
        right: stripPositions(e.right),
      };
    case 'call':
      return { type: 'call', name: e.name, args: e.args.map(stripPositions) };
  }
}

/** The field names an expression reads, in order of first use (its dependencies). */
export function references(ast: Expr): string[] {
  const out: string[] = [];
  walk(ast, (n) => {
    if (n.type === 'ref' && !out.includes(n.name)) out.push(n.name);
  });
  return out;
}

export function walk(e: Expr, visit: (n: Expr) => void): void {
  visit(e);
  if (e.type === 'unary') walk(e.arg, visit);
  else if (e.type === 'binary') {
    walk(e.left, visit);
    walk(e.right, visit);
  } else if (e.type === 'call') for (const a of e.args) walk(a, visit);
}

/** An error for each reference to a field not in `known` (e.g. a typo, or a deleted question). */
export function check(
  ast: Expr,
  known: Iterable<string>,
  opts: { noun?: string } = {},
): ExpressionError[] {
  const names = new Set(known);
  const errors: ExpressionError[] = [];
  walk(ast, (n) => {
    if (n.type === 'ref' && !names.has(n.name))
      errors.push({
        message: `Unknown ${opts.noun ?? 'field'} \`${n.name}\``,
        start: n.start,
        end: n.end,
      });
  });
  return errors;
}
