import { Badge } from '@mantine/core';
import { Link } from '@inertiajs/react';
import { Anchor } from '@mantine/core';
import { route } from '@shared/route';
import { COLUMN_TYPE_LABELS } from '@shared/datasets/column-types';
import type {
  ColumnItem,
  DatasetRow,
  DatasetRowsPage,
  VersionItem,
} from '@shared/datasets/datasets.pages';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { count, STATUS_LABELS } from './labels';
import { formatDateTime } from '@shared/format/date';

const when = (iso: string | null) => (iso ? formatDateTime(iso) : '—');

const cellText = (v: unknown) =>
  v === null || v === undefined ? '' : typeof v === 'boolean' ? (v ? 'Yes' : 'No') : String(v);

/** The first rows of the current version */
export function RowsTable({ page }: { page: DatasetRowsPage }) {
  const columns: Array<DataTableColumn<DatasetRow>> = [
    { key: '_row', title: '#', value: (r) => r._row, align: 'right', width: 64 },
    ...page.columns.map((c) => ({
      key: c.key,
      title: c.label,
      value: (r: DatasetRow) => cellText(r.values[c.key]),
      render: (r: DatasetRow) => cellText(r.values[c.key]),
    })),
  ];
  return (
    <DataTable
      id="source-rows"
      caption="Rows"
      rows={page.rows}
      rowKey={(r) => r._row}
      columns={columns}
      minWidth={Math.max(500, page.columns.length * 140)}
      emptyAction="The file had no data rows."
    />
  );
}

export function ColumnsTable({ columns }: { columns: ColumnItem[] }) {
  const cols: Array<DataTableColumn<ColumnItem>> = [
    { key: 'label', title: 'Column', sortable: true },
    { key: 'type', title: 'Type', render: (c) => COLUMN_TYPE_LABELS[c.type] },
    { key: 'sourceColumn', title: 'From', visibleFrom: 'sm', render: (c) => c.sourceColumn ?? '—' },
    { key: 'empty', title: 'Empty', align: 'right', render: (c) => count(c.stats?.nulls) },
    { key: 'distinct', title: 'Distinct', align: 'right', render: (c) => count(c.stats?.distinct) },
    {
      key: 'range',
      title: 'Min – max',
      visibleFrom: 'sm',
      render: (c) => (c.stats?.min != null ? `${c.stats.min} – ${c.stats.max}` : '—'),
    },
    {
      key: 'failed',
      title: 'Not converted',
      align: 'right',
      render: (c) => count(c.stats?.failed),
    },
  ];
  return (
    <DataTable
      id="source-columns"
      caption="Columns"
      rows={columns}
      rowKey={(c) => c.key}
      columns={cols}
      plain
      minWidth={640}
    />
  );
}

export function VersionsTable({ versions }: { versions: VersionItem[] }) {
  const cols: Array<DataTableColumn<VersionItem>> = [
    { key: 'number', title: 'Version', align: 'right', width: 90 },
    {
      key: 'status',
      title: 'Status',
      render: (v) =>
        v.jobId ? (
          <Anchor component={Link} href={route('jobs.show', { job: v.jobId })} size="sm">
            <Badge
              variant="light"
              color={STATUS_LABELS[v.status].color}
              style={{ cursor: 'pointer' }}
            >
              {STATUS_LABELS[v.status].label}
            </Badge>
          </Anchor>
        ) : (
          <Badge variant="light" color={STATUS_LABELS[v.status].color}>
            {STATUS_LABELS[v.status].label}
          </Badge>
        ),
    },
    { key: 'fileName', title: 'File', render: (v) => v.fileName ?? '—', visibleFrom: 'sm' },
    { key: 'rowCount', title: 'Rows', align: 'right', render: (v) => count(v.rowCount) },
    { key: 'errorCount', title: 'Errors', align: 'right', render: (v) => count(v.errorCount) },
    { key: 'createdAt', title: 'Started', render: (v) => when(v.createdAt), visibleFrom: 'md' },
  ];
  return (
    <DataTable
      id="source-versions"
      caption="Versions"
      rows={versions}
      rowKey={(v) => v.id}
      columns={cols}
      plain
      minWidth={560}
    />
  );
}
