export { DataTable, type DataTableColumn } from './data-table';
