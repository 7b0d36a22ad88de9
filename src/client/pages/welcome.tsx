import { Head, Link } from '@inertiajs/react';
import { Button, Group, SimpleGrid, Stack, Text, ThemeIcon, Title, Paper } from '@mantine/core';
import { IconBooks, IconChartLine, IconTable, IconTargetArrow } from '@tabler/icons-react';
import { route } from '@shared/route';

/** What the product does today (nothing it does not do yet). */
const STEPS = [
  {
    icon: IconTargetArrow,
    title: 'Describe the change you want',
    text: 'Start from a problem and lay out its theory of change: activities, outputs, outcomes and impact, drawn as a diagram or edited as tables.',
  },
  {
    icon: IconBooks,
    title: 'Start from a library',
    text: 'Copy a curated problem or strategy, with its metrics, data points and survey questions, into your project and adapt it.',
  },
  {
    icon: IconChartLine,
    title: 'Measure progress',
    text: 'Attach metrics with baselines and targets, record values per period and category, and see actual against target in tables and charts.',
  },
  {
    icon: IconTable,
    title: 'Work as a team',
    text: 'Export and import the logframe as an Excel workbook, comment and mention teammates, and see who changed what.',
  },
];

export default function Welcome() {
  return (
    <Stack gap={48} py="xl">
      <Head title="Welcome" />
      <Stack gap="md" maw={720}>
        <Title order={1} fz={{ base: 32, sm: 44 }}>
          Monitoring and evaluation, from problem to results, in one place.
        </Title>
        <Text size="lg" c="dimmed">
          Pathways keeps your theory of change, your metrics and your results together, so every
          figure can be traced back to the values that produced it.
        </Text>
        <Group>
          <Button size="md" component={Link} href={route('register')}>
            Create a free account
          </Button>
          <Button size="md" variant="default" component={Link} href={route('login')}>
            Log in
          </Button>
        </Group>
      </Stack>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
        {STEPS.map((s) => (
          <Paper key={s.title} withBorder p="lg" radius="md">
            <ThemeIcon size="lg" variant="light" mb="sm">
              <s.icon size={20} />
            </ThemeIcon>
            <Text fw={600} mb={4}>
              {s.title}
            </Text>
            <Text size="sm" c="dimmed">
              {s.text}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
