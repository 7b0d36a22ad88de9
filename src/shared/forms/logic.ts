/**
 * Skip logic (`relevant`) and custom constraints of form questions: checking the expressions a
 * builder saves or publishes, and evaluating them on an answer set. The same code runs in the
 * browser and on the server (src/shared/expressions is the one language).
 */
import { walk, type Expr, type ExpressionError } from '../expressions/ast.js';
import {
  check,
  compiledExpression,
  evaluateBoolean,
  normaliseQuotes,
  parse,
  pruneHidden,
  repeatScope,
  type Answer,
} from '../expressions/index.js';
import { CHOICE_OWN_COLUMNS, allQuestions, type Choice, type QuestionDef } from './questions.js';
import { logicScope } from './repeats.js';

const at = (e: ExpressionError) => `${e.message} (at character ${e.start + 1})`;

/** The first `${name}` in an expression that names one of `keys`, or null. */
const firstRefTo = (ast: Expr, keys: ReadonlySet<string>) => {
  let found: (Expr & { type: 'ref' }) | null = null;
  walk(ast, (n) => {
    if (!found && n.type === 'ref' && keys.has(n.name)) found = n;
  });
  return found as (Expr & { type: 'ref' }) | null;
};

const hasCurrent = (ast: Expr) => {
  let found: Expr | null = null;
  walk(ast, (n) => {
    if (!found && n.type === 'current') found = n;
  });
  return found as Expr | null;
};

/**
 * The errors of one question's expressions, keyed by field (`relevant`, `constraint`), each with the
 * character it is about. They may read only the questions before this one (`earlier`); `later`
 * names the questions after it, for a clearer message than "unknown"; `notes` the earlier questions
 * that are notes (shown text, no answer), which a rule cannot read.
 */
export function logicErrors(
  q: Pick<QuestionDef, 'key' | 'relevant' | 'constraint' | 'calculation' | 'repeatCount'> &
    Partial<Pick<QuestionDef, 'requiredWhen' | 'choiceFilter' | 'choices'>>,
  earlier: readonly string[],
  later: readonly string[] = [],
  notes: readonly string[] = [],
): Record<string, string> {
  const errors: Record<string, string> = {};
  const noteKeys = new Set(notes);
  const refError = (ast: Expr, allowSelf: boolean): string | null => {
    const known = allowSelf ? [...earlier, q.key] : earlier;
    const e = check(ast, known, { noun: 'question' })[0];
    if (!e) {
      const note = firstRefTo(ast, noteKeys);
      return note
        ? `\`${note.name}\` is a note and has no answer: use a question that takes an answer (at character ${note.start + 1})`
        : null;
    }
    const name = e.message.replace(/^[^`]*`|`$/g, '');
    if (name === q.key)
      return `A question cannot be shown or hidden by its own answer: use an earlier question (at character ${e.start + 1})`;
    if (later.includes(name))
      return `\`${name}\` comes after this question: use only questions before it (at character ${e.start + 1})`;
    return at(e);
  };
  // each expression: parses, reads only earlier questions (a constraint also its own answer);
  // `.` is the constraint's alone; reading itself is said in the expression's own terms
  const rules: Array<{
    field: 'relevant' | 'constraint' | 'calculation' | 'requiredWhen' | 'repeatCount';
    dot?: string;
    self?: string;
  }> = [
    { field: 'relevant', dot: '`.` (this question’s answer) cannot decide whether it is shown' },
    { field: 'constraint' },
    {
      field: 'calculation',
      dot: '`.` has no meaning in a calculation: name the questions it reads',
      self: 'A calculation cannot read its own value',
    },
    {
      field: 'requiredWhen',
      dot: '`.` (this question’s answer) cannot decide whether it is required',
      self: 'Whether a question is required cannot depend on its own answer',
    },
    {
      field: 'repeatCount',
      dot: '`.` has no meaning in a repeat count: name the question it reads, e.g. ${household_size}',
      self: 'A repeat count cannot read its own repeat',
    },
  ];
  for (const { field, dot, self } of rules) {
    const text = q[field];
    if (text == null || text.trim() === '') continue;
    const r = parse(text);
    if (!r.ok) {
      errors[field] = at(r.error);
      continue;
    }
    const current = dot ? hasCurrent(r.ast) : null;
    const e = current
      ? `${dot} (at character ${current.start + 1})`
      : refError(r.ast, !dot)?.replace(
          'A question cannot be shown or hidden by its own answer',
          self ?? 'A question cannot be shown or hidden by its own answer',
        );
    if (e) errors[field] = e;
  }
  if (q.choiceFilter != null && q.choiceFilter.trim() !== '') {
    const e = choiceFilterError(q.choiceFilter, q.choices ?? [], refError);
    if (e) errors.choiceFilter = e;
  }
  return errors;
}

/**
 * A choice filter reads each choice by bare name (`name`, `label`, a property one of its choices
 * has) and earlier answers as `${key}`; `.` has no meaning in it.
 */
function choiceFilterError(
  text: string,
  choices: readonly Choice[],
  refError: (ast: Expr, allowSelf: boolean) => string | null,
): string | null {
  const r = parse(text);
  if (!r.ok) return at(r.error);
  const dot = hasCurrent(r.ast);
  if (dot)
    return `\`.\` has no meaning in a choice filter: a bare name reads the choice, e.g. state = \${state} (at character ${dot.start + 1})`;
  const columns = new Set<string>(CHOICE_OWN_COLUMNS);
  for (const c of choices) for (const k of Object.keys(c.properties ?? {})) columns.add(k);
  let unknown: (Expr & { type: 'ref' }) | null = null;
  walk(r.ast, (n) => {
    if (!unknown && n.type === 'ref' && n.bare && !columns.has(n.name)) unknown = n;
  });
  const u = unknown as (Expr & { type: 'ref' }) | null;
  if (u)
    return `No choice has a property \`${u.name}\`: a bare name reads the choice (${[...columns].join(', ')}); write \${${u.name}} for an answer (at character ${u.start + 1})`;
  const answers = stripBare(r.ast);
  return answers
    ? (refError(answers, false)?.replace(
        'A question cannot be shown or hidden by its own answer',
        'A choice filter cannot read its own question',
      ) ?? null)
    : null;
}

/** The expression with its bare names (a choice filter's choice columns) made constants: what is left are answers. */
function stripBare(e: Expr): Expr {
  switch (e.type) {
    case 'ref':
      return e.bare ? { type: 'string', value: '', start: e.start, end: e.end } : e;
    case 'unary':
      return { ...e, arg: stripBare(e.arg) };
    case 'binary':
      return { ...e, left: stripBare(e.left), right: stripBare(e.right) };
    case 'call':
      return { ...e, args: e.args.map(stripBare) };
    default:
      return e;
  }
}

type LogicInput = {
  repeatCount?: string | null;
  requiredWhen?: string | null;
  choiceFilter?: string | null;
  relevant?: string | null;
  constraint?: string | null;
  calculation?: string | null;
};

/**
 * Curly quotes (“ ” ‘ ’, as pasted from Word or Excel) in skip logic or a constraint made straight,
 * so the expression parses, with the notice telling the builder which of them changed (or null).
 */
export function straightenQuotes<T extends LogicInput>(
  input: T,
): { input: T; notice: (label: string) => string | null } {
  const out = { ...input };
  const changed: string[] = [];
  for (const [field, name] of [
    ['relevant', 'skip logic'],
    ['constraint', 'custom constraint'],
    ['calculation', 'calculation'],
    ['repeatCount', 'repeat count'],
    ['requiredWhen', 'required condition'],
    ['choiceFilter', 'choice filter'],
  ] as const) {
    const text = input[field];
    if (text == null) continue;
    const n = normaliseQuotes(text);
    if (n.warning) {
      out[field] = n.text as T[typeof field];
      changed.push(name);
    }
  }
  return {
    input: out,
    notice: (label) =>
      changed.length
        ? `Curly quotes in the ${changed.join(' and the ')} of “${label.slice(0, 80)}” were changed to straight quotes.`
        : null,
  };
}

/** Every question's expression errors in form order, each naming its question (for publishing). */
export function formLogicErrors(questions: ReadonlyArray<QuestionDef>): string[] {
  const out: string[] = [];
  for (const q of allQuestions(questions)) {
    const scope = logicScope(questions, q.key);
    const e = logicErrors(q, scope.earlier, scope.later, scope.notes);
    const name = `“${q.label.slice(0, 80)}” (${q.key})`;
    if (e.relevant) out.push(`${name}, skip logic: ${e.relevant}`);
    if (e.constraint) out.push(`${name}, custom constraint: ${e.constraint}`);
    if (e.calculation) out.push(`${name}, calculation: ${e.calculation}`);
    if (e.repeatCount) out.push(`${name}, repeat count: ${e.repeatCount}`);
    if (e.requiredWhen) out.push(`${name}, required when: ${e.requiredWhen}`);
    if (e.choiceFilter) out.push(`${name}, choice filter: ${e.choiceFilter}`);
  }
  return out;
}

/** Whether a constraint accepts an answer (no constraint, or one that does not parse: accepted). */
export function constraintHolds(
  ast: Expr | null,
  value: Answer,
  answers: Readonly<Record<string, Answer>>,
  now?: number,
  position?: number,
): boolean {
  return ast === null || evaluateBoolean(ast, { answers, current: value, now, position });
}

/**
 * The keys of the questions shown for these answers: taken in order, a question is hidden when its
 * skip logic is false, and a hidden question's answer counts as empty for the later ones (the
 * rule pruneHidden applies on submit). The public form page shows and hides questions with it.
 */
export function visibleKeys(
  questions: ReadonlyArray<Pick<QuestionDef, 'key' | 'relevant' | 'questions'>>,
  answers: Readonly<Record<string, Answer>>,
  now?: number,
  /** inside a repeat instance: the answers outside it, and the instance's number from 1 */
  within: { outer?: Readonly<Record<string, Answer>>; position?: number } = {},
): Set<string> {
  const kept: Record<string, Answer> = { ...within.outer, ...answers };
  const shown = new Set<string>();
  for (const q of questions) {
    const ast = compiledExpression(q.relevant);
    if (ast && !evaluateBoolean(ast, { answers: kept, now, position: within.position }))
      delete kept[q.key];
    else {
      shown.add(q.key);
      if (q.questions && Array.isArray(kept[q.key])) {
        const instances = (kept[q.key] as ReadonlyArray<unknown>).map((i, n) =>
          i && typeof i === 'object'
            ? pruneHidden(q.questions!, i as Record<string, Answer>, { now, position: n + 1 }, kept)
            : {},
        );
        Object.assign(kept, repeatScope(q, instances));
      }
    }
  }
  return shown;
}

/** Whether an answer is required now: `required`, and its `requiredWhen` (if any) true for the answers. */
export function requiredNow(
  q: Pick<QuestionDef, 'required' | 'requiredWhen'>,
  answers: Readonly<Record<string, Answer>>,
  opts: { now?: number; position?: number } = {},
): boolean {
  if (!q.required) return false;
  const when = compiledExpression(q.requiredWhen);
  return !when || evaluateBoolean(when, { answers, now: opts.now, position: opts.position });
}
