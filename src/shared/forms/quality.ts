/**
 * Data quality rules of a form's responses (zod-free, pure: the server feeds them the figures it
 * reads in SQL). Each rule answers the reason a response is flagged, or null.
 */
import { canonicalAnswers, type Answers } from './answers.js';
import { STRAIGHT_LINING_MIN_ROWS, type QuestionDef } from './questions.js';

export const FLAG_RULES = ['speeder', 'duplicate', 'out_of_range', 'straight_lining'] as const;
export type FlagRule = (typeof FLAG_RULES)[number];
export const FLAG_LABELS: Record<FlagRule, string> = {
  speeder: 'Too fast',
  duplicate: 'Duplicate',
  out_of_range: 'Out of range',
  straight_lining: 'Straight-lining',
};

/** How a reviewer clears a flag: keep the response as it is, or mark it rejected. */
export const FLAG_RESOLUTIONS = ['keep', 'reject'] as const;
export type FlagResolution = (typeof FLAG_RESOLUTIONS)[number];

/** Speeders: the median needs this many other timed responses of the form before it is used. */
const SPEEDER_MIN_RESPONSES = 10;
/** ... and a response faster than this share of the median is flagged. */
const SPEEDER_SHARE_OF_MEDIAN = 1 / 3;
/** The floor, whatever the median: less than this per answered question is too fast to read. */
const SPEEDER_FLOOR_MS_PER_ANSWER = 1000;
/** Out of range: a question's answers are used once this many other responses answered it. */
const RANGE_MIN_ANSWERS = 20;
/** ... and a number beyond this many interquartile ranges outside the quartiles is flagged. */
const RANGE_IQR_FACTOR = 3;

const seconds = (ms: number) => `${Math.round(ms / 100) / 10} s`;

/**
 * Too fast: below max(a third of the median duration of the form's other timed responses, once
 * there are 10 of them; 1 s per answered question). No duration (an older page, the API): no flag.
 */
export function speederReason(
  durationMs: number | null,
  answered: number,
  others: { count: number; medianMs: number | null },
): string | null {
  if (durationMs === null || answered === 0) return null;
  const floor = answered * SPEEDER_FLOOR_MS_PER_ANSWER;
  const fromMedian =
    others.count >= SPEEDER_MIN_RESPONSES && others.medianMs !== null
      ? others.medianMs * SPEEDER_SHARE_OF_MEDIAN
      : 0;
  const threshold = Math.max(floor, fromMedian);
  if (durationMs >= threshold) return null;
  return fromMedian > floor
    ? `Answered in ${seconds(durationMs)}: under a third of the median ${seconds(others.medianMs!)} of ${others.count} responses.`
    : `Answered in ${seconds(durationMs)}: under 1 s per answered question (${answered} answered).`;
}

/** The answers that count for "identical answers": non-empty ones, in a stable text. */
export function answersFingerprint(answers: Answers): string | null {
  const kept: Answers = {};
  for (const [k, v] of Object.entries(answers)) {
    if (v === '' || (Array.isArray(v) && v.length === 0)) continue;
    kept[k] = Array.isArray(v) && v.every((x) => typeof x === 'string') ? [...v].sort() : v;
  }
  return Object.keys(kept).length ? canonicalAnswers(kept) : null;
}

/**
 * Duplicates: another live response of the form from the same stakeholder in the same wave, or one
 * with identical non-empty answers (`seq` names the other response).
 */
export function duplicateReason(found: {
  sameStakeholderWave: { seq: number } | null;
  sameAnswers: { seq: number } | null;
}): string | null {
  if (found.sameStakeholderWave)
    return `The same stakeholder already answered this wave (response #${found.sameStakeholderWave.seq}).`;
  if (found.sameAnswers) return `The same answers as response #${found.sameAnswers.seq}.`;
  return null;
}

export interface QuestionSpread {
  key: string;
  label: string;
  /** how many other responses answered it with a number */
  count: number;
  q1: number | null;
  q3: number | null;
}

/**
 * The quartiles of a list of numbers, interpolated between closest ranks (PostgreSQL's
 * `percentile_cont`, Excel's QUARTILE.INC).
 */
export function quartiles(values: number[]): { q1: number; q3: number } | null {
  if (!values.length) return null;
  const s = [...values].sort((a, b) => a - b);
  const at = (p: number) => {
    const h = (s.length - 1) * p;
    const lo = Math.floor(h);
    return s[lo] + (h - lo) * ((s[Math.min(lo + 1, s.length - 1)] ?? s[lo]) - s[lo]);
  };
  return { q1: at(0.25), q3: at(0.75) };
}

/**
 * Out of range: a number outside [Q1 - 3 IQR, Q3 + 3 IQR] of the other responses' answers to that
 * question, once 20 of them answered it. With no spread (IQR 0) the rule says nothing: most answers
 * are equal and any other value would be "out of range".
 */
export function outOfRangeReason(answers: Answers, spreads: QuestionSpread[]): string | null {
  const out: string[] = [];
  for (const s of spreads) {
    const v = answers[s.key];
    if (typeof v !== 'number' || s.count < RANGE_MIN_ANSWERS || s.q1 === null || s.q3 === null)
      continue;
    const iqr = s.q3 - s.q1;
    if (iqr <= 0) continue;
    const low = s.q1 - RANGE_IQR_FACTOR * iqr;
    const high = s.q3 + RANGE_IQR_FACTOR * iqr;
    if (v < low || v > high)
      out.push(`${s.label}: ${v} is outside ${round(low)} to ${round(high)}`);
  }
  return out.length ? `${out.join('; ')} (3 × IQR of the form's answers).` : null;
}
const round = (n: number) => Math.round(n * 100) / 100;

/**
 * Straight-lining: every row of a matrix of at least 4 rows answered with the same scale value
 * (a respondent clicking down one column without reading). Partly answered matrices say nothing.
 */
export function straightLiningReason(
  answers: Answers,
  questions: ReadonlyArray<Pick<QuestionDef, 'key' | 'type' | 'label' | 'rows' | 'choices'>>,
): string | null {
  const out: string[] = [];
  for (const q of questions) {
    const rows = q.rows ?? [];
    const a = answers[q.key];
    if (q.type !== 'matrix' || rows.length < STRAIGHT_LINING_MIN_ROWS) continue;
    if (typeof a !== 'object' || a === null || Array.isArray(a)) continue;
    const given = rows.map((r) => (a as Record<string, unknown>)[r.value]);
    if (given.some((v) => typeof v !== 'string') || new Set(given).size !== 1) continue;
    const label = q.choices.find((c) => c.value === given[0])?.label ?? String(given[0]);
    out.push(`${q.label}: all ${rows.length} rows “${label}”`);
  }
  return out.length ? `${out.join('; ')}.` : null;
}
