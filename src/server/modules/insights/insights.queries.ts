import { and, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.js';
import { keyMetricsFor, metricSeries } from '../metrics/index.js';
import { problems, tocElements, tocLinks } from '../problems/read-model.js';
import { periodLabel, type PeriodMetric } from '../../../shared/metrics/periods.js';
import { periodSpan } from '../../../shared/insights/range.js';
import type {
  InsightsData,
  InsightsFilters,
  MetricInsight,
  OutcomeRollup,
} from '../../../shared/insights/insights.js';
import type { ElementKind } from '../../../shared/toc/vocabulary.js';
import { buildMetricInsight, rangeOf, type Series } from './insights.build.js';

type Ctx = Pick<AppContext, 'db'>;
export type InsightsScope = { problemId: string } | { projectId: string };

/** The most metrics one insights view computes (a problem or project rarely has more). */
const MAX_METRICS = 200;

/**
 * Every metric of a problem or project with its series, computed by the metrics module
 * (`metricSeries`: whatever binds its data points), in the metrics' order.
 */
async function seriesOfScope(
  ctx: Ctx,
  teamId: string,
  scope: InsightsScope,
  filters: InsightsFilters,
) {
  const list = await keyMetricsFor(ctx, teamId, scope, MAX_METRICS);
  const series = await Promise.all(
    list.map((k) => metricSeries(ctx, teamId, k.metricId, { filters, facets: true })),
  );
  return list.map((k, i) => ({
    element: { id: k.elementId, kind: k.elementKind as ElementKind, title: k.elementTitle },
    series: series[i],
  }));
}

function periodOptions(all: Series[]) {
  const seen = new Map<string, { label: string; span: [number, number] | null }>();
  for (const s of all)
    for (const p of s.points)
      if (!seen.has(p.period))
        seen.set(p.period, {
          label: periodLabel(s.metric as PeriodMetric, p.period),
          span: periodSpan(p.period, s.metric.customPeriods, s.metric.fiscalStartMonth),
        });
  return [...seen.entries()]
    .sort(
      ([ka, a], [kb, b]) =>
        (a.span?.[0] ?? 1e9) - (b.span?.[0] ?? 1e9) ||
        (a.span?.[1] ?? 1e9) - (b.span?.[1] ?? 1e9) ||
        ka.localeCompare(kb),
    )
    .map(([value, v]) => ({ value, label: v.label }));
}

function disaggregationOptions(all: Series[]) {
  const out = new Map<string, string>();
  for (const s of all)
    for (const d of s.metric.disaggregations)
      for (const c of d.categories) out.set(`${d.key}:${c}`, `${d.label}: ${c}`);
  return [...out.entries()].map(([value, label]) => ({ value, label }));
}

/** The waves, forms, source datasets and sites the scope's bound data points offer (sorted). */
function rowFilterOptions(all: Series[]) {
  const uniq = (xs: Array<{ value: string; label: string }>) =>
    [...new Map(xs.map((x) => [x.value, x])).values()].sort((a, b) =>
      a.label.localeCompare(b.label),
    );
  const named = (xs: Array<{ id: string; name: string }>) =>
    xs.map((x) => ({ value: x.id, label: x.name }));
  const plain = (xs: string[]) => xs.map((x) => ({ value: x, label: x }));
  return {
    waveOptions: uniq(all.flatMap((s) => plain(s.facets.waves))),
    formOptions: uniq(all.flatMap((s) => named(s.facets.forms))),
    sourceOptions: uniq(all.flatMap((s) => named(s.facets.datasets))),
    siteOptions: uniq(all.flatMap((s) => plain(s.facets.sites))),
  };
}

/**
 * The outcome-level roll-up along the theory of change: each outcome and impact with its metrics'
 * statuses, and the outputs and activities that lead to it (walking the causal links backwards).
 * Two queries.
 */
async function rollupOf(
  ctx: Ctx,
  teamId: string,
  problemList: ReadonlyArray<{ id: string; title: string }>,
  metrics: MetricInsight[],
): Promise<OutcomeRollup[]> {
  const problemIds = problemList.map((p) => p.id);
  if (!problemIds.length) return [];
  const [elements, links] = await Promise.all([
    ctx.db
      .select({
        id: tocElements.id,
        kind: tocElements.kind,
        title: tocElements.title,
        problemId: tocElements.problemId,
      })
      .from(tocElements)
      .where(and(eq(tocElements.teamId, teamId), inArray(tocElements.problemId, problemIds)))
      .orderBy(tocElements.position, tocElements.createdAt),
    ctx.db
      .select({ fromId: tocLinks.fromId, toId: tocLinks.toId })
      .from(tocLinks)
      .where(and(eq(tocLinks.teamId, teamId), inArray(tocLinks.problemId, problemIds))),
  ]);
  const byId = new Map(elements.map((e) => [e.id, e]));
  const into = new Map<string, string[]>();
  for (const l of links) into.set(l.toId, [...(into.get(l.toId) ?? []), l.fromId]);
  const metricsOf = new Map<string, MetricInsight[]>();
  for (const m of metrics) metricsOf.set(m.element.id, [...(metricsOf.get(m.element.id) ?? []), m]);
  const titles = new Map(problemList.map((p) => [p.id, p.title]));
  return elements
    .filter((e) => e.kind === 'outcome' || e.kind === 'impact')
    .map((e) => {
      // outputs and activities upstream (through outputs and intermediate outcomes)
      const seen = new Set<string>([e.id]);
      const queue = [...(into.get(e.id) ?? [])];
      const feeders: OutcomeRollup['feeders'] = [];
      while (queue.length) {
        const id = queue.shift()!;
        if (seen.has(id)) continue;
        seen.add(id);
        const f = byId.get(id);
        if (!f) continue;
        if (f.kind === 'output' || f.kind === 'activity')
          feeders.push({
            id: f.id,
            kind: f.kind,
            title: f.title,
            metrics: (metricsOf.get(f.id) ?? []).map((m) => ({
              id: m.id,
              name: m.name,
              status: m.status,
            })),
          });
        queue.push(...(into.get(id) ?? []));
      }
      feeders.sort((a, b) => (a.kind === b.kind ? 0 : a.kind === 'output' ? -1 : 1));
      const own = metricsOf.get(e.id) ?? [];
      return {
        element: { id: e.id, kind: e.kind, title: e.title },
        problem: { id: e.problemId, title: titles.get(e.problemId) ?? '' },
        metrics: own.map((m) => ({ id: m.id, name: m.name, status: m.status, moving: m.moving })),
        feeders,
        moving: own.some((m) => m.moving),
      };
    });
}

/** The insights of a problem or a project under the filters. */
export async function insightsOf(
  ctx: Ctx,
  teamId: string,
  scope: InsightsScope,
  filters: InsightsFilters,
  problemList: ReadonlyArray<{ id: string; title: string }>,
): Promise<InsightsData> {
  const rows = await seriesOfScope(ctx, teamId, scope, filters);
  const all = rows.map((r) => r.series);
  const custom = all.flatMap((s) => s.metric.customPeriods);
  // fiscal filter keys are placed with the first fiscal metric's start month
  const fiscal = all.find((s) => s.metric.fiscalStartMonth)?.metric.fiscalStartMonth;
  const range = rangeOf(filters, custom, fiscal);
  const metrics: MetricInsight[] = [];
  for (const r of rows) {
    const m = buildMetricInsight(r.series, r.element, filters, range);
    if (m) metrics.push(m);
  }
  return {
    filters,
    periodOptions: periodOptions(all),
    disaggregationOptions: disaggregationOptions(all),
    ...rowFilterOptions(all),
    metrics,
    rollup: await rollupOf(ctx, teamId, problemList, metrics),
    hiddenByFilter: rows.length - metrics.length,
  };
}

/** The problems of a project (id and title), oldest first. */
export function problemsOfProject(ctx: Ctx, teamId: string, projectId: string) {
  return ctx.db
    .select({ id: problems.id, title: problems.title })
    .from(problems)
    .where(and(eq(problems.teamId, teamId), eq(problems.projectId, projectId)))
    .orderBy(problems.createdAt);
}
