import { Link } from '@inertiajs/react';
import { Anchor, Group, Stack, Text } from '@mantine/core';
import { route } from '@shared/route';
import type { ConnectorImportView } from '@shared/connectors/connectors.pages';
import { SCHEDULE_LABELS } from '@shared/databases/databases.constants';
import { formatNumber } from '@shared/format/number';
import type { DataTableColumn } from '../../components/data-table';
import { SCHEDULE_SHORT } from '../databases/imports-table';
import { relativeTime } from '../../lib/relative-time';
import { ConnectorStatusBadge } from './status-badge';

type Column = DataTableColumn<ConnectorImportView>;

/**
 * The columns a connector import shows wherever it is listed (the connector's page, the problem
 * workspace's Integrations tab): its dataset, refresh schedule, last run, status and rows.
 */
export const IMPORT_DATASET_COLUMN: Column = {
  key: 'datasetName',
  title: 'Dataset',
  render: (i) => (
    <Anchor
      component={Link}
      href={route('sources.show', { source: i.datasetId })}
      fw={600}
      size="sm"
    >
      {i.datasetName}
    </Anchor>
  ),
};

export const IMPORT_SCHEDULE_COLUMN: Column = {
  key: 'schedule',
  title: 'Refresh',
  render: (i) => <span title={SCHEDULE_LABELS[i.schedule]}>{SCHEDULE_SHORT[i.schedule]}</span>,
};

export const IMPORT_LAST_RUN_COLUMN: Column = {
  key: 'lastRunAt',
  title: 'Last run',
  visibleFrom: 'md',
  render: (i) => (i.lastRunAt ? relativeTime(i.lastRunAt) : '—'),
};

export const IMPORT_STATUS_COLUMN: Column = {
  key: 'status',
  title: 'Status',
  render: (i) => (
    <Stack gap={2}>
      <Group gap={6} wrap="nowrap">
        <ConnectorStatusBadge status={i.status} />
        {i.status === 'running' && (
          <Text size="xs" c="dimmed">
            {formatNumber(i.fetched)} read
          </Text>
        )}
      </Group>
      {i.message && (
        <Text size="xs" c={i.status === 'failed' ? 'red' : 'dimmed'}>
          {i.message}
        </Text>
      )}
    </Stack>
  ),
};

export const IMPORT_ROWS_COLUMN: Column = {
  key: 'rows',
  title: 'Rows',
  align: 'right',
  render: (i) => (i.rows === null ? '—' : formatNumber(i.rows)),
};
