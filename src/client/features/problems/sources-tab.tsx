import { Link } from '@inertiajs/react';
import { Button } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { route } from '@shared/route';
import type { DatasetListItem } from '@shared/datasets/datasets.pages';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { DATASET_NAME_COLUMN, DATASET_VERSION_COLUMNS } from '../sources/dataset-columns';

const COLUMNS: Array<DataTableColumn<DatasetListItem>> = [
  DATASET_NAME_COLUMN,
  ...DATASET_VERSION_COLUMNS,
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
