import { fiscalShift } from '../metrics/fiscal.js';

/**
 * Period keys of different reporting kinds on one time line (months since year 0), so a range
 * picked from quarterly keys also filters monthly and annual metrics: a period is in the range
 * when it starts no earlier than `from` starts and ends no later than `to` ends. Fiscal keys
 * (`FY2027`, `FY2027-Q1`) are placed with the fiscal year's start month.
 */
interface Custom {
  key: string;
  start: string;
  end: string;
}
const monthOf = (date: string) => Number(date.slice(0, 4)) * 12 + Number(date.slice(5, 7)) - 1;

export function periodSpan(
  key: string,
  custom: readonly Custom[] = [],
  fiscalStartMonth?: number | null,
): [number, number] | null {
  let m: RegExpExecArray | null;
  if ((m = /^FY(\d{4})(?:-Q([1-4]))?$/.exec(key))) {
    const i =
      Number(m[1]) * 12 - fiscalShift(fiscalStartMonth) + (m[2] ? (Number(m[2]) - 1) * 3 : 0);
    return [i, i + (m[2] ? 2 : 11)];
  }
  if ((m = /^(\d{4})-(\d{2})$/.exec(key))) {
    const i = Number(m[1]) * 12 + Number(m[2]) - 1;
    return [i, i];
  }
  if ((m = /^(\d{4})-Q([1-4])$/.exec(key))) {
    const i = Number(m[1]) * 12 + (Number(m[2]) - 1) * 3;
    return [i, i + 2];
  }
  if ((m = /^(\d{4})$/.exec(key))) return [Number(m[1]) * 12, Number(m[1]) * 12 + 11];
  const c = custom.find((p) => p.key === key);
  return c ? [monthOf(c.start), monthOf(c.end)] : null;
}

/** Is `key` within [from, to] (either end open)? Unplaceable keys are kept only without a range. */
export function inRange(
  key: string,
  from: [number, number] | null,
  to: [number, number] | null,
  custom: readonly Custom[] = [],
  fiscalStartMonth?: number | null,
): boolean {
  if (!from && !to) return true;
  const s = periodSpan(key, custom, fiscalStartMonth);
  if (!s) return false;
  return (!from || s[0] >= from[0]) && (!to || s[1] <= to[1]);
}
