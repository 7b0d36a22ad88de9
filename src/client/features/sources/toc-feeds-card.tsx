import { Link } from '@inertiajs/react';
import { Anchor, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { route } from '@shared/route';
import type { ColumnFeed } from '@shared/datasets/datasets.pages';

const arrow = <IconArrowRight size={14} aria-label="feeds" />;

/**
 * "How this source feeds the theory of change": each column bound by a data point, with the
 * data point, its metric and the element the metric measures, each a link.
 */
export function TocFeedsCard({ feeds }: { feeds: ColumnFeed[] }) {
  return (
    <Card withBorder padding="lg" radius="md" data-testid="toc-feeds">
      <Stack gap="sm">
        <Title order={2} size="h4">
          How this source feeds the theory of change
        </Title>
        {feeds.length ? (
          <Table.ScrollContainer minWidth={560}>
            <Table verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Column</Table.Th>
                  <Table.Th>Data point</Table.Th>
                  <Table.Th>Metric</Table.Th>
                  <Table.Th>Theory of change</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {feeds.map((f) => (
                  <Table.Tr key={f.dataPoint.id}>
                    <Table.Td>
                      <Group gap={6} wrap="nowrap">
                        <Text size="sm" fw={600}>
                          {f.columnLabel ?? `${f.columnKey} (no longer in the data)`}
                        </Text>
                        {arrow}
                      </Group>
                    </Table.Td>
                    <Table.Td>
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
                    </Table.Td>
                    <Table.Td>
                      <Group gap={6} wrap="nowrap">
                        <Anchor
                          component={Link}
                          size="sm"
                          href={route('metrics.show', { metric: f.metric.id })}
                        >
                          {f.metric.name}
                        </Anchor>
                        {arrow}
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      <Anchor
                        component={Link}
                        size="sm"
                        href={route('elements.show', { element: f.element.id })}
                      >
                        {f.element.title}
                      </Anchor>{' '}
                      <Text span size="xs" c="dimmed">
                        ({f.element.kind})
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ) : (
          <Text size="sm" c="dimmed">
            No column of this source feeds a metric yet. To bind one, open a data point of a metric
            in this project (theory of change → metric → data point), choose “Bind to data”, pick
            this dataset and the column to measure.
          </Text>
        )}
      </Stack>
    </Card>
  );
}
