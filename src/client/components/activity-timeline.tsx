import { Text, Timeline } from '@mantine/core';
import type { ActivityItem } from '@shared/projects/projects.pages';
import { relativeTime } from '../lib/relative-time';
import classes from './activity-timeline.module.css';
import { formatDateTime } from '@shared/format/date';

/**
 * An activity feed (dashboard, project page): each audit entry as the sentence the logs page shows,
 * wrapped rather than cut, with when it happened under it.
 */
export function ActivityTimeline({
  activity,
  label,
}: {
  activity: Array<Pick<ActivityItem, 'id' | 'sentence' | 'createdAt'>>;
  label: string;
}) {
  const now = new Date();
  return (
    <Timeline
      bulletSize={12}
      lineWidth={2}
      aria-label={label}
      classNames={{ item: classes.item, itemTitle: classes.title }}
    >
      {activity.map((a) => (
        <Timeline.Item
          key={a.id}
          title={
            <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
              {a.sentence}
            </Text>
          }
        >
          <Text
            size="xs"
            c="dimmed"
            component="time"
            dateTime={a.createdAt}
            title={formatDateTime(a.createdAt)}
          >
            {relativeTime(a.createdAt, now)}
          </Text>
        </Timeline.Item>
      ))}
    </Timeline>
  );
}
