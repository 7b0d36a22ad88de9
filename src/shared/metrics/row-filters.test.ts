import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { hasRowFilters, parseRowFilters, rowFilterQuery } from './row-filters.js';

const ID = '0b3e6a3c-2f7e-4a51-9a55-0c1f6a0c9e11';

describe('row filters', () => {
  it('keeps well-formed values and drops the rest', () => {
    expect(
      parseRowFilters({ wave: ' Baseline ', form: ID.toUpperCase(), source: ID, site: 'North' }),
    ).toEqual({
      wave: 'Baseline',
      form: ID,
      source: ID,
      site: 'North',
    });
    expect(
      parseRowFilters({ wave: ['a', 'b'], form: 'x', source: `${ID}'`, site: 'a\u0000b' }),
    ).toEqual({ wave: null, form: null, source: null, site: null });
    expect(parseRowFilters({ wave: 'x'.repeat(201) }).wave).toBeNull();
    expect(hasRowFilters(parseRowFilters({}))).toBe(false);
    expect(rowFilterQuery(parseRowFilters({ wave: 'Endline', site: '' }))).toEqual({
      wave: 'Endline',
    });
  });

  it('never throws and never passes a form or source that is not a uuid (any input)', () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.constantFrom('wave', 'form', 'source', 'site'), fc.anything()),
        (q) => {
          const f = parseRowFilters(q);
          for (const k of ['form', 'source'] as const)
            expect(f[k] === null || /^[0-9a-f-]{36}$/.test(f[k]!)).toBe(true);
          for (const k of ['wave', 'site'] as const)
            expect(f[k] === null || (f[k]!.length <= 200 && f[k] === f[k]!.trim())).toBe(true);
        },
      ),
    );
  });
});
