export { DataTable, type DataTableColumn, type DataTableProps } from './data-table';
export { TABLE_STATE_TTL_SECONDS } from './table-state';
