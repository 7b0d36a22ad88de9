/**
 * The answer checks of the matrix, ranking, geopoint and hidden questions and the value of a
 * calculate, used by `validateAnswers` (answers.ts) in the browser and on the server (zod-free).
 */
import type { Expr } from '../expressions/ast.js';
import { evaluate, type Answer } from '../expressions/index.js';
import { toText } from '../expressions/values.js';
import type { GeoAnswer, QuestionDef } from './questions.js';

type Checked<T> = { value?: T; error?: string };

const HIDDEN_CAP = 1000;
const CALCULATED_CAP = 1000;

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** A matrix: an object row value -> one of the scale's values; unknown rows and values refused by name. */
export function checkMatrix(q: QuestionDef, raw: unknown): Checked<Record<string, string>> {
  if (!isPlainObject(raw)) return { error: 'Answer each row on the scale.' };
  const rows = q.rows ?? [];
  const rowValues = new Set(rows.map((r) => r.value));
  const scale = new Set(q.choices.map((c) => c.value));
  const out: Record<string, string> = {};
  for (const [row, v] of Object.entries(raw)) {
    if (!rowValues.has(row))
      return { error: `“${row.slice(0, 40)}” is not a row of this question.` };
    if (v === '' || v === null || v === undefined) continue;
    if (typeof v !== 'string' || !scale.has(v))
      return {
        error: `Row “${rows.find((r) => r.value === row)!.label.slice(0, 60)}”: choose a value from the scale.`,
      };
    out[row] = v;
  }
  if (q.required) {
    const missing = rows.find((r) => out[r.value] === undefined);
    if (missing)
      return { error: `Answer every row: “${missing.label.slice(0, 60)}” has no answer.` };
  }
  // rows in the question's order, so the stored object reads as the form does
  return {
    value: Object.fromEntries(
      rows.filter((r) => r.value in out).map((r) => [r.value, out[r.value]]),
    ),
  };
}

/** A ranking: every choice exactly once, in the respondent's order. */
export function checkRanking(q: QuestionDef, raw: unknown): Checked<string[]> {
  if (!Array.isArray(raw) || raw.some((x) => typeof x !== 'string'))
    return { error: 'Put the choices in order.' };
  const values = q.choices.map((c) => c.value);
  const allowed = new Set(values);
  const bad = (raw as string[]).find((x) => !allowed.has(x));
  if (bad !== undefined) return { error: `“${bad.slice(0, 40)}” is not one of the choices.` };
  if (new Set(raw).size !== raw.length) return { error: 'Each choice may be ranked only once.' };
  if (raw.length !== values.length)
    return { error: `Rank all ${values.length} choices (this ranks ${raw.length}).` };
  return { value: raw as string[] };
}

const num = (v: unknown) =>
  typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v.trim()) : NaN;

/** A geopoint: latitude -90..90, longitude -180..180, an accuracy in metres >= 0 when given. */
export function checkGeopoint(raw: unknown): Checked<GeoAnswer> {
  if (!isPlainObject(raw)) return { error: 'Give the location as a latitude and a longitude.' };
  const extra = Object.keys(raw).find((k) => !['lat', 'lon', 'accuracy'].includes(k));
  if (extra)
    return { error: `“${extra.slice(0, 40)}” is not part of a location (lat, lon, accuracy).` };
  const lat = num(raw.lat);
  const lon = num(raw.lon);
  if (!Number.isFinite(lat) || lat < -90 || lat > 90)
    return { error: 'Enter a latitude between -90 and 90, e.g. -1.2921.' };
  if (!Number.isFinite(lon) || lon < -180 || lon > 180)
    return { error: 'Enter a longitude between -180 and 180, e.g. 36.8219.' };
  const out: GeoAnswer = { lat, lon };
  if (raw.accuracy !== undefined && raw.accuracy !== null && raw.accuracy !== '') {
    const accuracy = num(raw.accuracy);
    if (!Number.isFinite(accuracy) || accuracy < 0 || accuracy > 1e7)
      return { error: 'Enter the accuracy in metres (0 or more), or leave it empty.' };
    out.accuracy = accuracy;
  }
  return { value: out };
}

/** A hidden value (from the link or the stakeholder's record): text. */
export function checkHidden(raw: unknown): Checked<string> {
  const v = typeof raw === 'number' || typeof raw === 'boolean' ? String(raw) : raw;
  if (typeof v !== 'string') return { error: 'A hidden value is text.' };
  if (v.length > HIDDEN_CAP)
    return { error: `A hidden value is at most ${HIDDEN_CAP} characters.` };
  return { value: v.trim() };
}

/**
 * The value of a calculate over the answers kept so far: a number stays a number, anything else is
 * its text; empty (NaN, '', a calculation that does not parse) is no value.
 */
export function calculated(
  ast: Expr | null,
  answers: Readonly<Record<string, Answer>>,
  now?: number,
  position?: number,
): string | number | null {
  if (ast === null) return null;
  const v = evaluate(ast, { answers, now, position });
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  const text = toText(v);
  return text === '' ? null : text.slice(0, CALCULATED_CAP);
}
