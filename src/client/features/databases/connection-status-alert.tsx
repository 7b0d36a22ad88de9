import type { ReactNode } from 'react';
import { Alert, Group, Text } from '@mantine/core';
import { relativeTime } from '../../lib/relative-time';

interface Props {
  status: string;
  /** the status badge of this kind of connection */
  badge: ReactNode;
  testedAt: string | null;
  message: ReactNode;
}

/** The connection test's outcome on a database or connector page: badge, when, what it said. */
export function ConnectionStatusAlert({ status, badge, testedAt, message }: Props) {
  return (
    <Alert
      color={status === 'ready' ? 'teal' : status === 'failed' ? 'red' : 'gray'}
      title={
        <Group gap="xs">
          {badge}
          {testedAt && (
            <Text size="sm" c="dimmed">
              tested {relativeTime(testedAt)}
            </Text>
          )}
        </Group>
      }
    >
      {message}
    </Alert>
  );
}
