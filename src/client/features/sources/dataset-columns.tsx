import { Link } from '@inertiajs/react';
import { Anchor, Badge } from '@mantine/core';
import { route } from '@shared/route';
import type { DatasetListItem } from '@shared/datasets/datasets.pages';
import type { DataTableColumn } from '../../components/data-table';
import { count, STATUS_LABELS } from './labels';

type Column = DataTableColumn<DatasetListItem>;

/** A dataset's name, linking to its source page: the first column of every list of datasets. */
export const DATASET_NAME_COLUMN: Column = {
  key: 'name',
  title: 'Name',
  sortable: true,
  render: (d) => (
    <Anchor component={Link} href={route('sources.show', { source: d.id })} fw={600} size="sm">
      {d.name}
    </Anchor>
  ),
};

/** The file, row count and status of a dataset's current version. */
export const DATASET_VERSION_COLUMNS: Column[] = [
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
