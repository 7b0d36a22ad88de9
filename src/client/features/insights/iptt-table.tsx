import { Link } from '@inertiajs/react';
import { Anchor, Badge, Text } from '@mantine/core';
import { route } from '@shared/route';
import { formatFigure, formatNumber } from '@shared/format/number';
import type { IpttTable } from '@shared/insights/iptt';
import type { InsightsFilters, MetricInsight } from '@shared/insights/insights';
import { drillTitle, figureDrill } from '@shared/insights/drill';
import { STATUS_LABELS } from '@shared/insights/status';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { STATUS_COLOR } from './status';

type Row = IpttTable['rows'][number];

/**
 * The indicator performance tracking table on screen (the same model as the XLSX and PDF): one
 * row per indicator, then Target, Actual and % achieved for each period.
 */
export function IpttTableView({
  table,
  metrics,
  filters,
}: {
  table: IpttTable;
  metrics: MetricInsight[];
  filters: InsightsFilters;
}) {
  const byId = new Map(metrics.map((m) => [m.id, m]));
  const actual = (r: Row, period: string, label: string) => {
    const m = byId.get(r.metricId);
    const text = formatFigure(r.cells[period]?.actual ?? null, m);
    const p = m?.periods.find((x) => x.period === period);
    if (!m || !p || p.actual === null) return text;
    const drill = figureDrill(m.id, p, period, filters);
    return (
      <Anchor
        component={Link}
        href={drill.href}
        size="sm"
        title={drillTitle(drill)}
        aria-label={`${m.name}, ${label} actual ${text}: ${drill.kind === 'rows' ? 'show the rows behind it' : 'open the metric'}`}
      >
        {text}
      </Anchor>
    );
  };
  const pct = (v: number | null | undefined) =>
    v === null || v === undefined ? '—' : `${formatNumber(v, 0)}%`;
  const columns: Array<DataTableColumn<Row>> = [
    {
      key: 'indicator',
      title: 'Indicator',
      render: (r) => (
        <div style={{ minWidth: 180 }}>
          <Anchor
            component={Link}
            href={route('metrics.show', { metric: r.metricId })}
            size="sm"
            fw={600}
          >
            {r.indicator}
          </Anchor>
          <Text size="xs" c="dimmed">
            {r.level}: {r.result}
          </Text>
        </div>
      ),
    },
    {
      key: 'baseline',
      title: 'Baseline',
      align: 'right',
      render: (r) => formatFigure(r.baseline, byId.get(r.metricId)),
    },
    ...table.periods.flatMap((p): Array<DataTableColumn<Row>> => [
      {
        key: `${p.key}:target`,
        title: `${p.label} target`,
        align: 'right',
        value: (r) => r.cells[p.key]?.target ?? null,
        render: (r) => formatFigure(r.cells[p.key]?.target ?? null, byId.get(r.metricId)),
      },
      {
        key: `${p.key}:actual`,
        title: `${p.label} actual`,
        align: 'right',
        value: (r) => r.cells[p.key]?.actual ?? null,
        render: (r) => actual(r, p.key, p.label),
      },
      {
        key: `${p.key}:achieved`,
        title: `${p.label} %`,
        align: 'right',
        value: (r) => r.cells[p.key]?.achieved ?? null,
        render: (r) => pct(r.cells[p.key]?.achieved),
      },
    ]),
    {
      key: 'status',
      title: 'Status',
      width: 100,
      render: (r) => {
        const s = byId.get(r.metricId)?.status;
        return s ? (
          <Badge size="xs" variant="light" color={STATUS_COLOR[s]} miw={84}>
            {STATUS_LABELS[s]}
          </Badge>
        ) : (
          '—'
        );
      },
    },
    {
      key: 'notes',
      title: 'Notes',
      render: (r) => (
        <Text size="xs" style={{ whiteSpace: 'pre-line', minWidth: 140 }}>
          {r.notes || '—'}
        </Text>
      ),
    },
  ];
  return (
    <div data-testid="iptt">
      <DataTable
        id="insights-iptt"
        caption="Indicator performance tracking table"
        rows={table.rows}
        rowKey={(r) => r.metricId}
        columns={columns}
        plain
        minWidth={400 + table.periods.length * 240}
        emptyAction="Add metrics with targets to the theory of change, then enter their values."
      />
    </div>
  );
}
