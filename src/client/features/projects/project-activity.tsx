import { Card, Text, Title } from '@mantine/core';
import { ActivityTimeline } from '../../components/activity-timeline';
import type { ActivityItem } from '@shared/projects/projects.pages';

/** The latest audit entries about the project and its problems. */
export function ProjectActivity({ activity }: { activity: ActivityItem[] }) {
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
        <ActivityTimeline activity={activity} label="Recent project activity" />
      )}
    </Card>
  );
}
