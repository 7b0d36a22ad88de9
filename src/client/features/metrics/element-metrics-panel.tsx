import { useState } from 'react';
import { Link } from '@inertiajs/react';
import { Anchor, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { route } from '@shared/route';
import { METRIC_TYPE_LABELS, ELEMENT_KIND_LABELS, type ElementKind, type MetricType } from '@shared/toc/vocabulary';
import { useCan } from '../../hooks/use-shared';
import { MetricFormModal } from './metric-form';
import { formatValue } from './format';

export interface PanelMetric {
  id: string;
  name: string;
  type: string;
  unit: string | null;
  currency?: string | null;
  standardRef?: string | null;
  /** optional figures (e.g. from keyMetricsFor) */
  latestActual?: number | null;
  latestTarget?: number | null;
  latestLabel?: string | null;
}

/**
 * An element's metrics with "Add metric", for any page showing an element (elements/show, the
 * diagram's side panel). Drop in: `<ElementMetricsPanel element={{ id, kind, title }} metrics={metrics} />`.
 */
export function ElementMetricsPanel({ element, metrics }: { element: { id: string; kind: string; title: string }; metrics: PanelMetric[] }) {
  const can = useCan();
  const [adding, setAdding] = useState(false);
  const kindLabel = `${ELEMENT_KIND_LABELS[element.kind as ElementKind] ?? 'Element'} metrics`;
  return (
    <Card withBorder>
      <Group justify="space-between" mb="sm">
        <Title order={4}>{kindLabel}</Title>
        {can('content.create') && (
          <Button size="xs" variant="light" leftSection={<IconPlus size={14} />} onClick={() => setAdding(true)}>
            Add metric
          </Button>
        )}
      </Group>
      {metrics.length === 0 ? (
        <Text size="sm" c="dimmed">
          No metrics yet. Add one to say how you will know “{element.title}” is happening: a count, a percentage, with a baseline and targets.
        </Text>
      ) : (
        <Stack gap="xs">
          {metrics.map((m) => (
            <Group key={m.id} justify="space-between" wrap="nowrap">
              <div>
                <Anchor component={Link} href={route('metrics.show', { metric: m.id })} fw={500} size="sm">
                  {m.name}
                </Anchor>
                <Group gap={4}>
                  <Text size="xs" c="dimmed">
                    {METRIC_TYPE_LABELS[m.type as MetricType] ?? m.type}
                    {m.unit ? ` · ${m.unit}` : ''}
                  </Text>
                  {m.standardRef && (
                    <Badge size="xs" variant="outline" color="gray">
                      {m.standardRef}
                    </Badge>
                  )}
                </Group>
              </div>
              {m.latestActual !== undefined && m.latestActual !== null && (
                <Text size="sm" ta="right">
                  {formatValue({ type: m.type, unit: m.unit, currency: m.currency ?? null }, m.latestActual)}
                  {m.latestTarget !== null && m.latestTarget !== undefined ? ` / ${formatValue({ type: m.type, unit: m.unit, currency: m.currency ?? null }, m.latestTarget)}` : ''}
                  <Text span size="xs" c="dimmed" display="block">
                    {m.latestLabel}
                  </Text>
                </Text>
              )}
            </Group>
          ))}
        </Stack>
      )}
      <MetricFormModal opened={adding} onClose={() => setAdding(false)} elementId={element.id} elementLabel={element.title} />
    </Card>
  );
}
