import type { RowErrorItem } from '@shared/datasets/datasets.pages';
import { DataTable, type DataTableColumn } from '../../components/data-table';

const COLUMNS: Array<DataTableColumn<RowErrorItem>> = [
  { key: 'row', title: 'Row', sortable: true, align: 'right', width: 80 },
  { key: 'column', title: 'Column', sortable: true },
  { key: 'value', title: 'Value', render: (e) => e.value || '—' },
  { key: 'reason', title: 'Why it was not imported', visibleFrom: 'sm' },
];

/** The values an import could not convert (row, column, value, reason) */
export function RowErrorsTable({ id, errors }: { id: string; errors: RowErrorItem[] }) {
  return (
    <DataTable
      id={id}
      caption="Values that could not be converted"
      rows={errors}
      rowKey={(e) => `${e.row}:${e.column}`}
      columns={COLUMNS}
      minWidth={520}
      emptyAction="Every value converted to its column’s type."
    />
  );
}
