import { useState } from 'react';
import { Link, router } from '@inertiajs/react';
import { ActionIcon, Anchor, Button, Code, Group, Stack, Table, Text, Tooltip } from '@mantine/core';
import { IconPlus, IconStar, IconStarFilled } from '@tabler/icons-react';
import { route } from '@shared/route';
import { AGGREGATION_LABELS, MEASUREMENT_LABELS } from '@shared/metrics/metrics.schemas';
import { DataPointFormModal } from './data-point-form';
import type { DataPointView, MetricView } from '@shared/metrics/metrics.pages';

/** A metric's data points with star toggles, and the formula that combines them. */
export function DataPointsList({ metric, dataPoints, canEdit }: { metric: MetricView; dataPoints: DataPointView[]; canEdit: boolean }) {
  const [adding, setAdding] = useState(false);
  const star = (d: DataPointView) => router.post(route('data-points.star', { dataPoint: d.id }), {}, { preserveScroll: true });
  return (
    <Stack gap="sm">
      <Text size="sm">
        {metric.formula ? (
          <>
            Formula: <Code>{metric.formula}</Code>
          </>
        ) : (
          <>No formula: the metric shows its {dataPoints.some((d) => d.starred) ? 'starred' : 'first'} data point.</>
        )}
      </Text>
      <Table.ScrollContainer minWidth={480}>
        <Table aria-label="Data points">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={40}>Key</Table.Th>
              <Table.Th>Name</Table.Th>
              <Table.Th>Formula key</Table.Th>
              <Table.Th>Aggregation</Table.Th>
              <Table.Th>Measured by</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {dataPoints.map((d) => (
              <Table.Tr key={d.id}>
                <Table.Td>
                  <Tooltip label={d.starred ? 'Key data point: click to unstar' : 'Mark as a key data point'}>
                    <ActionIcon variant="subtle" color="yellow" disabled={!canEdit} onClick={() => star(d)} aria-label={d.starred ? `Unstar ${d.name}` : `Star ${d.name}`} aria-pressed={d.starred}>
                      {d.starred ? <IconStarFilled size={18} /> : <IconStar size={18} />}
                    </ActionIcon>
                  </Tooltip>
                </Table.Td>
                <Table.Td>
                  <Anchor component={Link} href={route('data-points.show', { dataPoint: d.id })} size="sm" fw={500}>
                    {d.name}
                  </Anchor>
                </Table.Td>
                <Table.Td>
                  <Code>{d.key}</Code>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{AGGREGATION_LABELS[d.aggregation as keyof typeof AGGREGATION_LABELS] ?? d.aggregation}</Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{MEASUREMENT_LABELS[d.measurement as keyof typeof MEASUREMENT_LABELS] ?? d.measurement}</Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {canEdit && (
        <Group>
          <Button size="xs" variant="light" leftSection={<IconPlus size={14} />} onClick={() => setAdding(true)}>
            Add data point
          </Button>
        </Group>
      )}
      <DataPointFormModal opened={adding} onClose={() => setAdding(false)} metricId={metric.id} />
    </Stack>
  );
}
