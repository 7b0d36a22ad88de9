import { Head, router } from '@inertiajs/react';
import { Button, Card, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconChecks } from '@tabler/icons-react';
import { route } from '@shared/route';
import { channels } from '@shared/realtime/channels';
import { NOTIFICATION_EVENT, type NotificationView } from '@shared/notifications/notifications';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { NotificationItem } from '../../features/notifications/notification-item';
import { openNotification } from '../../features/notifications/notification-bell';
import { useChannel } from '../../hooks/use-echo';
import { useShared } from '../../hooks/use-shared';
import { PageTitle } from '../../components/page-title';
import type { PagePropsOf } from '@shared/pages';
import { formatDateTime } from '@shared/format/date';

const markRead = (n: NotificationView) =>
  router.post(route('notifications.read', { id: n.id }), {}, { preserveScroll: true });

const columns: Array<DataTableColumn<NotificationView>> = [
  {
    key: 'title',
    title: 'Notification',
    sortable: true,
    render: (n) => <NotificationItem n={n} />,
  },
  {
    key: 'read_at',
    title: 'Status',
    sortable: true,
    width: 90,
    visibleFrom: 'sm',
    render: (n) => (
      <Text size="sm" c={n.readAt ? 'dimmed' : 'blue'} fw={n.readAt ? 400 : 600}>
        {n.readAt ? 'Read' : 'Unread'}
      </Text>
    ),
  },
  {
    key: 'created_at',
    title: 'Received',
    sortable: true,
    width: 180,
    visibleFrom: 'sm',
    render: (n) => (
      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
        {formatDateTime(n.createdAt)}
      </Text>
    ),
  },
  {
    key: 'actions',
    title: <VisuallyHidden>Actions</VisuallyHidden>,
    searchable: false,
    align: 'right',
    render: (n) => (
      <Group gap="xs" wrap="nowrap" justify="flex-end">
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
    ),
  },
];

export default function NotificationsIndex({
  notifications,
  total,
  unread,
}: PagePropsOf<'notifications/index'>) {
  const { auth } = useShared();
  // a new one arrives: refresh the list (the first page, newest first, shows it at the top)
  useChannel(auth.user ? channels.user(auth.user.id) : null, NOTIFICATION_EVENT, () =>
    router.reload({ only: ['notifications', 'total', 'unread', 'unreadNotifications'] }),
  );

  return (
    <Stack maw={960}>
      <Head title="Notifications" />
      <Group justify="space-between" align="flex-end">
        <div>
          <PageTitle>Notifications</PageTitle>
          <Text c="dimmed" size="sm">
            {total === 0
              ? 'Nothing yet. Invitations, comments and finished imports will show up here.'
              : `${total} in total, ${unread} unread.`}
          </Text>
        </div>
        <Button
          leftSection={<IconChecks size={16} />}
          variant="light"
          disabled={unread === 0}
          onClick={() => router.post(route('notifications.read-all'), {}, { preserveScroll: true })}
        >
          Mark all read
        </Button>
      </Group>
      <Card withBorder padding="md">
        <DataTable
          id="notifications"
          caption="Notifications"
          prop="notifications"
          data={notifications}
          rowKey={(n) => n.id}
          columns={columns}
          minWidth={420}
        />
      </Card>
    </Stack>
  );
}
