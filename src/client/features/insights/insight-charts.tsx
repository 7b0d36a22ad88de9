import { useCallback, useMemo } from 'react';
import { router } from '@inertiajs/react';
import { Card, SimpleGrid, Stack, Text } from '@mantine/core';
import { route } from '@shared/route';
import { formatFigure, roundFigure } from '@shared/format/number';
import { STATUS_LABELS } from '@shared/insights/status';
import { figureDrill } from '@shared/insights/drill';
import type { InsightsFilters, MetricInsight } from '@shared/insights/insights';
import { EChartFigure } from './echart-figure';
import { STATUS_HEX } from './status';
import { AchievementTable, BreakdownTable, TrendTable, achievedPeriod } from './chart-tables';

const openMetric = (id: string) => router.visit(route('metrics.show', { metric: id }));
const r = (v: number | null, m: MetricInsight) => (v === null ? null : roundFigure(v, m));

/** % of target achieved in each metric's latest period with an actual and a target, coloured by that period's status. */
function AchievementChart({
  metrics,
  filters,
}: {
  metrics: MetricInsight[];
  filters: InsightsFilters;
}) {
  const shown = useMemo(() => metrics.filter((m) => m.latestAchieved !== null), [metrics]);
  const option = useMemo(
    () => ({
      tooltip: { trigger: 'item', valueFormatter: (v: unknown) => `${v}%` },
      grid: { left: 8, right: 32, top: 8, bottom: 24, containLabel: true },
      xAxis: { type: 'value', axisLabel: { formatter: '{value}%' } },
      yAxis: {
        type: 'category',
        inverse: true,
        data: shown.map((m) => (m.name.length > 40 ? `${m.name.slice(0, 39)}…` : m.name)),
      },
      series: [
        {
          name: '% of target achieved',
          type: 'bar',
          // coloured by the status of the period the bar shows
          data: shown.map((m) => ({
            value: Math.round(m.latestAchieved!),
            itemStyle: {
              color: STATUS_HEX[achievedPeriod(m)?.status ?? 'no-data'],
            },
          })),
          label: { show: true, position: 'right', formatter: '{c}%' },
        },
      ],
    }),
    [shown],
  );
  // a bar: the rows behind the actual of the period it shows
  const pick = useCallback(
    (i: number) => {
      const m = shown[i];
      const p = m && achievedPeriod(m);
      if (p) router.visit(figureDrill(m.id, p, p.period, filters).href);
    },
    [shown, filters],
  );
  if (!shown.length)
    return (
      <Text size="sm" c="dimmed">
        No metric has both an actual and a target in these periods yet: set targets on the metric
        pages and enter values to compare them.
      </Text>
    );
  return (
    <EChartFigure
      title="Actual against target (latest period with both)"
      label={`Bar chart: percentage of target achieved for ${shown.length} metrics`}
      option={option}
      height={Math.max(120, shown.length * 34 + 40)}
      onPick={pick}
      table={<AchievementTable metrics={shown} filters={filters} />}
      testId="achievement-chart"
    />
  );
}

/** Actual per period with the target and baseline lines. */
function TrendChart({ m, filters }: { m: MetricInsight; filters: InsightsFilters }) {
  const option = useMemo(
    () => ({
      tooltip: {
        trigger: 'axis',
        valueFormatter: (v: unknown) => (typeof v === 'number' ? formatFigure(v, m) : '—'),
      },
      legend: { top: 0 },
      grid: { left: 8, right: 16, top: 32, bottom: 8, containLabel: true },
      xAxis: { type: 'category', data: m.periods.map((p) => p.label) },
      yAxis: {
        type: 'value',
        axisLabel: { formatter: (v: number) => formatFigure(v, m, { unit: false }) },
      },
      series: [
        {
          name: 'Actual',
          type: 'line',
          data: m.periods.map((p) => r(p.actual, m)),
          symbolSize: 8,
          itemStyle: { color: '#228be6' },
        },
        {
          name: 'Target',
          type: 'line',
          data: m.periods.map((p) => r(p.target, m)),
          connectNulls: true,
          lineStyle: { type: 'dashed' },
          itemStyle: { color: '#2f9e44' },
        },
        {
          name: 'Baseline',
          type: 'line',
          data: m.periods.map(() => m.baseline),
          showSymbol: false,
          lineStyle: { type: 'dotted' },
          itemStyle: { color: '#868e96' },
        },
      ],
    }),
    [m],
  );
  // a point of the actuals: the rows behind it; a target or the baseline: the metric page
  const pick = useCallback(
    (i: number, series: number) => {
      const p = m.periods[i];
      if (series === 0 && p?.actual !== null && p)
        router.visit(figureDrill(m.id, p, p.period, filters).href);
      else openMetric(m.id);
    },
    [m, filters],
  );
  return (
    <EChartFigure
      title={`${m.name}: trend`}
      label={`Line chart of ${m.name}: actual, target and baseline per period`}
      option={option}
      onPick={pick}
      table={<TrendTable m={m} filters={filters} />}
      testId="trend-chart"
    />
  );
}

/** The actual of each disaggregation category per period. */
function BreakdownChart({ m, filters }: { m: MetricInsight; filters: InsightsFilters }) {
  const option = useMemo(
    () => ({
      tooltip: {
        trigger: 'axis',
        valueFormatter: (v: unknown) => (typeof v === 'number' ? formatFigure(v, m) : '—'),
      },
      legend: { top: 0 },
      grid: { left: 8, right: 16, top: 32, bottom: 8, containLabel: true },
      xAxis: { type: 'category', data: m.periods.map((p) => p.label) },
      yAxis: {
        type: 'value',
        axisLabel: { formatter: (v: number) => formatFigure(v, m, { unit: false }) },
      },
      series: m.categories.map((c) => ({
        name: `${c.dimensionLabel}: ${c.category}`,
        type: 'bar',
        data: c.actuals.map((v) => r(v, m)),
      })),
    }),
    [m],
  );
  // a bar: the rows of that category in that period
  const pick = useCallback(
    (i: number, series: number) => {
      const c = m.categories[series];
      const p = m.periods[i];
      if (!c || !p || c.actuals[i] === null) return;
      router.visit(figureDrill(m.id, c.sources[i], p.period, filters, c).href);
    },
    [m, filters],
  );
  return (
    <EChartFigure
      title={`${m.name}: by ${[...new Set(m.categories.map((c) => c.dimensionLabel.toLowerCase()))].join(', ')}`}
      label={`Bar chart of ${m.name} per disaggregation category and period`}
      option={option}
      onPick={pick}
      table={<BreakdownTable m={m} filters={filters} />}
      testId="breakdown-chart"
    />
  );
}

/**
 * The figures of the insights views (ECharts, loaded lazily): a click on a bar or a point opens the
 * rows behind it (as the IPTT's links do); each chart's table holds the same links for the keyboard.
 */
export default function InsightCharts({
  metrics,
  filters,
}: {
  metrics: MetricInsight[];
  filters: InsightsFilters;
}) {
  return (
    <Stack gap="md">
      <AchievementChart metrics={metrics} filters={filters} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        {metrics.map((m) => (
          <Card key={m.id} withBorder padding="sm">
            <Text size="xs" c="dimmed">
              {m.element.title} · {m.status ? STATUS_LABELS[m.status] : 'Status shown for totals'}
            </Text>
            <TrendChart m={m} filters={filters} />
            {m.categories.length > 0 && <BreakdownChart m={m} filters={filters} />}
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
