import { useState } from 'react';
import { Link, router } from '@inertiajs/react';
import { Anchor, Badge, Button, Card, Group, Modal, Stack, Text } from '@mantine/core';
import { IconKey, IconTrash } from '@tabler/icons-react';
import { route } from '@shared/route';
import type { ConnectorCredentialView } from '@shared/databases/databases.pages';
import { CONNECTOR_LABELS } from '@shared/connectors/connectors.constants';
import { rotateConnectorSecretSchema } from '@shared/connectors/connectors.schemas';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { NewSecretModal } from '../../components/new-secret-modal';
import { dateTime, relativeTime } from '../../lib/relative-time';

const secretLabel = (c: ConnectorCredentialView) => (c.kind === 'kobo' ? 'API token' : 'password');

/** A new token or password: tested against the service by the server before it is stored */
function RotateConnectorModal({
  credential,
  onClose,
}: {
  credential: ConnectorCredentialView;
  onClose: () => void;
}) {
  const what = secretLabel(credential);
  return (
    <NewSecretModal
      title={`New ${what} for “${credential.name}”`}
      label={`New ${what}`}
      description={`Tested against ${CONNECTOR_LABELS[credential.kind]} first; stored encrypted only if it works, and never shown again.`}
      submitLabel="Test and store"
      field="secret"
      schema={rotateConnectorSecretSchema}
      url={route('connector-credentials.rotate', { connector: credential.connectorId })}
      onClose={onClose}
    />
  );
}

/** Settings → Sources authentication: the connectors' tokens and passwords (never shown) */
export function ConnectorCredentials({
  credentials,
  canChange,
}: {
  credentials: ConnectorCredentialView[];
  canChange: boolean;
}) {
  const [rotating, setRotating] = useState<ConnectorCredentialView | null>(null);
  // the one asked about stays named while the confirmation closes
  const [revoking, setRevoking] = useState<ConnectorCredentialView | null>(null);
  const [confirming, setConfirming] = useState(false);
  const confirmRevoke = (c: ConnectorCredentialView) => {
    setRevoking(c);
    setConfirming(true);
  };
  const actionsColumn: DataTableColumn<ConnectorCredentialView> = {
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
          aria-label={`${c.revokedAt ? 'Add' : 'Rotate'} the ${secretLabel(c)} of ${c.name}`}
        >
          {c.revokedAt ? 'Add new' : 'Rotate'}
        </Button>
        {!c.revokedAt && (
          <Button
            size="xs"
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={14} />}
            onClick={() => confirmRevoke(c)}
            aria-label={`Revoke the ${secretLabel(c)} of ${c.name}`}
          >
            Revoke
          </Button>
        )}
      </Group>
    ),
  };
  const columns: Array<DataTableColumn<ConnectorCredentialView>> = [
    {
      key: 'name',
      title: 'Connector',
      render: (c) => (
        <Anchor
          component={Link}
          href={route('integrations.show', { connector: c.connectorId })}
          fw={600}
          size="sm"
        >
          {c.name}
        </Anchor>
      ),
    },
    { key: 'kind', title: 'Service', render: (c) => CONNECTOR_LABELS[c.kind] },
    { key: 'identity', title: 'Identity', visibleFrom: 'sm', render: (c) => c.identity },
    {
      key: 'createdAt',
      title: 'Added',
      visibleFrom: 'md',
      render: (c) => <span title={dateTime(c.createdAt)}>{relativeTime(c.createdAt)}</span>,
    },
    {
      key: 'rotatedAt',
      title: 'Rotated',
      visibleFrom: 'md',
      render: (c) => (c.rotatedAt ? relativeTime(c.rotatedAt) : 'never'),
    },
    {
      key: 'lastUsedAt',
      title: 'Last used',
      render: (c) => (c.lastUsedAt ? relativeTime(c.lastUsedAt) : 'not yet'),
    },
    {
      key: 'status',
      title: 'Status',
      render: (c) =>
        c.revokedAt ? (
          <Badge color="orange" variant="light" title={dateTime(c.revokedAt)}>
            Revoked
          </Badge>
        ) : (
          <Badge color="teal" variant="light">
            Active
          </Badge>
        ),
    },
    ...(canChange ? [actionsColumn] : []),
  ];
  return (
    <>
      <Card withBorder padding="lg" radius="md">
        <DataTable
          id="connector-credentials"
          caption="Connector tokens and passwords"
          rows={credentials}
          rowKey={(c) => c.connectorId}
          columns={columns}
          minWidth={720}
          emptyAction={
            <Text size="sm" c="dimmed">
              No connector yet. Connect KoboToolbox or ODK Central under{' '}
              <Anchor component={Link} href={route('integrations.create')} size="sm">
                Integrations
              </Anchor>{' '}
              and its token or password is kept here, encrypted.
            </Text>
          }
        />
      </Card>
      {rotating && <RotateConnectorModal credential={rotating} onClose={() => setRotating(null)} />}
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={`Revoke the ${revoking ? secretLabel(revoking) : 'credential'}?`}
      >
        <Stack gap="md">
          <Text size="sm">
            The {revoking ? secretLabel(revoking) : 'credential'} of “{revoking?.name}” is wiped.
            Its imports and scheduled refreshes fail until a new one is added on this page.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              Keep it
            </Button>
            <Button
              color="red"
              onClick={() =>
                revoking &&
                router.delete(
                  route('connector-credentials.revoke', { connector: revoking.connectorId }),
                  { onFinish: () => setConfirming(false) },
                )
              }
            >
              Revoke
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
