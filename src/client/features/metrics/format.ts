import type { MetricView } from '@shared/metrics/metrics.pages';

/** A figure in the metric's terms: 45 %, USD 1,200, 3 people. */
export function formatValue(m: Pick<MetricView, 'type' | 'unit' | 'currency'>, v: number | null | undefined): string {
  if (v === null || v === undefined) return '—';
  const n = Number.isInteger(v) ? v.toLocaleString('en') : v.toLocaleString('en', { maximumFractionDigits: 2 });
  if (m.type === 'percentage') return `${n} %`;
  if (m.type === 'yes_no') return v === 1 ? 'Yes' : v === 0 ? 'No' : n;
  if (m.type === 'currency') return `${m.currency ?? ''} ${n}`.trim();
  return m.unit ? `${n} ${m.unit}` : n;
}

export const disaggregationText = (d: Record<string, string>) => (Object.keys(d).length ? Object.entries(d).map(([, c]) => c).join(' · ') : 'Total');
