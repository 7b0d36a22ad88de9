import { Link } from '@inertiajs/react';
import { Anchor, Badge, Card, Group, List, Progress, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircle, IconCircleCheckFilled } from '@tabler/icons-react';
import type { TeamSetupStep } from '@shared/core/core.pages';

/** The team's setup steps, done from the team's own data, with its progress. */
export function SetupCard({ steps, title }: { steps: TeamSetupStep[]; title: string }) {
  const done = steps.filter((s) => s.done).length;
  return (
    <Card withBorder radius="md" padding="lg">
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Title order={2} size="h4">
          {title}
        </Title>
        <Badge variant="light" color={done === steps.length ? 'green' : 'blue'}>
          {done} of {steps.length} done
        </Badge>
      </Group>
      <Progress
        value={steps.length ? (done / steps.length) * 100 : 0}
        mb="md"
        aria-label={`Team setup: ${done} of ${steps.length} steps done`}
      />
      <List spacing="sm" listStyleType="none" aria-label={title}>
        {steps.map((s) => (
          <List.Item
            key={s.key}
            icon={
              <ThemeIcon
                color={s.done ? 'green' : 'gray'}
                variant="white"
                size={22}
                radius="xl"
                role="img"
                aria-label={s.done ? 'Done' : 'To do'}
              >
                {s.done ? (
                  <IconCircleCheckFilled size={24} />
                ) : (
                  <IconCircle size={22} stroke={1.5} />
                )}
              </ThemeIcon>
            }
          >
            {s.href && !s.done ? (
              <Anchor component={Link} href={s.href} fw={600} size="sm">
                {s.title}
              </Anchor>
            ) : (
              <Text fw={600} size="sm" c={s.done ? 'dimmed' : undefined}>
                {s.title}
              </Text>
            )}
            {!s.done && (
              <Text size="xs" c="dimmed">
                {s.description}
              </Text>
            )}
          </List.Item>
        ))}
      </List>
    </Card>
  );
}
