import { Link } from '@inertiajs/react';
import { Anchor } from '@mantine/core';
import { formatFigure, formatNumber } from '@shared/format/number';
import { drillTitle, figureDrill, type FigureSources } from '@shared/insights/drill';
import type { InsightPeriod, InsightsFilters, MetricInsight } from '@shared/insights/insights';
import { DataTable, type DataTableColumn } from '../../components/data-table';

/** The latest shown period with % achieved: the one the achievement bar shows. */
export const achievedPeriod = (m: MetricInsight) =>
  [...m.periods].reverse().find((p) => p.achieved !== null);

/** A figure as the link a click on its bar or point follows. */
function FigureLink({
  m,
  value,
  sources,
  period,
  filters,
  category,
  label,
}: {
  m: MetricInsight;
  value: number | null;
  sources: FigureSources;
  period: string;
  filters: InsightsFilters;
  category?: { dimension: string; category: string };
  label: string;
}) {
  const text = formatFigure(value, m);
  if (value === null) return text;
  const drill = figureDrill(m.id, sources, period, filters, category);
  return (
    <Anchor
      component={Link}
      href={drill.href}
      size="sm"
      title={drillTitle(drill)}
      aria-label={`${label} ${text}: ${drill.kind === 'rows' ? 'show the rows behind it' : 'open the metric'}`}
    >
      {text}
    </Anchor>
  );
}

/** The achievement chart's bars: metric, period, actual (the link), target, % achieved. */
export function AchievementTable({
  metrics,
  filters,
}: {
  metrics: MetricInsight[];
  filters: InsightsFilters;
}) {
  const rows = metrics.map((m) => ({ m, p: achievedPeriod(m)! }));
  const columns: Array<DataTableColumn<(typeof rows)[number]>> = [
    { key: 'metric', title: 'Metric', render: ({ m }) => m.name },
    { key: 'period', title: 'Period', render: ({ p }) => p.label },
    {
      key: 'actual',
      title: 'Actual',
      align: 'right',
      render: ({ m, p }) => (
        <FigureLink
          m={m}
          value={p.actual}
          sources={p}
          period={p.period}
          filters={filters}
          label={`${m.name}, ${p.label} actual`}
        />
      ),
    },
    {
      key: 'target',
      title: 'Target',
      align: 'right',
      render: ({ m, p }) => formatFigure(p.target, m),
    },
    {
      key: 'achieved',
      title: '% achieved',
      align: 'right',
      render: ({ p }) => `${formatNumber(p.achieved ?? 0, 0)}%`,
    },
  ];
  return (
    <DataTable
      id="insights-achievement-table"
      caption="Actual against target, latest period with both"
      rows={rows}
      rowKey={(r) => r.m.id}
      columns={columns}
      plain
    />
  );
}

/** The trend chart's periods: actual (the link), target, baseline. */
export function TrendTable({ m, filters }: { m: MetricInsight; filters: InsightsFilters }) {
  const columns: Array<DataTableColumn<InsightPeriod>> = [
    { key: 'period', title: 'Period', render: (p) => p.label },
    {
      key: 'actual',
      title: 'Actual',
      align: 'right',
      render: (p) => (
        <FigureLink
          m={m}
          value={p.actual}
          sources={p}
          period={p.period}
          filters={filters}
          label={`${m.name}, ${p.label} actual`}
        />
      ),
    },
    { key: 'target', title: 'Target', align: 'right', render: (p) => formatFigure(p.target, m) },
    {
      key: 'baseline',
      title: 'Baseline',
      align: 'right',
      render: () => formatFigure(m.baseline, m),
    },
  ];
  return (
    <DataTable
      id={`insights-trend-${m.id}`}
      caption={`${m.name}: actual, target and baseline per period`}
      rows={m.periods}
      rowKey={(p) => p.period}
      columns={columns}
      plain
    />
  );
}

/** The breakdown chart's bars: one column per category, a row per period. */
export function BreakdownTable({ m, filters }: { m: MetricInsight; filters: InsightsFilters }) {
  const rows = m.periods.map((p, i) => ({ p, i }));
  const columns: Array<DataTableColumn<(typeof rows)[number]>> = [
    { key: 'period', title: 'Period', render: ({ p }) => p.label },
    ...m.categories.map((c): DataTableColumn<(typeof rows)[number]> => ({
      key: `${c.dimension}:${c.category}`,
      title: `${c.dimensionLabel}: ${c.category}`,
      align: 'right',
      render: ({ p, i }) => (
        <FigureLink
          m={m}
          value={c.actuals[i]}
          sources={c.sources[i]}
          period={p.period}
          filters={filters}
          category={c}
          label={`${m.name}, ${c.dimensionLabel} ${c.category}, ${p.label}`}
        />
      ),
    })),
  ];
  return (
    <DataTable
      id={`insights-breakdown-${m.id}`}
      caption={`${m.name} per disaggregation category and period`}
      rows={rows}
      rowKey={(r) => r.p.period}
      columns={columns}
      plain
    />
  );
}
