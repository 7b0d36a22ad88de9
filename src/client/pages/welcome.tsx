import { Head, Link } from '@inertiajs/react';
import { Button, Group, SimpleGrid, Stack, Text, ThemeIcon, Title, Paper } from '@mantine/core';
import { IconTargetArrow, IconForms, IconTransform, IconChartLine } from '@tabler/icons-react';
import { route } from '@shared/route';

const STEPS = [
  { icon: IconTargetArrow, title: 'Describe the change you want', text: 'Start from a problem, lay out the theory of change (activities, outputs, outcomes) and attach measurable metrics.' },
  { icon: IconForms, title: 'Collect data where it happens', text: 'Stakeholder and survey forms that work on phones, or spreadsheets and databases you already have.' },
  { icon: IconTransform, title: 'Clean it once, replay it always', text: 'Cleaning and transformation steps that run again on new data, with every figure traceable to its rows.' },
  { icon: IconChartLine, title: 'Learn and report', text: 'Progress against baseline and target, by segment, ready for your team and your donors.' },
];

export default function Welcome() {
  return (
    <Stack gap={48} py="xl">
      <Head title="Welcome" />
      <Stack gap="md" maw={720}>
        <Title order={1} fz={{ base: 32, sm: 44 }}>Monitoring and evaluation, from problem to learning, in one place.</Title>
        <Text size="lg" c="dimmed">
          Pathways keeps your logframe, your surveys, your data cleaning and your results together, so every number in a report can be traced back to the answers that produced it.
        </Text>
        <Group>
          <Button size="md" component={Link} href={route('register')}>Create a free account</Button>
          <Button size="md" variant="default" component={Link} href={route('login')}>Log in</Button>
        </Group>
      </Stack>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
        {STEPS.map((s) => (
          <Paper key={s.title} withBorder p="lg" radius="md">
            <ThemeIcon size="lg" variant="light" mb="sm"><s.icon size={20} /></ThemeIcon>
            <Text fw={600} mb={4}>{s.title}</Text>
            <Text size="sm" c="dimmed">{s.text}</Text>
          </Paper>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
