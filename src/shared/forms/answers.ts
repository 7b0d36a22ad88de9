/**
 * Validation of one response's answers against a form version's questions: the same code runs in
 * the browser before sending and on the server before storing (zod-free, so the public form page
 * stays small). Errors are keyed by question key, one specific message each.
 */
import {
  NUMBER_TYPES,
  OTHER_VALUE,
  REPEAT_CAP,
  hasChoices,
  onRangeStep,
  rangeBounds,
  isDisplayOnly,
  otherKey,
  repeatPath,
  allQuestions,
  type Choice,
  type QuestionDef,
} from './questions.js';
import { constraintHolds, requiredNow } from './logic.js';
import { offeredChoices } from './choice-filter.js';
import {
  compiledExpression,
  evaluate,
  evaluateBoolean,
  isInstance,
  repeatScope,
  type Answer,
  type Expr,
} from '../expressions/index.js';
import { toNumber } from '../expressions/values.js';
import { englishText, say, sayCount, type PageText } from './page-text/format.js';
import {
  calculated,
  checkGeopoint,
  checkHidden,
  checkMatrix,
  checkRanking,
} from './answers-more.js';
import { checkFile, type FileAnswer } from './files.js';

/** An answer: text, number, yes/no, choices; a matrix's object (row -> scale value); a geopoint's {lat, lon, accuracy}; a file's {fileId, name, size, type}. */
type AnswerValue =
  | string
  | number
  | boolean
  | string[]
  | Record<string, string>
  | { lat: number; lon: number; accuracy?: number }
  | FileAnswer
  | Answers[];
/** The answers of a response (or of one repeat instance): a repeat's answer is a list of these. */
export type Answers = { [key: string]: AnswerValue };

/** Length caps when a question sets none (the validation config may only lower them). */
const TEXT_CAPS: Partial<Record<QuestionDef['type'], number>> = {
  short_text: 1000,
  long_text: 10000,
  email: 254,
  phone: 40,
};
const OTHER_CAP = 1000;

const isEmpty = (v: unknown) =>
  v === undefined ||
  v === null ||
  (typeof v === 'string' && v.trim() === '') ||
  (Array.isArray(v) && v.length === 0) ||
  (typeof v === 'object' && !Array.isArray(v) && Object.keys(v).length === 0);

const INT_RE = /^[-+]?\d+$/;
const DEC_RE = /^[-+]?(\d+\.?\d*|\.\d+)$/;
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE_RE = /^\+?[0-9 ()\-.]+$/;
const TIME_RE = /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/;

/**
 * What one instance of a repeat is called: its item label (the form's own word; English adds an s
 * for the plural), else the page language's word for an entry.
 */
export function itemWords(
  q: Pick<QuestionDef, 'itemLabel' | 'label'>,
  t: PageText = englishText,
): { noun: string; nouns: string } {
  const own = (q.itemLabel ?? '').trim();
  return own ? { noun: own, nouns: `${own}s` } : { noun: t.entry, nouns: t.entries };
}

/** A real calendar date written YYYY-MM-DD. */
export function isCalendarDate(s: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const dt = new Date(Date.UTC(y, mo - 1, d));
  return dt.getUTCFullYear() === y && dt.getUTCMonth() === mo - 1 && dt.getUTCDate() === d;
}
const isDateTime = (s: string) => {
  const [d, t] = s.split('T');
  return !!t && isCalendarDate(d) && TIME_RE.test(t);
};

/** A user's pattern, matched against the whole answer; null when it does not compile. */
export function compilePattern(pattern: string): RegExp | null {
  try {
    return new RegExp(`^(?:${pattern})$`, 'u');
  } catch {
    return null;
  }
}

const asText = (v: unknown) => (typeof v === 'number' ? String(v) : v);

function checkNumber(
  q: QuestionDef,
  raw: unknown,
  t: PageText,
): { value?: number; error?: string } {
  const s = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw.trim() : null;
  const integer = q.type === 'integer' || q.type === 'rating' || q.type === 'nps';
  if (s === null || !(integer ? INT_RE : DEC_RE).test(s))
    return { error: say(t, integer ? 'wholeNumber' : 'number') };
  const n = Number(s);
  if (!Number.isFinite(n) || (integer && !Number.isSafeInteger(n)))
    return { error: say(t, 'numberTooLarge') };
  let min = q.validation.min != null && q.validation.min !== '' ? Number(q.validation.min) : null;
  let max = q.validation.max != null && q.validation.max !== '' ? Number(q.validation.max) : null;
  if (q.type === 'rating') [min, max] = [1, q.scale ?? 5];
  if (q.type === 'nps') [min, max] = [0, 10];
  const range = q.type === 'range' ? rangeBounds(q) : null;
  if (range) [min, max] = [range.min, range.max];
  if (min !== null && n < min) return { error: say(t, 'atLeast', { min }) };
  if (max !== null && n > max) return { error: say(t, 'atMost', { max }) };
  if (range && !onRangeStep(n, range))
    return { error: say(t, 'onStep', { step: range.step, min: range.min }) };
  return { value: n };
}

function checkText(q: QuestionDef, raw: unknown, t: PageText): { value?: string; error?: string } {
  const v = asText(raw);
  if (typeof v !== 'string') return { error: say(t, 'text') };
  const s = q.type === 'long_text' ? v.replace(/\r\n/g, '\n') : v.trim();
  const cap = TEXT_CAPS[q.type] ?? 1000;
  const max = Math.min(q.validation.maxLength ?? cap, cap);
  if (s.length > max) return { error: say(t, 'maxLength', { max, n: s.length }) };
  const min = q.validation.minLength ?? null;
  if (min !== null && s.length < min) return { error: say(t, 'minLength', { min, n: s.length }) };
  if (q.type === 'email' && !EMAIL_RE.test(s)) return { error: say(t, 'email') };
  if (q.type === 'phone' && (!PHONE_RE.test(s) || (s.match(/\d/g)?.length ?? 0) < 5))
    return { error: say(t, 'phone') };
  if (q.validation.pattern) {
    const re = compilePattern(q.validation.pattern);
    if (re && !re.test(s)) return { error: q.validation.patternMessage || say(t, 'pattern') };
  }
  return { value: s };
}

function checkDate(q: QuestionDef, raw: unknown, t: PageText): { value?: string; error?: string } {
  if (typeof raw !== 'string') return { error: say(t, 'date') };
  const s = raw.trim();
  if (q.type === 'date' && !isCalendarDate(s)) return { error: say(t, 'realDate') };
  if (q.type === 'time' && !TIME_RE.test(s)) return { error: say(t, 'time') };
  if (q.type === 'datetime' && !isDateTime(s)) return { error: say(t, 'dateTime') };
  const { min, max } = q.validation;
  if (min && s < min) return { error: say(t, 'notBefore', { min: min.replace('T', ' ') }) };
  if (max && s > max) return { error: say(t, 'notAfter', { max: max.replace('T', ' ') }) };
  return { value: s };
}

function checkChoices(
  q: QuestionDef,
  raw: unknown,
  t: PageText,
  offered: readonly Choice[],
): { value?: string | string[]; error?: string } {
  const allowed = new Set(offered.map((c) => c.value));
  if (q.allowOther) allowed.add(OTHER_VALUE);
  if (q.type === 'multiple_choice') {
    const list = typeof raw === 'string' ? [raw] : raw;
    if (!Array.isArray(list) || list.some((x) => typeof x !== 'string'))
      return { error: say(t, 'chooseList') };
    const unique = [...new Set(list as string[])];
    const bad = unique.find((x) => !allowed.has(x));
    if (bad !== undefined) return { error: say(t, 'notAChoice', { value: bad.slice(0, 40) }) };
    return { value: unique };
  }
  if (typeof raw !== 'string') return { error: say(t, 'chooseOne') };
  if (!allowed.has(raw)) return { error: say(t, 'notAChoice', { value: raw.slice(0, 40) }) };
  return { value: raw };
}

function checkOne(
  q: QuestionDef,
  raw: unknown,
  t: PageText,
  /** choice types: the choices the question offers for the earlier answers (its choice filter) */
  offered: readonly Choice[] = q.choices,
): { value?: AnswerValue; error?: string } {
  if (isDisplayOnly(q.type))
    return { error: say(t, q.type === 'page' ? 'noAnswerPage' : 'noAnswerNote') };
  if (q.type === 'matrix') return checkMatrix(q, raw, t);
  if (q.type === 'ranking') return checkRanking(q, raw, t);
  if (q.type === 'geopoint') return checkGeopoint(raw, t);
  if (q.type === 'hidden') return checkHidden(raw, t);
  if (q.type === 'file') return checkFile(q, raw, t);
  if (NUMBER_TYPES.includes(q.type) || q.type === 'rating' || q.type === 'nps')
    return checkNumber(q, raw, t);
  if (q.type === 'date' || q.type === 'time' || q.type === 'datetime') return checkDate(q, raw, t);
  if (hasChoices(q.type)) return checkChoices(q, raw, t, offered);
  if (q.type === 'yes_no') {
    const v = raw === true ? 'yes' : raw === false ? 'no' : raw;
    return v === 'yes' || v === 'no' ? { value: v } : { error: say(t, 'yesOrNo') };
  }
  if (q.type === 'acknowledge') {
    return raw === true || raw === 'true' || raw === 'yes'
      ? { value: true }
      : { error: say(t, 'tick') };
  }
  return checkText(q, raw, t);
}

const requiredMessage = (q: QuestionDef, t: PageText) =>
  q.requiredMessage || say(t, q.type === 'acknowledge' ? 'requiredTick' : 'required');

/**
 * Check every answer: unknown keys are refused by name, empty answers dropped (or refused when
 * required), each answer checked by its type, validation config and custom constraint. Questions
 * are taken in order; one whose skip logic (`relevant`) is false over the answers kept so far is
 * hidden: its answer is dropped unchecked ("cleaned", as pruneHidden does) and it is not required.
 * A question with `requiredWhen` is required only when that is true; a read-only question keeps
 * its default whatever was sent; a choice question with a choice filter accepts only the choices
 * the filter offers for the answers before it (offeredChoices).
 * A repeat group's answer is a list of instances, each checked the same way on its own (inside it
 * `${field}` reads that instance's answer), its errors keyed by path: `members[2].age`.
 * `values` holds the cleaned answers (numbers as numbers, trimmed text, unique choices) only when
 * there are no errors.
 */
export function validateAnswers(
  questions: QuestionDef[],
  raw: Record<string, unknown>,
  opts: { now?: number; text?: PageText } = {},
): { values: Answers; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const t = opts.text ?? englishText;
  const values = checkList(questions, raw, errors, { now: opts.now, t }, {}, (k) => k);
  return Object.keys(errors).length ? { values: {}, errors } : { values, errors };
}

type Scope = Record<string, Answer>;
interface ListOpts {
  now?: number;
  /** inside a repeat instance: its number from 1 (`position(..)`) */
  position?: number;
  /** the words of the built-in messages (the page's language) */
  t: PageText;
}

/** The questions of one list (the form, or one repeat instance): writes errors, returns the kept values. */
function checkList(
  questions: QuestionDef[],
  raw: Record<string, unknown>,
  errors: Record<string, string>,
  opts: ListOpts,
  outer: Readonly<Scope>,
  path: (key: string) => string,
): Answers {
  const values: Answers = {};
  // what expressions read: the answers outside (a repeat's), then this list's answers kept so far
  const scope: Scope = { ...outer };
  const keep = (key: string, v: AnswerValue) => {
    values[key] = v;
    scope[key] = v as Answer;
  };
  const env = () => ({ answers: scope, now: opts.now, position: opts.position });
  const byKey = new Map(questions.map((q) => [q.key, q]));
  const otherOf = new Map(
    questions.filter((q) => q.allowOther && hasChoices(q.type)).map((q) => [otherKey(q.key), q]),
  );
  // a key sent at this level that belongs inside a repeat here (at any depth): the repeat it is in
  const inRepeat = new Map(
    questions.flatMap((q) => allQuestions(q.questions ?? []).map((c) => [c.key, q.key] as const)),
  );
  for (const k of Object.keys(raw)) {
    if (byKey.has(k) || otherOf.has(k)) continue;
    const repeat = inRepeat.get(k);
    errors[path(k)] = repeat
      ? say(opts.t, 'keyInRepeat', { key: k, repeat })
      : say(opts.t, 'unknownKey', { key: k.slice(0, 64) });
  }
  for (const q of questions) {
    const relevant = compiledExpression(q.relevant);
    if (relevant && !evaluateBoolean(relevant, env())) continue;
    if (q.type === 'calculate') {
      // computed here, on both sides, from the answers kept so far: a sent value is replaced
      const c = calculated(compiledExpression(q.calculation), scope, opts.now, opts.position);
      if (c !== null) keep(q.key, c);
      continue;
    }
    if (q.type === 'repeat') {
      const instances = checkRepeat(q, raw[q.key], errors, opts, scope, path);
      if (instances) {
        values[q.key] = instances;
        Object.assign(scope, repeatScope(q, instances));
      }
      continue;
    }
    if (q.readOnly && q.calculation?.trim()) {
      // a read-only calculation: computed here as a calculate is, kept when it is an answer of
      // the question's type (a respondent cannot change it, so nothing to refuse)
      const c = calculated(compiledExpression(q.calculation), scope, opts.now, opts.position);
      const r = c === null ? null : checkOne(q, c, opts.t);
      if (r && !r.error) keep(q.key, r.value!);
      continue;
    }
    // a read-only question keeps its default, whatever was sent
    const v = q.readOnly ? (q.defaultValue ?? undefined) : raw[q.key];
    if (isEmpty(v) || (q.type === 'acknowledge' && (v === false || v === 'false'))) {
      if (!isDisplayOnly(q.type) && requiredNow(q, scope, opts))
        errors[path(q.key)] = requiredMessage(q, opts.t);
      continue;
    }
    const offered =
      hasChoices(q.type) && q.choiceFilter
        ? offeredChoices(q, scope, { now: opts.now, position: opts.position })
        : q.choices;
    const r = checkOne(q, v, opts.t, offered);
    if (r.error) errors[path(q.key)] = r.error;
    else if (
      !constraintHolds(
        compiledExpression(q.constraint),
        r.value as Answer,
        scope,
        opts.now,
        opts.position,
      )
    )
      errors[path(q.key)] = q.constraintMessage || say(opts.t, 'constraint');
    else keep(q.key, r.value!);
    const chose = Array.isArray(r.value)
      ? (r.value as unknown[]).includes(OTHER_VALUE)
      : r.value === OTHER_VALUE;
    if (q.allowOther && hasChoices(q.type) && chose) {
      const other = asText(raw[otherKey(q.key)]);
      if (typeof other !== 'string' || other.trim() === '')
        errors[path(otherKey(q.key))] = say(opts.t, 'otherMissing');
      else if (other.trim().length > OTHER_CAP)
        errors[path(otherKey(q.key))] = say(opts.t, 'otherTooLong', { max: OTHER_CAP });
      else keep(otherKey(q.key), other.trim());
    }
  }
  return values;
}

/**
 * The number of instances a repeat must have when its `repeatCount` expression gives one (a whole
 * number 0..cap), else null (the respondent adds and removes instances within min..max).
 */
export function fixedRepeatCount(
  q: QuestionDef,
  ast: Expr | null,
  answers: Readonly<Scope>,
  now?: number,
): number | null {
  if (!ast) return null;
  const n = Math.trunc(toNumber(evaluate(ast, { answers, now })));
  return Number.isFinite(n) ? Math.max(0, Math.min(n, repeatBounds(q).max)) : 0;
}

/** A repeat's smallest and largest number of instances (validation.min / max, capped). */
export function repeatBounds(q: QuestionDef): { min: number; max: number } {
  const read = (s: string | null | undefined, d: number) => {
    const n = s == null || s === '' ? NaN : Math.trunc(Number(s));
    return Number.isFinite(n) ? Math.max(0, Math.min(n, REPEAT_CAP)) : d;
  };
  const min = read(q.validation.min, q.required ? 1 : 0);
  return { min: q.required ? Math.max(1, min) : min, max: read(q.validation.max, REPEAT_CAP) };
}

function checkRepeat(
  q: QuestionDef,
  raw: unknown,
  errors: Record<string, string>,
  opts: ListOpts,
  scope: Readonly<Scope>,
  path: (key: string) => string,
): Answers[] | null {
  const t = opts.t;
  const { noun, nouns } = itemWords(q, t);
  if (raw !== undefined && raw !== null && !Array.isArray(raw)) {
    errors[path(q.key)] = say(t, 'repeatList', { noun });
    return null;
  }
  const list = (raw as unknown[] | null | undefined) ?? [];
  const bad = list.findIndex((i) => !isInstance(i));
  if (bad >= 0) {
    errors[path(`${q.key}[${bad + 1}]`)] = say(t, 'repeatObject', { noun });
    return null;
  }
  const fixed = fixedRepeatCount(q, compiledExpression(q.repeatCount), scope, opts.now);
  const { min, max } = repeatBounds(q);
  const has = list.length;
  if (fixed !== null && list.length !== fixed) {
    errors[path(q.key)] = sayCount(t, 'repeatExactly', fixed, { noun, nouns, has });
    return null;
  }
  if (fixed === null && list.length < min) {
    errors[path(q.key)] =
      q.requiredMessage && list.length === 0
        ? q.requiredMessage
        : sayCount(t, 'repeatMin', min, { noun, nouns });
    return null;
  }
  if (list.length > max) {
    errors[path(q.key)] = sayCount(t, 'repeatMax', max, { noun, nouns, has });
    return null;
  }
  const children = q.questions ?? [];
  return (list as Record<string, unknown>[]).map((inst, i) =>
    checkList(children, inst, errors, { now: opts.now, position: i + 1, t }, scope, (k) =>
      path(repeatPath(q.key, i, k)),
    ),
  );
}

/** A stable text of the answers (sorted keys) to tell a retry from a different submission. */
export function canonicalAnswers(a: Answers): string {
  return JSON.stringify(
    Object.keys(a)
      .sort()
      .map((k) => [k, a[k]]),
  );
}
