import { useEffect, useRef } from 'react';
import * as echarts from 'echarts/core';
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import { formatFigure, roundFigure, type FigureFormat } from '@shared/format/number';
import type { SeriesPoint } from '@shared/metrics/metrics.pages';

echarts.use([
  BarChart,
  LineChart,
  GridComponent,
  LegendComponent,
  TooltipComponent,
  CanvasRenderer,
]);

interface Props {
  points: SeriesPoint[];
  /** per category actuals (disaggregated view) instead of the total */
  categories?: Array<{ name: string; values: Array<number | null> }>;
  unit?: string;
  /** the metric's type, unit and currency: figures are rounded and written as everywhere else */
  format?: FigureFormat;
  height?: number;
}

/** Actual (bars) vs target and baseline (lines) per period. Loaded lazily: only metric pages pay for ECharts. */
export default function SeriesChart({ points, categories, unit, format, height = 300 }: Props) {
  const el = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!el.current) return;
    const chart = echarts.init(el.current, undefined, { renderer: 'canvas' });
    const labels = points.map((p) => p.label);
    const r = (v: number | null | undefined) =>
      v === null || v === undefined ? null : roundFigure(v, format);
    const bars = categories?.length
      ? categories.map((c) => ({ name: c.name, type: 'bar' as const, data: c.values.map(r) }))
      : [
          {
            name: 'Actual',
            type: 'bar' as const,
            data: points.map((p) => r(p.actual)),
            itemStyle: { color: '#228be6' },
          },
        ];
    chart.setOption({
      animation: false,
      tooltip: {
        trigger: 'axis',
        valueFormatter: (v: unknown) => (typeof v === 'number' ? formatFigure(v, format) : '—'),
      },
      legend: { top: 0 },
      grid: { left: 48, right: 16, top: 36, bottom: 28 },
      xAxis: { type: 'category', data: labels },
      yAxis: {
        type: 'value',
        name: unit,
        nameGap: 12,
        axisLabel: { formatter: (v: number) => formatFigure(v, format, { unit: false }) },
      },
      series: [
        ...bars,
        {
          name: 'Target',
          type: 'line',
          data: points.map((p) => r(p.target)),
          connectNulls: true,
          symbolSize: 8,
          lineStyle: { type: 'dashed' },
          itemStyle: { color: '#2f9e44' },
        },
        {
          name: 'Baseline',
          type: 'line',
          data: points.map((p) => r(p.baseline)),
          showSymbol: false,
          lineStyle: { type: 'dotted' },
          itemStyle: { color: '#868e96' },
        },
      ],
    });
    const resize = () => chart.resize();
    window.addEventListener('resize', resize);
    return () => {
      window.removeEventListener('resize', resize);
      chart.dispose();
    };
  }, [points, categories, unit, format]);
  return (
    <div
      ref={el}
      style={{ width: '100%', height }}
      role="img"
      aria-label="Chart of actual, target and baseline per period"
      data-testid="metric-chart"
    />
  );
}
