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

/** What an edit changes, key by key (keys of both sides, the earlier ones first). */
export function answerChanges(before: Answers, after: Answers): AnswerChange[] {
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return keys
    .filter((k) => !same(before[k], after[k]))
    .map((k) => ({ key: k, from: before[k] ?? null, to: after[k] ?? null }));
}
