import { Link } from '@inertiajs/react';
import { Anchor, Badge, Card, Group, Stack, Text } from '@mantine/core';
import { route } from '@shared/route';
import { LIBRARY_KIND_LABELS } from '@shared/libraries/sectors';
import type { ElementCounts, LibraryCardView } from '@shared/libraries/libraries.pages';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "3 activities · 2 outputs · 2 outcomes · 1 impact" (levels with none left out) */
export function countsText(c: ElementCounts): string {
  return [
    c.activity ? plural(c.activity, 'activity', 'activities') : null,
    c.output ? plural(c.output, 'output', 'outputs') : null,
    c.outcome ? plural(c.outcome, 'outcome', 'outcomes') : null,
    c.impact ? plural(c.impact, 'impact', 'impacts') : null,
  ]
    .filter(Boolean)
    .join(' · ');
}

/** One library entry in the grid: sector and kind, title (the link), summary, what it holds. */
export function LibraryCard({ item }: { item: LibraryCardView }) {
  const href = route('libraries.show', { libraryItem: item.id });
  return (
    <Card withBorder padding="md" radius="md" h="100%" data-testid="library-card">
      <Stack gap="xs" h="100%">
        <Group gap={6}>
          <Badge variant="light" size="sm">
            {item.sectorLabel}
          </Badge>
          <Badge variant="outline" color={item.kind === 'strategy' ? 'grape' : 'gray'} size="sm">
            {LIBRARY_KIND_LABELS[item.kind]}
          </Badge>
        </Group>
        <Anchor component={Link} href={href} fw={600} c="var(--mantine-color-text)" lh={1.3}>
          {item.title}
        </Anchor>
        {item.summary && (
          <Text size="sm" c="dimmed" lineClamp={3}>
            {item.summary}
          </Text>
        )}
        <Text size="xs" c="dimmed" mt="auto" pt={4}>
          {countsText(item.counts) || 'No elements yet'} ·{' '}
          {plural(item.metricCount, 'metric', 'metrics')}
          {item.source === 'team' && item.createdBy ? ` · saved by ${item.createdBy}` : ''}
        </Text>
      </Stack>
    </Card>
  );
}
