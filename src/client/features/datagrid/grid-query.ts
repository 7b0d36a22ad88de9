/**
 * The datagrid's query as data: AG Grid's filter model <-> the `filters` of `datasets.rows`
 * (docs/datasets.md section 5), and the query string that keeps filters and sort in the URL.
 * Pure: no AG Grid import (its types only), so it is unit-tested without a browser.
 */
import type { ColumnType } from '@shared/datasets/column-types';
import type { RowFilter, RowFilterOp } from '@shared/datasets/datasets.pages';

/** A column's filter in AG Grid's shape (text, number, date, or our category filter) */
export type GridFilter =
  | { filterType: 'text'; type: string; filter?: string | null }
  | { filterType: 'number'; type: string; filter?: number | null; filterTo?: number | null }
  | { filterType: 'date'; type: string; dateFrom?: string | null; dateTo?: string | null }
  | CategoryModel;

export interface CategoryModel {
  filterType: 'category';
  mode: 'values' | 'empty' | 'not_empty';
  values: string[];
}

export type FilterModel = Record<string, GridFilter>;

export interface GridQuery {
  filters: RowFilter[];
  sort: { key: string; dir: 'asc' | 'desc' } | null;
}

/** Which AG Grid filter a column of each type gets (null: not filterable in the grid) */
export function filterKindOf(type: ColumnType): GridFilter['filterType'] | null {
  switch (type) {
    case 'integer':
    case 'decimal':
      return 'number';
    case 'date':
    case 'datetime':
      return 'date';
    case 'category':
    case 'boolean':
      return 'category';
    case 'text':
    case 'multi':
      return 'text';
    default:
      return null;
  }
}

const BLANK: Record<string, RowFilterOp> = { blank: 'empty', notBlank: 'not_empty' };
const COMPARE: Record<string, RowFilterOp> = {
  equals: 'eq',
  notEqual: 'neq',
  greaterThan: 'gt',
  greaterThanOrEqual: 'gte',
  lessThan: 'lt',
  lessThanOrEqual: 'lte',
};
const COMPARE_BACK = Object.fromEntries(Object.entries(COMPARE).map(([k, v]) => [v, k]));

/** "2026-03-01 00:00:00" (AG Grid's date filter) -> "2026-03-01" */
const day = (v: string | null | undefined) => (v ? v.slice(0, 10) : '');

/** AG Grid's filter model -> the route's filters (a range is two filters on one column) */
export function filtersFromModel(model: FilterModel): RowFilter[] {
  const out: RowFilter[] = [];
  for (const [column, f] of Object.entries(model)) {
    if (f.filterType === 'category') {
      if (f.mode === 'values' && f.values.length) out.push({ column, op: 'in', value: f.values });
      else if (f.mode !== 'values') out.push({ column, op: f.mode });
      continue;
    }
    if (BLANK[f.type]) {
      out.push({ column, op: BLANK[f.type] });
      continue;
    }
    if (f.filterType === 'text') {
      if (!f.filter) continue;
      const op: RowFilterOp = f.type === 'contains' ? 'contains' : (COMPARE[f.type] ?? 'contains');
      out.push({ column, op, value: f.filter });
      continue;
    }
    const [from, to] =
      f.filterType === 'number' ? [f.filter, f.filterTo] : [day(f.dateFrom), day(f.dateTo)];
    const has = (v: unknown) => v !== null && v !== undefined && v !== '';
    if (f.type === 'inRange') {
      if (has(from)) out.push({ column, op: 'gte', value: from! });
      if (has(to)) out.push({ column, op: 'lte', value: to! });
    } else if (COMPARE[f.type] && has(from))
      out.push({ column, op: COMPARE[f.type], value: from! });
  }
  return out;
}

/** The route's filters (from the URL) -> AG Grid's filter model, per column's filter kind */
export function modelFromFilters(
  filters: RowFilter[],
  kinds: Record<string, GridFilter['filterType'] | null>,
): FilterModel {
  const model: FilterModel = {};
  const byColumn = new Map<string, RowFilter[]>();
  for (const f of filters) byColumn.set(f.column, [...(byColumn.get(f.column) ?? []), f]);
  for (const [column, fs] of byColumn) {
    const kind = kinds[column];
    if (!kind) continue;
    const first = fs[0];
    if (kind === 'category') {
      model[column] =
        first.op === 'in' && Array.isArray(first.value)
          ? { filterType: 'category', mode: 'values', values: first.value.map(String) }
          : {
              filterType: 'category',
              mode: first.op === 'empty' ? 'empty' : 'not_empty',
              values: [],
            };
      continue;
    }
    const blank = first.op === 'empty' ? 'blank' : first.op === 'not_empty' ? 'notBlank' : null;
    if (kind === 'text') {
      model[column] = blank
        ? { filterType: 'text', type: blank }
        : {
            filterType: 'text',
            type: first.op === 'contains' ? 'contains' : (COMPARE_BACK[first.op] ?? 'contains'),
            filter: String(first.value ?? ''),
          };
      continue;
    }
    const gte = fs.find((f) => f.op === 'gte');
    const lte = fs.find((f) => f.op === 'lte');
    const range = gte && lte;
    const type = blank ?? (range ? 'inRange' : (COMPARE_BACK[first.op] ?? 'equals'));
    const a = range ? gte.value : first.value;
    const b = range ? lte.value : undefined;
    model[column] =
      kind === 'number'
        ? {
            filterType: 'number',
            type,
            filter: a === undefined ? null : Number(a),
            filterTo: b === undefined ? null : Number(b),
          }
        : {
            filterType: 'date',
            type,
            dateFrom: a === undefined ? null : `${String(a)} 00:00:00`,
            dateTo: b === undefined ? null : `${String(b)} 00:00:00`,
          };
  }
  return model;
}

/** The grid's query from the page's query string (anything malformed is left out) */
export function queryFromSearch(search: string): GridQuery {
  const p = new URLSearchParams(search);
  let filters: RowFilter[] = [];
  try {
    const parsed: unknown = JSON.parse(p.get('filters') ?? '[]');
    if (Array.isArray(parsed))
      filters = parsed.filter(
        (f): f is RowFilter =>
          !!f && typeof f === 'object' && typeof f.column === 'string' && typeof f.op === 'string',
      );
  } catch {
    filters = [];
  }
  const key = p.get('sort');
  const dir = p.get('dir') === 'desc' ? 'desc' : 'asc';
  return { filters, sort: key ? { key, dir } : null };
}

/** The page's query string for a grid query (empty parts left out) */
export function searchFromQuery(q: GridQuery): string {
  const p = new URLSearchParams();
  if (q.filters.length) p.set('filters', JSON.stringify(q.filters));
  if (q.sort) {
    p.set('sort', q.sort.key);
    p.set('dir', q.sort.dir);
  }
  const s = p.toString();
  return s ? `?${s}` : '';
}

/** The `datasets.rows` query string of one block of the grid */
export function rowsSearch(
  q: GridQuery,
  block: { offset: number; limit: number; cursor: string | null; count: boolean },
): string {
  const p = new URLSearchParams();
  p.set('limit', String(block.limit));
  if (block.offset) p.set('offset', String(block.offset));
  if (block.cursor) p.set('cursor', block.cursor);
  if (block.count) p.set('count', '1');
  if (q.filters.length) p.set('filters', JSON.stringify(q.filters));
  if (q.sort) {
    p.set('sort', q.sort.key);
    p.set('dir', q.sort.dir);
  }
  return `?${p.toString()}`;
}
