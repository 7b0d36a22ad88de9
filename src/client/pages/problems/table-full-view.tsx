import { useMemo, useState } from 'react';
import { Head, router } from '@inertiajs/react';
import { Checkbox, Group, ScrollArea, SegmentedControl, Stack } from '@mantine/core';
import { ChoiceSelect } from '../../components/choice-select';
import {
  ELEMENT_STATUS_LABELS,
  ELEMENT_STATUSES,
  OUTCOME_HORIZON_LABELS,
  OUTCOME_HORIZONS,
} from '@shared/toc/vocabulary';
import { DataTable } from '../../components/data-table';
import { ProblemHeader } from '../../features/toc-views/problem-header';
import {
  ACTIVITY_COLUMNS,
  ALL_COLUMNS,
  allRows,
  DATA_POINT_COLUMNS,
  IMPACT_COLUMNS,
  METRIC_COLUMNS,
  OUTCOME_COLUMNS,
  OUTPUT_COLUMNS,
  showHref,
  type AnyRow,
} from '../../features/toc-views/table-columns';
import type { PagePropsOf } from '@shared/pages';
import type { DataPointRow, ElementRow, MetricRow } from '@shared/problems/toc-views.pages';

const LAYOUTS = [
  { value: 'all', label: 'All' },
  { value: 'activity', label: 'Activities' },
  { value: 'output', label: 'Outputs' },
  { value: 'outcome', label: 'Outcomes' },
  { value: 'impact', label: 'Impact' },
  { value: 'metric', label: 'Metrics' },
  { value: 'data_point', label: 'Data points' },
] as const;
type Layout = (typeof LAYOUTS)[number]['value'];

/** open a row's own page; its name is also a real link */
function open(type: 'element' | 'metric' | 'data_point', id: string) {
  router.visit(showHref(type, id));
}

const statusOptions = ELEMENT_STATUSES.map((s) => ({ value: s, label: ELEMENT_STATUS_LABELS[s] }));
const horizonOptions = OUTCOME_HORIZONS.map((h) => ({
  value: h,
  label: OUTCOME_HORIZON_LABELS[h],
}));

/** problems/table-full-view: every element, metric and data point of a problem in one table, a layout per type. */
export default function ProblemTable({
  problem,
  elements,
  metrics,
  dataPoints,
}: PagePropsOf<'problems/table-full-view'>) {
  const initial = (
    typeof window !== 'undefined' ? new URL(window.location.href).searchParams.get('layout') : null
  ) as Layout | null;
  const [layout, setLayout] = useState<Layout>(
    LAYOUTS.some((l) => l.value === initial) ? initial! : 'all',
  );
  const [status, setStatus] = useState<string | null>(null);
  const [horizon, setHorizon] = useState<string | null>(null);
  const [starred, setStarred] = useState(false);

  const counts: Record<Layout, number> = useMemo(() => {
    const c = {
      all: elements.length + metrics.length + dataPoints.length,
      activity: 0,
      output: 0,
      outcome: 0,
      impact: 0,
      metric: metrics.length,
      data_point: dataPoints.length,
    };
    for (const e of elements) c[e.kind as 'activity']++;
    return c;
  }, [elements, metrics, dataPoints]);
  const everything = useMemo(
    () => allRows(elements, metrics, dataPoints),
    [elements, metrics, dataPoints],
  );
  const ofKind = useMemo(
    () =>
      layout === 'all' || layout === 'metric' || layout === 'data_point'
        ? []
        : elements.filter(
            (e) =>
              e.kind === layout &&
              (!status || e.status === status) &&
              (layout !== 'outcome' || !horizon || e.horizon === horizon),
          ),
    [elements, layout, status, horizon],
  );

  const choose = (v: string) => {
    setLayout(v as Layout);
    const u = new URL(window.location.href);
    u.searchParams.set('layout', v);
    window.history.replaceState(window.history.state, '', u.pathname + u.search);
  };

  const statusFilter = (
    <ChoiceSelect
      size="xs"
      placeholder="Any status"
      data={statusOptions}
      value={status}
      onChange={(v) => setStatus(v || null)}
      clearableFilter
      w={150}
      aria-label="Filter by status"
    />
  );
  const id = (l: string) => `problem-table:${l}`;

  return (
    <Stack gap="md">
      <Head title={`${problem.title} · Table`} />
      <ProblemHeader problem={problem} view="table" />
      <ScrollArea type="auto" offsetScrollbars>
        <SegmentedControl
          value={layout}
          onChange={choose}
          data={LAYOUTS.map((l) => ({ value: l.value, label: `${l.label} (${counts[l.value]})` }))}
          aria-label="Table layout"
        />
      </ScrollArea>
      {layout === 'all' && (
        <DataTable<AnyRow>
          id={id('all')}
          caption="Every element, metric and data point"
          rows={status ? everything.filter((r) => r.status === status) : everything}
          columns={ALL_COLUMNS}
          rowKey={(r) => r.key}
          toolbar={statusFilter}
          onRowClick={(r) =>
            open(
              r.type === 'metric' ? 'metric' : r.type === 'data_point' ? 'data_point' : 'element',
              r.id,
            )
          }
          emptyAction="This problem has no elements yet. Add them in the diagram."
        />
      )}
      {(layout === 'activity' ||
        layout === 'output' ||
        layout === 'outcome' ||
        layout === 'impact') && (
        <DataTable<ElementRow>
          key={layout}
          id={id(layout)}
          caption={LAYOUTS.find((l) => l.value === layout)!.label}
          rows={ofKind}
          columns={
            layout === 'activity'
              ? ACTIVITY_COLUMNS
              : layout === 'output'
                ? OUTPUT_COLUMNS
                : layout === 'outcome'
                  ? OUTCOME_COLUMNS
                  : IMPACT_COLUMNS
          }
          rowKey={(r) => r.id}
          toolbar={
            <Group gap="xs">
              {statusFilter}
              {layout === 'outcome' && (
                <ChoiceSelect
                  size="xs"
                  placeholder="Any horizon"
                  data={horizonOptions}
                  value={horizon}
                  onChange={(v) => setHorizon(v || null)}
                  clearableFilter
                  w={150}
                  aria-label="Filter by horizon"
                />
              )}
            </Group>
          }
          onRowClick={(r) => open('element', r.id)}
          emptyAction={`No ${LAYOUTS.find((l) => l.value === layout)!.label.toLowerCase()} yet.`}
        />
      )}
      {layout === 'metric' && (
        <DataTable<MetricRow>
          id={id('metric')}
          caption="Metrics"
          rows={metrics}
          columns={METRIC_COLUMNS}
          rowKey={(r) => r.id}
          onRowClick={(r) => open('metric', r.id)}
          minWidth={700}
          emptyAction="No metrics yet. Add metrics to activities, outputs and outcomes."
        />
      )}
      {layout === 'data_point' && (
        <DataTable<DataPointRow>
          id={id('data_point')}
          caption="Data points"
          rows={starred ? dataPoints.filter((d) => d.starred) : dataPoints}
          columns={DATA_POINT_COLUMNS}
          rowKey={(r) => r.id}
          toolbar={
            <Checkbox
              size="xs"
              label="Key data points only"
              checked={starred}
              onChange={(e) => setStarred(e.currentTarget.checked)}
            />
          }
          onRowClick={(r) => open('data_point', r.id)}
          emptyAction="No data points yet. Add them to a metric."
        />
      )}
    </Stack>
  );
}
