import { MONTHS as MONTH_NAMES } from '../settings/settings.js';

/**
 * Financial-year periods (DHIS2's "financial year" period types): a fiscal year starting in month
 * `s` (1-12) is named by the calendar year it ends in, so July 2026–June 2027 is `FY2027`; with a
 * January start the fiscal year is the calendar year. Keys: `FY2027` (annual), `FY2027-Q1`
 * (quarterly, Q1 = the three months from the start month). The start month is a snapshot stored
 * on the metric, so changing the team's setting never re-keys existing values.
 */
const FISCAL_PERIODS = ['fiscal_quarterly', 'fiscal_annual'] as const;
export const isFiscal = (kind: string): boolean =>
  (FISCAL_PERIODS as readonly string[]).includes(kind);

/** Jan … Dec */
export const MONTHS = MONTH_NAMES.map((m) => m.slice(0, 3));

const validStart = (s: number | null | undefined): number =>
  Number.isInteger(s) && s! >= 1 && s! <= 12 ? s! : 1;

/** How many months a date moves forward so that its fiscal month becomes its calendar month. */
export const fiscalShift = (startMonth: number | null | undefined): number =>
  (13 - validStart(startMonth)) % 12;

/** Fiscal key of a calendar year and month (1-12). */
export function fiscalKeyOf(
  kind: string,
  startMonth: number | null | undefined,
  year: number,
  month: number,
): string | null {
  const total = year * 12 + month - 1 + fiscalShift(startMonth);
  const fy = Math.floor(total / 12);
  if (kind === 'fiscal_annual') return `FY${fy}`;
  if (kind === 'fiscal_quarterly') return `FY${fy}-Q${Math.floor((total % 12) / 3) + 1}`;
  return null;
}

/** Fiscal key -> a sortable index (quarters or years); null if malformed. */
export function fiscalIndexOf(kind: string, key: string): number | null {
  let m: RegExpExecArray | null;
  if (kind === 'fiscal_quarterly' && (m = /^FY(\d{4})-Q([1-4])$/.exec(key)))
    return Number(m[1]) * 4 + Number(m[2]) - 1;
  if (kind === 'fiscal_annual' && (m = /^FY(\d{4})$/.exec(key))) return Number(m[1]);
  return null;
}

export function fiscalKeyOfIndex(kind: string, i: number): string {
  return kind === 'fiscal_quarterly' ? `FY${Math.floor(i / 4)}-Q${(i % 4) + 1}` : `FY${i}`;
}

/** The calendar month `n` months after the start of fiscal year `fy`: "Jul 2026". */
function monthOf(fy: number, n: number, startMonth: number | null | undefined) {
  const total = fy * 12 + n - fiscalShift(startMonth);
  return { month: MONTHS[((total % 12) + 12) % 12], year: Math.floor(total / 12) };
}
/** "Jul–Sep 2026", "Dec 2025–Feb 2026" */
function spanLabel(fy: number, from: number, to: number, startMonth: number | null | undefined) {
  const a = monthOf(fy, from, startMonth);
  const b = monthOf(fy, to, startMonth);
  return a.year === b.year
    ? `${a.month}–${b.month} ${b.year}`
    : `${a.month} ${a.year}–${b.month} ${b.year}`;
}

/**
 * `FY2027-Q1` -> "FY2027 Q1 (Jul–Sep 2026)", `FY2027` -> "FY2027 (Jul 2026–Jun 2027)"; without
 * the start month only "FY2027 Q1"; null when `key` is not a fiscal key.
 */
export function fiscalLabel(key: string, startMonth: number | null | undefined): string | null {
  let m: RegExpExecArray | null;
  if ((m = /^FY(\d{4})-Q([1-4])$/.exec(key))) {
    const [fy, q] = [Number(m[1]), Number(m[2])];
    const head = `FY${fy} Q${q}`;
    return startMonth
      ? `${head} (${spanLabel(fy, (q - 1) * 3, (q - 1) * 3 + 2, startMonth)})`
      : head;
  }
  if ((m = /^FY(\d{4})$/.exec(key))) {
    const fy = Number(m[1]);
    return startMonth ? `FY${fy} (${spanLabel(fy, 0, 11, startMonth)})` : `FY${fy}`;
  }
  return null;
}

/** 7 -> "July" (January when unset) */
export const monthName = (startMonth: number | null | undefined): string =>
  MONTH_NAMES[validStart(startMonth) - 1];

/** "Fiscal year starts in July" */
export const fiscalStartText = (startMonth: number | null | undefined): string =>
  `Fiscal year starts in ${monthName(startMonth)}`;
