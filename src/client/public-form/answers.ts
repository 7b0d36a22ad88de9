import { visibleKeys } from '@shared/forms/logic';
import { otherKey, type QuestionDef } from '@shared/forms/questions';
import { pruneHidden } from '@shared/expressions';
import type { DraftAnswers } from './storage';

/** Only what the respondent filled in (empty fields are not answers). */
function filled(answers: DraftAnswers): Record<string, string | string[] | boolean> {
  return Object.fromEntries(
    Object.entries(answers).filter(
      ([, v]) => v !== '' && v !== false && !(Array.isArray(v) && v.length === 0),
    ),
  );
}

/** What is sent: the filled answers without those to questions skip logic hides (nor their "other"). */
export function toSend(questions: QuestionDef[], answers: DraftAnswers): Record<string, unknown> {
  const shown = visibleKeys(questions, answers);
  const kept = pruneHidden(questions, filled(answers));
  for (const q of questions) if (!shown.has(q.key)) delete kept[otherKey(q.key)];
  return kept as Record<string, unknown>;
}

/** A draft saved on another version keeps only the answers this version still asks. */
export function draftFor(questions: QuestionDef[], answers: DraftAnswers): DraftAnswers {
  const keys = new Set(questions.flatMap((q) => [q.key, otherKey(q.key)]));
  return Object.fromEntries(Object.entries(answers).filter(([k]) => keys.has(k)));
}

/** The first answers: each question's default. */
export const defaults = (questions: QuestionDef[]): DraftAnswers =>
  Object.fromEntries(questions.filter((q) => q.defaultValue).map((q) => [q.key, q.defaultValue!]));

/** A v4 UUID: crypto.randomUUID where the browser has it (secure contexts), else from random bytes. */
export function newResponseId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}
