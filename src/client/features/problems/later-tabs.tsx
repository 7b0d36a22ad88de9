import { Link } from '@inertiajs/react';
import { Button, Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconPlugConnected } from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { route } from '@shared/route';
import type { FullViewTab } from '@shared/problems/problems';

interface Empty {
  icon: ComponentType<{ size?: number }>;
  title: string;
  empty: string;
  now: string;
  action: { label: string; tab: string };
}

/**
 * Tabs whose content has nothing to show yet (no connector can be added). They
 * are left out of the tab bar; a direct link lands on an empty state with a step that works today.
 */
export const EMPTY_TABS: ReadonlySet<FullViewTab> = new Set<FullViewTab>(['integrations']);

const EMPTY: Record<string, Empty> = {
  integrations: {
    icon: IconPlugConnected,
    title: 'Integrations',
    empty: 'This problem has no integrations.',
    now: 'Define the data points each metric needs and enter their values on the metric pages.',
    action: { label: 'Go to the data points', tab: 'data-points' },
  },
};

export function LaterTab({ problemId, tab }: { problemId: string; tab: string }) {
  const l = EMPTY[tab];
  if (!l) return null;
  const Icon = l.icon;
  return (
    <Card withBorder padding="xl">
      <Stack gap="md" maw={640}>
        <Group gap="sm">
          <ThemeIcon variant="light" size="xl" radius="xl">
            <Icon size={22} />
          </ThemeIcon>
          <Title order={4}>{l.title}</Title>
        </Group>
        <Text size="sm">{l.empty}</Text>
        <Text size="sm">
          <Text span fw={600}>
            What to do now:{' '}
          </Text>
          {l.now}
        </Text>
        <Group>
          <Button
            component={Link}
            href={route('problems.show', { problem: problemId, tab: l.action.tab })}
            variant="light"
            preserveScroll
          >
            {l.action.label}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
