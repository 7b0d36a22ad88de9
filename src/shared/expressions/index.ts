/** The expression language: one grammar, one AST, one evaluator for browser and server. */
export { check, references, type Expr } from './ast.js';
export { evaluate, evaluateBoolean, evaluateText, type Env } from './evaluate.js';
export { FUNCTIONS } from './functions.js';
export { compiledExpression, normaliseQuotes, parse } from './parse.js';
export { print } from './print.js';
export { isInstance, pruneHidden, repeatScope, type PrunableQuestion } from './prune.js';
export {
  fromVisual,
  OPERATORS,
  toVisual,
  type Condition,
  type Operator,
  type Rule,
} from './visual.js';
export type { Answer } from './values.js';
