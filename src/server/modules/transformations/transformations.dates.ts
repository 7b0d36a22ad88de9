import {
  DATE_PATTERNS,
  MONTH_KEYS,
  YEAR_LAST_PARTS,
  type DateOrder,
} from '../../../shared/transformations/dates.js';
import { trimmed } from './transformations.sql.js';

/**
 * "Standardise dates" in SQL: the value as YYYY-MM-DD where it reads as a date by the patterns
 * of src/shared/transformations/dates.ts (tried in the same order), else the value unchanged.
 * The patterns and month names are ours (no user text); the checks nest so make_date never sees
 * an impossible date (PostgreSQL does not promise to evaluate AND from left to right).
 */
export function standardDateSql(x: string, order: readonly DateOrder[]): string {
  const t = trimmed(x);
  const part = (re: string, i: number) => `(regexp_match(${t}, '${re}', 'i'))[${i}]`;
  const int = (re: string, i: number) => `${part(re, i)}::int`;
  const month = (re: string, i: number) =>
    `array_position(ARRAY[${MONTH_KEYS.map((m) => `'${m}'`).join(', ')}], lower(left(${part(re, i)}, 3)))`;
  const iso = (y: string, m: string, d: string) =>
    `(CASE WHEN ${y} >= 1 AND ${m} BETWEEN 1 AND 12 THEN` +
    ` (CASE WHEN ${d} BETWEEN 1 AND extract(day from make_date(${y}, ${m}, 1) + interval '1 month' - interval '1 day')::int` +
    ` THEN to_char(make_date(${y}, ${m}, ${d}), 'YYYY-MM-DD') END) END)`;
  const p = DATE_PATTERNS;
  const tries = [
    iso(int(p.yearFirst.re, 1), int(p.yearFirst.re, 2), int(p.yearFirst.re, 3)),
    iso(int(p.dayMonthName.re, 3), month(p.dayMonthName.re, 2), int(p.dayMonthName.re, 1)),
    iso(int(p.monthNameDay.re, 3), month(p.monthNameDay.re, 1), int(p.monthNameDay.re, 2)),
  ];
  const yearLast = order.map((o) => {
    const { d, m } = YEAR_LAST_PARTS[o];
    const re = p.yearLast.re;
    return iso(int(re, 3), int(re, m), int(re, d));
  });
  // the patterns exclude each other: at most one of these is not null
  return `COALESCE(${[...tries, ...yearLast, x].join(', ')})`;
}
