import { Link } from '@inertiajs/react';
import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconDatabase, IconPlugConnected } from '@tabler/icons-react';
import { route } from '@shared/route';
import { CONNECTOR_LABELS, type ConnectorKind } from '@shared/connectors/connectors.constants';
import type {
  ProblemIntegrations,
  ProjectConnectorImport,
} from '@shared/connectors/connectors.pages';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { ImportsTable } from '../databases/imports-table';
import {
  IMPORT_DATASET_COLUMN,
  IMPORT_LAST_RUN_COLUMN,
  IMPORT_ROWS_COLUMN,
  IMPORT_SCHEDULE_COLUMN,
  IMPORT_STATUS_COLUMN,
} from '../connectors/import-columns';

const CONNECTOR_COLUMNS: Array<DataTableColumn<ProjectConnectorImport>> = [
  IMPORT_DATASET_COLUMN,
  {
    key: 'connector',
    title: 'From',
    visibleFrom: 'sm',
    render: (i) => (
      <Stack gap={0}>
        <Anchor
          component={Link}
          href={route('integrations.show', { connector: i.connector.id })}
          size="sm"
        >
          {i.connector.name}
        </Anchor>
        <Text size="xs" c="dimmed">
          {CONNECTOR_LABELS[i.connector.kind as ConnectorKind]} · {i.formName}
        </Text>
      </Stack>
    ),
  },
  IMPORT_SCHEDULE_COLUMN,
  IMPORT_LAST_RUN_COLUMN,
  IMPORT_ROWS_COLUMN,
  IMPORT_STATUS_COLUMN,
];

/**
 * The problem workspace's Integrations tab: the forms pulled from KoboToolbox or ODK Central and
 * the external database tables and queries that feed the problem's project, each with its dataset.
 */
export function IntegrationsTab({
  data,
  canConnect,
}: {
  data: ProblemIntegrations;
  canConnect: boolean;
}) {
  return (
    <Stack gap="md">
      <Title order={5}>Forms pulled from KoboToolbox and ODK Central</Title>
      <DataTable
        id="problem-connector-imports"
        caption="Forms pulled from KoboToolbox and ODK Central"
        rows={data.connectorImports}
        rowKey={(i) => i.id}
        columns={CONNECTOR_COLUMNS}
        minWidth={520}
        emptyAction={
          canConnect
            ? 'Connect a KoboToolbox or ODK Central server, then import one of its forms into this project.'
            : 'Nothing is pulled from KoboToolbox or ODK Central into this project yet.'
        }
      />
      <Title order={5}>Tables and queries from external databases</Title>
      <ImportsTable
        id="problem-database-imports"
        caption="Tables and queries from external databases"
        of="project"
        imports={data.databaseImports}
        emptyAction={
          canConnect
            ? 'Connect a PostgreSQL or MySQL database, then import a table or a query into this project.'
            : 'Nothing is imported from an external database into this project yet.'
        }
      />
    </Stack>
  );
}

export function ConnectButtons() {
  return (
    <Group gap="xs">
      <Button
        component={Link}
        href={route('integrations.create')}
        leftSection={<IconPlugConnected size={16} />}
        size="sm"
        variant="light"
      >
        Connect a form server
      </Button>
      <Button
        component={Link}
        href={route('databases.create')}
        leftSection={<IconDatabase size={16} />}
        size="sm"
        variant="light"
      >
        Connect a database
      </Button>
    </Group>
  );
}
