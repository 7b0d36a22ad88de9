/**
 * Values and the XPath 1.0 conversions between them, as ODK/XLSForm use them. Dates are UTC so the
 * browser and the server read the same text the same way whatever their time zones.
 */
export interface DateValue {
  kind: 'date';
  /** milliseconds since 1970-01-01T00:00:00Z */
  ms: number;
  /** false for a calendar date (today(), date('2024-05-01')) */
  time: boolean;
}

/** Several values under one name: a multiple-choice answer given as an array, a repeat's answers. */
interface Nodes {
  kind: 'nodes';
  items: string[];
}

export type Value = string | number | boolean | DateValue | Nodes;

/** What an answers record may hold for a question. Multiple choice: an array or 'a b c'. */
export type Answer =
  | string
  | number
  | boolean
  | null
  | undefined
  | ReadonlyArray<string | number | Readonly<Record<string, unknown>>>
  | Readonly<Record<string, string | number | undefined>>;

const DAY_MS = 86_400_000;
const NUMBER_RE = /^-?(\d+(\.\d*)?|\.\d+)$/;
const DATE_RE =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

const isDate = (v: Value): v is DateValue => typeof v === 'object' && v.kind === 'date';
const isNodes = (v: Value): v is Nodes => typeof v === 'object' && v.kind === 'nodes';

/** Read an ISO date or date-time text (YYYY-MM-DD, YYYY-MM-DDThh:mm[:ss][zone]); null if it is not one. */
function parseDate(text: string): DateValue | null {
  const m = DATE_RE.exec(text.trim());
  if (!m) return null;
  const [, y, mo, d, h, mi, s, frac, zone] = m;
  const ms = Date.UTC(
    +y,
    +mo - 1,
    +d,
    h ? +h : 0,
    mi ? +mi : 0,
    s ? +s : 0,
    frac ? Math.round(+frac * 1000) : 0,
  );
  const back = new Date(Date.UTC(+y, +mo - 1, +d));
  if (back.getUTCMonth() !== +mo - 1 || back.getUTCDate() !== +d) return null;
  let offset = 0;
  if (zone && zone !== 'Z') {
    const sign = zone.startsWith('-') ? -1 : 1;
    const digits = zone.slice(1).replace(':', '');
    offset = sign * (+digits.slice(0, 2) * 60 + +digits.slice(2)) * 60_000;
  }
  return { kind: 'date', ms: ms - offset, time: h !== undefined };
}

/** An answer as a value: arrays become nodes, null and undefined the empty string. */
export function fromAnswer(a: Answer): Value {
  if (a === null || a === undefined) return '';
  // a repeat's instances read as one item each (count() counts them)
  if (Array.isArray(a))
    return { kind: 'nodes', items: a.map((x) => (typeof x === 'object' ? '' : String(x))) };
  if (typeof a === 'object') {
    // a geopoint reads as ODK writes it ('lat lon altitude accuracy'); a matrix as its row values
    const o = a as Readonly<Record<string, string | number | undefined>>;
    // a file reads as its name (ODK reads the file name)
    if (typeof o.fileId === 'string' && typeof o.name === 'string') return o.name;
    if (typeof o.lat === 'number' && typeof o.lon === 'number')
      return o.accuracy === undefined ? `${o.lat} ${o.lon}` : `${o.lat} ${o.lon} 0 ${o.accuracy}`;
    return {
      kind: 'nodes',
      items: Object.values(o)
        .filter((v) => v !== undefined)
        .map(String),
    };
  }
  return a as string | number | boolean;
}

/** The separate values of a multiple-choice answer or a repeat: array items, or the words of a text. */
export function items(v: Value): string[] {
  if (isNodes(v)) return v.items;
  return toText(v)
    .split(/\s+/)
    .filter((s) => s !== '');
}

export function toBoolean(v: Value): boolean {
  if (typeof v === 'boolean') return v;
  if (typeof v === 'number') return v !== 0 && !Number.isNaN(v);
  if (typeof v === 'string') return v !== '';
  if (isNodes(v)) return v.items.length > 0;
  return true;
}

export function toNumber(v: Value): number {
  if (typeof v === 'number') return v;
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (isDate(v)) return v.ms / DAY_MS;
  const text = (typeof v === 'string' ? v : v.items.join(' ')).trim();
  if (NUMBER_RE.test(text)) return Number(text);
  const date = parseDate(text);
  return date ? date.ms / DAY_MS : Number.NaN;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

function formatIsoDate(d: DateValue): string {
  const t = new Date(d.ms);
  const day = `${pad(t.getUTCFullYear(), 4)}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())}`;
  return d.time ? t.toISOString() : day;
}

/** XPath's string(): NaN and the infinities are the empty answer, as a form shows them. */
export function toText(v: Value): string {
  if (typeof v === 'string') return v;
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  if (typeof v === 'number') return Number.isFinite(v) ? String(v) : '';
  if (isDate(v)) return Number.isFinite(v.ms) ? formatIsoDate(v) : '';
  return v.items.join(' ');
}

/** A value as a date: dates as they are, texts read as ISO dates, numbers as days since 1970-01-01. */
export function toDate(v: Value): DateValue {
  if (isDate(v)) return v;
  if (typeof v === 'number') return { kind: 'date', ms: v * DAY_MS, time: !Number.isInteger(v) };
  const parsed = parseDate(toText(v));
  return parsed ?? { kind: 'date', ms: Number.NaN, time: false };
}

/** `=` and `!=` by XPath's rules: booleans first, then numbers (dates count as days), then text. */
export function equals(a: Value, b: Value): boolean {
  if (typeof a === 'boolean' || typeof b === 'boolean') return toBoolean(a) === toBoolean(b);
  if (typeof a === 'number' || typeof b === 'number' || isDate(a) || isDate(b)) {
    if ((isDate(a) || isDate(b)) && typeof a !== 'number' && typeof b !== 'number')
      return toNumber(toDate(a)) === toNumber(toDate(b));
    return toNumber(a) === toNumber(b);
  }
  return toText(a) === toText(b);
}
