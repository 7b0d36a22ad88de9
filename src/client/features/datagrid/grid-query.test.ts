import { describe, expect, it } from 'vitest';
import {
  filtersFromModel,
  modelFromFilters,
  queryFromSearch,
  rowsSearch,
  searchFromQuery,
  type FilterModel,
} from './grid-query';

const kinds = {
  name: 'text',
  age: 'number',
  joined: 'date',
  region: 'category',
} as const;

describe('grid query', () => {
  it('turns AG Grid filter models into the route filters and back', () => {
    const model: FilterModel = {
      name: { filterType: 'text', type: 'contains', filter: 'an' },
      age: { filterType: 'number', type: 'inRange', filter: 30, filterTo: 40 },
      joined: { filterType: 'date', type: 'greaterThanOrEqual', dateFrom: '2026-03-01 00:00:00' },
      region: { filterType: 'category', mode: 'values', values: ['North', 'South'] },
    };
    const filters = filtersFromModel(model);
    expect(filters).toEqual([
      { column: 'name', op: 'contains', value: 'an' },
      { column: 'age', op: 'gte', value: 30 },
      { column: 'age', op: 'lte', value: 40 },
      { column: 'joined', op: 'gte', value: '2026-03-01' },
      { column: 'region', op: 'in', value: ['North', 'South'] },
    ]);
    const back = modelFromFilters(filters, kinds);
    expect(back.age).toEqual({ filterType: 'number', type: 'inRange', filter: 30, filterTo: 40 });
    expect(back.joined).toMatchObject({
      type: 'greaterThanOrEqual',
      dateFrom: '2026-03-01 00:00:00',
    });
    expect(filtersFromModel(back)).toEqual(filters);
  });

  it('maps empty and not empty for every kind, and leaves out filters without a value', () => {
    const filters = filtersFromModel({
      name: { filterType: 'text', type: 'blank' },
      age: { filterType: 'number', type: 'notBlank' },
      region: { filterType: 'category', mode: 'empty', values: [] },
      joined: { filterType: 'date', type: 'equals', dateFrom: null },
    });
    expect(filters).toEqual([
      { column: 'name', op: 'empty' },
      { column: 'age', op: 'not_empty' },
      { column: 'region', op: 'empty' },
    ]);
    expect(filtersFromModel(modelFromFilters(filters, kinds))).toEqual(filters);
  });

  it('keeps filters and sort in the query string; junk reads as no filters', () => {
    const q = {
      filters: [{ column: 'age', op: 'gt' as const, value: 3 }],
      sort: { key: 'name', dir: 'desc' as const },
    };
    expect(queryFromSearch(searchFromQuery(q))).toEqual(q);
    expect(searchFromQuery({ filters: [], sort: null })).toBe('');
    expect(queryFromSearch('?filters=%7Bnope')).toEqual({ filters: [], sort: null });
    expect(modelFromFilters([{ column: 'gone', op: 'eq', value: 1 }], kinds)).toEqual({});
  });

  it('asks the rows route for a block with its cursor, offset and count', () => {
    const s = rowsSearch(
      { filters: [], sort: { key: 'age', dir: 'asc' } },
      { offset: 200, limit: 100, cursor: '["34",7]', count: true },
    );
    expect(Object.fromEntries(new URLSearchParams(s))).toEqual({
      limit: '100',
      offset: '200',
      cursor: '["34",7]',
      count: '1',
      sort: 'age',
      dir: 'asc',
    });
  });
});
