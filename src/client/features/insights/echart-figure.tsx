import { useEffect, useRef } from 'react';
import { Button, Group, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import * as echarts from 'echarts/core';
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer, SVGRenderer } from 'echarts/renderers';
import type { EChartsCoreOption } from 'echarts/core';

echarts.use([
  BarChart,
  LineChart,
  GridComponent,
  LegendComponent,
  TooltipComponent,
  CanvasRenderer,
  SVGRenderer,
]);

function download(href: string, name: string) {
  const a = document.createElement('a');
  a.href = href;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
}
const safeName = (s: string) => s.replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-|-$/g, '') || 'chart';

interface Props {
  title: string;
  /** what the figure shows, read by screen readers */
  label: string;
  option: EChartsCoreOption;
  height?: number;
  /** a click on a bar or point: its data index and series name */
  onPick?: (dataIndex: number, seriesName: string) => void;
  testId?: string;
}

/**
 * One ECharts figure with its own export: PNG from the canvas (ECharts' getDataURL) and SVG from
 * the same option rendered by ECharts' SVG renderer on the side (renderToSVGString).
 */
export function EChartFigure({ title, label, option, height = 260, onPick, testId }: Props) {
  const el = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);
  useEffect(() => {
    if (!el.current) return;
    const c = echarts.init(el.current, undefined, { renderer: 'canvas' });
    chart.current = c;
    c.setOption({ animation: false, ...option });
    if (onPick)
      c.on('click', (p: { dataIndex?: number; seriesName?: string }) =>
        onPick(p.dataIndex ?? 0, p.seriesName ?? ''),
      );
    const resize = () => c.resize();
    window.addEventListener('resize', resize);
    return () => {
      window.removeEventListener('resize', resize);
      c.dispose();
      chart.current = null;
    };
  }, [option, onPick]);

  const png = () => {
    const url = chart.current?.getDataURL({ type: 'png', pixelRatio: 2, backgroundColor: '#fff' });
    if (url) download(url, `${safeName(title)}.png`);
  };
  const svg = () => {
    const width = el.current?.clientWidth || 800;
    const c = echarts.init(null, undefined, { renderer: 'svg', ssr: true, width, height });
    c.setOption({ animation: false, backgroundColor: '#fff', ...option });
    const text = c.renderToSVGString();
    c.dispose();
    const url = URL.createObjectURL(new Blob([text], { type: 'image/svg+xml' }));
    download(url, `${safeName(title)}.svg`);
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };

  return (
    <div>
      <Group justify="space-between" gap="xs" mb={4} wrap="nowrap">
        <Text fw={600} size="sm">
          {title}
        </Text>
        <Group gap={4} wrap="nowrap">
          <Button
            size="compact-xs"
            variant="subtle"
            leftSection={<IconDownload size={12} />}
            onClick={png}
            aria-label={`Download ${title} as PNG`}
          >
            PNG
          </Button>
          <Button
            size="compact-xs"
            variant="subtle"
            leftSection={<IconDownload size={12} />}
            onClick={svg}
            aria-label={`Download ${title} as SVG`}
          >
            SVG
          </Button>
        </Group>
      </Group>
      <div
        ref={el}
        style={{ width: '100%', height, cursor: onPick ? 'pointer' : undefined }}
        role="img"
        aria-label={label}
        data-testid={testId}
      />
    </div>
  );
}
