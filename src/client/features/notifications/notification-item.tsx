import { Box, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import type { NotificationView } from '@shared/notifications/notifications';
import { relativeTime } from '../../lib/relative-time';
import { formatDateTime } from '@shared/format/date';

/** One notification: unread dot, title, body, age. Clicking opens (and marks read). */
export function NotificationItem({
  n,
  onOpen,
  compact = false,
}: {
  n: NotificationView;
  onOpen?: (n: NotificationView) => void;
  compact?: boolean;
}) {
  const unread = !n.readAt;
  const content = (
    <Group gap="sm" wrap="nowrap" align="flex-start">
      <Box
        mt={7}
        w={8}
        h={8}
        style={{
          borderRadius: '50%',
          flex: 'none',
          background: unread ? 'var(--mantine-color-blue-6)' : 'transparent',
        }}
        aria-label={unread ? 'Unread' : undefined}
      />
      <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
        <Text size="sm" fw={unread ? 600 : 400} lineClamp={compact ? 1 : 2}>
          {n.title}
        </Text>
        {n.body && (
          <Text size="xs" c="dimmed" lineClamp={compact ? 2 : 3}>
            {n.body}
          </Text>
        )}
        <Text size="xs" c="dimmed" title={formatDateTime(n.createdAt)}>
          {relativeTime(n.createdAt)}
        </Text>
      </Stack>
    </Group>
  );
  if (!onOpen) return content;
  return (
    <UnstyledButton
      onClick={() => onOpen(n)}
      w="100%"
      p="xs"
      style={{ borderRadius: 'var(--mantine-radius-sm)' }}
      className="notification-item"
      data-unread={unread || undefined}
    >
      {content}
    </UnstyledButton>
  );
}
