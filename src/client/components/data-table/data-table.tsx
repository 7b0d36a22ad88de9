import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import {
  Box,
  Group,
  Pagination,
  Table,
  Text,
  TextInput,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { ChoiceSelect } from '../choice-select';
import { useDebouncedValue } from '@mantine/hooks';
import { router } from '@inertiajs/react';
import { IconChevronDown, IconChevronUp, IconSearch, IconSelector } from '@tabler/icons-react';
import {
  EMPTY_TABLE_TEXT,
  lastPage,
  NO_MATCH_TEXT,
  PER_PAGE_OPTIONS,
  showingText,
  type PerPage,
  type TablePage,
} from '@shared/table/table-query';
import { clientPage, type ClientColumn } from './client-rows';
import {
  browserStorage,
  currentScope,
  DEFAULT_TABLE_STATE,
  loadTableState,
  nextSort,
  saveTableState,
  stateToQuery,
  type TableState,
} from './table-state';
import { ScrollX } from '../scroll-x';
import classes from './data-table.module.css';

export interface DataTableColumn<Row> extends ClientColumn<Row> {
  title: ReactNode;
  render?: (row: Row) => ReactNode;
  width?: number | string;
  align?: 'left' | 'center' | 'right';
  /**
   * hide the column on screens narrower than this breakpoint. On a phone (below xs) every row becomes a
   * card listing its fields with their titles: columns visible from xs or sm show there, md and lg stay hidden.
   */
  visibleFrom?: 'xs' | 'sm' | 'md' | 'lg';
  /** the field's name in a phone card when the title is not plain text */
  label?: string;
}

interface CommonProps<Row> {
  /** remembers page, length, sort and search under this id (localStorage, 7200 s) */
  id: string;
  columns: Array<DataTableColumn<Row>>;
  rowKey: (row: Row) => string | number;
  /** accessible name of the table */
  caption: string;
  /** a next step shown under the spec's empty text ("No data available in table"), e.g. a button or a hint */
  emptyAction?: ReactNode;
  /** the rows are narrowed by filters outside the table: an empty table says "No matching records found" */
  filtered?: boolean;
  /** extra controls beside the search box (filters, buttons) */
  toolbar?: ReactNode;
  onRowClick?: (row: Row) => void;
  /** above phone width, below this width the table scrolls sideways with a shadow on the hidden side (default 500 px) */
  minWidth?: number;
}

interface ServerProps<Row> extends CommonProps<Row> {
  /** one page from the server (tableQuery() result) */
  data: TablePage<Row>;
  /** the page prop holding `data`: changes reload only this prop */
  prop: string;
  /** HTTP method of the reload (default GET: the state lands in the URL) */
  method?: 'get' | 'post';
  /** query-string prefix when a page has several server-side tables */
  queryPrefix?: string;
  rows?: never;
}

interface ClientProps<Row> extends CommonProps<Row> {
  /** the whole (small) list: searched, sorted and paged in the browser */
  rows: Row[];
  defaultSort?: { sort: string; dir: 'asc' | 'desc' };
  /** a short fixed list: no length select, search or pagination (every row shown) */
  plain?: boolean;
  data?: never;
  prop?: never;
}

export type DataTableProps<Row> = ServerProps<Row> | ClientProps<Row>;

const fromPage = (d: TablePage<unknown>): TableState => ({
  page: d.page,
  perPage: d.perPage,
  search: d.search,
  sort: d.sort,
  dir: d.dir,
});
const same = (a: TableState, b: TableState) =>
  a.page === b.page &&
  a.perPage === b.perPage &&
  a.search === b.search &&
  a.sort === b.sort &&
  a.dir === b.dir;
const TABLE_PARAMS = ['page', 'perPage', 'search', 'sort', 'dir'];

/** The current URL with this table's parameters replaced (other query parameters are kept). */
function urlWith(state: TableState | null, prefix: string): string {
  const u = new URL(window.location.href);
  for (const k of TABLE_PARAMS) u.searchParams.delete(prefix + k);
  if (state)
    for (const [k, v] of Object.entries(stateToQuery(state, prefix)))
      u.searchParams.set(k, String(v));
  return u.pathname + u.search;
}

/**
 * The one list component: page length 10/25/50/100, debounced search, sortable headers, pagination,
 * "Showing x to y of z entries". Server-side (data + prop: Inertia partial reloads) or client-side (rows).
 */
export function DataTable<Row>(props: DataTableProps<Row>) {
  const server = props.data !== undefined;
  const storage = browserStorage();
  // one remembered state per table AND per page it sits on (the route parameters), never shared
  const scope = currentScope();
  const [clientState, setClientState] = useState<TableState>(() => {
    if (server) return DEFAULT_TABLE_STATE;
    const saved = loadTableState(storage, props.id, Date.now(), scope);
    return saved ?? { ...DEFAULT_TABLE_STATE, ...(props as ClientProps<Row>).defaultSort };
  });
  const state: TableState = server ? fromPage(props.data as TablePage<unknown>) : clientState;
  const [loading, setLoading] = useState(false);
  const [searchText, setSearchText] = useState(state.search);
  const [debouncedSearch] = useDebouncedValue(searchText, 350);
  const prefix = (server && (props as ServerProps<Row>).queryPrefix) || '';

  // the search last asked for (typed or restored), so the debounced box does not re-send it
  const sentSearch = useRef(state.search);
  // true while a restored state is being fetched: the stale props must not overwrite it in storage
  const skipSave = useRef(false);

  const change = (next: Partial<TableState>) => {
    const merged = { ...state, ...next };
    sentSearch.current = merged.search;
    if (same(merged, state)) return;
    if (!server) {
      setClientState(merged);
      return;
    }
    const p = props as ServerProps<Row>;
    const method = p.method ?? 'get';
    router.visit(method === 'get' ? urlWith(merged, prefix) : urlWith(null, prefix), {
      method,
      data: method === 'get' ? {} : stateToQuery(merged, prefix),
      only: [p.prop],
      preserveState: true,
      preserveScroll: true,
      replace: true,
      onStart: () => setLoading(true),
      onFinish: () => setLoading(false),
    });
  };

  // search: debounced, back to page 1
  useEffect(() => {
    if (debouncedSearch.trim() !== sentSearch.current)
      change({ search: debouncedSearch.trim(), page: 1 });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debouncedSearch]);

  // server-side: restore a remembered state once when the URL does not name one
  const restored = useRef(false);
  useEffect(() => {
    if (!server || restored.current) return;
    restored.current = true;
    const url = new URL(window.location.href);
    if (TABLE_PARAMS.some((k) => url.searchParams.has(prefix + k))) return;
    const saved = loadTableState(storage, props.id, Date.now(), scope);
    if (saved && !same(saved, state)) {
      skipSave.current = true;
      setSearchText(saved.search);
      change(saved);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // remember the state (server-side: what the server actually answered)
  useEffect(() => {
    if (skipSave.current) {
      skipSave.current = false;
      return;
    }
    saveTableState(storage, props.id, state, Date.now(), scope);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [props.id, scope, state.page, state.perPage, state.search, state.sort, state.dir]);

  const view = useMemo(() => {
    if (server) {
      const d = props.data as TablePage<Row>;
      return { rows: d.rows, total: d.total, page: d.page, all: null as number | null };
    }
    const cp = props as ClientProps<Row>;
    if (cp.plain)
      return { rows: cp.rows, total: cp.rows.length, page: 1, all: null as number | null };
    return clientPage(cp.rows, props.columns, clientState);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the rows of either mode are listed; the whole props object changes every render
  }, [server, props.data, (props as ClientProps<Row>).rows, props.columns, clientState]);

  const pages = lastPage(state.perPage, view.total);
  const searching = state.search !== '';
  const summary =
    showingText(view.page, state.perPage, view.total) +
    (view.all !== null && searching && view.all !== view.total
      ? ` (filtered from ${view.all} total entries)`
      : '');

  const plain = !server && !!(props as ClientProps<Row>).plain;
  const labelOf = (c: DataTableColumn<Row>) =>
    c.label ?? (typeof c.title === 'string' ? c.title : c.key);

  return (
    <Box className={classes.root} data-table-id={props.id}>
      {!plain && (
        <Group justify="space-between" gap="sm" mb="sm" wrap="wrap">
          <Group gap={6} wrap="nowrap">
            <Text size="sm" component="label" htmlFor={`${props.id}-length`}>
              Show
            </Text>
            <ChoiceSelect
              id={`${props.id}-length`}
              aria-label="Entries per page"
              data={PER_PAGE_OPTIONS.map((n) => ({ value: String(n), label: String(n) }))}
              value={String(state.perPage)}
              onChange={(v) => v && change({ perPage: Number(v) as PerPage, page: 1 })}
              w={80}
              size="xs"
              comboboxProps={{ withinPortal: true }}
            />
            <Text size="sm">entries</Text>
          </Group>
          <Group gap="sm" wrap="wrap" className={classes.tools}>
            {props.toolbar}
            <TextInput
              aria-label="Search"
              placeholder="Search"
              size="xs"
              leftSection={<IconSearch size={14} />}
              value={searchText}
              onChange={(e) => setSearchText(e.currentTarget.value)}
              className={classes.search}
              type="search"
            />
          </Group>
        </Group>
      )}
      <ScrollX
        className={loading ? classes.loading : undefined}
        style={{ ['--table-min-width' as string]: `${props.minWidth ?? 500}px` }}
        label={props.caption}
      >
        <Table
          className={classes.table}
          striped
          highlightOnHover={!!props.onRowClick || view.rows.length > 0}
          verticalSpacing="xs"
          aria-busy={loading}
        >
          <VisuallyHidden component="caption">{props.caption}</VisuallyHidden>
          <Table.Thead>
            <Table.Tr>
              {props.columns.map((c) => {
                const active = state.sort === c.key;
                const Icon = active
                  ? state.dir === 'asc'
                    ? IconChevronUp
                    : IconChevronDown
                  : IconSelector;
                return (
                  <Table.Th
                    key={c.key}
                    w={c.width}
                    ta={c.align}
                    data-visible-from={c.visibleFrom}
                    aria-sort={
                      active
                        ? state.dir === 'asc'
                          ? 'ascending'
                          : 'descending'
                        : c.sortable
                          ? 'none'
                          : undefined
                    }
                  >
                    {c.sortable ? (
                      <UnstyledButton
                        className={classes.sort}
                        onClick={() => change({ ...nextSort(state, c.key), page: 1 })}
                      >
                        <span>{c.title}</span>
                        <Icon
                          size={14}
                          stroke={1.5}
                          className={active ? undefined : classes.idle}
                          aria-hidden
                        />
                      </UnstyledButton>
                    ) : (
                      c.title
                    )}
                  </Table.Th>
                );
              })}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {view.rows.length === 0 ? (
              <Table.Tr>
                <Table.Td
                  colSpan={props.columns.length}
                  ta="center"
                  py="lg"
                  className={classes.empty}
                >
                  <Text size="sm" c="dimmed" data-empty-text>
                    {searching || props.filtered ? NO_MATCH_TEXT : EMPTY_TABLE_TEXT}
                  </Text>
                  {!searching && !props.filtered && props.emptyAction && (
                    <Box mt="xs">
                      {typeof props.emptyAction === 'string' ? (
                        <Text size="sm">{props.emptyAction}</Text>
                      ) : (
                        props.emptyAction
                      )}
                    </Box>
                  )}
                </Table.Td>
              </Table.Tr>
            ) : (
              view.rows.map((row) => (
                <Table.Tr
                  key={props.rowKey(row)}
                  onClick={props.onRowClick ? () => props.onRowClick!(row) : undefined}
                  className={props.onRowClick ? classes.clickable : undefined}
                >
                  {props.columns.map((c) => (
                    <Table.Td
                      key={c.key}
                      ta={c.align}
                      data-visible-from={c.visibleFrom}
                      data-label={labelOf(c)}
                    >
                      {c.render
                        ? c.render(row)
                        : String((row as Record<string, unknown>)[c.key] ?? '')}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))
            )}
          </Table.Tbody>
        </Table>
      </ScrollX>
      {!plain && (
        <Group justify="space-between" mt="sm" gap="sm" wrap="wrap">
          <Text size="sm" c="dimmed" role="status" aria-live="polite">
            {summary}
          </Text>
          {pages > 1 && (
            <Pagination
              total={pages}
              value={view.page}
              onChange={(page) => change({ page })}
              size="sm"
              siblings={1}
              boundaries={1}
              getControlProps={(c) => ({
                'aria-label': c === 'previous' ? 'Previous page' : c === 'next' ? 'Next page' : c,
              })}
            />
          )}
        </Group>
      )}
    </Box>
  );
}
