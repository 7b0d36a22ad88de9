import { Link } from '@inertiajs/react';
import { Anchor, Badge, Button } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { route } from '@shared/route';
import type { DatasetListItem } from '@shared/datasets/datasets.pages';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { count, STATUS_LABELS } from '../sources/labels';

const COLUMNS: Array<DataTableColumn<DatasetListItem>> = [
  {
    key: 'name',
    title: 'Name',
    sortable: true,
    render: (d) => (
      <Anchor component={Link} href={route('sources.show', { source: d.id })} fw={600} size="sm">
        {d.name}
      </Anchor>
    ),
  },
  { key: 'fileName', title: 'File', render: (d) => d.fileName ?? '—', visibleFrom: 'sm' },
  {
    key: 'rowCount',
    title: 'Rows',
    align: 'right',
    sortable: true,
    render: (d) => count(d.rowCount),
  },
  {
    key: 'status',
    title: 'Status',
    render: (d) =>
      d.status ? (
        <Badge variant="light" color={STATUS_LABELS[d.status].color}>
          {STATUS_LABELS[d.status].label}
        </Badge>
      ) : (
        '—'
      ),
  },
];

export function AddSourceButton({ projectId }: { projectId: string }) {
  return (
    <Button
      component={Link}
      href={route('sources.create', { project: projectId })}
      leftSection={<IconUpload size={16} />}
      size="sm"
    >
      Add source
    </Button>
  );
}

/** The problem workspace's sources tab: the project's datasets */
export function SourcesTable({ rows, projectId }: { rows: DatasetListItem[]; projectId: string }) {
  return (
    <DataTable
      id={`problem-sources-${projectId}`}
      caption="Sources"
      rows={rows}
      rowKey={(d) => d.id}
      columns={COLUMNS}
      minWidth={480}
      emptyAction="Click “Add source” to upload a CSV, TSV or Excel file of this project’s data."
    />
  );
}
