import { useState } from 'react';
import { Head, Link, router } from '@inertiajs/react';
import { Anchor, Button, Card, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { IconKey, IconTrash } from '@tabler/icons-react';
import { route } from '@shared/route';
import type { PagePropsOf } from '@shared/pages';
import type { SourceCredentialView } from '@shared/databases/databases.pages';
import { ENGINE_LABELS } from '@shared/databases/databases.constants';
import { rotatePasswordSchema } from '@shared/databases/databases.schemas';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { ConnectorCredentials } from '../../features/connectors/connector-credentials';
import { PageHeader } from '../../features/projects/page-header';
import { NewSecretModal } from '../../components/new-secret-modal';
import { dateTime, relativeTime } from '../../lib/relative-time';
import { useShared } from '../../hooks/use-shared';

function RotateModal({
  credential,
  onClose,
}: {
  credential: SourceCredentialView;
  onClose: () => void;
}) {
  return (
    <NewSecretModal
      title={`New password for “${credential.connection.name}”`}
      label="New password"
      description="It replaces the stored one at once; the connection is tested again."
      submitLabel="Store the new password"
      field="password"
      schema={rotatePasswordSchema}
      url={route('source-credentials.rotate', { credential: credential.id })}
      onClose={onClose}
    />
  );
}

/**
 * settings/sources-authentication: the team's stored database passwords and connector tokens
 * (never shown), rotate or revoke
 */
export default function SourcesAuthentication({
  credentials,
  withoutPassword,
  connectorCredentials,
}: PagePropsOf<'settings/sources-authentication'>) {
  const [rotating, setRotating] = useState<SourceCredentialView | null>(null);
  const [revoking, setRevoking] = useState<SourceCredentialView | null>(null);
  const { permissions } = useShared().auth;
  // stored secrets are the team's settings: owners and administrators change them
  const canChange = permissions.includes('team.settings.manage');
  const actionsColumn: DataTableColumn<SourceCredentialView> = {
    key: 'actions',
    title: 'Actions',
    align: 'right',
    render: (c) => (
      <Group gap="xs" justify="flex-end" wrap="nowrap">
        <Button
          size="xs"
          variant="light"
          leftSection={<IconKey size={14} />}
          onClick={() => setRotating(c)}
        >
          Change password
        </Button>
        <Button
          size="xs"
          variant="subtle"
          color="red"
          leftSection={<IconTrash size={14} />}
          onClick={() => setRevoking(c)}
        >
          Revoke
        </Button>
      </Group>
    ),
  };
  const columns: Array<DataTableColumn<SourceCredentialView>> = [
    {
      key: 'connection',
      title: 'Connection',
      render: (c) => (
        <Stack gap={0}>
          <Anchor
            component={Link}
            href={route('databases.show', { database: c.connection.id })}
            fw={600}
            size="sm"
          >
            {c.connection.name}
          </Anchor>
          <Text size="xs" c="dimmed">
            {ENGINE_LABELS[c.connection.engine]} · {c.connection.username}@{c.connection.host}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'createdAt',
      title: 'Stored',
      render: (c) => <span title={dateTime(c.createdAt)}>{relativeTime(c.createdAt)}</span>,
    },
    {
      key: 'rotatedAt',
      title: 'Changed',
      visibleFrom: 'sm',
      render: (c) => (c.rotatedAt ? relativeTime(c.rotatedAt) : 'never'),
    },
    {
      key: 'lastUsedAt',
      title: 'Last used',
      render: (c) => (c.lastUsedAt ? relativeTime(c.lastUsedAt) : 'not yet'),
    },
    ...(canChange ? [actionsColumn] : []),
  ];
  return (
    <Stack gap="lg">
      <Head title="Sources authentication" />
      <PageHeader
        crumbs={[
          { label: 'Databases', href: route('databases.index') },
          { label: 'Sources authentication' },
        ]}
        title="Sources authentication"
        subtitle="The passwords and tokens your team stored to read its databases and form servers. They are encrypted and never shown again: change or revoke them here."
      />
      <Title order={2} size="h4">
        Databases
      </Title>
      <Card withBorder padding="lg" radius="md">
        <DataTable
          id="source-credentials"
          caption="Stored passwords"
          rows={credentials}
          rowKey={(c) => c.id}
          columns={columns}
          minWidth={640}
          emptyAction={
            <Text size="sm" c="dimmed">
              No password is stored. Add a database and its password is kept here, encrypted.
            </Text>
          }
        />
      </Card>
      {withoutPassword.length > 0 && (
        <Text size="sm" c="dimmed">
          Without a stored password (revoked):{' '}
          {withoutPassword.map((c, i) => (
            <span key={c.id}>
              {i > 0 && ', '}
              <Anchor component={Link} href={route('databases.edit', { database: c.id })} size="sm">
                {c.name}
              </Anchor>
            </span>
          ))}
          . Set a new one on the connection’s edit page.
        </Text>
      )}
      <Title order={2} size="h4">
        Connectors (KoboToolbox, ODK Central)
      </Title>
      <ConnectorCredentials credentials={connectorCredentials} canChange={canChange} />
      {rotating && <RotateModal credential={rotating} onClose={() => setRotating(null)} />}
      <Modal
        opened={revoking !== null}
        onClose={() => setRevoking(null)}
        title="Revoke the stored password?"
      >
        <Stack gap="md">
          <Text size="sm">
            The password of “{revoking?.connection.name}” is deleted. Imports and scheduled
            refreshes from this database fail until a new one is set.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setRevoking(null)}>
              Keep it
            </Button>
            <Button
              color="red"
              onClick={() =>
                revoking &&
                router.delete(route('source-credentials.revoke', { credential: revoking.id }), {
                  onFinish: () => setRevoking(null),
                })
              }
            >
              Revoke
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
