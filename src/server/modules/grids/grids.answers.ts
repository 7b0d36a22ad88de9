import type { Choice, QuestionType } from '../../../shared/forms/questions.js';
import { shownWave, type GridCitation } from '../../../shared/grids/grids.js';

/** A question of the grid's form, as the cells read it. */
export interface QuestionInfo {
  key: string;
  label: string;
  type: QuestionType;
  choices: Choice[];
}

/** One row's answers in one wave: the response they came from (a dataset's row: its number). */
export interface WaveAnswers {
  wave: string;
  responseId: string | null;
  row?: number;
  answers: Record<string, unknown>;
}

const NUMERIC: ReadonlySet<QuestionType> = new Set([
  'integer',
  'decimal',
  'rating',
  'nps',
  'range',
]);
export const isNumeric = (q: QuestionInfo) => NUMERIC.has(q.type);
export const isOpenText = (q: QuestionInfo) => q.type === 'short_text' || q.type === 'long_text';

const empty = (v: unknown) =>
  v === undefined ||
  v === null ||
  (typeof v === 'string' && v.trim() === '') ||
  (Array.isArray(v) && v.length === 0);

/** The answer as a cell holds it: a number, a choice's label, the labels of a multiple choice. */
export function answerValue(q: QuestionInfo, raw: unknown): string | number | string[] | null {
  if (empty(raw)) return null;
  if (isNumeric(q)) {
    const n = Number(raw);
    return Number.isFinite(n) ? n : String(raw);
  }
  const label = (v: unknown) => q.choices.find((c) => c.value === String(v))?.label ?? String(v);
  if (Array.isArray(raw)) return raw.map(label);
  if (q.type === 'yes_no')
    return raw === true || raw === 'yes'
      ? 'Yes'
      : raw === false || raw === 'no'
        ? 'No'
        : String(raw);
  if (q.choices.length) return label(raw);
  if (typeof raw === 'object') return JSON.stringify(raw);
  return String(raw);
}

/** The words a citation quotes for an answer (a long text is cut at 300 characters). */
export function quoteOf(value: string | number | string[]): string {
  const s = Array.isArray(value) ? value.join('; ') : String(value);
  return s.length > 300 ? `${s.slice(0, 299)}…` : s;
}

/** A citation of one answer: its response (or its dataset row number), question, wave, words. */
export const citationOf = (w: WaveAnswers, question: string, quote: string): GridCitation => ({
  responseId: w.responseId,
  ...(w.row === undefined ? {} : { row: w.row }),
  question,
  wave: shownWave(w.wave),
  quote,
});
