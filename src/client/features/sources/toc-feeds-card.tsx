import { Link } from '@inertiajs/react';
import { Anchor, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { route } from '@shared/route';
import type { ColumnFeed } from '@shared/datasets/datasets.pages';
import { DataTable, type DataTableColumn } from '../../components/data-table';

const arrow = <IconArrowRight size={14} aria-label="feeds" />;

const COLUMNS: Array<DataTableColumn<ColumnFeed>> = [
  {
    key: 'column',
    title: 'Column',
    value: (f) => f.columnLabel ?? f.columnKey,
    render: (f) => (
      <Group gap={6} wrap="nowrap">
        <Text size="sm" fw={600}>
          {f.columnLabel ?? `${f.columnKey} (no longer in the data)`}
        </Text>
        {arrow}
      </Group>
    ),
  },
  {
    key: 'dataPoint',
    title: 'Data point',
    value: (f) => f.dataPoint.name,
    render: (f) => (
      <Group gap={6} wrap="nowrap">
        <Anchor
          component={Link}
          size="sm"
          href={route('data-points.show', { dataPoint: f.dataPoint.id })}
        >
          {f.dataPoint.name}
        </Anchor>
        {arrow}
      </Group>
    ),
  },
  {
    key: 'metric',
    title: 'Metric',
    value: (f) => f.metric.name,
    render: (f) => (
      <Group gap={6} wrap="nowrap">
        <Anchor component={Link} size="sm" href={route('metrics.show', { metric: f.metric.id })}>
          {f.metric.name}
        </Anchor>
        {arrow}
      </Group>
    ),
  },
  {
    key: 'element',
    title: 'Theory of change',
    value: (f) => f.element.title,
    render: (f) => (
      <>
        <Anchor component={Link} size="sm" href={route('elements.show', { element: f.element.id })}>
          {f.element.title}
        </Anchor>{' '}
        <Text span size="xs" c="dimmed">
          ({f.element.kind})
        </Text>
      </>
    ),
  },
];

/**
 * "How this source feeds the theory of change" (the model box): each column bound by a data
 * point, with the data point, its metric and the element the metric measures, each a link.
 */
export function TocFeedsCard({ feeds }: { feeds: ColumnFeed[] }) {
  return (
    <Card withBorder padding="lg" radius="md" data-testid="toc-feeds">
      <Stack gap="sm">
        <Title order={2} size="h4">
          How this source feeds the theory of change
        </Title>
        <DataTable
          id="source-toc-feeds"
          caption="Columns that feed the theory of change"
          plain
          rows={feeds}
          rowKey={(f) => f.dataPoint.id}
          columns={COLUMNS}
          minWidth={560}
          emptyAction="No column of this source feeds a metric yet. To bind one, open a data point of a metric in this project (theory of change → metric → data point), choose “Bind to data”, pick this dataset and the column to measure."
        />
      </Stack>
    </Card>
  );
}
