import type { ElementKind, MetricDirection, MetricType } from '../toc/vocabulary.js';
import type { InsightStatus } from './status.js';
import { parseRowFilters, type RowFilters } from '../metrics/row-filters.js';
import type { ComputedSource } from '../metrics/series.js';
import type { FigureSources } from './drill.js';

/**
 * Filters of the insights views, kept in the URL (?from=2026-Q1&to=2026-Q4&dis=sex:Female&wave=
 * Baseline&form=<id>&source=<dataset id>&site=North): the period range picks periods, the others
 * narrow the rows the actuals are computed from (`RowFilters`, in SQL).
 */
export interface InsightsFilters extends RowFilters {
  from: string | null;
  to: string | null;
  /** a disaggregation category, `dimension:category` */
  dis: string | null;
}

const PERIOD_RE = /^[A-Za-z0-9_-]{1,40}$/;
const str = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

/** The filters of a query string; unknown shapes are dropped (a bad URL shows everything). */
export function parseInsightsFilters(q: Record<string, unknown>): InsightsFilters {
  const from = str(q.from);
  const to = str(q.to);
  const dis = str(q.dis);
  return {
    from: PERIOD_RE.test(from) ? from : null,
    to: PERIOD_RE.test(to) ? to : null,
    dis: /^[^:]{1,80}:.{1,200}$/.test(dis) ? dis : null,
    ...parseRowFilters(q),
  };
}

export interface InsightPeriod {
  period: string;
  label: string;
  target: number | null;
  /** the target, or the value interpolated toward the next target, the status is judged against */
  expected: number | null;
  actual: number | null;
  /** actual / target x 100 */
  achieved: number | null;
  /** null when a disaggregation or site filter is on (targets are set for totals) */
  status: InsightStatus | null;
  reason: string | null;
  /** notes of the entries behind the actual */
  notes: string[];
  /** the bound data points behind the actual, with their row counts (the drill-down) */
  computed: ComputedSource[];
  /** manual entries count in the actual too */
  fromEntries: boolean;
}

interface InsightCategory {
  dimension: string;
  dimensionLabel: string;
  category: string;
  actuals: Array<number | null>;
  /** what each of those actuals is computed from (the drill-down from a breakdown's bar) */
  sources: FigureSources[];
}

export interface MetricInsight {
  id: string;
  name: string;
  unit: string | null;
  type: MetricType;
  currency: string | null;
  direction: MetricDirection;
  baseline: number | null;
  element: { id: string; kind: ElementKind; title: string };
  problem: { id: string; title: string };
  periods: InsightPeriod[];
  /** the breakdown by disaggregation in the shown periods */
  categories: InsightCategory[];
  /** the status of the latest shown period with an actual */
  status: InsightStatus | null;
  /** % achieved in the latest shown period with both an actual and a target */
  latestAchieved: number | null;
  /** the actual has moved from the baseline toward the target */
  moving: boolean;
}

/** One outcome (or impact) of the theory of change with its metrics and what feeds it. */
export interface OutcomeRollup {
  element: { id: string; kind: ElementKind; title: string };
  problem: { id: string; title: string };
  metrics: Array<{ id: string; name: string; status: InsightStatus | null; moving: boolean }>;
  /** outputs and activities that lead to it (directly or through outputs), with their metrics' statuses */
  feeders: Array<{
    id: string;
    kind: ElementKind;
    title: string;
    metrics: Array<{ id: string; name: string; status: InsightStatus | null }>;
  }>;
  moving: boolean;
}

export interface InsightsData {
  filters: InsightsFilters;
  /** every period key of the scope's metrics in order (the range pickers) */
  periodOptions: Array<{ value: string; label: string }>;
  /** every disaggregation category of the scope's metrics */
  disaggregationOptions: Array<{ value: string; label: string }>;
  /** survey waves, forms, source datasets and sites of the scope's bound data points */
  waveOptions: Array<{ value: string; label: string }>;
  formOptions: Array<{ value: string; label: string }>;
  sourceOptions: Array<{ value: string; label: string }>;
  siteOptions: Array<{ value: string; label: string }>;
  metrics: MetricInsight[];
  rollup: OutcomeRollup[];
  /** metrics left out by the filters (not disaggregated that way, or no data point fed by the wave, form, source or site) */
  hiddenByFilter: number;
}

/** Props of insights/show: a project's insights across its problems. */
export interface InsightsShowProps {
  project: { id: string; name: string; archived: boolean };
  insights: InsightsData;
}
