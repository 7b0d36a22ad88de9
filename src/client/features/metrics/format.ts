import { formatFigure } from '@shared/format/number';
import type { MetricView } from '@shared/metrics/metrics.pages';

/** A figure in the metric's terms: 45 %, USD 1,200, 3 people. */
export function formatValue(
  m: Pick<MetricView, 'type' | 'unit' | 'currency'>,
  v: number | null | undefined,
): string {
  return formatFigure(v, m);
}

export const disaggregationText = (d: Record<string, string>) =>
  Object.keys(d).length
    ? Object.entries(d)
        .map(([, c]) => c)
        .join(' · ')
    : 'Total';
