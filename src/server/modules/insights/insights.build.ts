import { periodStatuses, latestStatus, percentAchieved } from '../../../shared/insights/status.js';
import { inRange, periodSpan } from '../../../shared/insights/range.js';
import type {
  InsightsFilters,
  InsightPeriod,
  MetricInsight,
} from '../../../shared/insights/insights.js';
import type { metricSeries } from '../metrics/index.js';
import type { ElementKind } from '../../../shared/toc/vocabulary.js';
import { hasRowFilters } from '../../../shared/metrics/row-filters.js';

export type Series = Awaited<ReturnType<typeof metricSeries>>;

/** `sex:Female` -> ['sex', 'Female'] */
function splitDis(dis: string | null): [string, string] | null {
  if (!dis) return null;
  const i = dis.indexOf(':');
  return i > 0 ? [dis.slice(0, i), dis.slice(i + 1)] : null;
}

/** The resolved range of the filters (a key no metric knows places nothing: open end). */
export function rangeOf(
  filters: InsightsFilters,
  custom: ReadonlyArray<{ key: string; start: string; end: string }>,
  fiscalStartMonth?: number | null,
) {
  return {
    from: filters.from ? periodSpan(filters.from, custom, fiscalStartMonth) : null,
    to: filters.to ? periodSpan(filters.to, custom, fiscalStartMonth) : null,
  };
}

/**
 * One metric's figures for the insights views (pure): statuses over its whole series (so a period
 * without a target is judged on the line to the next one), then narrowed to the filters. With a
 * disaggregation filter the actuals are that category's and no status is given (targets are set
 * for totals), likewise with a site filter. Null when the metric is not disaggregated that way,
 * or when row filters (wave, form, source, site) leave none of its data points in.
 */
export function buildMetricInsight(
  s: Series,
  element: { id: string; kind: ElementKind; title: string },
  filters: InsightsFilters,
  range: ReturnType<typeof rangeOf>,
): MetricInsight | null {
  const { metric } = s;
  const dis = splitDis(filters.dis);
  const cat = dis
    ? s.categories.find((c) => c.dimension === dis[0] && c.category === dis[1])
    : undefined;
  if (dis && !cat) return null;
  if (hasRowFilters(filters) && !s.matched.length) return null;
  // a disaggregation or a site is a slice of the population: targets are set for totals
  const slice = !!cat || !!filters.site;
  const statuses = periodStatuses(metric, s.points);
  const notesOf = new Map(s.entries.filter((e) => e.note).map((e) => [e.id, e.note!]));
  const periods: InsightPeriod[] = [];
  const shown: number[] = [];
  s.points.forEach((p, i) => {
    if (!inRange(p.period, range.from, range.to, metric.customPeriods, metric.fiscalStartMonth))
      return;
    shown.push(i);
    const actual = cat ? (cat.points[i]?.actual ?? null) : p.actual;
    const sources = cat ? (cat.points[i]?.sources ?? []) : p.sources;
    const computed = cat ? (cat.points[i]?.computed ?? []) : p.computed;
    periods.push({
      period: p.period,
      label: p.label,
      target: p.target,
      expected: statuses[i].expected,
      actual,
      achieved: slice ? null : percentAchieved(actual, p.target),
      status: slice ? null : statuses[i].status,
      reason: slice ? null : statuses[i].reason,
      notes: [...new Set(sources.map((id) => notesOf.get(id)).filter((n): n is string => !!n))],
      computed,
      fromEntries: sources.length > 0,
    });
  });
  const latest = slice
    ? null
    : latestStatus(
        shown.map((i) => statuses[i]),
        shown.map((i) => s.points[i]),
      );
  const latestPeriod = [...periods].reverse().find((p) => p.actual !== null);
  const base = metric.baselineValue ?? 0;
  const goal = [...s.points].reverse().find((p) => p.target !== null)?.target ?? null;
  const moving =
    !slice &&
    !!latestPeriod &&
    latestPeriod.actual !== null &&
    (metric.direction === 'maintain'
      ? latest?.status === 'on-track'
      : goal !== null && (latestPeriod.actual - base) * (goal - base) > 0);
  return {
    id: metric.id,
    name: metric.name,
    unit: metric.unit,
    type: metric.type,
    currency: metric.currency,
    direction: metric.direction,
    baseline: metric.baselineValue,
    element,
    problem: { id: s.trail.problem.id, title: s.trail.problem.title },
    periods,
    categories: s.categories.map((c) => ({
      dimension: c.dimension,
      dimensionLabel: c.dimensionLabel,
      category: c.category,
      actuals: shown.map((i) => c.points[i]?.actual ?? null),
      sources: shown.map((i) => ({
        computed: c.points[i]?.computed ?? [],
        fromEntries: (c.points[i]?.sources.length ?? 0) > 0,
      })),
    })),
    status: slice ? null : (latest?.status ?? 'no-data'),
    latestAchieved: [...periods].reverse().find((p) => p.achieved !== null)?.achieved ?? null,
    moving,
  };
}
