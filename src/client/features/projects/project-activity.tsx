import { Card, Group, Text, Timeline, Title } from '@mantine/core';
import { relativeTime } from '../../lib/relative-time';
import type { ActivityItem } from '@shared/projects/projects.pages';

/** The latest audit entries about the project and its problems. */
export function ProjectActivity({ activity }: { activity: ActivityItem[] }) {
  const now = new Date();
  return (
    <Card withBorder radius="md" padding="md">
      <Title order={4} mb="sm">
        Recent activity
      </Title>
      {activity.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nothing yet. Changes to this project and its problems show up here.
        </Text>
      ) : (
        <Timeline bulletSize={10} lineWidth={2} aria-label="Recent project activity">
          {activity.map((a) => (
            <Timeline.Item
              key={a.id}
              title={
                <Group justify="space-between" gap="xs" wrap="nowrap">
                  <Text size="sm" fw={600} truncate>
                    {a.label}
                  </Text>
                  <Text
                    size="xs"
                    c="dimmed"
                    component="time"
                    dateTime={a.createdAt}
                    title={new Date(a.createdAt).toLocaleString()}
                    style={{ whiteSpace: 'nowrap' }}
                  >
                    {relativeTime(a.createdAt, now)}
                  </Text>
                </Group>
              }
            >
              <Text size="xs" c="dimmed" lineClamp={1}>
                {[a.actorName, a.subjectLabel].filter(Boolean).join(' · ') || 'System'}
              </Text>
            </Timeline.Item>
          ))}
        </Timeline>
      )}
    </Card>
  );
}
