import { Link } from '@inertiajs/react';
import { Anchor, Card, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { IconStarFilled } from '@tabler/icons-react';
import { route } from '@shared/route';
import { formatFigure } from '@shared/format/number';
import type { KeyMetric } from '@shared/metrics/metrics.pages';

function MetricRow({ m }: { m: KeyMetric }) {
  const name = (
    <Anchor
      component={Link}
      href={route('metrics.show', { metric: m.metricId })}
      size="sm"
      fw={600}
    >
      {m.name}
    </Anchor>
  );
  const pct = m.progress === null ? null : Math.round(Math.max(0, Math.min(1, m.progress)) * 100);
  return (
    <Stack gap={2}>
      <Group gap={4} wrap="nowrap">
        {m.starred && (
          <IconStarFilled
            size={12}
            color="var(--mantine-color-yellow-6)"
            aria-label="Key data point"
            style={{ flexShrink: 0 }}
          />
        )}
        {name}
      </Group>
      <Text size="xs" c="dimmed" lineClamp={1}>
        {m.elementTitle}
      </Text>
      <Text size="xs">
        {m.latestPeriod
          ? `${m.latestLabel ?? m.latestPeriod}: ${formatFigure(m.latestActual, m)}`
          : 'No values yet'}
        <Text
          span
          size="xs"
          c="dimmed"
        >{` · baseline ${formatFigure(m.baseline, m)} · target ${formatFigure(m.latestTarget, m)}`}</Text>
      </Text>
      {pct !== null && (
        <Progress
          value={pct}
          size="sm"
          mt={2}
          aria-label={`${m.name}: ${pct}% of the way to the target`}
          color={pct >= 100 ? 'green' : 'blue'}
        />
      )}
    </Stack>
  );
}

/** Progress of the project's key metrics (shown when the metrics module provides them). */
export function KeyMetrics({
  metrics,
  title = 'Key metrics',
  limit = 8,
}: {
  metrics: KeyMetric[];
  title?: string;
  limit?: number;
}) {
  return (
    <Card withBorder radius="md" padding="md">
      <Title order={4} mb="sm">
        {title}
      </Title>
      {metrics.length === 0 ? (
        <Text size="sm" c="dimmed">
          No metrics yet. Add metrics to the activities, outputs and outcomes of a problem to follow
          their progress here.
        </Text>
      ) : (
        <Stack gap="md">
          {metrics.slice(0, limit).map((m) => (
            <MetricRow key={m.metricId} m={m} />
          ))}
        </Stack>
      )}
    </Card>
  );
}
