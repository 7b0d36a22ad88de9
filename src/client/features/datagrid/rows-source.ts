import type { IDatasource, IGetRowsParams } from 'ag-grid-community';
import { route } from '@shared/route';
import type { DatasetRow, DatasetRowsPage } from '@shared/datasets/datasets.pages';
import { HttpError, httpJson } from '../../lib/http';
import { filtersFromModel, rowsSearch, type FilterModel, type GridQuery } from './grid-query';

export const BLOCK = 100;

/** What the grid learnt about the current query: how many rows match, and how to go on */
export interface SourceEvents {
  onQuery: (q: GridQuery) => void;
  onTotal: (n: number) => void;
  onError: (message: string) => void;
}

/** The first field error of a 422 (filters, sort, cursor), or a general sentence */
function messageOf(err: unknown): string {
  if (err instanceof HttpError && err.status === 422) {
    const errors = (err.body as { errors?: Record<string, string> } | null)?.errors ?? {};
    const first = Object.values(errors)[0];
    if (first) return first;
  }
  if (err instanceof HttpError && err.status === 404) return 'This source no longer exists.';
  return 'The rows could not be loaded. Try again.';
}

/**
 * AG Grid's infinite row model over `datasets.rows`: a block after a loaded one continues by
 * keyset (the previous block's cursor, or its last _row), any other block (a jump) by offset,
 * which the server answers from the nearer end. The first block of a query counts its rows.
 */
export function rowsSource(datasetId: string, events: SourceEvents): IDatasource {
  const next = new Map<string, { cursor: string | null; after: number | null }>();
  const totals = new Map<string, number>();
  const counting = new Set<string>();
  let latest = '';
  const base = route('datasets.rows', { dataset: datasetId });

  /** The count of a query, asked beside its first block (a filter's count reads every row) */
  function count(key: string, q: GridQuery) {
    if (totals.has(key) || counting.has(key)) return;
    counting.add(key);
    const search = rowsSearch(q, { offset: 0, limit: 1, cursor: null, count: true });
    httpJson<DatasetRowsPage>(`${base}${search}`)
      .then((page) => {
        totals.set(key, page.total ?? 0);
        if (key === latest) events.onTotal(page.total ?? 0);
      })
      .catch((err: unknown) => key === latest && events.onError(messageOf(err)))
      .finally(() => counting.delete(key));
  }

  return {
    rowCount: undefined,
    getRows(params: IGetRowsParams) {
      const sort = params.sortModel[0];
      const q: GridQuery = {
        filters: filtersFromModel(params.filterModel as FilterModel),
        sort: sort ? { key: sort.colId, dir: sort.sort } : null,
      };
      events.onQuery(q);
      const key = JSON.stringify(q);
      latest = key;
      count(key, q);
      const cont = next.get(`${key}|${params.startRow}`);
      let search = rowsSearch(q, {
        offset: params.startRow,
        limit: params.endRow - params.startRow,
        cursor: cont?.cursor ?? null,
        count: false,
      });
      if (!q.sort && cont?.after != null) search += `&after=${cont.after}`;
      httpJson<DatasetRowsPage>(`${base}${search}`)
        .then((page) => {
          const end = params.startRow + page.rows.length;
          if (page.next !== null)
            next.set(`${key}|${end}`, {
              cursor: page.cursor,
              after: q.sort ? null : page.rows[page.rows.length - 1]._row,
            });
          const total = totals.get(key);
          if (total !== undefined) events.onTotal(total);
          params.successCallback(
            page.rows satisfies DatasetRow[],
            total ?? (page.next === null ? end : undefined),
          );
        })
        .catch((err: unknown) => {
          events.onError(messageOf(err));
          params.failCallback();
        });
    },
  };
}
