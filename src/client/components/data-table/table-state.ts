import {
  DEFAULT_PER_PAGE,
  PER_PAGE_OPTIONS,
  type PerPage,
  type SortDir,
} from '@shared/table/table-query';

/** How long a table remembers its page, length, sort and search (seconds). */
export const TABLE_STATE_TTL_SECONDS = 7200;

export interface TableState {
  page: number;
  perPage: PerPage;
  search: string;
  sort: string | null;
  dir: SortDir;
}

export const DEFAULT_TABLE_STATE: TableState = {
  page: 1,
  perPage: DEFAULT_PER_PAGE,
  search: '',
  sort: null,
  dir: 'asc',
};

type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/**
 * The storage key of table `id` in `scope` (the page's path: its route parameters), so the same kind
 * of table on two problems (or projects, metrics) keeps two states instead of leaking one into the other.
 */
export const storageKey = (id: string, scope = '') =>
  `pathways.table.${id}${scope ? `@${scope}` : ''}`;

/** The scope of the tables on the current page: its path, which carries the route parameters. */
export function currentScope(): string {
  return typeof window !== 'undefined' ? window.location.pathname : '';
}

/** The remembered state of table `id`, or null when there is none, it expired or it is damaged. */
export function loadTableState(
  storage: StorageLike | null | undefined,
  id: string,
  now = Date.now(),
  scope = '',
): TableState | null {
  if (!storage) return null;
  const key = storageKey(id, scope);
  let raw: string | null;
  try {
    raw = storage.getItem(key);
  } catch {
    return null;
  }
  if (!raw) return null;
  try {
    const saved = JSON.parse(raw) as { savedAt?: unknown; state?: Partial<TableState> };
    if (
      typeof saved.savedAt !== 'number' ||
      now - saved.savedAt > TABLE_STATE_TTL_SECONDS * 1000 ||
      now < saved.savedAt - 60_000
    ) {
      storage.removeItem(key);
      return null;
    }
    const s = saved.state ?? {};
    return {
      page: Number.isInteger(s.page) && (s.page as number) >= 1 ? (s.page as number) : 1,
      perPage: (PER_PAGE_OPTIONS as readonly number[]).includes(s.perPage as number)
        ? (s.perPage as PerPage)
        : DEFAULT_PER_PAGE,
      search: typeof s.search === 'string' ? s.search : '',
      sort: typeof s.sort === 'string' ? s.sort : null,
      dir: s.dir === 'desc' ? 'desc' : 'asc',
    };
  } catch {
    storage.removeItem(key);
    return null;
  }
}

export function saveTableState(
  storage: StorageLike | null | undefined,
  id: string,
  state: TableState,
  now = Date.now(),
  scope = '',
): void {
  if (!storage) return;
  try {
    storage.setItem(storageKey(id, scope), JSON.stringify({ savedAt: now, state }));
  } catch {
    // storage full or disabled: the table still works, it just forgets
  }
}

/** window.localStorage when the browser allows it. */
export function browserStorage(): StorageLike | null {
  try {
    return typeof window !== 'undefined' ? window.localStorage : null;
  } catch {
    return null;
  }
}

/** The next sort when a header is clicked: a new column sorts ascending, the same column flips. */
export function nextSort(
  state: Pick<TableState, 'sort' | 'dir'>,
  key: string,
): Pick<TableState, 'sort' | 'dir'> {
  if (state.sort !== key) return { sort: key, dir: 'asc' };
  return { sort: key, dir: state.dir === 'asc' ? 'desc' : 'asc' };
}

/** The query-string parameters a server-side table sends. */
export function stateToQuery(s: TableState, prefix = ''): Record<string, string | number> {
  const q: Record<string, string | number> = {
    [`${prefix}page`]: s.page,
    [`${prefix}perPage`]: s.perPage,
  };
  if (s.search) q[`${prefix}search`] = s.search;
  if (s.sort) {
    q[`${prefix}sort`] = s.sort;
    q[`${prefix}dir`] = s.dir;
  }
  return q;
}
