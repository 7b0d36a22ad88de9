import type { Expr, ExpressionError, ParseResult } from './ast.js';
import { walk } from './ast.js';
import { pluralWord } from '../format/plural.js';
import { FUNCTIONS, isFunction, regexError } from './functions.js';
import { parse as peggyParse, SyntaxError as PeggySyntaxError } from './parser.generated.js';

const MAX_LENGTH = 5000;
const MAX_DEPTH = 50;

const TOKEN_RE = /^(?:[A-Za-z_][A-Za-z0-9_]*|\d+(?:\.\d*)?|\.\d+|!=|<=|>=|\$\{|[.()+\-*/=<>,'"])/;

const fail = (message: string, start: number, end = start): ParseResult => ({
  ok: false,
  error: { message, start, end },
});

function syntaxError(text: string, e: PeggySyntaxError): ParseResult {
  const at = e.location.start.offset;
  const expects = (s: string) => e.expected?.some((x) => x.type === 'literal' && x.text === s);
  if (e.found === null) {
    const open = unclosedQuote(text);
    if (open !== null)
      return fail(
        `The text starting here is not closed (add a matching ${text[open]})`,
        open,
        open + 1,
      );
    for (const close of [')', '}'])
      if (expects(close)) return fail(`Expected \`${close}\` but the expression ends`, at);
    return fail('The expression ends too early', at);
  }
  const rest = text.slice(at);
  if (rest.startsWith("'") || rest.startsWith('"'))
    return fail(`The text starting here is not closed (add a matching ${rest[0]})`, at, at + 1);
  const ref = text.lastIndexOf('${', at);
  if (ref >= 0 && !text.slice(ref, at).includes('}')) {
    const close = text.indexOf('}', ref);
    return close < 0
      ? fail('Expected `}` to close the reference', text.length)
      : fail(
          'A reference is written ${name}: a letter or _, then letters, digits, _ . -',
          ref,
          close + 1,
        );
  }
  const token = TOKEN_RE.exec(rest)?.[0];
  if (token) return fail(`Unexpected \`${token}\``, at, at + token.length);
  const char = String.fromCodePoint(rest.codePointAt(0) ?? 0);
  return fail(`Unexpected character \`${char}\``, at, at + char.length);
}

function unclosedQuote(text: string): number | null {
  let open: number | null = null;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (open !== null) {
      if (c === text[open]) open = null;
    } else if (c === "'" || c === '"') open = i;
  }
  return open;
}

/** Parentheses nested deeper than MAX_DEPTH: the position of the first one too deep. */
function tooDeep(text: string): number | null {
  let depth = 0;
  let quote: string | null = null;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quote) {
      if (c === quote) quote = null;
    } else if (c === "'" || c === '"') quote = c;
    else if (c === '(' && ++depth > MAX_DEPTH) return i;
    else if (c === ')') depth--;
  }
  return null;
}

/** Unknown functions, wrong numbers of arguments and invalid literal regex patterns. */
function validate(ast: Expr): ExpressionError | null {
  let error: ExpressionError | null = null;
  walk(ast, (n) => {
    if (error || n.type !== 'call') return;
    const nameEnd = n.start + n.name.length;
    const spec = isFunction(n.name) ? FUNCTIONS[n.name] : undefined;
    if (!spec) {
      error = { message: `Unknown function \`${n.name}\``, start: n.start, end: nameEnd };
      return;
    }
    if (n.args.length < spec.min || n.args.length > spec.max) {
      const want =
        spec.min === spec.max
          ? `exactly ${spec.min}`
          : spec.max === Infinity
            ? `at least ${spec.min}`
            : `${spec.min} to ${spec.max}`;
      const noun = pluralWord(
        spec.min === spec.max || spec.max === Infinity ? spec.min : 2,
        'argument',
      );
      error = {
        message: `\`${n.name}\` takes ${want} ${noun} (got ${n.args.length})`,
        start: n.start,
        end: nameEnd,
      };
      return;
    }
    const pattern = n.name === 'regex' ? n.args[1] : undefined;
    if (pattern?.type === 'string') {
      const why = regexError(pattern.value);
      if (why)
        error = { message: `Invalid pattern: ${why}`, start: pattern.start, end: pattern.end };
    }
  });
  return error;
}

/**
 * Parse an expression into the AST. Never throws: a syntax error, an unknown function or a wrong
 * number of arguments comes back as an error with the [start, end) range it is about.
 */
export function parse(text: string): ParseResult {
  if (text.length > MAX_LENGTH)
    return fail(`The expression is longer than ${MAX_LENGTH} characters`, MAX_LENGTH, text.length);
  if (text.trim() === '') return fail('The expression is empty', 0, text.length);
  const deep = tooDeep(text);
  if (deep !== null)
    return fail(`The expression is nested more than ${MAX_DEPTH} levels deep`, deep, deep + 1);
  let ast: Expr;
  try {
    ast = peggyParse(text, { isFunction }) as Expr;
  } catch (e) {
    if (e instanceof PeggySyntaxError) return syntaxError(text, e);
    if (e instanceof RangeError) return fail('The expression is nested too deeply', 0);
    throw e;
  }
  const error = validate(ast);
  return error ? { ok: false, error } : { ok: true, ast };
}

const CURLY: Record<string, string> = {
  '“': '"',
  '”': '"',
  '„': '"',
  '‘': "'",
  '’': "'",
  '‚': "'",
};

/**
 * Excel's curly quotes (“ ” ‘ ’) turned into straight ones, with a warning when there were any
 * (an XLSForm typed in Excel often has them). The text keeps its length: positions stay valid.
 */
export function normaliseQuotes(text: string): { text: string; warning: string | null } {
  const out = text.replace(/[“”„‘’‚]/g, (c) => CURLY[c]);
  return {
    text: out,
    warning: out === text ? null : 'Curly quotes (“ ” ‘ ’) were replaced by straight quotes.',
  };
}

/**
 * Parsed expressions, shared by every pass over every form in this process (the server checks each
 * submission, the page each change): an expression's text always parses to the same AST, which
 * nothing mutates (pruneHidden, validateAnswers and visibleKeys all read it). Parsing costs about 17 µs a time; a form with skip logic on most questions would
 * pay it for each one on every submission. Cleared when it grows past EXPRESSION_CACHE_MAX texts.
 */
const parsedExpressions = new Map<string, Expr | null>();
const EXPRESSION_CACHE_MAX = 5000;

/** The compiled form of an expression's text (an expression that does not parse, or none: null). */
export function compiledExpression(text: string | null | undefined): Expr | null {
  if (text == null || text.trim() === '') return null;
  let ast = parsedExpressions.get(text);
  if (ast === undefined) {
    const r = parse(text);
    ast = r.ok ? r.ast : null;
    if (parsedExpressions.size >= EXPRESSION_CACHE_MAX) parsedExpressions.clear();
    parsedExpressions.set(text, ast);
  }
  return ast;
}
