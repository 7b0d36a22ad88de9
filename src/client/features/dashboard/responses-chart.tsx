import { useEffect, useRef } from 'react';
import * as echarts from 'echarts/core';
import { BarChart } from 'echarts/charts';
import { GridComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';

echarts.use([BarChart, GridComponent, TooltipComponent, CanvasRenderer]);

/** Responses per day over the last 30 days (bars). Loaded lazily: the dashboard's first load has no ECharts. */
export default function ResponsesChart({
  days,
  height = 180,
}: {
  days: Array<{ day: string; count: number }>;
  height?: number;
}) {
  const el = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!el.current) return;
    const chart = echarts.init(el.current, undefined, { renderer: 'canvas' });
    chart.setOption({
      animation: false,
      tooltip: { trigger: 'axis' },
      grid: { left: 32, right: 8, top: 8, bottom: 24 },
      xAxis: {
        type: 'category',
        data: days.map((d) => d.day.slice(5)),
        axisLabel: { interval: 6 },
      },
      yAxis: { type: 'value', minInterval: 1 },
      series: [
        {
          name: 'Responses',
          type: 'bar',
          data: days.map((d) => d.count),
          itemStyle: { color: '#228be6' },
        },
      ],
    });
    const resize = () => chart.resize();
    window.addEventListener('resize', resize);
    return () => {
      window.removeEventListener('resize', resize);
      chart.dispose();
    };
  }, [days]);
  const total = days.reduce((a, d) => a + d.count, 0);
  return (
    <div
      ref={el}
      role="img"
      aria-label={`Responses per day over the last 30 days: ${total} in all`}
      style={{ width: '100%', height }}
    />
  );
}
