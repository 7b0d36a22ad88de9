import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { escapeLike, lastPage, parseTableQuery, searchTerms, showingText } from './table-query';

describe('parseTableQuery', () => {
  it('uses the defaults for an empty query', () => {
    expect(parseTableQuery({})).toEqual({
      page: 1,
      perPage: 10,
      search: '',
      sort: null,
      dir: 'asc',
    });
    expect(parseTableQuery(undefined)).toEqual({
      page: 1,
      perPage: 10,
      search: '',
      sort: null,
      dir: 'asc',
    });
  });

  it('reads good values from strings', () => {
    expect(
      parseTableQuery({ page: '3', perPage: '50', search: '  water  ', sort: 'name', dir: 'desc' }),
    ).toEqual({ page: 3, perPage: 50, search: 'water', sort: 'name', dir: 'desc' });
  });

  it('falls back per field on bad values', () => {
    expect(
      parseTableQuery({
        page: '-2',
        perPage: '7',
        search: ['a', 'b'],
        sort: 'x;drop',
        dir: 'sideways',
      }),
    ).toEqual({ page: 1, perPage: 10, search: 'a', sort: null, dir: 'asc' });
    expect(parseTableQuery({ page: 'abc', perPage: '25.5' })).toMatchObject({
      page: 1,
      perPage: 10,
    });
    expect(parseTableQuery({ page: '2.5' }).page).toBe(1);
    expect(parseTableQuery({ perPage: '100' }).perPage).toBe(100);
  });

  it('only allows whitelisted sort keys and applies the default sort and direction', () => {
    const opts = {
      sortable: ['name', 'createdAt'],
      defaultSort: 'createdAt',
      defaultDir: 'desc' as const,
    };
    expect(parseTableQuery({ sort: 'password', dir: 'asc' }, opts)).toMatchObject({
      sort: 'createdAt',
      dir: 'desc',
    });
    expect(parseTableQuery({ sort: 'name', dir: 'desc' }, opts)).toMatchObject({
      sort: 'name',
      dir: 'desc',
    });
    expect(parseTableQuery({ sort: 'name' }, opts)).toMatchObject({ sort: 'name', dir: 'asc' });
    expect(parseTableQuery({}, opts)).toMatchObject({ sort: 'createdAt', dir: 'desc' });
  });

  it('truncates very long searches', () => {
    expect(parseTableQuery({ search: 'x'.repeat(1000) }).search).toHaveLength(200);
  });

  it('reads prefixed names', () => {
    expect(parseTableQuery({ logs_page: '4', page: '2' }, { prefix: 'logs_' }).page).toBe(4);
  });

  it('never throws and always returns values in range', () => {
    fc.assert(
      fc.property(
        fc.dictionary(
          fc.constantFrom('page', 'perPage', 'search', 'sort', 'dir', 'x'),
          fc.oneof(fc.string(), fc.array(fc.string()), fc.integer(), fc.constant(null)),
        ),
        (raw) => {
          const q = parseTableQuery(raw, { sortable: ['a'] });
          expect([10, 25, 50, 100]).toContain(q.perPage);
          expect(Number.isInteger(q.page) && q.page >= 1).toBe(true);
          expect(['asc', 'desc']).toContain(q.dir);
          expect(q.sort === null || q.sort === 'a').toBe(true);
          expect(typeof q.search).toBe('string');
        },
      ),
    );
  });
});

describe('escapeLike', () => {
  it('escapes %, _ and backslash', () => {
    expect(escapeLike('50%_off\\')).toBe('50\\%\\_off\\\\');
    expect(escapeLike('plain')).toBe('plain');
  });
});

describe('searchTerms / showingText / lastPage', () => {
  it('splits on whitespace', () => {
    expect(searchTerms('  clean   water ')).toEqual(['clean', 'water']);
    expect(searchTerms('')).toEqual([]);
  });
  it('formats the summary', () => {
    expect(showingText(1, 10, 0)).toBe('Showing 0 to 0 of 0 entries');
    expect(showingText(1, 10, 57)).toBe('Showing 1 to 10 of 57 entries');
    expect(showingText(6, 10, 57)).toBe('Showing 51 to 57 of 57 entries');
  });
  it('computes the last page', () => {
    expect(lastPage(10, 0)).toBe(1);
    expect(lastPage(10, 10)).toBe(1);
    expect(lastPage(10, 11)).toBe(2);
  });
});
