import { Link } from '@inertiajs/react';
import { Anchor, Badge, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { route } from '@shared/route';
import { ELEMENT_KIND_LABELS } from '@shared/toc/vocabulary';
import { STATUS_LABELS, type InsightStatus } from '@shared/insights/status';
import type { OutcomeRollup } from '@shared/insights/insights';
import { STATUS_COLOR } from './status';

function MetricStatus({
  id,
  name,
  status,
}: {
  id: string;
  name: string;
  status: InsightStatus | null;
}) {
  return (
    <Group gap={6} wrap="nowrap">
      <Badge size="xs" variant="light" color={status ? STATUS_COLOR[status] : 'gray'} miw={70}>
        {status ? STATUS_LABELS[status] : '—'}
      </Badge>
      <Anchor component={Link} href={route('metrics.show', { metric: id })} size="xs">
        {name}
      </Anchor>
    </Group>
  );
}

/** Each outcome with its metrics' statuses and the outputs and activities that feed it. */
export function OutcomeRollupView({
  items,
  showProblem,
}: {
  items: OutcomeRollup[];
  showProblem?: boolean;
}) {
  if (!items.length)
    return (
      <Text size="sm" c="dimmed">
        No outcomes yet: add the outcomes of the theory of change and link the outputs that lead to
        them.
      </Text>
    );
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
      {items.map((o) => (
        <Card key={o.element.id} withBorder padding="sm">
          <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
            <div>
              <Text size="xs" c="dimmed">
                {ELEMENT_KIND_LABELS[o.element.kind]}
                {showProblem ? ` · ${o.problem.title}` : ''}
              </Text>
              <Anchor
                component={Link}
                href={route('elements.show', { element: o.element.id })}
                fw={600}
                size="sm"
              >
                {o.element.title}
              </Anchor>
            </div>
            <Badge variant="light" color={o.moving ? 'green' : 'gray'}>
              {o.moving ? 'Moving' : o.metrics.length ? 'Not moving yet' : 'No metric'}
            </Badge>
          </Group>
          <Stack gap={4} mt="xs">
            {o.metrics.length ? (
              o.metrics.map((m) => <MetricStatus key={m.id} {...m} />)
            ) : (
              <Text size="xs" c="dimmed">
                No metric measures this outcome yet.
              </Text>
            )}
          </Stack>
          <Text size="xs" fw={600} mt="sm">
            Fed by
          </Text>
          {o.feeders.length ? (
            <Stack gap={4}>
              {o.feeders.map((f) => (
                <div key={f.id}>
                  <Text size="xs">
                    {ELEMENT_KIND_LABELS[f.kind]}:{' '}
                    <Anchor
                      component={Link}
                      href={route('elements.show', { element: f.id })}
                      size="xs"
                    >
                      {f.title}
                    </Anchor>
                  </Text>
                  <Stack gap={2} pl="md">
                    {f.metrics.map((m) => (
                      <MetricStatus key={m.id} {...m} />
                    ))}
                  </Stack>
                </div>
              ))}
            </Stack>
          ) : (
            <Text size="xs" c="dimmed">
              No output or activity leads here yet.
            </Text>
          )}
        </Card>
      ))}
    </SimpleGrid>
  );
}
