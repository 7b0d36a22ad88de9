import { useState } from 'react';
import { router } from '@inertiajs/react';
import { Button, Group, Modal, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { route } from '@shared/route';
import { formatNumber } from '@shared/format/number';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { dateTime } from '../../lib/relative-time';
import { ValueForm } from './value-form';
import { disaggregationText, formatValue } from './format';
import type {
  DataPointView,
  EntryView,
  MetricView,
  PeriodOption,
} from '@shared/metrics/metrics.pages';

interface Props {
  metric: MetricView;
  entries: EntryView[];
  dataPoints: DataPointView[];
  periods: PeriodOption[];
  canEdit: boolean;
  canDelete: boolean;
}

/** The values entered for a metric: who entered each and when, with edit and delete. */
export function EntriesList({ metric, entries, dataPoints, periods, canEdit, canDelete }: Props) {
  const [editing, setEditing] = useState<EntryView | null>(null);
  const [deleting, setDeleting] = useState<EntryView | null>(null);
  const nameOf = new Map(dataPoints.map((d) => [d.id, d.name]));
  // a data point's own values are raw numbers when a formula combines them
  const show = (v: number) => (metric.formula ? formatNumber(v) : formatValue(metric, v));
  const columns: Array<DataTableColumn<EntryView>> = [
    {
      key: 'period',
      title: 'Period',
      sortable: true,
      value: (e) => e.period,
      render: (e) => e.periodLabel,
    },
    ...(dataPoints.length > 1
      ? [
          {
            key: 'dataPoint',
            title: 'Data point',
            value: (e: EntryView) => nameOf.get(e.dataPointId) ?? '',
            render: (e: EntryView) => nameOf.get(e.dataPointId) ?? '',
          } as DataTableColumn<EntryView>,
        ]
      : []),
    {
      key: 'category',
      title: 'Category',
      value: (e) => disaggregationText(e.disaggregation),
      render: (e) => disaggregationText(e.disaggregation),
    },
    {
      key: 'value',
      title: 'Value',
      sortable: true,
      align: 'right',
      value: (e) => e.value,
      render: (e) => <Text fw={600}>{show(e.value)}</Text>,
    },
    {
      key: 'note',
      title: 'Note',
      visibleFrom: 'sm',
      value: (e) => e.note ?? '',
      render: (e) => e.note ?? '',
    },
    {
      key: 'entered',
      title: 'Entered',
      searchable: false,
      value: (e) => e.createdAt ?? '',
      render: (e) => (
        <Text size="xs" c="dimmed">
          {e.enteredBy ?? 'Someone'} · {e.createdAt ? dateTime(e.createdAt) : ''}
        </Text>
      ),
    },
    {
      key: 'actions',
      title: <VisuallyHidden>Actions</VisuallyHidden>,
      searchable: false,
      align: 'right',
      render: (e) => (
        <Group gap={4} justify="flex-end" wrap="nowrap">
          {canEdit && (
            <Button
              size="xs"
              variant="subtle"
              leftSection={<IconPencil size={14} />}
              onClick={() => setEditing(e)}
            >
              Edit
            </Button>
          )}
          {canDelete && (
            <Button
              size="xs"
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={14} />}
              onClick={() => setDeleting(e)}
            >
              Delete
            </Button>
          )}
        </Group>
      ),
    },
  ];
  return (
    <>
      <DataTable
        id={`metric-values-${metric.id}`}
        caption="Entered values"
        rows={entries}
        rowKey={(e) => e.id}
        columns={columns}
        minWidth={560}
        emptyAction="No values yet: enter the first one above."
      />
      <Modal opened={!!editing} onClose={() => setEditing(null)} title="Edit value" size="lg">
        {editing && (
          <ValueForm
            metric={metric}
            dataPoints={dataPoints}
            periods={periods}
            entry={editing}
            onDone={() => setEditing(null)}
          />
        )}
      </Modal>
      <Modal opened={!!deleting} onClose={() => setDeleting(null)} title="Delete value" centered>
        <Stack>
          <Text size="sm">
            Delete the value {deleting ? show(deleting.value) : ''} for {deleting?.periodLabel}? The
            metric’s figures are recomputed without it.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDeleting(null)}>
              Cancel
            </Button>
            <Button
              color="red"
              onClick={() =>
                deleting &&
                router.delete(route('metric-values.destroy', { metricValue: deleting.id }), {
                  preserveScroll: true,
                  onFinish: () => setDeleting(null),
                })
              }
            >
              Delete
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
