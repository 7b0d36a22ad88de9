import type { Expr } from './ast.js';
import { FUNCTIONS } from './functions.js';
import {
  equals,
  fromAnswer,
  toBoolean,
  toNumber,
  toText,
  type Answer,
  type Value,
} from './values.js';

export interface Env {
  /** answers by field name; a missing answer reads as the empty text */
  answers: Readonly<Record<string, Answer>>;
  /** what `.` reads (the answer a constraint checks) */
  current?: Answer;
  /** the clock for today() and now(), in ms since 1970 (UTC) */
  now?: number;
  /** inside a repeat instance: its number from 1 (what `position(..)` reads) */
  position?: number;
  /**
   * a choice filter's choice: what a bare name reads (`name`, `label`, the choice's properties; a
   * column the choice lacks reads as ''), while `${name}` still reads the answers
   */
  choice?: Readonly<Record<string, string>>;
}

/**
 * Evaluate an expression with XLSForm semantics: an empty answer is '', numbers are read from texts,
 * dividing by zero gives NaN (an empty result), comparisons follow XPath 1.0 (dates count as days).
 * The same code runs in the browser and on the server. Never throws.
 */
export function evaluate(ast: Expr, env: Env): Value {
  const now = env.now ?? Date.now();
  const run = (e: Expr): Value => {
    switch (e.type) {
      case 'number':
      case 'string':
        return e.value;
      case 'ref':
        if (e.bare && env.choice)
          return Object.hasOwn(env.choice, e.name) ? env.choice[e.name] : '';
        return fromAnswer(Object.hasOwn(env.answers, e.name) ? env.answers[e.name] : undefined);
      case 'current':
        return fromAnswer(env.current);
      case 'unary':
        return -toNumber(run(e.arg));
      case 'call': {
        const spec = FUNCTIONS[e.name];
        return spec ? spec.run(e.args.map(run), { now, position: env.position }) : '';
      }
      case 'binary':
        return binary(e.op, e.left, e.right);
    }
  };
  const binary = (op: Extract<Expr, { type: 'binary' }>['op'], l: Expr, r: Expr): Value => {
    if (op === 'or') return toBoolean(run(l)) || toBoolean(run(r));
    if (op === 'and') return toBoolean(run(l)) && toBoolean(run(r));
    const a = run(l);
    const b = run(r);
    switch (op) {
      case '=':
        return equals(a, b);
      case '!=':
        return !equals(a, b);
      case '<':
        return toNumber(a) < toNumber(b);
      case '<=':
        return toNumber(a) <= toNumber(b);
      case '>':
        return toNumber(a) > toNumber(b);
      case '>=':
        return toNumber(a) >= toNumber(b);
      case '+':
        return toNumber(a) + toNumber(b);
      case '-':
        return toNumber(a) - toNumber(b);
      case '*':
        return toNumber(a) * toNumber(b);
      case 'div': {
        const d = toNumber(b);
        return d === 0 ? Number.NaN : toNumber(a) / d;
      }
      case 'mod':
        return toNumber(a) % toNumber(b);
    }
  };
  return run(ast);
}

/** For relevance and constraints: the result as true or false. */
export const evaluateBoolean = (ast: Expr, env: Env): boolean => toBoolean(evaluate(ast, env));

/** For calculations: the result as the text stored in the answer ('' when NaN or unknown). */
export const evaluateText = (ast: Expr, env: Env): string => toText(evaluate(ast, env));
