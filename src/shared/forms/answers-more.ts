/**
 * The answer checks of the matrix, ranking, geopoint and hidden questions and the value of a
 * calculate, used by `validateAnswers` (answers.ts) in the browser and on the server (zod-free).
 */
import type { Expr } from '../expressions/ast.js';
import { evaluate, type Answer } from '../expressions/index.js';
import { toText } from '../expressions/values.js';
import type { GeoAnswer, QuestionDef } from './questions.js';
import { englishText, say, type PageText } from './page-text/format.js';

type Checked<T> = { value?: T; error?: string };

const HIDDEN_CAP = 1000;
const CALCULATED_CAP = 1000;

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** A matrix: an object row value -> one of the scale's values; unknown rows and values refused by name. */
export function checkMatrix(
  q: QuestionDef,
  raw: unknown,
  t: PageText = englishText,
): Checked<Record<string, string>> {
  if (!isPlainObject(raw)) return { error: say(t, 'matrixObject') };
  const rows = q.rows ?? [];
  const rowValues = new Set(rows.map((r) => r.value));
  const scale = new Set(q.choices.map((c) => c.value));
  const out: Record<string, string> = {};
  for (const [row, v] of Object.entries(raw)) {
    if (!rowValues.has(row)) return { error: say(t, 'matrixRow', { row: row.slice(0, 40) }) };
    if (v === '' || v === null || v === undefined) continue;
    if (typeof v !== 'string' || !scale.has(v))
      return {
        error: say(t, 'matrixValue', {
          row: rows.find((r) => r.value === row)!.label.slice(0, 60),
        }),
      };
    out[row] = v;
  }
  if (q.required) {
    const missing = rows.find((r) => out[r.value] === undefined);
    if (missing) return { error: say(t, 'matrixMissing', { row: missing.label.slice(0, 60) }) };
  }
  // rows in the question's order, so the stored object reads as the form does
  return {
    value: Object.fromEntries(
      rows.filter((r) => r.value in out).map((r) => [r.value, out[r.value]]),
    ),
  };
}

/** A ranking: every choice exactly once, in the respondent's order. */
export function checkRanking(
  q: QuestionDef,
  raw: unknown,
  t: PageText = englishText,
): Checked<string[]> {
  if (!Array.isArray(raw) || raw.some((x) => typeof x !== 'string'))
    return { error: say(t, 'rankOrder') };
  const values = q.choices.map((c) => c.value);
  const allowed = new Set(values);
  const bad = (raw as string[]).find((x) => !allowed.has(x));
  if (bad !== undefined) return { error: say(t, 'notAChoice', { value: bad.slice(0, 40) }) };
  if (new Set(raw).size !== raw.length) return { error: say(t, 'rankOnce') };
  if (raw.length !== values.length)
    return { error: say(t, 'rankAll', { total: values.length, n: raw.length }) };
  return { value: raw as string[] };
}

const num = (v: unknown) =>
  typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v.trim()) : NaN;

/** A geopoint: latitude -90..90, longitude -180..180, an accuracy in metres >= 0 when given. */
export function checkGeopoint(raw: unknown, t: PageText = englishText): Checked<GeoAnswer> {
  if (!isPlainObject(raw)) return { error: say(t, 'geoObject') };
  const extra = Object.keys(raw).find((k) => !['lat', 'lon', 'accuracy'].includes(k));
  if (extra) return { error: say(t, 'geoExtra', { key: extra.slice(0, 40) }) };
  const lat = num(raw.lat);
  const lon = num(raw.lon);
  if (!Number.isFinite(lat) || lat < -90 || lat > 90) return { error: say(t, 'geoLatitude') };
  if (!Number.isFinite(lon) || lon < -180 || lon > 180) return { error: say(t, 'geoLongitude') };
  const out: GeoAnswer = { lat, lon };
  if (raw.accuracy !== undefined && raw.accuracy !== null && raw.accuracy !== '') {
    const accuracy = num(raw.accuracy);
    if (!Number.isFinite(accuracy) || accuracy < 0 || accuracy > 1e7)
      return { error: say(t, 'geoAccuracy') };
    out.accuracy = accuracy;
  }
  return { value: out };
}

/** A hidden value (from the link or the stakeholder's record): text. */
export function checkHidden(raw: unknown, t: PageText = englishText): Checked<string> {
  const v = typeof raw === 'number' || typeof raw === 'boolean' ? String(raw) : raw;
  if (typeof v !== 'string') return { error: say(t, 'hiddenText') };
  if (v.length > HIDDEN_CAP) return { error: say(t, 'hiddenTooLong', { max: HIDDEN_CAP }) };
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
