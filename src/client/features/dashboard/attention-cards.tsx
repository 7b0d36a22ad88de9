import { Link } from '@inertiajs/react';
import { Anchor, Badge, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import type { DashboardSections } from '@shared/core/core.pages';
import { plural } from '@shared/format/plural';

/** Responses with open data-quality flags, and the forms whose review queues hold them. */
export function QualityFlagsCard({ flags }: { flags: DashboardSections['qualityFlags'] }) {
  return (
    <Card withBorder radius="md" padding="lg">
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Title order={2} size="h4">
          Data-quality flags waiting
        </Title>
        <Badge variant="light" color={flags.responses ? 'orange' : 'gray'} aria-live="polite">
          {plural(flags.responses, 'response')}
        </Badge>
      </Group>
      {flags.responses === 0 ? (
        <Text size="sm" c="dimmed">
          No flagged responses. Responses that break a form’s data-quality rules wait here for
          review.
        </Text>
      ) : (
        <List spacing="xs">
          {flags.forms.map((f) => (
            <List.Item key={f.id}>
              <Anchor component={Link} href={f.href} size="sm">
                Review {f.name}
              </Anchor>{' '}
              <Text span size="sm" c="dimmed">
                ({plural(f.responses, 'flagged response')})
              </Text>
            </List.Item>
          ))}
        </List>
      )}
    </Card>
  );
}

const shortDate = (iso: string) =>
  new Date(`${iso}T00:00:00Z`).toLocaleDateString(undefined, {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });

function dueLabel(inDays: number) {
  if (inDays < 0) return `${plural(-inDays, 'day')} overdue`;
  if (inDays === 0) return 'Due today';
  return `Due in ${plural(inDays, 'day')}`;
}

/** Learnings whose action is overdue or due within a week, with its owner. */
export function LearningsDueCard({ items }: { items: DashboardSections['learningsDue'] }) {
  return (
    <Card withBorder radius="md" padding="lg">
      <Title order={2} size="h4" mb="sm">
        Learnings due
      </Title>
      {items.length === 0 ? (
        <Text size="sm" c="dimmed">
          No learning actions due this week. Give a learning an action, an owner and a date in a
          problem’s Learnings tab to follow it here.
        </Text>
      ) : (
        <Stack gap="sm">
          {items.map((l) => (
            <div key={l.id}>
              <Group gap="xs" wrap="nowrap" align="baseline">
                <Anchor component={Link} href={l.href} size="sm" fw={500} lineClamp={2}>
                  {l.action || l.summary}
                </Anchor>
              </Group>
              <Group gap="xs" mt={2}>
                <Badge size="xs" variant="light" color={l.inDays < 0 ? 'red' : 'yellow'}>
                  {dueLabel(l.inDays)}
                </Badge>
                <Text size="xs" c="dimmed">
                  {shortDate(l.due)} · {l.owner ?? 'No owner'} · {l.problem}
                </Text>
              </Group>
            </div>
          ))}
        </Stack>
      )}
    </Card>
  );
}
