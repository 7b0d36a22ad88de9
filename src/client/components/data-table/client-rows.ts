import { lastPage, searchTerms } from '@shared/table/table-query';
import type { TableState } from './table-state';

export interface ClientColumn<Row> {
  key: string;
  /** the value sorted and searched in client-side mode (defaults to row[key]) */
  value?: (row: Row) => string | number | boolean | Date | null | undefined;
  sortable?: boolean;
  /** false leaves the column out of the search */
  searchable?: boolean;
}

function valueOf<Row>(col: ClientColumn<Row>, row: Row): unknown {
  return col.value ? col.value(row) : (row as Record<string, unknown>)[col.key];
}

function text(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (v instanceof Date) return v.toISOString();
  return String(v);
}

function compare(a: unknown, b: unknown): number {
  if (a === b) return 0;
  if (a === null || a === undefined || a === '') return 1;
  if (b === null || b === undefined || b === '') return -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (a instanceof Date && b instanceof Date) return a.getTime() - b.getTime();
  return text(a).localeCompare(text(b), undefined, { numeric: true, sensitivity: 'base' });
}

/** Search, sort and page an in-memory list the way the server does for server-side tables. */
export function clientPage<Row>(
  rows: readonly Row[],
  columns: ReadonlyArray<ClientColumn<Row>>,
  state: TableState,
) {
  const words = searchTerms(state.search).map((w) => w.toLocaleLowerCase());
  const searchable = columns.filter((c) => c.searchable !== false);
  let out = words.length
    ? rows.filter((r) =>
        words.every((w) =>
          searchable.some((c) => text(valueOf(c, r)).toLocaleLowerCase().includes(w)),
        ),
      )
    : [...rows];
  const sortCol = state.sort ? columns.find((c) => c.key === state.sort && c.sortable) : undefined;
  if (sortCol) {
    const sign = state.dir === 'desc' ? -1 : 1;
    // empty values sort last in both directions
    out = out
      .map((r, i) => ({ r, i, v: valueOf(sortCol, r) }))
      .sort((a, b) => {
        const ae = a.v === null || a.v === undefined || a.v === '';
        const be = b.v === null || b.v === undefined || b.v === '';
        if (ae !== be) return ae ? 1 : -1;
        return sign * compare(a.v, b.v) || a.i - b.i;
      })
      .map((x) => x.r);
  }
  const total = out.length;
  const page = Math.min(state.page, lastPage(state.perPage, total));
  return {
    rows: out.slice((page - 1) * state.perPage, page * state.perPage),
    total,
    page,
    all: rows.length,
  };
}
