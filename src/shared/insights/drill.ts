import { route, type RouteTable } from '../route.js';
import { rowFilterQuery } from '../metrics/row-filters.js';
import type { ComputedSource } from '../metrics/series.js';
import type { InsightsFilters } from './insights.js';

/** What a figure is computed from: its bound data points (with row counts) and manual entries. */
export interface FigureSources {
  computed: ComputedSource[];
  fromEntries: boolean;
}

/**
 * Where a click on a figure goes (a table cell or a chart's bar or point): computed from one bound
 * data point and no manual entry, the rows behind it (`data-points.rows` with the period, the
 * category and the insights' row filters); otherwise the metric page, which lists the entries and
 * data points behind each figure.
 */
export type FigureDrill =
  { kind: 'rows'; href: string; rows: number } | { kind: 'metric'; href: string; rows: null };

/** `sex:Female` -> { dimension: 'sex', category: 'Female' } */
function categoryOf(dis: string | null) {
  const i = dis ? dis.indexOf(':') : -1;
  return dis && i > 0 ? { dimension: dis.slice(0, i), category: dis.slice(i + 1) } : null;
}

export function figureDrill(
  metricId: string,
  sources: FigureSources,
  period: string,
  filters: InsightsFilters,
  /** a breakdown's category; by default the disaggregation filter's */
  category: { dimension: string; category: string } | null = categoryOf(filters.dis),
  table?: RouteTable,
): FigureDrill {
  const one = sources.computed.length === 1 && !sources.fromEntries ? sources.computed[0] : null;
  if (!one)
    return { kind: 'metric', href: route('metrics.show', { metric: metricId }, table), rows: null };
  const q = new URLSearchParams({
    period,
    ...(category ? { dimension: category.dimension, category: category.category } : {}),
    ...rowFilterQuery(filters),
  });
  const path = route('data-points.rows', { dataPoint: one.dataPointId }, table);
  return { kind: 'rows', href: `${path}?${q.toString()}`, rows: one.rows };
}

/** The tooltip of a figure's link. */
export const drillTitle = (d: FigureDrill) =>
  d.kind === 'rows'
    ? `Show the ${d.rows} rows behind this figure`
    : 'Open the metric: the entries and rows behind each figure';
