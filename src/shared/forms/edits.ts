import type { Answers } from './answers.js';

type AnswerValue = Answers[string];
/** One answer an edit changed: its previous and new value (null: not answered). */
export interface AnswerChange {
  key: string;
  from: AnswerValue | null;
  to: AnswerValue | null;
}

const same = (a: AnswerValue | undefined, b: AnswerValue | undefined) =>
  JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** What an edit changes, key by key, in the order of `order` (the form's question keys). */
export function answerChanges(
  before: Answers,
  after: Answers,
  order: string[] = [],
): AnswerChange[] {
  const rank = (k: string) => {
    const i = order.indexOf(k.split('__')[0]);
    return i < 0 ? order.length : i;
  };
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort(
    (a, b) => rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0),
  );
  return keys
    .filter((k) => !same(before[k], after[k]))
    .map((k) => ({ key: k, from: before[k] ?? null, to: after[k] ?? null }));
}
