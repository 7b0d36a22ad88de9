import { Link } from '@inertiajs/react';
import { Anchor, Badge, Text } from '@mantine/core';
import { route } from '@shared/route';
import type { DatabaseImportView } from '@shared/databases/databases.pages';
import { SCHEDULE_LABELS } from '@shared/databases/databases.constants';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { count, STATUS_LABELS } from '../sources/labels';
import { relativeTime } from '../../lib/relative-time';

export const SCHEDULE_SHORT = { none: 'Once', hourly: 'Hourly', daily: 'Daily' } as const;

const columns: Array<DataTableColumn<DatabaseImportView>> = [
  {
    key: 'datasetName',
    title: 'Dataset',
    sortable: true,
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
  },
  { key: 'project', title: 'Project', visibleFrom: 'sm', render: (i) => i.project.name },
  {
    key: 'connection',
    title: 'Database',
    visibleFrom: 'sm',
    render: (i) => (
      <Anchor
        component={Link}
        href={route('databases.show', { database: i.connection.id })}
        size="sm"
      >
        {i.connection.name}
      </Anchor>
    ),
  },
  { key: 'source', title: 'From', visibleFrom: 'md', render: (i) => i.source },
  {
    key: 'schedule',
    title: 'Refresh',
    render: (i) => <span title={SCHEDULE_LABELS[i.schedule]}>{SCHEDULE_SHORT[i.schedule]}</span>,
  },
  {
    key: 'lastRunAt',
    title: 'Last run',
    render: (i) => (i.lastRunAt ? relativeTime(i.lastRunAt) : '—'),
  },
  { key: 'rowCount', title: 'Rows', align: 'right', render: (i) => count(i.rowCount) },
  {
    key: 'status',
    title: 'Status',
    render: (i) =>
      i.status ? (
        i.jobId ? (
          <Anchor component={Link} href={route('jobs.show', { job: i.jobId })} size="sm">
            <Badge
              variant="light"
              color={STATUS_LABELS[i.status].color}
              style={{ cursor: 'pointer' }}
            >
              {STATUS_LABELS[i.status].label}
            </Badge>
          </Anchor>
        ) : (
          <Badge variant="light" color={STATUS_LABELS[i.status].color}>
            {STATUS_LABELS[i.status].label}
          </Badge>
        )
      ) : (
        '—'
      ),
  },
];

/**
 * A database's imports (its page: which project each feeds), or a project's (the problem
 * workspace's Integrations tab: which database each comes from).
 */
export function ImportsTable({
  imports,
  of = 'connection',
  id = 'database-imports',
  caption = 'Imports from this database',
  emptyAction = (
    <Text size="sm" c="dimmed">
      Nothing imported yet: pick a table or preview a query above, then import it.
    </Text>
  ),
}: {
  imports: DatabaseImportView[];
  of?: 'connection' | 'project';
  id?: string;
  caption?: string;
  emptyAction?: React.ReactNode;
}) {
  const hidden = of === 'connection' ? 'connection' : 'project';
  return (
    <DataTable
      id={id}
      caption={caption}
      rows={imports}
      rowKey={(i) => i.id}
      columns={columns.filter((c) => c.key !== hidden)}
      minWidth={560}
      emptyAction={emptyAction}
    />
  );
}
