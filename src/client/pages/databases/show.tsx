import { useState } from 'react';
import { Head, Link, router } from '@inertiajs/react';
import { Button, Card, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { IconPencil, IconPlugConnected, IconTrash } from '@tabler/icons-react';
import { route } from '@shared/route';
import type { PagePropsOf } from '@shared/pages';
import type { Permission } from '@shared/permissions';
import { channels } from '@shared/realtime/channels';
import { ENGINE_LABELS, TLS_LABELS } from '@shared/databases/databases.constants';
import { NOTIFICATION_EVENT, type NotificationView } from '@shared/notifications/notifications';
import { PageHeader } from '../../features/projects/page-header';
import { BrowsePanel } from '../../features/databases/browse-panel';
import { ImportsTable } from '../../features/databases/imports-table';
import { ConnectionStatusAlert } from '../../features/databases/connection-status-alert';
import { ConnectionStatusBadge } from '../../features/databases/status-badge';
import { useChannel } from '../../hooks/use-echo';
import { useShared } from '../../hooks/use-shared';
import { useReloadWhile } from '../../hooks/use-reload-while';

/** databases/show: a connection's status and test, its tables and a SELECT, previews and imports */
export default function DatabasesShow({
  connection,
  browse,
  imports,
  projects,
}: PagePropsOf<'databases/show'>) {
  const { auth } = useShared();
  const can = (p: Permission) => auth.permissions.includes(p);
  const [testing, setTesting] = useState(false);
  const [deleting, setDeleting] = useState(false);
  // the "database creation notification": the test job's answer arrives live
  useChannel<NotificationView>(
    auth.user ? channels.user(auth.user.id) : null,
    NOTIFICATION_EVENT,
    (n) => n.type.startsWith('database.') && router.reload(),
  );
  // a fallback for a missed event: the page opened just as the test job answered (its props still
  // say "being tested", the notification came before this page listened), or a lost connection
  const beingTested = connection.status === 'untested' && !connection.statusMessage;
  useReloadWhile(beingTested, 3000, ['connection']);
  const test = () =>
    router.post(
      route('databases.test', { database: connection.id }),
      {},
      { preserveScroll: true, onFinish: () => setTesting(false), onStart: () => setTesting(true) },
    );
  return (
    <Stack gap="lg">
      <Head title={connection.name} />
      <PageHeader
        crumbs={[
          { label: 'Databases', href: route('databases.index') },
          { label: connection.name },
        ]}
        title={connection.name}
        subtitle={`${ENGINE_LABELS[connection.engine]} · ${connection.username}@${connection.host}:${connection.port}/${connection.database} · ${TLS_LABELS[connection.tlsMode]}`}
        actions={
          <Group gap="sm">
            {can('content.update') && (
              <Button
                variant="light"
                leftSection={<IconPlugConnected size={16} />}
                loading={testing}
                onClick={test}
              >
                Test connection
              </Button>
            )}
            {can('content.update') && (
              <Button
                component={Link}
                href={route('databases.edit', { database: connection.id })}
                variant="default"
                leftSection={<IconPencil size={16} />}
              >
                Edit
              </Button>
            )}
            {can('content.delete') && (
              <Button
                variant="subtle"
                color="red"
                leftSection={<IconTrash size={16} />}
                onClick={() => setDeleting(true)}
              >
                Delete
              </Button>
            )}
          </Group>
        }
      />
      <ConnectionStatusAlert
        status={connection.status}
        badge={<ConnectionStatusBadge status={connection.status} />}
        testedAt={connection.testedAt}
        message={
          connection.statusMessage ??
          'The connection is being tested: you will be told here and in your notifications.'
        }
      />
      <BrowsePanel connectionId={connection.id} browse={browse} projects={projects} />
      <Card withBorder padding="lg" radius="md">
        <Title order={2} size="h4" mb="sm">
          Imports
        </Title>
        <ImportsTable imports={imports} />
      </Card>
      <Modal
        opened={deleting}
        onClose={() => setDeleting(false)}
        title={`Delete “${connection.name}”?`}
      >
        <Stack gap="md">
          <Text size="sm">
            The connection and its stored password are deleted. Datasets imported from it are kept,
            but no longer refreshed.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDeleting(false)}>
              Keep it
            </Button>
            <Button
              color="red"
              onClick={() => router.delete(route('databases.destroy', { database: connection.id }))}
            >
              Delete
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
