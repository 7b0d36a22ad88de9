import { Link } from '@inertiajs/react';
import { Button, Card, Group, List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconDatabase, IconPlugConnected, IconSchool } from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { route } from '@shared/route';

interface Later {
  icon: ComponentType<{ size?: number }>;
  title: string;
  what: string;
  will: string[];
  now: string;
  action: { label: string; tab: string };
  /** the part of the product that fills this tab */
  arrives: string;
}

/** Tabs filled by parts of the product that are not here yet (sources, connectors, learnings): say what will appear and what to do now. */
const LATER: Record<string, Later> = {
  sources: {
    icon: IconDatabase,
    title: 'Data sources',
    what: 'The spreadsheets, survey responses and databases this problem’s metrics are computed from.',
    will: ['Uploaded CSV and Excel files, previewed in a grid', 'Responses to this problem’s survey forms', 'Tables imported from external PostgreSQL or MySQL databases'],
    now: 'Until sources can be connected, record values by hand on each metric: they are kept and traced to who entered them.',
    action: { label: 'Go to the metrics', tab: 'metrics' },
    arrives: 'Filled by data sources and survey forms',
  },
  integrations: {
    icon: IconPlugConnected,
    title: 'Integrations',
    what: 'Connectors that keep data flowing in from other systems on a schedule.',
    will: ['Connectors to external databases and services', 'Their last run, status and errors'],
    now: 'For now, define the data points each metric needs: they are what a connector will fill in.',
    action: { label: 'Go to the data points', tab: 'data-points' },
    arrives: 'Filled by connectors to other systems',
  },
  learnings: {
    icon: IconSchool,
    title: 'Learnings',
    what: 'What the team learns as results come in: which assumptions held, what to change.',
    will: ['Notes tied to outcomes and periods', 'Assumptions and risks that turned out true or false'],
    now: 'Write the assumptions and risks of each element and link now: learnings will be checked against them.',
    action: { label: 'Go to the outcomes', tab: 'outcomes' },
    arrives: 'Filled as the team records what it learns',
  },
};

export function LaterTab({ problemId, tab }: { problemId: string; tab: string }) {
  const l = LATER[tab];
  if (!l) return null;
  const Icon = l.icon;
  return (
    <Card withBorder padding="xl">
      <Stack gap="md" maw={640}>
        <Group gap="sm">
          <ThemeIcon variant="light" size="xl" radius="xl">
            <Icon size={22} />
          </ThemeIcon>
          <div>
            <Title order={4}>{l.title}</Title>
            <Text size="sm" c="dimmed">
              {l.arrives}
            </Text>
          </div>
        </Group>
        <Text size="sm">{l.what} Nothing is shown until there is something real to show.</Text>
        <div>
          <Text size="sm" fw={600} mb={4}>
            What will appear here
          </Text>
          <List size="sm" spacing={2}>
            {l.will.map((w) => (
              <List.Item key={w}>{w}</List.Item>
            ))}
          </List>
        </div>
        <Text size="sm">
          <Text span fw={600}>
            What to do now:{' '}
          </Text>
          {l.now}
        </Text>
        <Group>
          <Button component={Link} href={route('problems.show', { problem: problemId, tab: l.action.tab })} variant="light" preserveScroll>
            {l.action.label}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
