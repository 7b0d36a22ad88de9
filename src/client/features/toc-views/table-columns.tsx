import { Link } from '@inertiajs/react';
import { Anchor, Badge, Group, Text, Tooltip } from '@mantine/core';
import { route, type RouteName } from '@shared/route';
import { IconStarFilled } from '@tabler/icons-react';
import {
  ELEMENT_KIND_LABELS,
  ELEMENT_STATUS_LABELS,
  METRIC_TYPE_LABELS,
  OUTCOME_HORIZON_LABELS,
  type ElementStatus,
} from '@shared/toc/vocabulary';
import { columnOf } from '@shared/toc/diagram';
import { formatFigure } from '@shared/format/number';
import type { DataPointRow, ElementRow, MetricRow } from '@shared/problems/toc-views.pages';
import type { DataTableColumn } from '../../components/data-table';
import { KIND_COLORS, STATUS_COLORS } from '../diagram/nodes';
import { plural } from '@shared/format/plural';

/** the "All" layout: elements, metrics and data points in one list */
export interface AnyRow {
  key: string;
  id: string;
  type: string;
  title: string;
  parent: string;
  status: string | null;
  detail: string;
}

const human = (s: string | null | undefined) =>
  s ? s.charAt(0).toUpperCase() + s.slice(1).replace(/_/g, ' ') : '';
const TYPE_LABEL: Record<string, string> = {
  ...ELEMENT_KIND_LABELS,
  metric: 'Metric',
  data_point: 'Data point',
};
const TYPE_COLOR: Record<string, string> = { ...KIND_COLORS, metric: 'indigo', data_point: 'cyan' };

const statusCell = (s: string | null) =>
  s ? (
    <Badge size="sm" variant="light" color={STATUS_COLORS[s] ?? 'gray'}>
      {ELEMENT_STATUS_LABELS[s as ElementStatus] ?? human(s)}
    </Badge>
  ) : null;
const statusValue = (s: string | null) =>
  s ? (ELEMENT_STATUS_LABELS[s as ElementStatus] ?? s) : '';
const feeds = (r: ElementRow) =>
  r.feedsInto.length ? (
    <Tooltip label={r.feedsInto.join(' · ')} multiline maw={360} withinPortal>
      <Text size="sm" lineClamp={1}>
        {r.feedsInto[0]}
        {r.feedsInto.length > 1 ? ` +${r.feedsInto.length - 1}` : ''}
      </Text>
    </Tooltip>
  ) : (
    <Text size="sm" c="dimmed">
      —
    </Text>
  );

const SHOW: Record<string, { name: RouteName; param: string }> = {
  element: { name: 'elements.show', param: 'element' },
  metric: { name: 'metrics.show', param: 'metric' },
  data_point: { name: 'data-points.show', param: 'dataPoint' },
};
/** The page of a row (an element of any kind, a metric or a data point). */
export function showHref(type: string, id: string): string {
  const s = SHOW[type] ?? SHOW.element;
  return route(s.name, { [s.param]: id });
}
/** A row's name as a real link to its page (open in a new tab, keyboard, screen readers), plain text otherwise. */
const linkCell = (label: string, href: string | null) =>
  href ? (
    <Anchor
      component={Link}
      href={href}
      size="sm"
      fw={500}
      onClick={(e: React.MouseEvent) => e.stopPropagation()}
    >
      {label}
    </Anchor>
  ) : (
    <Text size="sm" fw={500}>
      {label}
    </Text>
  );

const title = <R extends { title: string; id: string; type?: string }>(): DataTableColumn<R> => ({
  key: 'title',
  title: 'Title',
  sortable: true,
  render: (r) => linkCell(r.title, showHref(r.type ?? 'element', r.id)),
});
const status = <R extends { status: string }>(): DataTableColumn<R> => ({
  key: 'status',
  title: 'Status',
  sortable: true,
  width: 120,
  value: (r) => statusValue(r.status),
  render: (r) => statusCell(r.status),
});
const metricsCount = <R extends { metricsCount: number }>(): DataTableColumn<R> => ({
  key: 'metricsCount',
  title: 'Metrics',
  sortable: true,
  searchable: false,
  align: 'right',
  width: 90,
  visibleFrom: 'sm',
});
const feedsInto = (label: string): DataTableColumn<ElementRow> => ({
  key: 'feedsInto',
  title: label,
  sortable: true,
  value: (r) => r.feedsInto.join(', '),
  render: feeds,
  visibleFrom: 'sm',
});
const fedBy = (label: string): DataTableColumn<ElementRow> => ({
  key: 'fedByCount',
  title: label,
  sortable: true,
  searchable: false,
  align: 'right',
  width: 110,
  visibleFrom: 'md',
});
const dates: Array<DataTableColumn<ElementRow>> = [
  { key: 'owner', title: 'Owner', sortable: true, visibleFrom: 'md' },
  { key: 'startDate', title: 'Start', sortable: true, width: 110, visibleFrom: 'md' },
  { key: 'endDate', title: 'End', sortable: true, width: 110, visibleFrom: 'md' },
];

export const ACTIVITY_COLUMNS: Array<DataTableColumn<ElementRow>> = [
  title(),
  status(),
  ...dates,
  feedsInto('Produces'),
  metricsCount(),
];
export const OUTPUT_COLUMNS: Array<DataTableColumn<ElementRow>> = [
  title(),
  status(),
  dates[0],
  fedBy('Activities'),
  feedsInto('Leads to'),
  metricsCount(),
];
export const OUTCOME_COLUMNS: Array<DataTableColumn<ElementRow>> = [
  title(),
  {
    key: 'horizon',
    title: 'Horizon',
    sortable: true,
    width: 120,
    value: (r) => (r.horizon ? OUTCOME_HORIZONS_ORDER[r.horizon] : ''),
    render: (r) => (r.horizon ? OUTCOME_HORIZON_LABELS[r.horizon] : '—'),
  },
  status(),
  fedBy('Fed by'),
  feedsInto('Leads to'),
  metricsCount(),
];
const OUTCOME_HORIZONS_ORDER: Record<string, string> = {
  short: '1 short',
  medium: '2 medium',
  long: '3 long',
};
export const IMPACT_COLUMNS: Array<DataTableColumn<ElementRow>> = [
  title(),
  status(),
  fedBy('Fed by'),
  metricsCount(),
];

export const METRIC_COLUMNS: Array<DataTableColumn<MetricRow>> = [
  {
    key: 'name',
    title: 'Metric',
    sortable: true,
    render: (m) => linkCell(m.name, showHref('metric', m.id)),
  },
  {
    key: 'elementTitle',
    title: 'Of',
    sortable: true,
    visibleFrom: 'sm',
    render: (m) => (
      <Text size="sm" lineClamp={1}>{`${TYPE_LABEL[m.elementKind] ?? ''}: ${m.elementTitle}`}</Text>
    ),
    value: (m) => `${m.elementKind} ${m.elementTitle}`,
  },
  {
    key: 'type',
    title: 'Type',
    sortable: true,
    width: 110,
    value: (m) => METRIC_TYPE_LABELS[m.type] ?? m.type,
    render: (m) => METRIC_TYPE_LABELS[m.type] ?? m.type,
  },
  { key: 'unit', title: 'Unit', sortable: true, width: 90, render: (m) => m.unit ?? '—' },
  {
    key: 'baselineValue',
    title: 'Baseline',
    sortable: true,
    align: 'right',
    width: 100,
    render: (m) => formatFigure(m.baselineValue, m, { unit: false }),
  },
  {
    key: 'baselineDate',
    title: 'Baseline date',
    sortable: true,
    width: 120,
    visibleFrom: 'md',
    render: (m) => m.baselineDate ?? '—',
  },
  {
    key: 'period',
    title: 'Period',
    sortable: true,
    width: 100,
    value: (m) => human(m.period),
    render: (m) => human(m.period),
    visibleFrom: 'sm',
  },
  {
    key: 'direction',
    title: 'Good is',
    sortable: true,
    width: 100,
    value: (m) => human(m.direction),
    render: (m) => human(m.direction),
    visibleFrom: 'md',
  },
  {
    key: 'dataPointsCount',
    title: 'Data points',
    sortable: true,
    searchable: false,
    align: 'right',
    width: 100,
    visibleFrom: 'md',
  },
];

export const DATA_POINT_COLUMNS: Array<DataTableColumn<DataPointRow>> = [
  {
    key: 'starred',
    title: 'Key',
    sortable: true,
    searchable: false,
    width: 60,
    value: (d) => (d.starred ? 0 : 1),
    render: (d) =>
      d.starred ? (
        <IconStarFilled
          size={16}
          color="var(--mantine-color-yellow-6)"
          aria-label="Key data point"
        />
      ) : null,
  },
  {
    key: 'name',
    title: 'Data point',
    sortable: true,
    render: (d) => linkCell(d.name, showHref('data_point', d.id)),
  },
  {
    key: 'key',
    title: 'Formula key',
    sortable: true,
    width: 130,
    visibleFrom: 'md',
    render: (d) => (
      <Text size="xs" ff="monospace">
        {d.key}
      </Text>
    ),
  },
  { key: 'metricName', title: 'Metric', sortable: true, visibleFrom: 'sm' },
  {
    key: 'aggregation',
    title: 'Aggregation',
    sortable: true,
    width: 130,
    value: (d) => human(d.aggregation),
    render: (d) => human(d.aggregation),
  },
  {
    key: 'measurement',
    title: 'Measured by',
    sortable: true,
    width: 130,
    value: (d) => human(d.measurement),
    render: (d) => human(d.measurement),
    visibleFrom: 'md',
  },
  {
    key: 'questionsCount',
    title: 'Questions',
    sortable: true,
    searchable: false,
    align: 'right',
    width: 100,
    visibleFrom: 'md',
  },
];

export const ALL_COLUMNS: Array<DataTableColumn<AnyRow>> = [
  {
    key: 'type',
    title: 'Type',
    sortable: true,
    width: 120,
    value: (r) => TYPE_LABEL[r.type] ?? r.type,
    render: (r) => (
      <Badge size="sm" variant="light" color={TYPE_COLOR[r.type] ?? 'gray'}>
        {TYPE_LABEL[r.type] ?? r.type}
      </Badge>
    ),
  },
  title(),
  {
    key: 'parent',
    title: 'Linked to',
    sortable: true,
    visibleFrom: 'sm',
    render: (r) => (
      <Text size="sm" c="dimmed" lineClamp={1}>
        {r.parent}
      </Text>
    ),
  },
  {
    key: 'status',
    title: 'Status',
    sortable: true,
    width: 120,
    value: (r) => statusValue(r.status),
    render: (r) => statusCell(r.status),
  },
  {
    key: 'detail',
    title: 'Details',
    sortable: true,
    visibleFrom: 'md',
    render: (r) => (
      <Group gap={4}>
        <Text size="sm" c="dimmed">
          {r.detail}
        </Text>
      </Group>
    ),
  },
];

/** one list of everything: elements in level order, then metrics, then data points */
export function allRows(
  elements: ElementRow[],
  metrics: MetricRow[],
  points: DataPointRow[],
): AnyRow[] {
  const out: AnyRow[] = [];
  const byLevel = elements
    .map((e, i) => ({ e, i, c: columnOf(e.kind, e.horizon) }))
    .sort((a, b) => a.c - b.c || a.i - b.i);
  for (const { e } of byLevel)
    out.push({
      key: `e:${e.id}`,
      id: e.id,
      type: e.kind,
      title: e.title,
      parent: e.feedsInto.length ? `→ ${e.feedsInto.join(', ')}` : '',
      status: e.status,
      detail: [
        e.horizon ? OUTCOME_HORIZON_LABELS[e.horizon] : '',
        e.metricsCount ? plural(e.metricsCount, 'metric') : '',
      ]
        .filter(Boolean)
        .join(' · '),
    });
  for (const m of metrics)
    out.push({
      key: `m:${m.id}`,
      id: m.id,
      type: 'metric',
      title: m.name,
      parent: m.elementTitle,
      status: null,
      detail: [
        METRIC_TYPE_LABELS[m.type] ?? m.type,
        m.unit,
        m.baselineValue !== null ? `baseline ${m.baselineValue}` : '',
      ]
        .filter(Boolean)
        .join(' · '),
    });
  for (const d of points)
    out.push({
      key: `d:${d.id}`,
      id: d.id,
      type: 'data_point',
      title: d.name,
      parent: `${d.elementTitle} › ${d.metricName}`,
      status: null,
      detail: [human(d.aggregation), d.starred ? 'key data point' : ''].filter(Boolean).join(' · '),
    });
  return out;
}
