import { Link } from '@inertiajs/react';
import { Anchor, Badge, Text } from '@mantine/core';
import { route } from '@shared/route';
import type { DatabaseImportView } from '@shared/databases/databases.pages';
import { SCHEDULE_LABELS } from '@shared/databases/databases.constants';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { count, STATUS_LABELS } from '../sources/labels';
import { relativeTime } from '../../lib/relative-time';

const SCHEDULE_SHORT = { none: 'Once', hourly: 'Hourly', daily: 'Daily' } as const;

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

export function ImportsTable({ imports }: { imports: DatabaseImportView[] }) {
  return (
    <DataTable
      id="database-imports"
      caption="Imports from this database"
      rows={imports}
      rowKey={(i) => i.id}
      columns={columns}
      minWidth={560}
      emptyAction={
        <Text size="sm" c="dimmed">
          Nothing imported yet: pick a table or preview a query above, then import it.
        </Text>
      }
    />
  );
}
