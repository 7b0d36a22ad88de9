import { and, asc, eq, type SQL } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.js';
import { problems, tocElements } from '../problems/read-model.js';
import { computeSeries, latestProgress, type SeriesEntry } from '../../../shared/metrics/series.js';
import { metrics } from './metrics.tables.js';
import {
  findMetric,
  loadSeriesInputs,
  type DataPointRow,
  type MetricRow,
  type TargetRow,
  type EntryRow,
} from './metrics.queries.js';
import type { KeyMetric } from '../../../shared/metrics/metrics.pages.js';
import type { ComputedFigure } from '../../../shared/metrics/series.js';
import { computeBoundFigures } from './bindings.compute.js';
import { hasRowFilters, type RowFilters } from '../../../shared/metrics/row-filters.js';

type Ctx = Pick<AppContext, 'db'>;

const toEntry = (e: EntryRow): SeriesEntry => ({
  id: e.id,
  dataPointId: e.dataPointId,
  period: e.period,
  disaggregation: e.disaggregation,
  value: e.value,
});

/** The pure computation over loaded rows of one metric. */
function seriesOf(
  metric: MetricRow,
  dps: readonly DataPointRow[],
  targets: readonly TargetRow[],
  entries: readonly EntryRow[],
  computed?: { dataPointIds: readonly string[]; figures: readonly ComputedFigure[] },
) {
  return computeSeries(
    { ...metric, customPeriods: metric.customPeriods, disaggregations: metric.disaggregations },
    dps.map((d) => ({
      id: d.id,
      key: d.key,
      aggregation: d.aggregation,
      condition: d.condition ?? null,
      filter: d.filter,
      starred: d.starred,
    })),
    targets.map((t) => ({ period: t.period, value: t.value })),
    entries.map(toEntry),
    computed,
  );
}

/**
 * Actual vs baseline vs target per period of one metric of the team (404 otherwise), with the
 * ids of the entries behind each actual, and the per-category view. Bound data points are
 * computed in SQL from their rows (`bindings`: each one's state); manual ones from their entries.
 * Four queries, plus a few per bound data point.
 */
export async function metricSeries(
  ctx: Ctx,
  teamId: string,
  metricId: string,
  opts: { filters?: RowFilters; facets?: boolean } = {},
) {
  const { metric, trail } = await findMetric(ctx.db, teamId, metricId);
  const inputs = await loadSeriesInputs(ctx.db, teamId, [metric.id]);
  const filters = opts.filters && hasRowFilters(opts.filters) ? opts.filters : undefined;
  const bound = await computeBoundFigures(ctx.db, teamId, metric, inputs.dataPoints, {
    filters,
    facets: opts.facets,
  });
  // row filters read bound rows only: manual entries count under none of them
  const entries = filters ? [] : inputs.entries;
  return {
    metric,
    trail,
    ...inputs,
    bindings: bound.states,
    /** the data points the row filters leave in (every bound one without filters) */
    matched: bound.matched,
    facets: bound.facets,
    ...seriesOf(metric, inputs.dataPoints, inputs.targets, entries, bound),
  };
}

/** The computed figures of many metrics' bound data points, by metric id. */
async function boundOfMany(
  ctx: Ctx,
  teamId: string,
  metrics: readonly MetricRow[],
  dataPoints: readonly DataPointRow[],
) {
  const out = new Map<string, Awaited<ReturnType<typeof computeBoundFigures>>>();
  for (const m of metrics) {
    const dps = dataPoints.filter((d) => d.metricId === m.id);
    if (dps.some((d) => d.binding.kind !== 'manual'))
      out.set(m.id, await computeBoundFigures(ctx.db, teamId, m, dps));
  }
  return out;
}

export type { KeyMetric } from '../../../shared/metrics/metrics.pages.js';

const KIND_ORDER: Record<string, number> = { impact: 0, outcome: 1, output: 2, activity: 3 };

/**
 * The metrics of a project, a problem, an element or the whole team (the dashboard) with their latest actual and progress, for the project and
 * problem pages: starred first, then by level (impact, outcomes, outputs, activities). Four queries.
 */
export async function keyMetricsFor(
  ctx: Ctx,
  teamId: string,
  scope: { projectId: string } | { problemId: string } | { elementId: string } | { team: true },
  limit = 50,
): Promise<KeyMetric[]> {
  const where: SQL[] = [eq(metrics.teamId, teamId)];
  if ('projectId' in scope) where.push(eq(problems.projectId, scope.projectId));
  else if ('problemId' in scope) where.push(eq(metrics.problemId, scope.problemId));
  else if ('elementId' in scope) where.push(eq(metrics.elementId, scope.elementId));
  const rows = await ctx.db
    .select({ metric: metrics, elementKind: tocElements.kind, elementTitle: tocElements.title })
    .from(metrics)
    .innerJoin(problems, eq(problems.id, metrics.problemId))
    .innerJoin(tocElements, eq(tocElements.id, metrics.elementId))
    .where(and(...where))
    .orderBy(asc(metrics.position), asc(metrics.createdAt))
    .limit(500);
  const inputs = await loadSeriesInputs(
    ctx.db,
    teamId,
    rows.map((r) => r.metric.id),
  );
  const by = <T extends { metricId: string }>(xs: readonly T[]) => {
    const m = new Map<string, T[]>();
    for (const x of xs) m.set(x.metricId, [...(m.get(x.metricId) ?? []), x]);
    return m;
  };
  const boundOf = await boundOfMany(
    ctx,
    teamId,
    rows.map((r) => r.metric),
    inputs.dataPoints,
  );
  const [dpsOf, targetsOf, entriesOf] = [
    by(inputs.dataPoints),
    by(inputs.targets),
    by(inputs.entries),
  ];
  const out = rows.map(({ metric, elementKind, elementTitle }): KeyMetric => {
    const dps = dpsOf.get(metric.id) ?? [];
    const { points } = seriesOf(
      metric,
      dps,
      targetsOf.get(metric.id) ?? [],
      entriesOf.get(metric.id) ?? [],
      boundOf.get(metric.id),
    );
    return {
      metricId: metric.id,
      name: metric.name,
      unit: metric.unit,
      type: metric.type,
      currency: metric.currency,
      elementId: metric.elementId,
      elementKind,
      elementTitle,
      problemId: metric.problemId,
      starred: dps.some((d) => d.starred),
      baseline: metric.baselineValue,
      ...latestProgress(metric, points),
    };
  });
  out.sort(
    (a, b) =>
      Number(b.starred) - Number(a.starred) ||
      (KIND_ORDER[a.elementKind] ?? 9) - (KIND_ORDER[b.elementKind] ?? 9),
  );
  return out.slice(0, limit);
}

/**
 * Props for the client's `<ElementMetricsPanel element={...} metrics={...} />` on an element page:
 * the element's metrics in their order, with the latest actual and target. Four queries.
 */
export async function elementMetricsPanelProps(ctx: Ctx, teamId: string, elementId: string) {
  const rows = await keyMetricsFor(ctx, teamId, { elementId }, 200);
  return rows.map((k) => ({
    id: k.metricId,
    name: k.name,
    type: k.type,
    unit: k.unit,
    currency: k.currency,
    latestActual: k.latestActual,
    latestTarget: k.latestTarget,
    latestLabel: k.latestLabel,
  }));
}

/**
 * Every metric of a problem with its actual per period (the same computation as the metric page:
 * formula over data points, each data point's aggregation over its entries). Four queries.
 */
export async function problemActualsByMetric(
  ctx: Ctx,
  teamId: string,
  problemId: string,
): Promise<Map<string, Record<string, number>>> {
  const rows = await ctx.db
    .select()
    .from(metrics)
    .where(and(eq(metrics.teamId, teamId), eq(metrics.problemId, problemId)));
  const inputs = await loadSeriesInputs(
    ctx.db,
    teamId,
    rows.map((m) => m.id),
  );
  const boundOf = await boundOfMany(ctx, teamId, rows, inputs.dataPoints);
  const out = new Map<string, Record<string, number>>();
  for (const m of rows) {
    const { points } = seriesOf(
      m,
      inputs.dataPoints.filter((d) => d.metricId === m.id),
      inputs.targets.filter((t) => t.metricId === m.id),
      inputs.entries.filter((e) => e.metricId === m.id),
      boundOf.get(m.id),
    );
    const actuals: Record<string, number> = {};
    for (const p of points) if (p.actual !== null) actuals[p.period] = p.actual;
    out.set(m.id, actuals);
  }
  return out;
}
