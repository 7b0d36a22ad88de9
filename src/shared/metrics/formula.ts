import { pluralWord } from '../format/plural.js';
/**
 * Metric formulas over data point keys, e.g. `percent(girls_passing, girls_tested)`.
 * A hand-written tokenizer and recursive-descent parser: no eval, no Function. Every error names
 * the 0-based character position where it was found.
 *
 *   expr    := term (('+' | '-') term)*
 *   term    := unary (('*' | '/') unary)*
 *   unary   := '-' unary | primary
 *   primary := number | key | fn '(' expr (',' expr)* ')' | '(' expr ')'
 */
export const FORMULA_FUNCTIONS = {
  sum: { min: 1, max: Infinity, help: 'sum(a, b, …): the total' },
  average: { min: 1, max: Infinity, help: 'average(a, b, …): the mean' },
  ratio: { min: 2, max: 2, help: 'ratio(a, b): a divided by b' },
  percent: { min: 2, max: 2, help: 'percent(a, b): a as a percentage of b' },
  min: { min: 1, max: Infinity, help: 'min(a, b, …): the smallest' },
  max: { min: 1, max: Infinity, help: 'max(a, b, …): the largest' },
} as const;
type FormulaFunction = keyof typeof FORMULA_FUNCTIONS;
const FORMULA_MAX_LENGTH = 500;
const MAX_DEPTH = 50;

export type FormulaAst =
  | { type: 'num'; value: number }
  | { type: 'key'; key: string; position: number }
  | { type: 'neg'; arg: FormulaAst }
  | { type: 'bin'; op: '+' | '-' | '*' | '/'; left: FormulaAst; right: FormulaAst }
  | { type: 'call'; fn: FormulaFunction; args: FormulaAst[] };

interface FormulaError {
  message: string;
  position: number;
}
export type ParseResult = { ok: true; ast: FormulaAst } | { ok: false; error: FormulaError };

type Token =
  | { kind: 'num'; value: number; pos: number; text: string }
  | { kind: 'ident'; text: string; pos: number }
  | { kind: 'punct'; text: string; pos: number }
  | { kind: 'end'; pos: number; text: '' };

class FormulaSyntaxError extends Error {
  constructor(
    message: string,
    public position: number,
  ) {
    super(message);
  }
}

const fail = (message: string, position: number): never => {
  throw new FormulaSyntaxError(`${message} at position ${position}`, position);
};

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r') {
      i++;
      continue;
    }
    if ((c >= '0' && c <= '9') || (c === '.' && text[i + 1] >= '0' && text[i + 1] <= '9')) {
      const start = i;
      while (i < text.length && text[i] >= '0' && text[i] <= '9') i++;
      if (text[i] === '.') {
        i++;
        while (i < text.length && text[i] >= '0' && text[i] <= '9') i++;
      }
      const raw = text.slice(start, i);
      tokens.push({ kind: 'num', value: Number(raw), pos: start, text: raw });
      continue;
    }
    if (/[A-Za-z_]/.test(c)) {
      const start = i;
      while (i < text.length && /[A-Za-z0-9_]/.test(text[i])) i++;
      tokens.push({ kind: 'ident', text: text.slice(start, i), pos: start });
      continue;
    }
    if ('+-*/(),'.includes(c)) {
      tokens.push({ kind: 'punct', text: c, pos: i });
      i++;
      continue;
    }
    fail(`Unexpected character \`${c}\``, i);
  }
  tokens.push({ kind: 'end', pos: text.length, text: '' });
  return tokens;
}

class Parser {
  private i = 0;
  constructor(
    private tokens: Token[],
    private known: ReadonlySet<string>,
  ) {}
  private peek() {
    return this.tokens[this.i];
  }
  private next() {
    return this.tokens[this.i++];
  }
  private isPunct(text: string) {
    const t = this.peek();
    return t.kind === 'punct' && t.text === text;
  }
  private expect(text: string) {
    const t = this.peek();
    if (t.kind === 'punct' && t.text === text) return this.next();
    return fail(
      t.kind === 'end'
        ? `Expected \`${text}\` but the formula ends`
        : `Expected \`${text}\` but found \`${t.text}\``,
      t.pos,
    );
  }

  parseAll(): FormulaAst {
    if (this.peek().kind === 'end') fail('The formula is empty', 0);
    const ast = this.expr();
    const t = this.peek();
    if (t.kind !== 'end') fail(`Unexpected \`${t.text}\``, t.pos);
    return ast;
  }

  private expr(): FormulaAst {
    let left = this.term();
    while (this.isPunct('+') || this.isPunct('-')) {
      const op = this.next().text as '+' | '-';
      left = { type: 'bin', op, left, right: this.term() };
    }
    return left;
  }

  private term(): FormulaAst {
    let left = this.unary();
    while (this.isPunct('*') || this.isPunct('/')) {
      const op = this.next().text as '*' | '/';
      left = { type: 'bin', op, left, right: this.unary() };
    }
    return left;
  }

  private depth = 0;
  private unary(): FormulaAst {
    if (++this.depth > MAX_DEPTH)
      fail(`The formula is nested more than ${MAX_DEPTH} levels deep`, this.peek().pos);
    try {
      if (this.isPunct('-')) {
        this.next();
        return { type: 'neg', arg: this.unary() };
      }
      return this.primary();
    } finally {
      this.depth--;
    }
  }

  private primary(): FormulaAst {
    const t = this.next();
    if (t.kind === 'num') return { type: 'num', value: t.value };
    if (t.kind === 'punct' && t.text === '(') {
      const inner = this.expr();
      this.expect(')');
      return inner;
    }
    if (t.kind === 'ident') {
      if (this.isPunct('(')) {
        const fn = t.text.toLowerCase();
        if (!Object.hasOwn(FORMULA_FUNCTIONS, fn))
          fail(
            `Unknown function \`${t.text}\` (use ${Object.keys(FORMULA_FUNCTIONS).join(', ')})`,
            t.pos,
          );
        const spec = FORMULA_FUNCTIONS[fn as FormulaFunction];
        this.next();
        const args: FormulaAst[] = [];
        if (!this.isPunct(')')) {
          args.push(this.expr());
          while (this.isPunct(',')) {
            this.next();
            args.push(this.expr());
          }
        }
        this.expect(')');
        if (args.length < spec.min || args.length > spec.max) {
          const want = spec.min === spec.max ? `exactly ${spec.min}` : `at least ${spec.min}`;
          fail(
            `\`${fn}\` takes ${want} ${pluralWord(spec.min, 'argument')} (got ${args.length})`,
            t.pos,
          );
        }
        return { type: 'call', fn: fn as FormulaFunction, args };
      }
      if (!this.known.has(t.text)) fail(`Unknown data point \`${t.text}\``, t.pos);
      return { type: 'key', key: t.text, position: t.pos };
    }
    if (t.kind === 'end') return fail('The formula ends too early', t.pos);
    return fail(`Unexpected \`${t.text}\``, t.pos);
  }
}

/** Parse a formula; every identifier that is not a function call must be one of `knownKeys`. */
export function parseFormula(text: string, knownKeys: Iterable<string>): ParseResult {
  if (text.length > FORMULA_MAX_LENGTH)
    return {
      ok: false,
      error: {
        message: `The formula is longer than ${FORMULA_MAX_LENGTH} characters at position ${FORMULA_MAX_LENGTH}`,
        position: FORMULA_MAX_LENGTH,
      },
    };
  try {
    const ast = new Parser(tokenize(text), new Set(knownKeys)).parseAll();
    return { ok: true, ast };
  } catch (e) {
    if (e instanceof FormulaSyntaxError)
      return { ok: false, error: { message: e.message, position: e.position } };
    if (e instanceof RangeError)
      return {
        ok: false,
        error: { message: 'The formula is nested too deeply at position 0', position: 0 },
      };
    throw e;
  }
}

/** Parse with any identifier accepted as a key (to find the keys a new metric's formula names). */
export function parseFormulaAnyKeys(text: string): ParseResult {
  const keys = new Set<string>();
  for (const m of text.matchAll(/[A-Za-z_][A-Za-z0-9_]*/g)) keys.add(m[0]);
  return parseFormula(text, keys);
}

/** The data point keys a formula uses, in order of first use. */
export function formulaKeys(ast: FormulaAst): string[] {
  const out: string[] = [];
  const walk = (n: FormulaAst) => {
    if (n.type === 'key') {
      if (!out.includes(n.key)) out.push(n.key);
    } else if (n.type === 'neg') walk(n.arg);
    else if (n.type === 'bin') {
      walk(n.left);
      walk(n.right);
    } else if (n.type === 'call') n.args.forEach(walk);
  };
  walk(ast);
  return out;
}

const finite = (v: number): number | null => (Number.isFinite(v) ? v : null);

/**
 * Evaluate a formula. A missing value makes the result unknown (null); so does dividing by zero
 * (never Infinity or NaN).
 */
export function evaluate(
  ast: FormulaAst,
  values: Readonly<Record<string, number | null | undefined>>,
): number | null {
  switch (ast.type) {
    case 'num':
      return ast.value;
    case 'key': {
      const v = Object.hasOwn(values, ast.key) ? values[ast.key] : undefined;
      return typeof v === 'number' && Number.isFinite(v) ? v : null;
    }
    case 'neg': {
      const v = evaluate(ast.arg, values);
      return v === null ? null : finite(-v);
    }
    case 'bin': {
      const l = evaluate(ast.left, values);
      const r = evaluate(ast.right, values);
      if (l === null || r === null) return null;
      if (ast.op === '+') return finite(l + r);
      if (ast.op === '-') return finite(l - r);
      if (ast.op === '*') return finite(l * r);
      return r === 0 ? null : finite(l / r);
    }
    case 'call': {
      const args = ast.args.map((a) => evaluate(a, values));
      if (args.some((a) => a === null)) return null;
      const xs = args as number[];
      switch (ast.fn) {
        case 'sum':
          return finite(xs.reduce((a, b) => a + b, 0));
        case 'average':
          return finite(xs.reduce((a, b) => a + b, 0) / xs.length);
        case 'min':
          return Math.min(...xs);
        case 'max':
          return Math.max(...xs);
        case 'ratio':
          return xs[1] === 0 ? null : finite(xs[0] / xs[1]);
        case 'percent':
          return xs[1] === 0 ? null : finite((xs[0] * 100) / xs[1]);
      }
    }
  }
}
