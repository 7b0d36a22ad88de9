/**
 * The conversion of one source value to a column type, and the inference of a column's type from
 * sample values (docs/datasets.md section 4). The same code runs in the preview (browser and
 * server) and in the import, so the preview's "would fail" count is what the import reports.
 * Zod-free: the client imports it.
 */
import type { ColumnType } from './column-types.js';

/** A cell as a parser gives it: CSV cells are strings; XLSX cells may be numbers, booleans, dates */
export type RawValue = string | number | boolean | Date | null | undefined;

/** value: the canonical text PostgreSQL reads for the column's SQL type (null: empty) */
export type Conversion = { ok: true; value: string | null } | { ok: false; reason: string };

/** The types the file import offers (multi and geopoint come from forms) */
export const IMPORT_TYPES = [
  'text',
  'integer',
  'decimal',
  'boolean',
  'date',
  'datetime',
  'category',
] as const satisfies readonly ColumnType[];

export const CONVERSION_REASONS = {
  integer: 'not a whole number',
  integerRange: 'a whole number too large to store',
  decimal: 'not a number',
  boolean: 'not yes/no (expected yes, no, true, false, 1 or 0)',
  date: 'not a date (expected YYYY-MM-DD)',
  datetime: 'not a date and time (expected YYYY-MM-DD HH:MM)',
} as const;

const ok = (value: string | null): Conversion => ({ ok: true, value });
const bad = (reason: string): Conversion => ({ ok: false, reason });

const TRUE = new Set(['true', 'yes', 'y', '1', 't', 'oui', 'si', 'sí', 'ja']);
const FALSE = new Set(['false', 'no', 'n', '0', 'f', 'non', 'nein']);
const INT_RE = /^[-+]?\d+$/;
const INT_GROUPED_RE = /^[-+]?\d{1,3}(,\d{3})+$/;
const DEC_RE = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;
const DEC_GROUPED_RE = /^[-+]?\d{1,3}(,\d{3})+(\.\d+)?$/;
const DATE_RE = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})$/;
const DATETIME_RE =
  /^(\d{4})-(\d{1,2})-(\d{1,2})[T ](\d{1,2}):(\d{2})(?::(\d{2})(\.\d{1,6})?)?\s*(Z|[+-]\d{2}:?\d{2})?$/i;
const MAX_BIGINT = 9223372036854775807n;

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

function validDate(y: number, m: number, d: number): boolean {
  if (m < 1 || m > 12 || d < 1 || y < 1) return false;
  const dt = new Date(Date.UTC(y, m - 1, d));
  return dt.getUTCFullYear() === y && dt.getUTCMonth() === m - 1 && dt.getUTCDate() === d;
}

/** Text of a raw value as the user sees it (numbers in full, dates ISO) */
export function rawText(raw: RawValue): string {
  if (raw === null || raw === undefined) return '';
  if (raw instanceof Date) return Number.isNaN(raw.getTime()) ? '' : raw.toISOString();
  return String(raw);
}

function isEmpty(raw: RawValue): boolean {
  return raw === null || raw === undefined || (typeof raw === 'string' && raw.trim() === '');
}

function toInteger(raw: RawValue): Conversion {
  if (typeof raw === 'number')
    return Number.isInteger(raw) && Number.isSafeInteger(raw)
      ? ok(String(raw))
      : bad(CONVERSION_REASONS.integer);
  if (typeof raw !== 'string') return bad(CONVERSION_REASONS.integer);
  const s = raw.trim();
  const digits = INT_RE.test(s) ? s : INT_GROUPED_RE.test(s) ? s.replace(/,/g, '') : null;
  if (digits === null) return bad(CONVERSION_REASONS.integer);
  const n = BigInt(digits);
  if (n > MAX_BIGINT || n < -MAX_BIGINT) return bad(CONVERSION_REASONS.integerRange);
  return ok(n.toString());
}

function toDecimal(raw: RawValue): Conversion {
  if (typeof raw === 'number')
    return Number.isFinite(raw) ? ok(String(raw)) : bad(CONVERSION_REASONS.decimal);
  if (typeof raw !== 'string') return bad(CONVERSION_REASONS.decimal);
  const s = raw.trim();
  if (DEC_RE.test(s)) return ok(s.replace(/^\+/, ''));
  if (DEC_GROUPED_RE.test(s)) return ok(s.replace(/,/g, '').replace(/^\+/, ''));
  return bad(CONVERSION_REASONS.decimal);
}

function toBoolean(raw: RawValue): Conversion {
  if (typeof raw === 'boolean') return ok(raw ? 't' : 'f');
  if (typeof raw === 'number')
    return raw === 1 ? ok('t') : raw === 0 ? ok('f') : bad(CONVERSION_REASONS.boolean);
  if (typeof raw !== 'string') return bad(CONVERSION_REASONS.boolean);
  const s = raw.trim().toLowerCase();
  return TRUE.has(s) ? ok('t') : FALSE.has(s) ? ok('f') : bad(CONVERSION_REASONS.boolean);
}

function toDate(raw: RawValue): Conversion {
  if (raw instanceof Date) {
    if (Number.isNaN(raw.getTime())) return bad(CONVERSION_REASONS.date);
    // spreadsheet dates arrive as UTC midnight of the calendar day
    return ok(
      `${pad(raw.getUTCFullYear(), 4)}-${pad(raw.getUTCMonth() + 1)}-${pad(raw.getUTCDate())}`,
    );
  }
  if (typeof raw !== 'string') return bad(CONVERSION_REASONS.date);
  const m = DATE_RE.exec(raw.trim());
  if (!m) return bad(CONVERSION_REASONS.date);
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  return validDate(y, mo, d)
    ? ok(`${pad(y, 4)}-${pad(mo)}-${pad(d)}`)
    : bad(CONVERSION_REASONS.date);
}

function toDatetime(raw: RawValue): Conversion {
  if (raw instanceof Date)
    return Number.isNaN(raw.getTime()) ? bad(CONVERSION_REASONS.datetime) : ok(raw.toISOString());
  if (typeof raw !== 'string') return bad(CONVERSION_REASONS.datetime);
  const s = raw.trim();
  const d = DATE_RE.exec(s);
  if (d && validDate(Number(d[1]), Number(d[2]), Number(d[3])))
    return ok(`${pad(Number(d[1]), 4)}-${pad(Number(d[2]))}-${pad(Number(d[3]))} 00:00:00`);
  const m = DATETIME_RE.exec(s);
  if (!m) return bad(CONVERSION_REASONS.datetime);
  const [y, mo, da, h, mi, se] = [1, 2, 3, 4, 5, 6].map((i) => Number(m[i] ?? 0));
  if (!validDate(y, mo, da) || h > 23 || mi > 59 || se > 59)
    return bad(CONVERSION_REASONS.datetime);
  const zone = m[8] ? (m[8].toUpperCase() === 'Z' ? '+00:00' : m[8]) : '';
  return ok(
    `${pad(y, 4)}-${pad(mo)}-${pad(da)} ${pad(h)}:${pad(mi)}:${pad(se)}${m[7] ?? ''}${zone}`,
  );
}

/** Convert one value to a column type; empty cells are null for every type */
export function convertValue(type: ColumnType, raw: RawValue): Conversion {
  if (isEmpty(raw)) return ok(null);
  switch (type) {
    case 'integer':
      return toInteger(raw);
    case 'decimal':
      return toDecimal(raw);
    case 'boolean':
      return toBoolean(raw);
    case 'date':
      return toDate(raw);
    case 'datetime':
      return toDatetime(raw);
    default:
      return ok(typeof raw === 'string' ? raw : rawText(raw));
  }
}

/** How many of the values would fail to convert to `type` */
export function failuresOf(type: ColumnType, values: readonly RawValue[]): number {
  let n = 0;
  for (const v of values) if (!convertValue(type, v).ok) n++;
  return n;
}

/** At least this share of the non-empty samples must convert for a type to be inferred */
const INFER_SHARE = 0.9;
const CATEGORY_MAX_DISTINCT = 12;

/**
 * The most specific type that converts most (90 %) of the non-empty samples: boolean, integer,
 * decimal, date, datetime; then category for text with a few distinct values that repeat, else
 * text. Columns of 0/1 read as booleans only when they hold no other number.
 */
export function inferType(values: readonly RawValue[]): ColumnType {
  const present = values.filter((v) => !isEmpty(v));
  if (!present.length) return 'text';
  const need = Math.ceil(present.length * INFER_SHARE);
  const fits = (t: ColumnType) => present.length - failuresOf(t, present) >= need;
  const numericOnly01 = present.every((v) => v === 0 || v === 1 || v === '0' || v === '1');
  if (!numericOnly01 && fits('boolean')) return 'boolean';
  if (fits('integer')) return 'integer';
  if (fits('decimal')) return 'decimal';
  const allDates = present.every(
    (v) => !(v instanceof Date) || (v.getUTCHours() === 0 && v.getUTCMinutes() === 0),
  );
  if (allDates && fits('date')) return 'date';
  if (fits('datetime')) return 'datetime';
  const distinct = new Set(present.map((v) => rawText(v).trim())).size;
  if (present.length >= 10 && distinct <= CATEGORY_MAX_DISTINCT && distinct * 2 <= present.length)
    return 'category';
  return 'text';
}

/** A value that did not convert: its reason (one object per reason, shared) */
export interface ConversionFailure {
  reason: string;
}

/** One column's converter: the canonical text (null: empty) or a failure */
export type Converter = (raw: RawValue) => string | null | ConversionFailure;

const failures = new Map<string, ConversionFailure>();
const failure = (reason: string) => {
  let f = failures.get(reason);
  if (!f) failures.set(reason, (f = { reason }));
  return f;
};

/** The general path: convertValue's answer as a converter's */
const general = (type: ColumnType) => (raw: RawValue) => {
  const c = convertValue(type, raw);
  return c.ok ? c.value : failure(c.reason);
};

const isDigit = (c: number) => c >= 48 && c <= 57;
const DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const digitsAt = (s: string, from: number, to: number) => {
  let n = 0;
  for (let i = from; i < to; i++) {
    const c = s.charCodeAt(i);
    if (!isDigit(c)) return -1;
    n = n * 10 + c - 48;
  }
  return n;
};

/** "-12", "0", "345": already canonical (no sign but minus, no leading zero, at most 15 digits) */
function plainInteger(s: string): boolean {
  const start = s.charCodeAt(0) === 45 ? 1 : 0;
  const len = s.length - start;
  if (len < 1 || len > 15) return false;
  if (s.charCodeAt(start) === 48 && (len > 1 || start === 1)) return false;
  return digitsAt(s, start, s.length) >= 0;
}

/** "-1.5", "2", ".25", "3.": what the decimal pattern accepts, already canonical */
function plainDecimal(s: string): boolean {
  let i = s.charCodeAt(0) === 45 ? 1 : 0;
  let digits = 0;
  let dot = false;
  for (; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (isDigit(c)) digits++;
    else if (c === 46 && !dot) dot = true;
    else return false;
  }
  return digits > 0;
}

/** "2026-01-31": a valid YYYY-MM-DD, already canonical */
function plainDate(s: string): boolean {
  if (s.length !== 10 || s.charCodeAt(4) !== 45 || s.charCodeAt(7) !== 45) return false;
  const y = digitsAt(s, 0, 4);
  const m = digitsAt(s, 5, 7);
  const d = digitsAt(s, 8, 10);
  // years before 100: convertValue's Date reads them as 19xx (they take its path)
  if (y < 100 || m < 1 || m > 12 || d < 1) return false;
  const leap = m === 2 && y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);
  return d <= DAYS[m - 1] + (leap ? 1 : 0);
}

/** Text that is surely not empty: its first character is printable ASCII */
const plainText = (s: string) => {
  const c = s.charCodeAt(0);
  return c > 32 && c < 127;
};

const BOOLEANS = new Map<string, string>([
  ...[...TRUE]
    .flatMap((v) => [v, v.toUpperCase(), v[0].toUpperCase() + v.slice(1)])
    .map((v) => [v, 't'] as [string, string]),
  ...[...FALSE]
    .flatMap((v) => [v, v.toUpperCase(), v[0].toUpperCase() + v.slice(1)])
    .map((v) => [v, 'f'] as [string, string]),
]);

/**
 * The converter of a column type for a whole import: the same answers as `convertValue` (a test
 * holds them equal), the common shapes of each type (plain numbers, YYYY-MM-DD dates, yes/no
 * words, text) answered without trimming, patterns or allocations; everything else through
 * `convertValue`.
 */
export function converterOf(type: ColumnType): Converter {
  const slow = general(type);
  switch (type) {
    case 'integer':
      return (raw) =>
        typeof raw === 'string'
          ? plainInteger(raw)
            ? raw
            : slow(raw)
          : typeof raw === 'number' && Number.isSafeInteger(raw)
            ? String(raw)
            : slow(raw);
    case 'decimal':
      return (raw) =>
        typeof raw === 'string'
          ? plainDecimal(raw)
            ? raw
            : slow(raw)
          : typeof raw === 'number' && Number.isFinite(raw)
            ? String(raw)
            : slow(raw);
    case 'date':
      return (raw) => (typeof raw === 'string' && plainDate(raw) ? raw : slow(raw));
    case 'boolean':
      return (raw) => (typeof raw === 'string' ? (BOOLEANS.get(raw) ?? slow(raw)) : slow(raw));
    case 'datetime':
      return slow;
    default:
      return (raw) => (typeof raw === 'string' && plainText(raw) ? raw : slow(raw));
  }
}

/** Whether a converter's answer is a failure */
export const isFailure = (v: string | null | ConversionFailure): v is ConversionFailure =>
  typeof v === 'object' && v !== null;
