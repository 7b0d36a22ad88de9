import { Head, Link } from '@inertiajs/react';
import { Anchor, Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconDatabasePlus, IconKey } from '@tabler/icons-react';
import { route } from '@shared/route';
import type { PagePropsOf } from '@shared/pages';
import type { ConnectionListItem } from '@shared/databases/databases.pages';
import { ENGINE_LABELS } from '@shared/databases/databases.constants';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { PageHeader } from '../../features/projects/page-header';
import { ConnectionStatusBadge } from '../../features/databases/status-badge';
import { STATUS_LABELS } from '../../features/sources/labels';
import { relativeTime } from '../../lib/relative-time';
import { useShared } from '../../hooks/use-shared';

const columns: Array<DataTableColumn<ConnectionListItem>> = [
  {
    key: 'name',
    title: 'Name',
    sortable: true,
    render: (c) => (
      <Anchor
        component={Link}
        href={route('databases.show', { database: c.id })}
        fw={600}
        size="sm"
      >
        {c.name}
      </Anchor>
    ),
  },
  {
    key: 'host',
    title: 'Server',
    visibleFrom: 'sm',
    render: (c) => (
      <Text size="sm">
        {ENGINE_LABELS[c.engine]} · {c.host}:{c.port}/{c.database}
      </Text>
    ),
  },
  { key: 'status', title: 'Status', render: (c) => <ConnectionStatusBadge status={c.status} /> },
  {
    key: 'lastImport',
    title: 'Last import',
    render: (c) =>
      c.lastImport ? (
        <Group gap={6} wrap="nowrap">
          <Text size="sm">
            {c.lastImport.datasetName}, {relativeTime(c.lastImport.at)}
          </Text>
          {c.lastImport.status && (
            <Badge size="sm" variant="light" color={STATUS_LABELS[c.lastImport.status].color}>
              {STATUS_LABELS[c.lastImport.status].label}
            </Badge>
          )}
        </Group>
      ) : (
        '—'
      ),
  },
];

/** databases/index: the team's external databases, their status and last import */
export default function DatabasesIndex({ connections }: PagePropsOf<'databases/index'>) {
  const canCreate = useShared().auth.permissions.includes('content.create');
  return (
    <Stack gap="lg">
      <Head title="Databases" />
      <PageHeader
        crumbs={[{ label: 'Databases' }]}
        title="Databases"
        subtitle="External PostgreSQL and MySQL / MariaDB databases your team imports data from."
        actions={
          <Group gap="sm">
            <Button
              component={Link}
              href={route('source-credentials.index')}
              variant="default"
              leftSection={<IconKey size={16} />}
            >
              Stored passwords
            </Button>
            {canCreate && (
              <Button
                component={Link}
                href={route('databases.create')}
                leftSection={<IconDatabasePlus size={16} />}
              >
                Add database
              </Button>
            )}
          </Group>
        }
      />
      <Card withBorder padding="lg" radius="md">
        <DataTable
          id="databases"
          caption="Databases"
          rows={connections}
          rowKey={(c) => c.id}
          columns={columns}
          minWidth={560}
          emptyAction={
            <Text size="sm" c="dimmed">
              Click “Add database” to connect a PostgreSQL or MySQL / MariaDB server: test it, pick
              a table or write a SELECT, and import it into a project.
            </Text>
          }
        />
      </Card>
    </Stack>
  );
}
