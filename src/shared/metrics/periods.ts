import type { ReportingPeriod } from '../toc/vocabulary.js';
import {
  MONTHS,
  fiscalIndexOf,
  fiscalKeyOf,
  fiscalKeyOfIndex,
  fiscalLabel,
  isFiscal,
} from './fiscal.js';

/**
 * Reporting period keys: monthly `2026-03`, quarterly `2026-Q1`, annual `2026`, fiscal quarterly
 * `FY2027-Q1`, fiscal annual `FY2027` (fiscal.ts: named by the year the fiscal year ends in, from
 * the metric's snapshot `fiscalStartMonth`), or the keys of a metric's custom periods. A metric's periods run from the one containing `periodStart` to the one
 * containing `periodEnd` (dates `YYYY-MM-DD`); values and targets outside that range are refused.
 */
interface CustomPeriodDef {
  key: string;
  label: string;
  start: string;
  end: string;
}
export interface PeriodMetric {
  period: ReportingPeriod | string;
  periodStart: string | null;
  periodEnd: string | null;
  customPeriods: readonly CustomPeriodDef[];
  /** fiscal periods: the month (1-12) the fiscal year starts in, snapshot when the period was set */
  fiscalStartMonth?: number | null;
}
export interface PeriodOption {
  key: string;
  label: string;
}

/** The most periods a metric may report on (10 years monthly). */
export const MAX_PERIODS = 120;

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar date `YYYY-MM-DD`? */
export function isIsoDate(s: string): boolean {
  const m = DATE_RE.exec(s);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const dt = new Date(Date.UTC(y, mo - 1, d));
  return (
    dt.getUTCFullYear() === y &&
    dt.getUTCMonth() === mo - 1 &&
    dt.getUTCDate() === d &&
    y >= 1900 &&
    y <= 2200
  );
}

/**
 * The key of the period (of a kind) that contains a date `YYYY-MM-DD` (fiscal kinds: with the
 * fiscal year starting in `fiscalStartMonth`); null for custom periods or a malformed date. The SQL
 * twin is `periodSql` in the datasets module (bound data points).
 */
export function periodKeyOf(
  kind: string,
  date: string,
  fiscalStartMonth?: number | null,
): string | null {
  if (!isIsoDate(date)) return null;
  const [y, m] = [date.slice(0, 4), Number(date.slice(5, 7))];
  if (isFiscal(kind)) return fiscalKeyOf(kind, fiscalStartMonth, Number(y), m);
  if (kind === 'monthly') return `${y}-${String(m).padStart(2, '0')}`;
  if (kind === 'quarterly') return `${y}-Q${Math.ceil(m / 3)}`;
  if (kind === 'annual') return y;
  return null;
}

/** Period key -> a sortable index (months since year 0, quarters, years); null if malformed. */
function indexOf(kind: string, key: string): number | null {
  if (isFiscal(kind)) return fiscalIndexOf(kind, key);
  let m: RegExpExecArray | null;
  if (kind === 'monthly' && (m = /^(\d{4})-(\d{2})$/.exec(key))) {
    const mo = Number(m[2]);
    return mo >= 1 && mo <= 12 ? Number(m[1]) * 12 + mo - 1 : null;
  }
  if (kind === 'quarterly' && (m = /^(\d{4})-Q([1-4])$/.exec(key)))
    return Number(m[1]) * 4 + Number(m[2]) - 1;
  if (kind === 'annual' && (m = /^(\d{4})$/.exec(key))) return Number(m[1]);
  return null;
}

function keyOfIndex(kind: string, i: number): string {
  if (isFiscal(kind)) return fiscalKeyOfIndex(kind, i);
  if (kind === 'monthly') return `${Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}`;
  if (kind === 'quarterly') return `${Math.floor(i / 4)}-Q${(i % 4) + 1}`;
  return String(i);
}

/** How many periods a range spans (for validation), or null when the range is incomplete. */
export function periodCount(
  kind: string,
  start: string | null,
  end: string | null,
  fiscalStartMonth?: number | null,
): number | null {
  if (kind === 'custom' || !start || !end) return null;
  const a = periodKeyOf(kind, start, fiscalStartMonth);
  const b = periodKeyOf(kind, end, fiscalStartMonth);
  if (!a || !b) return null;
  return indexOf(kind, b)! - indexOf(kind, a)! + 1;
}

/** Every period of a metric in order (custom: its custom periods; no range: none). */
export function listPeriods(metric: PeriodMetric): PeriodOption[] {
  if (metric.period === 'custom')
    return metric.customPeriods.map((p) => ({ key: p.key, label: p.label || p.key }));
  if (!metric.periodStart || !metric.periodEnd) return [];
  const a = periodKeyOf(metric.period, metric.periodStart, metric.fiscalStartMonth);
  const b = periodKeyOf(metric.period, metric.periodEnd, metric.fiscalStartMonth);
  if (!a || !b) return [];
  const out: PeriodOption[] = [];
  const [from, to] = [indexOf(metric.period, a)!, indexOf(metric.period, b)!];
  for (let i = from; i <= to && out.length < MAX_PERIODS; i++) {
    const key = keyOfIndex(metric.period, i);
    out.push({ key, label: periodLabel(metric, key) });
  }
  return out;
}

/**
 * `2026-03` -> "Mar 2026", `2026-Q1` -> "Q1 2026", `2026` -> "2026", `FY2027-Q1` ->
 * "FY2027 Q1 (Jul–Sep 2026)", a custom key -> its label.
 */
export function periodLabel(
  metric: Pick<PeriodMetric, 'period' | 'customPeriods' | 'fiscalStartMonth'>,
  key: string,
): string {
  if (metric.period === 'custom')
    return metric.customPeriods.find((p) => p.key === key)?.label || key;
  const fiscal = fiscalLabel(key, metric.fiscalStartMonth);
  if (fiscal) return fiscal;
  let m: RegExpExecArray | null;
  if ((m = /^(\d{4})-(\d{2})$/.exec(key))) return `${MONTHS[Number(m[2]) - 1] ?? m[2]} ${m[1]}`;
  if ((m = /^(\d{4})-(Q[1-4])$/.exec(key))) return `${m[2]} ${m[1]}`;
  return key;
}

/** "2026-Q1 – 2026-Q4" */
function rangeLabel(metric: PeriodMetric): string {
  const ps = listPeriods(metric);
  if (!ps.length) return 'none';
  return `${ps[0].key} – ${ps[ps.length - 1].key}`;
}

const FORMAT_HINT: Record<string, string> = {
  monthly: 'a month like 2026-03',
  quarterly: 'a quarter like 2026-Q1',
  annual: 'a year like 2026',
  fiscal_quarterly: 'a fiscal quarter like FY2027-Q1',
  fiscal_annual: 'a fiscal year like FY2027',
};

/** null when `key` is one of the metric's periods, else the reason (for the `period` field). */
export function periodError(metric: PeriodMetric, key: string): string | null {
  if (metric.period === 'custom') {
    if (!metric.customPeriods.length) return 'Add this metric’s custom reporting periods first.';
    return metric.customPeriods.some((p) => p.key === key)
      ? null
      : `${key || 'That'} is not one of this metric’s reporting periods (${metric.customPeriods.map((p) => p.key).join(', ')}).`;
  }
  if (indexOf(metric.period, key) === null)
    return `Enter ${FORMAT_HINT[metric.period] ?? 'a reporting period'}.`;
  const ps = listPeriods(metric);
  if (!ps.length) return 'Set this metric’s reporting range (start and end) first.';
  return ps.some((p) => p.key === key)
    ? null
    : `${key} is outside this metric’s reporting range ${rangeLabel(metric)}.`;
}

export function isValidPeriod(metric: PeriodMetric, key: string): boolean {
  return periodError(metric, key) === null;
}
