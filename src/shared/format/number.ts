/**
 * The one place numbers become text. Every figure a person reads (tables, cards, charts, exports)
 * goes through here, so the same value never shows as 85.15 %, 85.149 % and 85.1485148515.
 * A scan test (number.scan.test.ts) fails when toFixed / toLocaleString / Intl.NumberFormat
 * appear on numbers anywhere else in src.
 */

/** What a figure's format depends on: the metric's type, unit, currency and (optional) precision. */
export interface FigureFormat {
  type?: string | null;
  unit?: string | null;
  currency?: string | null;
  /** decimals shown at most; defaults per type (see figurePrecision) */
  precision?: number | null;
}

/** Decimals a metric's figures are shown (and exported) with at most. */
export function figurePrecision(f: FigureFormat = {}): number {
  if (
    typeof f.precision === 'number' &&
    Number.isInteger(f.precision) &&
    f.precision >= 0 &&
    f.precision <= 6
  )
    return f.precision;
  if (f.type === 'yes_no') return 0;
  return 2;
}

const formatters = new Map<number, Intl.NumberFormat>();
function formatter(decimals: number): Intl.NumberFormat {
  let nf = formatters.get(decimals);
  if (!nf) {
    nf = new Intl.NumberFormat('en', { maximumFractionDigits: decimals, minimumFractionDigits: 0 });
    formatters.set(decimals, nf);
  }
  return nf;
}

/** A plain number for reading: 1,234 or 85.15 (at most `decimals` decimals, grouped thousands). */
export function formatNumber(v: number, decimals = 2): string {
  if (!Number.isFinite(v)) return '—';
  const out = formatter(decimals).format(v);
  return out === '-0' ? '0' : out;
}

/** The value rounded to the metric's precision, as a number (charts, spreadsheet cells). */
export function roundFigure(v: number, f: FigureFormat = {}): number {
  if (!Number.isFinite(v)) return v;
  const p = 10 ** figurePrecision(f);
  const r = Math.round((v + Number.EPSILON * Math.sign(v)) * p) / p;
  return Object.is(r, -0) ? 0 : r;
}

/** A figure in the metric's terms: 45 %, USD 1,200, 3 people, Yes; '—' when there is none. */
export function formatFigure(
  v: number | null | undefined,
  f: FigureFormat = {},
  opts: { unit?: boolean } = {},
): string {
  if (v === null || v === undefined || !Number.isFinite(v)) return '—';
  const n = formatNumber(v, figurePrecision(f));
  if (opts.unit === false) return n;
  if (f.type === 'percentage') return `${n} %`;
  if (f.type === 'yes_no') return v === 1 ? 'Yes' : v === 0 ? 'No' : n;
  if (f.type === 'currency') return `${f.currency ?? ''} ${n}`.trim();
  return f.unit ? `${n} ${f.unit}` : n;
}

/** The spreadsheet number format of a metric's figures (e.g. '#,##0.##' for two decimals at most). */
export function excelNumberFormat(f: FigureFormat = {}): string {
  const p = figurePrecision(f);
  return p === 0 ? '#,##0' : `#,##0.${'#'.repeat(p)}`;
}

/** A computed value without floating-point noise (12 significant digits: 55.00000000000001 is 55). */
export const cleanFloat = (v: number): number => Number(v.toPrecision(12));
