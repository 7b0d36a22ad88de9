/**
 * Repeat groups in the builder's flat question list: a question whose `repeatKey` names a repeat
 * question is asked once per instance of it. The draft stores the list flat (one row per question,
 * `form_questions.repeat_key`); a version stores it nested (`QuestionDef.questions`), which is what
 * the validation, the public page and the exports read.
 */
import { allQuestions, isDisplayOnly, type QuestionDef } from './questions.js';

interface Nestable {
  key: string;
  type: string;
  repeatKey?: string | null;
}

/**
 * The list nested: a repeat's questions (in their order) inside it, at any depth (a repeat may hold
 * another), every other question at the top. A question naming a key that is not a repeat, or a
 * repeat that would end up inside itself, stays at the top (the builder refuses both).
 */
export function nestQuestions<T extends Nestable>(
  rows: readonly T[],
  toDef: (r: T) => QuestionDef,
): QuestionDef[] {
  const repeats = new Map(rows.filter((r) => r.type === 'repeat').map((r) => [r.key, r]));
  /** whether a row sits in a repeat: its repeat exists and is not (through its own repeats) itself */
  const nested = (r: T) => {
    const seen = new Set([r.key]);
    let at = r.repeatKey ? repeats.get(r.repeatKey) : undefined;
    while (at) {
      if (seen.has(at.key)) return false;
      seen.add(at.key);
      at = at.repeatKey ? repeats.get(at.repeatKey) : undefined;
    }
    return !!(r.repeatKey && repeats.has(r.repeatKey));
  };
  const children = new Map<string, T[]>();
  const top: T[] = [];
  for (const r of rows)
    if (nested(r)) children.set(r.repeatKey!, [...(children.get(r.repeatKey!) ?? []), r]);
    else top.push(r);
  const build = (r: T): QuestionDef => {
    const d = toDef(r);
    return r.type === 'repeat' ? { ...d, questions: (children.get(r.key) ?? []).map(build) } : d;
  };
  return top.map(build);
}

/** The repeats a question sits in, outermost first (empty at the top level or when not found). */
function repeatsAround<Q extends { key: string; questions?: readonly Q[] }>(
  questions: readonly Q[],
  key: string,
): Q[] {
  for (const q of questions) {
    if (!q.questions) continue;
    if (q.questions.some((c) => c.key === key)) return [q];
    const inner = repeatsAround(q.questions, key);
    if (inner.length) return [q, ...inner];
  }
  return [];
}

/**
 * What one question's expressions may read: the questions before it in the order a respondent meets
 * them (a repeat's questions read as lists outside it), but not the repeats it sits in (inside one,
 * `${field}` reads the same instance's answer, then the instance around it); `later` for a clearer
 * message; `notes` the display-only ones.
 */
export function logicScope(
  questions: readonly QuestionDef[],
  key: string,
): { earlier: string[]; later: string[]; notes: string[] } {
  const all = allQuestions(questions);
  const notes = all.filter((q) => isDisplayOnly(q.type)).map((q) => q.key);
  const at = all.findIndex((q) => q.key === key);
  if (at < 0) return { earlier: all.map((q) => q.key), later: [], notes };
  const around = new Set(repeatsAround(questions, key).map((q) => q.key));
  return {
    earlier: all
      .slice(0, at)
      .map((q) => q.key)
      .filter((k) => !around.has(k)),
    later: all.slice(at + 1).map((q) => q.key),
    notes,
  };
}
