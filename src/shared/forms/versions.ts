import type { QuestionDef } from './questions.js';
import { QUESTION_TYPE_LABELS, allQuestions } from './questions.js';

/** What publishing the draft changes against the last published version (keys, never positions). */
export interface VersionDiff {
  /** there is no published version yet */
  first: boolean;
  added: Array<{ key: string; label: string }>;
  removed: Array<{ key: string; label: string }>;
  choicesRemoved: Array<{ key: string; label: string; values: string[] }>;
  typeChanged: Array<{ key: string; label: string; from: string; to: string }>;
  relabelled: Array<{ key: string; label: string }>;
  /** skip logic, custom constraint (or its message), required condition or choice filter changed */
  logicChanged: Array<{ key: string; label: string }>;
  /** nothing to publish: the draft equals the last version */
  unchanged: boolean;
}

const LOGIC = [
  'relevant',
  'constraint',
  'constraintMessage',
  'requiredWhen',
  'choiceFilter',
] as const;

export function diffVersions(prev: QuestionDef[] | null, next: QuestionDef[]): VersionDiff {
  // a repeat's questions are compared by key like the others (keys are unique in the whole form)
  const flatPrev = prev === null ? null : allQuestions(prev);
  const flatNext = allQuestions(next);
  const before = new Map((flatPrev ?? []).map((q) => [q.key, q]));
  const after = new Map(flatNext.map((q) => [q.key, q]));
  const d: VersionDiff = {
    first: prev === null,
    added: [],
    removed: [],
    choicesRemoved: [],
    typeChanged: [],
    relabelled: [],
    logicChanged: [],
    unchanged: false,
  };
  for (const q of flatNext) {
    const p = before.get(q.key);
    if (!p) {
      d.added.push({ key: q.key, label: q.label });
      continue;
    }
    if (p.type !== q.type)
      d.typeChanged.push({
        key: q.key,
        label: q.label,
        from: QUESTION_TYPE_LABELS[p.type],
        to: QUESTION_TYPE_LABELS[q.type],
      });
    const gone = p.choices.map((c) => c.value).filter((v) => !q.choices.some((c) => c.value === v));
    if (gone.length) d.choicesRemoved.push({ key: q.key, label: q.label, values: gone });
    if (p.label !== q.label) d.relabelled.push({ key: q.key, label: q.label });
    if (LOGIC.some((f) => (p[f] ?? '') !== (q[f] ?? '')))
      d.logicChanged.push({ key: q.key, label: q.label });
  }
  for (const p of flatPrev ?? [])
    if (!after.has(p.key)) d.removed.push({ key: p.key, label: p.label });
  d.unchanged =
    prev !== null &&
    prev.length === next.length &&
    prev.every((p, i) => canonical(p) === canonical(next[i]));
  return d;
}

/** A question as text with its fields in a fixed order (jsonb does not keep the key order). */
function canonical(q: QuestionDef): string {
  const sorted = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(sorted)
      : v && typeof v === 'object'
        ? Object.fromEntries(
            Object.keys(v)
              .sort()
              .filter((k) => (v as Record<string, unknown>)[k] != null)
              .map((k) => [k, sorted((v as Record<string, unknown>)[k])]),
          )
        : v;
  return JSON.stringify(sorted(q));
}
