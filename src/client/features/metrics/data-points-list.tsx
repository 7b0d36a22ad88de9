import { useState } from 'react';
import { Link, router } from '@inertiajs/react';
import { ActionIcon, Anchor, Button, Code, Group, Stack, Text, Tooltip } from '@mantine/core';
import { DataTable } from '../../components/data-table';
import { IconPlus, IconStar, IconStarFilled } from '@tabler/icons-react';
import { route } from '@shared/route';
import { AGGREGATION_LABELS, MEASUREMENT_LABELS } from '@shared/metrics/metrics.schemas';
import { DataPointFormModal } from './data-point-form';
import type { DataPointView, MetricView } from '@shared/metrics/metrics.pages';

/** A metric's data points with star toggles, and the formula that combines them. */
export function DataPointsList({
  metric,
  dataPoints,
  canEdit,
}: {
  metric: MetricView;
  dataPoints: DataPointView[];
  canEdit: boolean;
}) {
  const [adding, setAdding] = useState(false);
  const star = (d: DataPointView) =>
    router.post(route('data-points.star', { dataPoint: d.id }), {}, { preserveScroll: true });
  return (
    <Stack gap="sm">
      <Text size="sm">
        {metric.formula ? (
          <>
            Formula: <Code>{metric.formula}</Code>
          </>
        ) : (
          <>
            No formula: the metric shows its{' '}
            {dataPoints.some((d) => d.starred) ? 'starred' : 'first'} data point.
          </>
        )}
      </Text>
      <DataTable<DataPointView>
        id={`metric-data-points-${metric.id}`}
        caption="Data points"
        rows={dataPoints}
        rowKey={(d) => d.id}
        plain
        minWidth={480}
        emptyAction={
          canEdit
            ? 'Add the data points that measure this metric: the values entered for them make its figure.'
            : undefined
        }
        columns={[
          {
            key: 'name',
            title: 'Name',
            render: (d) => (
              <Anchor
                component={Link}
                href={route('data-points.show', { dataPoint: d.id })}
                size="sm"
                fw={500}
              >
                {d.name}
              </Anchor>
            ),
          },
          {
            key: 'starred',
            title: 'Key',
            label: 'Key data point',
            width: 40,
            render: (d) => (
              <Tooltip
                label={d.starred ? 'Key data point: click to unstar' : 'Mark as a key data point'}
              >
                <ActionIcon
                  variant="subtle"
                  color="yellow"
                  disabled={!canEdit}
                  onClick={() => star(d)}
                  aria-label={d.starred ? `Unstar ${d.name}` : `Star ${d.name}`}
                  aria-pressed={d.starred}
                >
                  {d.starred ? <IconStarFilled size={18} /> : <IconStar size={18} />}
                </ActionIcon>
              </Tooltip>
            ),
          },
          { key: 'key', title: 'Formula key', render: (d) => <Code>{d.key}</Code> },
          {
            key: 'aggregation',
            title: 'Aggregation',
            render: (d) => (
              <Text size="sm">
                {AGGREGATION_LABELS[d.aggregation as keyof typeof AGGREGATION_LABELS] ??
                  d.aggregation}
              </Text>
            ),
          },
          {
            key: 'measurement',
            title: 'Measured by',
            render: (d) => (
              <Text size="sm">
                {MEASUREMENT_LABELS[d.measurement as keyof typeof MEASUREMENT_LABELS] ??
                  d.measurement}
              </Text>
            ),
          },
        ]}
      />
      {canEdit && (
        <Group>
          <Button
            size="xs"
            variant="light"
            leftSection={<IconPlus size={14} />}
            onClick={() => setAdding(true)}
          >
            Add data point
          </Button>
        </Group>
      )}
      <DataPointFormModal opened={adding} onClose={() => setAdding(false)} metricId={metric.id} />
    </Stack>
  );
}
