import { Link } from '@inertiajs/react';
import {
  Anchor,
  Badge,
  Box,
  Button,
  Card,
  Grid,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconArrowRight, IconBulb, IconMapPin, IconUsers } from '@tabler/icons-react';
import { route } from '@shared/route';
import type { ChainColumn, ElementCounts, ProblemHeader } from '@shared/problems/problems.types';
import { ELEMENT_STATUS_COLORS } from './labels';
import { formatNumber } from '@shared/format/number';

function Block({ title, text, empty }: { title: string; text: string | null; empty: string }) {
  return (
    <Stack gap={4}>
      <Text fw={600} size="sm">
        {title}
      </Text>
      <Text size="sm" c={text ? undefined : 'dimmed'} style={{ whiteSpace: 'pre-wrap' }}>
        {text ?? empty}
      </Text>
    </Stack>
  );
}

const COLUMN_TAB: Record<string, { tab: string; sub?: string }> = {
  activity: { tab: 'activities' },
  output: { tab: 'outputs' },
  'outcome:short': { tab: 'outcomes', sub: 'short' },
  'outcome:medium': { tab: 'outcomes', sub: 'medium' },
  'outcome:long': { tab: 'outcomes', sub: 'long' },
  impact: { tab: 'outcomes', sub: 'impact' },
};

/** Overview: the problem itself, who and where, counts per level and the results chain at a glance. */
export function OverviewTab({
  problem,
  counts,
  chain,
  onAddActivity,
}: {
  problem: ProblemHeader;
  counts: ElementCounts;
  chain: ChainColumn[];
  onAddActivity: (() => void) | null;
}) {
  const elements = counts.activity + counts.output + counts.outcome + counts.impact;
  const stats: Array<[string, number]> = [
    ['Activities', counts.activity],
    ['Outputs', counts.output],
    ['Outcomes', counts.outcome],
    ['Impact', counts.impact],
    ['Links', counts.links],
    ['Metrics', counts.metrics],
  ];
  return (
    <Stack gap="lg">
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Card withBorder padding="lg" h="100%">
            <Stack gap="md">
              <Block
                title="Problem statement"
                text={problem.statement}
                empty="No statement yet. Describe the problem in one or two sentences: who is affected, how, and how badly."
              />
              <Block title="Root causes" text={problem.rootCauses} empty="Not described yet." />
              <Block
                title="Evidence and sources"
                text={problem.evidence}
                empty="No evidence recorded yet: add the studies, data or consultations that show the problem."
              />
            </Stack>
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Card withBorder padding="lg" h="100%">
            <Stack gap="md">
              <Group gap="sm" wrap="nowrap" align="flex-start">
                <ThemeIcon variant="light" size="lg">
                  <IconUsers size={18} />
                </ThemeIcon>
                <div>
                  <Text fw={600} size="sm">
                    Population affected
                  </Text>
                  <Text size="sm" c={problem.populationWho ? undefined : 'dimmed'}>
                    {problem.populationWho ?? 'Not described yet.'}
                  </Text>
                  {problem.populationCount != null && (
                    <Text size="sm" c="dimmed">
                      {formatNumber(problem.populationCount, 0)} people
                    </Text>
                  )}
                </div>
              </Group>
              <Group gap="sm" wrap="nowrap" align="flex-start">
                <ThemeIcon variant="light" size="lg" color="teal">
                  <IconMapPin size={18} />
                </ThemeIcon>
                <div>
                  <Text fw={600} size="sm">
                    Geography
                  </Text>
                  <Text size="sm" c={problem.geography ? undefined : 'dimmed'}>
                    {problem.geography ?? 'Not described yet.'}
                  </Text>
                </div>
              </Group>
            </Stack>
          </Card>
        </Grid.Col>
      </Grid>

      <SimpleGrid cols={{ base: 2, xs: 3, md: 6 }} spacing="sm">
        {stats.map(([label, n]) => (
          <Paper key={label} withBorder p="sm" radius="md">
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              {label}
            </Text>
            <Text fw={700} size="xl">
              {n}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>

      <Card withBorder padding="lg">
        <Group justify="space-between" mb="sm">
          <Title order={4}>Results chain</Title>
          {elements > 0 && (
            <Anchor
              component={Link}
              href={route('problems.diagram', { problem: problem.id })}
              size="sm"
            >
              Open the diagram
            </Anchor>
          )}
        </Group>
        {elements === 0 ? (
          <Stack align="flex-start" gap="xs">
            <Group gap="xs">
              <IconBulb size={18} />
              <Text size="sm">No theory of change yet.</Text>
            </Group>
            <Text size="sm" c="dimmed">
              Start with what the programme does (activities), then what they produce (outputs), the
              changes they lead to (outcomes) and the long-term impact.
            </Text>
            {onAddActivity && (
              <Button size="sm" onClick={onAddActivity}>
                Add the first activity
              </Button>
            )}
          </Stack>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 3, lg: 6 }} spacing="xs">
            {chain.map((col, i) => (
              <Stack key={col.level} gap={6} className="chain-column">
                <Group gap={4} wrap="nowrap" justify="space-between">
                  <Anchor
                    component={Link}
                    href={route('problems.show', { problem: problem.id, ...COLUMN_TAB[col.level] })}
                    size="xs"
                    fw={700}
                    tt="uppercase"
                    c="dimmed"
                  >
                    {col.label} ({col.total})
                  </Anchor>
                  {i < chain.length - 1 && (
                    <Box visibleFrom="sm" lh={0}>
                      <IconArrowRight size={14} color="var(--mantine-color-dimmed)" />
                    </Box>
                  )}
                </Group>
                {col.items.length === 0 && (
                  <Text size="xs" c="dimmed">
                    None yet
                  </Text>
                )}
                {col.items.map((e) => (
                  <Paper
                    key={e.id}
                    withBorder
                    p={6}
                    radius="sm"
                    component={Link}
                    href={route('elements.show', { element: e.id })}
                    style={{
                      borderLeft: `3px solid var(--mantine-color-${ELEMENT_STATUS_COLORS[e.status] ?? 'gray'}-5)`,
                    }}
                  >
                    <Text size="xs" lineClamp={2}>
                      {e.title}
                    </Text>
                  </Paper>
                ))}
                {col.total > col.items.length && (
                  <Badge
                    variant="light"
                    color="gray"
                    size="sm"
                    component={Link}
                    href={route('problems.show', { problem: problem.id, ...COLUMN_TAB[col.level] })}
                    style={{ cursor: 'pointer' }}
                  >
                    + {col.total - col.items.length} more
                  </Badge>
                )}
              </Stack>
            ))}
          </SimpleGrid>
        )}
      </Card>
    </Stack>
  );
}
