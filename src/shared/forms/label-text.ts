/**
 * `${key}` in a question's label or hint (XLSForm's "output" in labels: "How old is
 * ${member_name}?", "Your total is ${total}"): filled with the answer as the respondent sees it.
 * A choice reads as its label, several choices as their labels joined, yes/no in the page's words,
 * an unanswered question as nothing; a name that is no question of the form stays as written.
 */
import type { Answer } from '../expressions/index.js';
import { allQuestions, type QuestionDef } from './questions.js';

const REF_RE = /\$\{([A-Za-z_][A-Za-z0-9_.-]*)\}/g;

/** The questions a text may read, by key (a repeat's questions too). */
export const questionsByKey = (questions: readonly QuestionDef[]) =>
  new Map(allQuestions(questions).map((q) => [q.key, q]));

/** One answer as a label shows it. */
function answerWords(q: QuestionDef, v: Answer, words: { yes: string; no: string }): string {
  if (v === undefined || v === null || v === '') return '';
  const label = (x: unknown) => q.choices.find((c) => c.value === x)?.label ?? String(x);
  if (q.type === 'yes_no') return v === 'yes' ? words.yes : v === 'no' ? words.no : String(v);
  if (Array.isArray(v)) return v.map((x) => (typeof x === 'object' ? '' : label(x))).join(', ');
  if (typeof v === 'object') {
    const o = v as Record<string, unknown>;
    if (typeof o.name === 'string') return o.name; // a file
    if (typeof o.lat === 'number' && typeof o.lon === 'number') return `${o.lat} ${o.lon}`;
    return '';
  }
  return q.choices.length ? label(v) : String(v);
}

/** The text with each `${key}` of a question replaced by its answer in `answers`. */
export function fillText(
  text: string,
  answers: Readonly<Record<string, Answer>>,
  byKey: ReadonlyMap<string, QuestionDef>,
  words: { yes: string; no: string },
): string {
  if (!text.includes('${')) return text;
  return text.replace(REF_RE, (whole, key: string) => {
    const q = byKey.get(key);
    return q ? answerWords(q, answers[key], words) : whole;
  });
}
