import { forwardRef, useImperativeHandle, useMemo, useRef, useState } from 'react';
import {
  ColumnApiModule,
  CellStyleModule,
  CustomFilterModule,
  DateFilterModule,
  GridStateModule,
  InfiniteRowModelModule,
  NumberFilterModule,
  ScrollApiModule,
  TextFilterModule,
  ValidationModule,
  themeQuartz,
  type ColDef,
  type GridApi,
  type GridState,
  type Module,
} from 'ag-grid-community';
import { AgGridReact } from 'ag-grid-react';
import type { DatagridProps, DatasetRow } from '@shared/datasets/datasets.pages';
import { count } from '../sources/labels';
import { CategoryFilter } from './category-filter';
import { displayValue } from './row-drawer';
import { filterKindOf, modelFromFilters, type GridQuery } from './grid-query';
import { BLOCK, rowsSource, type SourceEvents } from './rows-source';

const MODULES: Module[] = [
  InfiniteRowModelModule,
  TextFilterModule,
  NumberFilterModule,
  DateFilterModule,
  CellStyleModule,
  CustomFilterModule,
  GridStateModule,
  ColumnApiModule,
  ScrollApiModule,
  CellStyleModule,
  ...(import.meta.env.DEV ? [ValidationModule] : []),
];

const theme = themeQuartz.withParams({
  fontFamily: 'inherit',
  fontSize: 14,
  headerFontWeight: 600,
  accentColor: 'var(--mantine-color-blue-filled)',
  // AG Grid's default greys are below 4.5:1 on white (axe); Mantine's text colours are not
  subtleTextColor: 'var(--mantine-color-dimmed)',
});

const FILL_BOX = { position: 'absolute', inset: 0 } as const;

/** The row number opens the row's detail: it looks like the link it acts as */
const ROW_NUMBER_STYLE = {
  color: 'var(--mantine-color-anchor)',
  textDecoration: 'underline',
  cursor: 'pointer',
};

const TEXT_OPTIONS = ['contains', 'equals', 'notEqual', 'blank', 'notBlank'];
const RANGE_OPTIONS = [
  'equals',
  'greaterThanOrEqual',
  'lessThanOrEqual',
  'inRange',
  'blank',
  'notBlank',
];

type Column = DatagridProps['columns'][number];

function columnDef(c: Column): ColDef<DatasetRow> {
  const kind = filterKindOf(c.type);
  const base: ColDef<DatasetRow> = {
    colId: c.key,
    headerName: c.label,
    field: `values.${c.key}` as ColDef<DatasetRow>['field'],
    sortable: c.sortable,
    valueFormatter: (p) => (p.value === undefined ? '' : displayValue(p.value ?? null, c.type)),
  };
  const common = { maxNumConditions: 1, buttons: ['reset', 'apply'], closeOnApply: true };
  switch (kind) {
    case 'text':
      return {
        ...base,
        filter: 'agTextColumnFilter',
        filterParams: { ...common, filterOptions: TEXT_OPTIONS },
      };
    case 'number':
      return {
        ...base,
        filter: 'agNumberColumnFilter',
        filterParams: { ...common, filterOptions: RANGE_OPTIONS, inRangeInclusive: true },
      };
    case 'date':
      return {
        ...base,
        filter: 'agDateColumnFilter',
        filterParams: { ...common, filterOptions: RANGE_OPTIONS, inRangeInclusive: true },
      };
    case 'category':
      return { ...base, filter: CategoryFilter, filterParams: { values: c.values } };
    default:
      return { ...base, filter: false };
  }
}

export interface DatasetGridHandle {
  api: () => GridApi<DatasetRow> | null;
}

/**
 * AG Grid Community's infinite row model over a dataset: blocks of 100 rows from
 * `datasets.rows`, sort and filter per column on the server, resize, hide and pin columns.
 * Lives in the datagrid page's chunk only.
 */
export const DatasetGrid = forwardRef<
  DatasetGridHandle,
  {
    datasetId: string;
    columns: Column[];
    initial: GridQuery;
    events: SourceEvents;
    onOpenRow: (row: DatasetRow) => void;
  }
>(function DatasetGrid({ datasetId, columns, initial, events, onOpenRow }, ref) {
  const grid = useRef<AgGridReact<DatasetRow>>(null);
  useImperativeHandle(ref, () => ({ api: () => grid.current?.api ?? null }), []);
  const eventsRef = useRef(events);
  eventsRef.current = events;
  const datasource = useMemo(
    () =>
      rowsSource(datasetId, {
        onQuery: (q) => eventsRef.current.onQuery(q),
        onTotal: (n) => {
          // the count may come after the first block: the scrollbar then reaches the last row
          const api = grid.current?.api;
          if (api && api.getDisplayedRowCount() !== n) api.setRowCount(n, true);
          eventsRef.current.onTotal(n);
        },
        onError: (m) => eventsRef.current.onError(m),
      }),
    [datasetId],
  );
  const columnDefs = useMemo<ColDef<DatasetRow>[]>(
    () => [
      {
        colId: '_row',
        headerName: 'Row',
        field: '_row',
        pinned: 'left',
        width: 96,
        sortable: false,
        filter: false,
        suppressMovable: true,
        cellStyle: ROW_NUMBER_STYLE,
        valueFormatter: (p) => (typeof p.value === 'number' ? count(p.value) : ''),
      },
      ...columns.map(columnDef),
    ],
    [columns],
  );
  // the URL's query only seeds the grid; afterwards the grid owns it
  const [initialState] = useState<GridState>(() => {
    const kinds = Object.fromEntries(columns.map((c) => [c.key, filterKindOf(c.type)]));
    return {
      filter: { filterModel: modelFromFilters(initial.filters, kinds) },
      sort: initial.sort
        ? { sortModel: [{ colId: initial.sort.key, sort: initial.sort.dir }] }
        : undefined,
    };
  });
  return (
    <AgGridReact<DatasetRow>
      ref={grid}
      // fills the box its page gives it (a flex item of the page: its height comes from the window)
      containerStyle={FILL_BOX}
      modules={MODULES}
      theme={theme}
      rowModelType="infinite"
      datasource={datasource}
      cacheBlockSize={BLOCK}
      maxBlocksInCache={40}
      maxConcurrentDatasourceRequests={2}
      infiniteInitialRowCount={BLOCK}
      blockLoadDebounceMillis={60}
      getRowId={(p) => String(p.data._row)}
      columnDefs={columnDefs}
      defaultColDef={{ resizable: true, minWidth: 80, width: 170 }}
      initialState={initialState}
      suppressMultiSort
      onCellClicked={(e) => e.colDef.colId === '_row' && e.data && onOpenRow(e.data)}
      onCellKeyDown={(e) => {
        const key = (e.event as KeyboardEvent | null)?.key;
        if (key === 'Enter' && e.data) onOpenRow(e.data);
      }}
    />
  );
});
