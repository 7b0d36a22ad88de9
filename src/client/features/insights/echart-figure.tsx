import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Button, Collapse, Group, Text } from '@mantine/core';
import { IconDownload, IconTable } from '@tabler/icons-react';
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
  /** a click on a bar or point: its data index and series index */
  onPick?: (dataIndex: number, seriesIndex: number) => void;
  /** the same figures as a table with their links: the keyboard and screen reader way in */
  table?: ReactNode;
  testId?: string;
}

/** The chart instance of a figure's element (journeys and the browser's console read it). */
export interface ChartElement extends HTMLDivElement {
  echartsInstance?: echarts.ECharts;
}

/**
 * One ECharts figure with its own export: PNG from the canvas (ECharts' getDataURL) and SVG from
 * the same option rendered by ECharts' SVG renderer on the side (renderToSVGString).
 */
export function EChartFigure({ title, label, option, height = 260, onPick, table, testId }: Props) {
  const el = useRef<ChartElement>(null);
  const [tableOpen, setTableOpen] = useState(false);
  const tableId = useId();
  const chart = useRef<echarts.ECharts | null>(null);
  useEffect(() => {
    const node = el.current;
    if (!node) return;
    const c = echarts.init(node, undefined, { renderer: 'canvas' });
    chart.current = c;
    node.echartsInstance = c;
    c.setOption({ animation: false, ...option });
    if (onPick)
      c.on('click', (p: { dataIndex?: number; seriesIndex?: number }) =>
        onPick(p.dataIndex ?? 0, p.seriesIndex ?? 0),
      );
    const resize = () => c.resize();
    window.addEventListener('resize', resize);
    return () => {
      window.removeEventListener('resize', resize);
      c.dispose();
      chart.current = null;
      delete node.echartsInstance;
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
          {table && (
            <Button
              size="compact-xs"
              variant="subtle"
              leftSection={<IconTable size={12} />}
              onClick={() => setTableOpen((o) => !o)}
              aria-expanded={tableOpen}
              aria-controls={tableId}
              aria-label={`The figures of ${title} as a table`}
            >
              Table
            </Button>
          )}
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
      {table && (
        <Collapse expanded={tableOpen} id={tableId}>
          {tableOpen && table}
        </Collapse>
      )}
    </div>
  );
}
