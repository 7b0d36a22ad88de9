import { Link } from '@inertiajs/react';
import {
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconBulb, IconPlus } from '@tabler/icons-react';
import { route } from '@shared/route';
import { PROBLEM_STATUS_LABELS } from '@shared/toc/vocabulary';
import { relativeTime } from '../../lib/relative-time';
import type { ProblemCardData } from '@shared/projects/projects.pages';

const STATUS_COLOR: Record<string, string> = { draft: 'gray', active: 'green', closed: 'dark' };
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The button to a new problem of the project. */
function NewProblemButton({
  projectId,
  variant = 'filled',
}: {
  projectId: string;
  variant?: 'filled' | 'light';
}) {
  return (
    <Button
      component={Link}
      href={route('problems.create', { project: projectId })}
      leftSection={<IconPlus size={16} />}
      variant={variant}
      size="sm"
    >
      New problem
    </Button>
  );
}

function ProblemCard({ p }: { p: ProblemCardData }) {
  const title = (
    <Anchor
      component={Link}
      href={route('problems.show', { problem: p.id })}
      fw={600}
      style={{ overflowWrap: 'anywhere' }}
    >
      {p.title}
    </Anchor>
  );
  const c = p.counts;
  return (
    <Card withBorder radius="md" padding="md">
      <Stack gap={6} h="100%">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          {title}
          <Badge variant="light" color={STATUS_COLOR[p.status] ?? 'gray'} style={{ flexShrink: 0 }}>
            {PROBLEM_STATUS_LABELS[p.status] ?? p.status}
          </Badge>
        </Group>
        {p.statement && (
          <Text size="sm" c="dimmed" lineClamp={2}>
            {p.statement}
          </Text>
        )}
        <Text size="xs" c="dimmed" mt="auto">
          {[
            plural(c.activity, 'activity', 'activities'),
            plural(c.output, 'output'),
            plural(c.outcome, 'outcome'),
            ...(c.impact ? [plural(c.impact, 'impact')] : []),
            plural(c.metrics, 'metric'),
          ].join(' · ')}
        </Text>
        <Text size="xs" c="dimmed">
          Updated {relativeTime(p.updatedAt)}
        </Text>
      </Stack>
    </Card>
  );
}

/** The project's problems as cards, or what to do when there are none. */
export function ProblemCards({
  projectId,
  problems,
  canCreate,
}: {
  projectId: string;
  problems: ProblemCardData[];
  canCreate: boolean;
}) {
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Title order={4}>Problems</Title>
        {canCreate && problems.length > 0 && (
          <NewProblemButton projectId={projectId} variant="light" />
        )}
      </Group>
      {problems.length === 0 ? (
        <Card withBorder radius="md" padding="lg" bg="var(--mantine-color-gray-0)">
          <Stack align="center" gap="xs" ta="center">
            <ThemeIcon variant="light" size={40} radius="xl">
              <IconBulb size={22} />
            </ThemeIcon>
            <Text fw={600}>No problems yet</Text>
            <Text size="sm" c="dimmed" maw={460}>
              Start with the problem this project tackles: who is affected, where, and why. Then map
              the activities, outputs and outcomes that change it.
            </Text>
            {canCreate && <NewProblemButton projectId={projectId} />}
          </Stack>
        </Card>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {problems.map((p) => (
            <ProblemCard key={p.id} p={p} />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
