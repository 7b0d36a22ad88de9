/**
 * Choice filters (XLSForm `choice_filter`, "cascading selects"): a choice question offers only the
 * choices its filter is true for, given the earlier answers (cities of the chosen state). The same
 * code runs in the browser (the list shown) and on the server (an answer outside it is refused).
 */
import {
  compiledExpression,
  evaluateBoolean,
  isInstance,
  type Answer,
} from '../expressions/index.js';
import { hasChoices, type Choice, type QuestionDef } from './questions.js';

type Scope = Readonly<Record<string, Answer>>;

/** What a choice filter's bare names read for one choice: `name` (its value), `label`, its properties. */
const choiceColumns = (c: Choice): Record<string, string> => ({
  ...c.properties,
  name: c.value,
  label: c.label,
});

/**
 * The choices a question offers for these answers: all of them without a filter (or with one
 * that does not parse: the builder refuses to publish one), else those the filter is true for.
 */
export function offeredChoices(
  q: Pick<QuestionDef, 'choices' | 'choiceFilter'>,
  answers: Scope,
  opts: { now?: number; position?: number } = {},
): Choice[] {
  const ast = compiledExpression(q.choiceFilter);
  if (!ast) return q.choices;
  return q.choices.filter((c) =>
    evaluateBoolean(ast, {
      answers,
      now: opts.now,
      position: opts.position,
      choice: choiceColumns(c),
    }),
  );
}

/**
 * The answer without the choices its question no longer offers (an earlier answer changed the
 * list): a single choice no longer offered becomes unanswered, a multiple choice keeps the rest.
 * "Other" stays (it is never filtered). Returns the answer unchanged when nothing was dropped.
 */
export function keepOffered(
  q: Pick<QuestionDef, 'type' | 'choices' | 'choiceFilter'>,
  value: Answer,
  answers: Scope,
  opts: { now?: number; position?: number } = {},
): Answer {
  if (!hasChoices(q.type) || !q.choiceFilter?.trim() || value == null || value === '') return value;
  const offered = new Set(offeredChoices(q, answers, opts).map((c) => c.value));
  const known = new Set(q.choices.map((c) => c.value));
  // a value that is not a choice at all is left for the validation to refuse by name
  const keep = (v: unknown) => typeof v !== 'string' || !known.has(v) || offered.has(v);
  if (Array.isArray(value)) {
    const kept = value.filter(keep);
    return kept.length === value.length ? value : (kept as Answer);
  }
  return keep(value) ? value : undefined;
}

type Instance = Record<string, Answer>;

/**
 * The answers without the choices their questions no longer offer (keepOffered, question by
 * question in order, each reading the answers kept before it; a repeat's instances one by one,
 * reading their own answers then those outside). What the form page sends: a respondent who
 * changed the state does not send the city of the old one.
 */
export function pruneUnoffered(
  questions: readonly QuestionDef[],
  answers: Readonly<Record<string, Answer>>,
  opts: { now?: number; position?: number } = {},
  outer: Readonly<Record<string, Answer>> = {},
): Record<string, Answer> {
  const kept: Record<string, Answer> = { ...answers };
  for (const q of questions) {
    if (q.type === 'repeat' && Array.isArray(kept[q.key])) {
      const scope = { ...outer, ...kept };
      kept[q.key] = (kept[q.key] as readonly unknown[]).map((i, n) =>
        isInstance(i)
          ? pruneUnoffered(
              q.questions ?? [],
              i as Instance,
              { now: opts.now, position: n + 1 },
              scope,
            )
          : i,
      ) as Answer;
      continue;
    }
    if (!(q.key in kept)) continue;
    const v = keepOffered(q, kept[q.key], { ...outer, ...kept }, opts);
    if (v === undefined) delete kept[q.key];
    else kept[q.key] = v;
  }
  return kept;
}
