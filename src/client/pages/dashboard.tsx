import { Head, Link } from '@inertiajs/react';
import {
  Anchor,
  Badge,
  Card,
  Group,
  List,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconActivity, IconCircle, IconCircleCheckFilled } from '@tabler/icons-react';
import { useShared } from '../hooks/use-shared';
import { ActivityTimeline } from '../components/activity-timeline';
import { PageTitle } from '../components/page-title';
import type { PagePropsOf } from '@shared/pages';
import type { GettingStartedItem } from '@shared/core/core.pages';

function StepRow({ step }: { step: GettingStartedItem }) {
  const title =
    step.href && !step.done ? (
      <Anchor component={Link} href={step.href} fw={600} size="sm">
        {step.title}
      </Anchor>
    ) : (
      <Text
        fw={600}
        size="sm"
        td={step.done ? 'line-through' : undefined}
        c={step.done ? 'dimmed' : undefined}
      >
        {step.title}
      </Text>
    );
  return (
    <List.Item
      icon={
        step.done ? (
          <ThemeIcon
            color="green"
            variant="white"
            size={22}
            radius="xl"
            role="img"
            aria-label="Done"
          >
            <IconCircleCheckFilled size={24} />
          </ThemeIcon>
        ) : (
          <ThemeIcon
            color="gray"
            variant="white"
            size={22}
            radius="xl"
            role="img"
            aria-label="To do"
          >
            <IconCircle size={22} stroke={1.5} />
          </ThemeIcon>
        )
      }
    >
      {title}
      {!step.done && (
        <Text size="xs" c="dimmed">
          {step.description}
        </Text>
      )}
    </List.Item>
  );
}

export default function Dashboard({ activity, steps, returning }: PagePropsOf<'dashboard'>) {
  const { auth } = useShared();
  const done = steps.filter((s) => s.done).length;
  const next = steps.find((s) => !s.done && s.href);
  return (
    <Stack gap="lg" maw={1200}>
      <Head title="Dashboard" />
      <div>
        <PageTitle>Dashboard</PageTitle>
        <Text c="dimmed" size="sm">
          {returning ? 'Welcome back' : 'Welcome to Pathways'}, {auth.user?.name}.
          {auth.team ? ` You are working in ${auth.team.name}.` : ''}
        </Text>
      </div>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" style={{ alignItems: 'start' }}>
        <Card withBorder radius="md" padding="lg">
          <Group justify="space-between" mb="md" wrap="nowrap">
            <Title order={4}>Getting started</Title>
            <Badge variant="light" color={done === steps.length ? 'green' : 'blue'}>
              {done} of {steps.length} done
            </Badge>
          </Group>
          <List spacing="md" center={false} listStyleType="none" aria-label="Getting started steps">
            {steps.map((s) => (
              <StepRow key={s.key} step={s} />
            ))}
          </List>
        </Card>
        <Card withBorder radius="md" padding="lg">
          <Title order={4} mb="md">
            Recent team activity
          </Title>
          {activity.length === 0 ? (
            <Paper bg="gray.0" p="lg" radius="md" ta="center">
              <ThemeIcon variant="light" size={40} radius="xl" mb="sm">
                <IconActivity size={22} />
              </ThemeIcon>
              <Text fw={600}>No activity yet</Text>
              <Text size="sm" c="dimmed">
                What your team does shows up here.{' '}
                {next ? (
                  <>
                    Start with:{' '}
                    <Anchor component={Link} href={next.href!}>
                      {next.title.toLowerCase()}
                    </Anchor>
                    .
                  </>
                ) : (
                  'Work through the getting-started steps to begin.'
                )}
              </Text>
            </Paper>
          ) : (
            <ActivityTimeline activity={activity} label="Recent team activity" />
          )}
        </Card>
      </SimpleGrid>
    </Stack>
  );
}
