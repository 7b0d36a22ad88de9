import { useState } from 'react';
import { Head, router } from '@inertiajs/react';
import { Button, Card, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { IconPlugConnected, IconRefresh, IconTrash } from '@tabler/icons-react';
import { route } from '@shared/route';
import type { PagePropsOf } from '@shared/pages';
import type { Permission } from '@shared/permissions';
import type { ConnectorImportView, RemoteFormView } from '@shared/connectors/connectors.pages';
import { CONNECTOR_LABELS } from '@shared/connectors/connectors.constants';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { PageHeader } from '../../features/projects/page-header';
import { ConnectorImportForm } from '../../features/connectors/connector-import-form';
import { ConnectionStatusAlert } from '../../features/databases/connection-status-alert';
import { ConnectorStatusBadge } from '../../features/connectors/status-badge';
import { useShared } from '../../hooks/use-shared';
import {
  IMPORT_DATASET_COLUMN,
  IMPORT_LAST_RUN_COLUMN,
  IMPORT_ROWS_COLUMN,
  IMPORT_SCHEDULE_COLUMN,
  IMPORT_STATUS_COLUMN,
} from '../../features/connectors/import-columns';
import { useReloadWhile } from '../../hooks/use-reload-while';

/** integrations/show: a connector's test, its remote forms to import, and its imports' progress */
export default function IntegrationsShow({
  connector,
  remote,
  imports,
  projects,
}: PagePropsOf<'integrations/show'>) {
  const { auth } = useShared();
  const can = (p: Permission) => auth.permissions.includes(p);
  const [testing, setTesting] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [picked, setPicked] = useState<RemoteFormView | null>(null);
  const running = imports.some((i) => i.status === 'queued' || i.status === 'running');
  // the pulls' progress: the imports list is reloaded (not the remote forms) while one runs
  useReloadWhile(running, 1500, ['imports', 'connector']);
  const test = () =>
    router.post(
      route('integrations.test', { connector: connector.id }),
      {},
      { preserveScroll: true, onFinish: () => setTesting(false), onStart: () => setTesting(true) },
    );
  const refresh = (i: ConnectorImportView) =>
    router.post(route('integrations.refresh', { import: i.id }), {}, { preserveScroll: true });

  const formColumns: Array<DataTableColumn<RemoteFormView>> = [
    {
      key: 'name',
      title: 'Form',
      sortable: true,
      render: (f) => (
        <Text size="sm" fw={600}>
          {f.name}
        </Text>
      ),
    },
    {
      key: 'id',
      title: 'Form id',
      visibleFrom: 'sm',
      render: (f) => (
        <Text size="sm" ff="monospace">
          {f.id}
        </Text>
      ),
    },
    {
      key: 'submissions',
      title: 'Submissions',
      align: 'right',
      render: (f) => f.submissions ?? '—',
    },
    {
      key: 'import',
      title: 'Import',
      align: 'right',
      render: (f) =>
        can('content.create') ? (
          <Button
            size="xs"
            variant="light"
            onClick={() => setPicked(f)}
            aria-label={`Import ${f.name}`}
          >
            Import
          </Button>
        ) : null,
    },
  ];
  const importColumns: Array<DataTableColumn<ConnectorImportView>> = [
    IMPORT_DATASET_COLUMN,
    { key: 'formName', title: 'Form', visibleFrom: 'sm', render: (i) => i.formName },
    IMPORT_SCHEDULE_COLUMN,
    IMPORT_LAST_RUN_COLUMN,
    IMPORT_STATUS_COLUMN,
    IMPORT_ROWS_COLUMN,
    {
      key: 'refresh',
      title: 'Refresh now',
      align: 'right',
      render: (i) =>
        can('content.update') ? (
          <Button
            size="xs"
            variant="subtle"
            leftSection={<IconRefresh size={14} />}
            disabled={i.status === 'queued' || i.status === 'running'}
            onClick={() => refresh(i)}
            aria-label={`Refresh ${i.datasetName}`}
          >
            Refresh
          </Button>
        ) : null,
    },
  ];

  return (
    <Stack gap="lg">
      <Head title={connector.name} />
      <PageHeader
        crumbs={[
          { label: 'Integrations', href: route('integrations.index') },
          { label: connector.name },
        ]}
        title={connector.name}
        subtitle={`${CONNECTOR_LABELS[connector.kind]} · ${connector.url}${
          connector.kind === 'odk'
            ? ` · project ${connector.odkProjectId} · ${connector.email}`
            : ''
        }`}
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
        status={connector.status}
        badge={<ConnectorStatusBadge status={connector.status} />}
        testedAt={connector.testedAt}
        message={connector.statusMessage ?? 'Not tested yet: click “Test connection”.'}
      />
      <Card withBorder padding="lg" radius="md">
        <Title order={2} size="h4" mb="sm">
          Forms on {CONNECTOR_LABELS[connector.kind]}
        </Title>
        {remote.forms ? (
          <DataTable
            id="connector-forms"
            caption="Remote forms"
            rows={remote.forms}
            rowKey={(f) => f.id}
            columns={formColumns}
            minWidth={480}
            emptyAction={
              <Text size="sm" c="dimmed">
                This account sees no deployed form yet: deploy one on{' '}
                {CONNECTOR_LABELS[connector.kind]}, then reload.
              </Text>
            }
          />
        ) : (
          <Text size="sm" c="red" role="alert">
            {remote.problem}
          </Text>
        )}
      </Card>
      <Card withBorder padding="lg" radius="md">
        <Title order={2} size="h4" mb="sm">
          Imports
        </Title>
        <DataTable
          id="connector-imports"
          caption="Imports from this connector"
          rows={imports}
          rowKey={(i) => i.id}
          columns={importColumns}
          minWidth={640}
          emptyAction={
            <Text size="sm" c="dimmed">
              Nothing imported yet: click “Import” beside a form above.
            </Text>
          }
        />
      </Card>
      <Modal
        opened={picked !== null}
        onClose={() => setPicked(null)}
        title={`Import “${picked?.name ?? ''}”`}
        size="xl"
      >
        {picked && (
          <ConnectorImportForm
            connectorId={connector.id}
            projects={projects}
            form={picked}
            onDone={() => setPicked(null)}
          />
        )}
      </Modal>
      <Modal
        opened={deleting}
        onClose={() => setDeleting(false)}
        title={`Delete “${connector.name}”?`}
      >
        <Stack gap="md">
          <Text size="sm">
            The connector and its stored token are deleted. Datasets imported from it are kept, but
            no longer refreshed.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDeleting(false)}>
              Keep it
            </Button>
            <Button
              color="red"
              onClick={() =>
                router.delete(route('integrations.destroy', { connector: connector.id }))
              }
            >
              Delete
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
