import { Head, router } from '@inertiajs/react';
import { Button, Card, Divider, Group, Pagination, Stack, Text, Title } from '@mantine/core';
import { IconBellOff, IconChecks } from '@tabler/icons-react';
import { Fragment } from 'react';
import { route } from '@shared/route';
import { channels } from '@shared/realtime/channels';
import { NOTIFICATION_EVENT, type NotificationView } from '@shared/notifications/notifications';
import { NotificationItem } from '../../features/notifications/notification-item';
import { openNotification } from '../../features/notifications/notification-bell';
import { useChannel } from '../../hooks/use-echo';
import { useShared } from '../../hooks/use-shared';

interface Props {
  notifications: NotificationView[];
  pagination: { page: number; perPage: number; total: number; lastPage: number };
  unread: number;
}

export default function NotificationsIndex({ notifications, pagination, unread }: Props) {
  const { auth } = useShared();
  // a new one arrives: refresh the list (the first page shows it at the top)
  useChannel(auth.user ? channels.user(auth.user.id) : null, NOTIFICATION_EVENT, () => router.reload({ only: ['notifications', 'pagination', 'unread', 'unreadNotifications'] }));

  const markRead = (n: NotificationView) => router.post(route('notifications.read', { id: n.id }), {}, { preserveScroll: true });
  return (
    <Stack maw={760}>
      <Head title="Notifications" />
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={2}>Notifications</Title>
          <Text c="dimmed" size="sm">
            {pagination.total === 0 ? 'Nothing yet.' : `${pagination.total} in total, ${unread} unread.`}
          </Text>
        </div>
        <Button leftSection={<IconChecks size={16} />} variant="light" disabled={unread === 0} onClick={() => router.post(route('notifications.read-all'), {}, { preserveScroll: true })}>
          Mark all read
        </Button>
      </Group>
      <Card withBorder padding={0}>
        {notifications.length === 0 ? (
          <Stack align="center" gap="xs" p="xl">
            <IconBellOff size={32} color="var(--mantine-color-gray-5)" />
            <Text c="dimmed">{pagination.page > 1 ? 'No notifications on this page.' : 'You have no notifications yet. Invitations, comments and finished imports will show up here.'}</Text>
          </Stack>
        ) : (
          notifications.map((n, i) => (
            <Fragment key={n.id}>
              {i > 0 && <Divider />}
              <Group justify="space-between" wrap="nowrap" px="sm" py="xs" bg={n.readAt ? undefined : 'blue.0'}>
                <div style={{ flex: 1, minWidth: 0 }}>
                  <NotificationItem n={n} />
                </div>
                <Group gap="xs" wrap="nowrap">
                  {n.url && (
                    <Button size="compact-sm" variant="subtle" onClick={() => openNotification(n)}>
                      Open
                    </Button>
                  )}
                  {!n.readAt && (
                    <Button size="compact-sm" variant="subtle" color="gray" onClick={() => markRead(n)}>
                      Mark read
                    </Button>
                  )}
                </Group>
              </Group>
            </Fragment>
          ))
        )}
      </Card>
      {pagination.lastPage > 1 && (
        <Group justify="center">
          <Pagination total={pagination.lastPage} value={pagination.page} onChange={(page) => router.get(route('notifications.index', page > 1 ? { page } : {}), {}, { preserveScroll: false })} />
        </Group>
      )}
    </Stack>
  );
}
