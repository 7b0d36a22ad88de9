/**
 * "Standardise dates" (a clean-up): a text column's dates written in mixed ways become
 * YYYY-MM-DD. The patterns below are written once and read by both sides: the compiler puts them
 * in the SQL (PostgreSQL regular expressions), the in-memory reference and the unit tests use
 * them as JavaScript ones (the same syntax for what they use).
 *
 * - year first, 4 digits: 2024-03-05, 2024/3/5, 2024.03.05 (always year, month, day);
 * - a month by name: 5 Mar 2024, 05-Mar-2024, 5th March 2024, March 5, 2024, Mar. 5 2024;
 * - year last, 4 digits: 05/03/2024, 5-3-2024, 05.03.2024: day or month first is ambiguous, so
 *   the step declares the order to try (`DateOrder`): the first that gives a real date wins
 *   (13/03/2024 is the 13th of March whatever the order, 05/03/2024 is the 5th of March when
 *   day-first comes first).
 * A value that is none of these, or not a real date (2023-02-29), is left as it was.
 * Two-digit years are not read (05/03/24 stays): which century is a guess.
 */
export const DATE_ORDERS = ['dmy', 'mdy'] as const;
export type DateOrder = (typeof DATE_ORDERS)[number];

const MONTH =
  '(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)';
const DAY = '([0-9]{1,2})(?:st|nd|rd|th)?';

/** Each pattern (matched ignoring case) with where its year, month and day are */
export const DATE_PATTERNS = {
  /** 2024-03-05 */
  yearFirst: { re: '^([0-9]{4})[-/.]([0-9]{1,2})[-/.]([0-9]{1,2})$', y: 1, m: 2, d: 3 },
  /** 5 Mar 2024 */
  dayMonthName: { re: `^${DAY}[ -]${MONTH}[.]?,?[ -]([0-9]{4})$`, y: 3, m: 2, d: 1 },
  /** March 5, 2024 */
  monthNameDay: { re: `^${MONTH}[.]?[ -]${DAY},?[ -]([0-9]{4})$`, y: 3, m: 1, d: 2 },
  /** 05/03/2024 (the order decides) */
  yearLast: { re: '^([0-9]{1,2})[-/.]([0-9]{1,2})[-/.]([0-9]{4})$', y: 3, m: 0, d: 0 },
} as const;

/** Where day and month are in a year-last date, by order */
export const YEAR_LAST_PARTS: Record<DateOrder, { d: number; m: number }> = {
  dmy: { d: 1, m: 2 },
  mdy: { d: 2, m: 1 },
};

/** Month names by their first three letters (january = 1) */
export const MONTH_KEYS = [
  'jan',
  'feb',
  'mar',
  'apr',
  'may',
  'jun',
  'jul',
  'aug',
  'sep',
  'oct',
  'nov',
  'dec',
] as const;

const leap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
const DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** YYYY-MM-DD when y, m, d make a real date (year 1 to 9999), else null */
export function isoDate(y: number, m: number, d: number): string | null {
  if (!(y >= 1 && m >= 1 && m <= 12)) return null;
  const last = m === 2 && leap(y) ? 29 : DAYS[m - 1];
  if (!(d >= 1 && d <= last)) return null;
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

const monthOf = (s: string) => MONTH_KEYS.indexOf(s.slice(0, 3).toLowerCase() as 'jan') + 1;

/** The value as YYYY-MM-DD, or null when it is not a date this step reads (the SQL's twin) */
export function standardDate(value: string, order: readonly DateOrder[]): string | null {
  const t = value.replace(/^[ \t\n\r\f\v]+|[ \t\n\r\f\v]+$/g, '');
  const match = (p: { re: string }) => new RegExp(p.re, 'i').exec(t);
  const p = DATE_PATTERNS;
  let r = match(p.yearFirst);
  if (r) return isoDate(Number(r[1]), Number(r[2]), Number(r[3]));
  r = match(p.dayMonthName);
  if (r) return isoDate(Number(r[3]), monthOf(r[2]), Number(r[1]));
  r = match(p.monthNameDay);
  if (r) return isoDate(Number(r[3]), monthOf(r[1]), Number(r[2]));
  r = match(p.yearLast);
  if (!r) return null;
  for (const o of order) {
    const { d, m } = YEAR_LAST_PARTS[o];
    const iso = isoDate(Number(r[3]), Number(r[m]), Number(r[d]));
    if (iso) return iso;
  }
  return null;
}
