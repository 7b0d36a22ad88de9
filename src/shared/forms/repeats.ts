/**
 * Repeat groups in the builder's flat question list: a question whose `repeatKey` names a repeat
 * question is asked once per instance of it. The draft stores the list flat (one row per question,
 * `form_questions.repeat_key`); a version stores it nested (`QuestionDef.questions`), which is what
 * the validation, the public page and the exports read.
 */
import { isDisplayOnly, type QuestionDef } from './questions.js';

interface Nestable {
  key: string;
  type: string;
  repeatKey?: string | null;
}

/**
 * The list nested: a repeat's questions (in their order) inside it, every other question at the top.
 * A question naming a key that is not a top-level repeat stays at the top (the builder refuses it).
 */
export function nestQuestions<T extends Nestable>(
  rows: readonly T[],
  toDef: (r: T) => QuestionDef,
): QuestionDef[] {
  const repeats = new Set(
    rows.filter((r) => r.type === 'repeat' && !r.repeatKey).map((r) => r.key),
  );
  const children = new Map<string, QuestionDef[]>();
  for (const r of rows)
    if (r.repeatKey && repeats.has(r.repeatKey))
      children.set(r.repeatKey, [...(children.get(r.repeatKey) ?? []), toDef(r)]);
  return rows
    .filter((r) => !(r.repeatKey && repeats.has(r.repeatKey)))
    .map((r) => {
      const d = toDef(r);
      return r.type === 'repeat' ? { ...d, questions: children.get(r.key) ?? [] } : d;
    });
}

/**
 * What one question's expressions may read: the questions before it (a repeat's questions before it
 * read as lists), inside a repeat also the earlier questions of the same instance; `later` for a
 * clearer message; `notes` the display-only ones.
 */
export function logicScope(
  questions: readonly QuestionDef[],
  key: string,
): { earlier: string[]; later: string[]; notes: string[] } {
  const all = questions.flatMap((q) => [q, ...(q.questions ?? [])]);
  const notes = all.filter((q) => isDisplayOnly(q.type)).map((q) => q.key);
  const earlier: string[] = [];
  for (const [i, q] of questions.entries()) {
    if (q.key === key)
      return { earlier, later: laterKeys(questions.slice(i + 1), q.questions ?? []), notes };
    const inside = (q.questions ?? []).findIndex((c) => c.key === key);
    if (inside >= 0) {
      const siblings = q.questions!;
      return {
        earlier: [...earlier, ...siblings.slice(0, inside).map((c) => c.key)],
        later: laterKeys(questions.slice(i + 1), siblings.slice(inside + 1)),
        notes,
      };
    }
    earlier.push(q.key, ...(q.questions ?? []).map((c) => c.key));
  }
  return { earlier, later: [], notes };
}

const laterKeys = (after: readonly QuestionDef[], inner: readonly QuestionDef[]) => [
  ...inner.map((c) => c.key),
  ...after.flatMap((q) => [q.key, ...(q.questions ?? []).map((c) => c.key)]),
];
