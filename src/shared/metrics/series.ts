import { cleanFloat } from '../format/number.js';
import { evaluate, formulaKeys, parseFormula, type FormulaAst } from './formula.js';
import { listPeriods, periodLabel, type PeriodMetric } from './periods.js';

/**
 * Actual vs baseline vs target per period, computed from entries (pure: the server loads the rows
 * in a fixed number of queries and calls this). Every actual carries `sources`: the ids of the
 * entries that produced it.
 */
export interface SeriesMetric extends PeriodMetric {
  formula: string | null;
  baselineValue: number | null;
  disaggregations: ReadonlyArray<{ key: string; label: string; categories: readonly string[] }>;
}
export interface SeriesDataPoint {
  id: string;
  key: string;
  aggregation: string;
  condition: { field?: string; op: string; value?: unknown } | null;
  filter: ReadonlyArray<{ field?: string; op: string; value?: unknown }>;
  starred: boolean;
}
export interface SeriesEntry {
  id: string;
  dataPointId: string;
  period: string;
  disaggregation: Readonly<Record<string, string>>;
  value: number;
}
/**
 * A bound data point's figure for one period (and one category, or the total), computed in SQL
 * from its rows: `rows` is how many rows produced it (the drill-down lists them).
 */
export interface ComputedFigure {
  dataPointId: string;
  period: string;
  dimension: string | null;
  category: string | null;
  value: number | null;
  rows: number;
}
/** The bound data points behind a figure, with how many rows each contributed (for the drill-down link). */
export interface ComputedSource {
  dataPointId: string;
  rows: number;
}
export interface SeriesPoint {
  period: string;
  label: string;
  target: number | null;
  baseline: number | null;
  actual: number | null;
  /** the ids of the manual entries behind the actual */
  sources: string[];
  /** the bound data points behind the actual (computed from responses or dataset rows) */
  computed: ComputedSource[];
}
export interface CategorySeries {
  dimension: string;
  dimensionLabel: string;
  category: string;
  points: Array<{
    period: string;
    actual: number | null;
    sources: string[];
    computed: ComputedSource[];
  }>;
}

type Cond = { field?: string; op: string; value?: unknown };
/** Does a manual entry's value meet a condition (manual entries have one field: `value`)? */
function meets(value: number, c: Cond): boolean {
  if (c.field && c.field !== 'value') return true;
  const v = c.value;
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  switch (c.op) {
    case 'eq':
      return value === n;
    case 'neq':
      return value !== n;
    case 'gt':
      return value > n;
    case 'gte':
      return value >= n;
    case 'lt':
      return value < n;
    case 'lte':
      return value <= n;
    case 'in':
      return Array.isArray(v) && v.map(Number).includes(value);
    case 'not_empty':
      return Number.isFinite(value);
    default:
      return true;
  }
}

/** A data point's figure over its entries for one period: its aggregation after its filter. */
export function aggregate(
  dp: Pick<SeriesDataPoint, 'aggregation' | 'condition' | 'filter'>,
  entries: readonly SeriesEntry[],
): { value: number | null; sources: string[] } {
  const used = entries.filter((e) => dp.filter.every((c) => meets(e.value, c)));
  const sources = used.map((e) => e.id);
  if (!used.length)
    return { value: dp.aggregation === 'count' && entries.length ? 0 : null, sources };
  const xs = used.map((e) => e.value);
  switch (dp.aggregation) {
    case 'count':
      return { value: xs.length, sources };
    case 'count_distinct':
      return { value: new Set(xs).size, sources };
    case 'average':
      return { value: xs.reduce((a, b) => a + b, 0) / xs.length, sources };
    case 'min':
      return { value: Math.min(...xs), sources };
    case 'max':
      return { value: Math.max(...xs), sources };
    case 'percent_meeting': {
      const c = dp.condition;
      const hit = c ? xs.filter((x) => meets(x, c)).length : xs.length;
      return { value: (hit / xs.length) * 100, sources };
    }
    default:
      return { value: xs.reduce((a, b) => a + b, 0), sources };
  }
}

const shapeOf = (e: SeriesEntry) => Object.keys(e.disaggregation).sort().join('|');

/**
 * The entries that make a period's total: the total entries (no disaggregation) when there are
 * any, else the disaggregated entries of the coarsest shape (fewest dimensions) so no entry counts twice.
 */
function totalEntries(entries: readonly SeriesEntry[]): SeriesEntry[] {
  const totals = entries.filter((e) => Object.keys(e.disaggregation).length === 0);
  if (totals.length || !entries.length) return totals;
  const shapes = [...new Set(entries.map(shapeOf))].sort(
    (a, b) => a.split('|').length - b.split('|').length || a.localeCompare(b),
  );
  return entries.filter((e) => shapeOf(e) === shapes[0]);
}

/** The entries of one category: those disaggregated by that dimension only when there are any, else any naming it. */
function categoryEntries(
  entries: readonly SeriesEntry[],
  dim: string,
  category: string,
): SeriesEntry[] {
  const named = entries.filter((e) => e.disaggregation[dim] === category);
  const only = named.filter((e) => Object.keys(e.disaggregation).length === 1);
  return only.length ? only : named;
}

/** The data point the metric shows when it has no formula: the starred one, else the first. */
function primaryDataPoint<T extends Pick<SeriesDataPoint, 'starred'>>(
  dataPoints: readonly T[],
): T | undefined {
  return dataPoints.find((d) => d.starred) ?? dataPoints[0];
}

function compile(
  metric: SeriesMetric,
  dataPoints: readonly SeriesDataPoint[],
): { ast: FormulaAst | null; used: SeriesDataPoint[] } {
  if (metric.formula) {
    const parsed = parseFormula(
      metric.formula,
      dataPoints.map((d) => d.key),
    );
    if (parsed.ok) {
      const keys = formulaKeys(parsed.ast);
      return { ast: parsed.ast, used: dataPoints.filter((d) => keys.includes(d.key)) };
    }
    return { ast: null, used: [] };
  }
  const p = primaryDataPoint(dataPoints);
  return { ast: p ? { type: 'ref', name: p.key, start: 0, end: 0 } : null, used: p ? [p] : [] };
}

/** Computed figures by data point, period and category ('' for the total). */
type FigureIndex = Map<string, ComputedFigure>;
const figureKey = (dp: string, period: string, dim: string | null, cat: string | null) =>
  `${dp}\u0000${period}\u0000${dim ?? ''}\u0000${cat ?? ''}`;

/** The metric's figure from a set of entries (already narrowed to one period / category). */
function figure(
  ast: FormulaAst | null,
  used: readonly SeriesDataPoint[],
  entries: readonly SeriesEntry[],
  pick: (es: SeriesEntry[]) => SeriesEntry[],
  bound: {
    index: FigureIndex;
    ids: ReadonlySet<string>;
    period: string;
    dim: string | null;
    cat: string | null;
  },
) {
  if (!ast) return { actual: null, sources: [] as string[], computed: [] as ComputedSource[] };
  const values: Record<string, number | null> = {};
  const sources: string[] = [];
  const computed: ComputedSource[] = [];
  for (const dp of used) {
    if (bound.ids.has(dp.id)) {
      const f = bound.index.get(figureKey(dp.id, bound.period, bound.dim, bound.cat));
      values[dp.key] = f?.value ?? null;
      if (f && f.rows > 0) computed.push({ dataPointId: dp.id, rows: f.rows });
      continue;
    }
    const r = aggregate(dp, pick(entries.filter((e) => e.dataPointId === dp.id)));
    values[dp.key] = r.value;
    sources.push(...r.sources);
  }
  const actual = evaluate(ast, values);
  // 12 significant digits: 55.00000000000001 is 55
  return { actual: actual === null ? null : cleanFloat(actual), sources, computed };
}

/**
 * `computed`: the bound data points (their entries are ignored) and their figures from SQL; each
 * takes the place of the aggregation over entries, so formulas over data point keys work the same.
 */
export function computeSeries(
  metric: SeriesMetric,
  dataPoints: readonly SeriesDataPoint[],
  targets: ReadonlyArray<{ period: string; value: number }>,
  entries: readonly SeriesEntry[],
  computed: { dataPointIds: readonly string[]; figures: readonly ComputedFigure[] } = {
    dataPointIds: [],
    figures: [],
  },
) {
  const { ast, used } = compile(metric, dataPoints);
  const ids = new Set(computed.dataPointIds);
  const index: FigureIndex = new Map(
    computed.figures.map((f) => [figureKey(f.dataPointId, f.period, f.dimension, f.category), f]),
  );
  const bound = (period: string, dim: string | null, cat: string | null) => ({
    index,
    ids,
    period,
    dim,
    cat,
  });
  // without a reporting range (a logframe import, the API), the periods that have targets or entries
  const listed = listPeriods(metric);
  const periods =
    listed.length || metric.period === 'custom'
      ? listed
      : [
          ...new Set([
            ...targets.map((t) => t.period),
            ...entries.filter((e) => !ids.has(e.dataPointId)).map((e) => e.period),
            ...computed.figures.map((f) => f.period),
          ]),
        ]
          .sort()
          .map((key) => ({ key, label: periodLabel(metric, key) }));
  const byPeriod = new Map<string, SeriesEntry[]>();
  for (const e of entries) byPeriod.set(e.period, [...(byPeriod.get(e.period) ?? []), e]);
  const targetOf = new Map(targets.map((t) => [t.period, t.value]));

  const points: SeriesPoint[] = periods.map((p) => {
    const { actual, sources, computed } = figure(
      ast,
      used,
      byPeriod.get(p.key) ?? [],
      totalEntries,
      bound(p.key, null, null),
    );
    return {
      period: p.key,
      label: p.label,
      target: targetOf.get(p.key) ?? null,
      baseline: metric.baselineValue,
      actual,
      sources,
      computed,
    };
  });
  const categories: CategorySeries[] = [];
  for (const d of metric.disaggregations)
    for (const c of d.categories)
      categories.push({
        dimension: d.key,
        dimensionLabel: d.label,
        category: c,
        points: periods.map((p) => {
          const { actual, sources, computed } = figure(
            ast,
            used,
            byPeriod.get(p.key) ?? [],
            (es) => categoryEntries(es, d.key, c),
            bound(p.key, d.key, c),
          );
          return { period: p.key, actual, sources, computed };
        }),
      });
  return { points, categories };
}

/** The latest period with an actual, and the progress from baseline toward the target (0..1). */
export function latestProgress(
  metric: Pick<SeriesMetric, 'baselineValue' | 'period' | 'customPeriods' | 'fiscalStartMonth'>,
  points: readonly SeriesPoint[],
) {
  const latest = [...points].reverse().find((p) => p.actual !== null) ?? null;
  const lastTarget = [...points].reverse().find((p) => p.target !== null)?.target ?? null;
  const target = latest?.target ?? lastTarget;
  const base = metric.baselineValue ?? 0;
  let progress: number | null = null;
  if (latest && latest.actual !== null && target !== null && target !== base)
    progress = Math.max(0, Math.min(1, (latest.actual - base) / (target - base)));
  return {
    latestPeriod: latest?.period ?? null,
    latestLabel: latest ? periodLabel(metric, latest.period) : null,
    latestActual: latest?.actual ?? null,
    latestTarget: target,
    progress,
  };
}
