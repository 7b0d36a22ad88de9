import { describe, expect, it } from 'vitest';
import { clientPage } from './client-rows';
import {
  DEFAULT_TABLE_STATE,
  loadTableState,
  nextSort,
  saveTableState,
  stateToQuery,
  storageKey,
  TABLE_STATE_TTL_SECONDS,
  type TableState,
} from './table-state';

class MemoryStorage {
  data = new Map<string, string>();
  getItem(k: string) {
    return this.data.get(k) ?? null;
  }
  setItem(k: string, v: string) {
    this.data.set(k, v);
  }
  removeItem(k: string) {
    this.data.delete(k);
  }
}

const S: TableState = { page: 3, perPage: 25, search: 'water', sort: 'name', dir: 'desc' };

describe('remembered table state', () => {
  it('restores a state saved within 7200 seconds', () => {
    const st = new MemoryStorage();
    saveTableState(st, 'logs', S, 1_000_000);
    expect(loadTableState(st, 'logs', 1_000_000 + TABLE_STATE_TTL_SECONDS * 1000)).toEqual(S);
    expect(loadTableState(st, 'other', 1_000_000)).toBeNull();
  });

  it('keeps one state per scope: the same table on two problems does not share its search', () => {
    const st = new MemoryStorage();
    saveTableState(st, 'problem-metrics', S, 1_000_000, '/projects/1/problems/2');
    expect(loadTableState(st, 'problem-metrics', 1_000_000, '/projects/1/problems/2')).toEqual(S);
    expect(loadTableState(st, 'problem-metrics', 1_000_000, '/projects/1/problems/3')).toBeNull();
    expect(storageKey('problem-metrics', '/projects/1/problems/2')).not.toBe(
      storageKey('problem-metrics', '/projects/1/problems/3'),
    );
  });

  it('forgets (and removes) a state older than 7200 seconds', () => {
    const st = new MemoryStorage();
    saveTableState(st, 'logs', S, 1_000_000);
    expect(loadTableState(st, 'logs', 1_000_000 + TABLE_STATE_TTL_SECONDS * 1000 + 1)).toBeNull();
    expect(st.data.has(storageKey('logs'))).toBe(false);
  });

  it('repairs damaged entries field by field and drops unreadable ones', () => {
    const st = new MemoryStorage();
    st.setItem(
      storageKey('a'),
      JSON.stringify({
        savedAt: 5,
        state: { page: -1, perPage: 7, search: 3, sort: 1, dir: 'up' },
      }),
    );
    expect(loadTableState(st, 'a', 10)).toEqual(DEFAULT_TABLE_STATE);
    st.setItem(storageKey('b'), '{nope');
    expect(loadTableState(st, 'b', 10)).toBeNull();
    expect(st.data.has(storageKey('b'))).toBe(false);
    expect(loadTableState(null, 'b')).toBeNull();
  });
});

describe('sorting and query', () => {
  it('flips the direction on the same column and starts ascending on a new one', () => {
    expect(nextSort({ sort: null, dir: 'asc' }, 'name')).toEqual({ sort: 'name', dir: 'asc' });
    expect(nextSort({ sort: 'name', dir: 'asc' }, 'name')).toEqual({ sort: 'name', dir: 'desc' });
    expect(nextSort({ sort: 'name', dir: 'desc' }, 'name')).toEqual({ sort: 'name', dir: 'asc' });
  });
  it('builds the query string', () => {
    expect(stateToQuery(S)).toEqual({
      page: 3,
      perPage: 25,
      search: 'water',
      sort: 'name',
      dir: 'desc',
    });
    expect(stateToQuery(DEFAULT_TABLE_STATE, 'x_')).toEqual({ x_page: 1, x_perPage: 10 });
  });
});

describe('clientPage', () => {
  const rows = Array.from({ length: 23 }, (_, i) => ({
    id: i,
    name: `Row ${i}`,
    score: i % 5 === 0 ? null : 100 - i,
  }));
  const cols = [
    { key: 'name', sortable: true },
    { key: 'score', sortable: true },
  ];

  it('pages and clamps', () => {
    const p = clientPage(rows, cols, { ...DEFAULT_TABLE_STATE, page: 9 });
    expect(p.page).toBe(3);
    expect(p.rows.map((r) => r.id)).toEqual([20, 21, 22]);
    expect(p.total).toBe(23);
  });

  it('searches case-insensitively with every word required', () => {
    // "2" also matches the scores 92 (row 8) and 82 (row 18)
    expect(
      clientPage(rows, cols, { ...DEFAULT_TABLE_STATE, search: 'ROW 2' }).rows.map((r) => r.id),
    ).toEqual([2, 8, 12, 18, 20, 21, 22]);
    const nameOnly = [{ key: 'name' }, { key: 'score', searchable: false }];
    expect(
      clientPage(rows, nameOnly, { ...DEFAULT_TABLE_STATE, search: 'ROW 2' }).rows.map((r) => r.id),
    ).toEqual([2, 12, 20, 21, 22]);
    expect(clientPage(rows, cols, { ...DEFAULT_TABLE_STATE, search: 'nothing' }).total).toBe(0);
  });

  it('sorts numbers numerically with empty values last', () => {
    const asc = clientPage(rows, cols, {
      ...DEFAULT_TABLE_STATE,
      perPage: 100,
      sort: 'score',
      dir: 'asc',
    });
    expect(asc.rows[0].score).toBe(78);
    expect(asc.rows.at(-1)!.score).toBeNull();
    const desc = clientPage(rows, cols, {
      ...DEFAULT_TABLE_STATE,
      perPage: 100,
      sort: 'score',
      dir: 'desc',
    });
    expect(desc.rows[0].score).toBe(99);
    expect(desc.rows.at(-1)!.score).toBeNull();
    const names = clientPage(rows, cols, { ...DEFAULT_TABLE_STATE, sort: 'name', dir: 'asc' });
    expect(names.rows.slice(0, 4).map((r) => r.name)).toEqual(['Row 0', 'Row 1', 'Row 2', 'Row 3']);
  });
});
