import { Head, Link } from '@inertiajs/react';
import { Anchor, Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconPlugConnected, IconWebhook } from '@tabler/icons-react';
import { route } from '@shared/route';
import type { PagePropsOf } from '@shared/pages';
import type { ConnectorView } from '@shared/connectors/connectors.pages';
import { CONNECTOR_LABELS } from '@shared/connectors/connectors.constants';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { PageHeader } from '../../features/projects/page-header';
import { ConnectorStatusBadge } from '../../features/connectors/status-badge';
import { useShared } from '../../hooks/use-shared';

const columns: Array<DataTableColumn<ConnectorView>> = [
  {
    key: 'name',
    title: 'Name',
    sortable: true,
    render: (c) => (
      <Anchor
        component={Link}
        href={route('integrations.show', { connector: c.id })}
        fw={600}
        size="sm"
      >
        {c.name}
      </Anchor>
    ),
  },
  {
    key: 'kind',
    title: 'Service',
    render: (c) => (
      <Text size="sm">
        {CONNECTOR_LABELS[c.kind]} · {c.url}
      </Text>
    ),
  },
  { key: 'status', title: 'Status', render: (c) => <ConnectorStatusBadge status={c.status} /> },
  { key: 'imports', title: 'Forms imported', align: 'right', render: (c) => c.imports },
];

/** integrations/index: the team's connectors to KoboToolbox and ODK Central */
export default function IntegrationsIndex({ connectors }: PagePropsOf<'integrations/index'>) {
  const { permissions } = useShared().auth;
  const canCreate = permissions.includes('content.create');
  const canManageWebhooks = permissions.includes('team.settings.manage');
  return (
    <Stack gap="lg">
      <Head title="Integrations" />
      <PageHeader
        crumbs={[{ label: 'Integrations' }]}
        title="Integrations"
        subtitle="Connectors that pull form submissions from KoboToolbox and ODK Central into datasets."
        actions={
          (canCreate || canManageWebhooks) && (
            <Group gap="sm">
              {canManageWebhooks && (
                <Button
                  component={Link}
                  variant="default"
                  href={route('webhooks.index')}
                  leftSection={<IconWebhook size={16} />}
                >
                  Webhooks
                </Button>
              )}
              {canCreate && (
                <Button
                  component={Link}
                  href={route('integrations.create')}
                  leftSection={<IconPlugConnected size={16} />}
                >
                  Create connector
                </Button>
              )}
            </Group>
          )
        }
      />
      <Card withBorder padding="lg" radius="md">
        <DataTable
          id="connectors"
          caption="Connectors"
          rows={connectors}
          rowKey={(c) => c.id}
          columns={columns}
          minWidth={560}
          emptyAction={
            <Group gap="xs">
              <IconWebhook size={16} aria-hidden />
              <Text size="sm" c="dimmed">
                Click “Create connector” to connect a KoboToolbox or ODK Central account, pick a
                form and import its submissions into a project, now and every hour or day.
              </Text>
            </Group>
          }
        />
      </Card>
    </Stack>
  );
}
