import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isoDate, standardDate } from './dates.js';

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August'];
const MORE = ['September', 'October', 'November', 'December'];
const NAMES = [...MONTHS, ...MORE];

describe('standardise dates', () => {
  it('reads the mixed ways of the same day', () => {
    for (const v of [
      '2024-03-05',
      '2024/3/5',
      ' 2024.03.05 ',
      '05/03/2024',
      '5-3-2024',
      '5 Mar 2024',
      '05-Mar-2024',
      '5th March 2024',
      'March 5, 2024',
      'mar. 5 2024',
    ])
      expect([v, standardDate(v, ['dmy', 'mdy'])]).toEqual([v, '2024-03-05']);
  });

  it('the declared order decides 05/03/2024; a date real in one order only is read that way', () => {
    expect(standardDate('05/03/2024', ['mdy', 'dmy'])).toBe('2024-05-03');
    expect(standardDate('13/03/2024', ['mdy', 'dmy'])).toBe('2024-03-13');
    expect(standardDate('03/13/2024', ['dmy', 'mdy'])).toBe('2024-03-13');
    expect(standardDate('03/13/2024', ['dmy'])).toBeNull();
  });

  it('leaves what is not a real date or not a date at all', () => {
    for (const v of [
      '2023-02-29',
      '31 Apr 2024',
      '05/03/24',
      'unknown',
      '',
      'Marx 5, 2024',
      '2024-3',
    ])
      expect([v, standardDate(v, ['dmy', 'mdy'])]).toEqual([v, null]);
    expect(standardDate('29 Feb 2024', ['dmy'])).toBe('2024-02-29');
    expect(standardDate('29 Feb 1900', ['dmy'])).toBeNull();
    expect(standardDate('29 Feb 2000', ['dmy'])).toBe('2000-02-29');
  });

  it('property: any real date written any of the ways reads back as itself', () => {
    const day = fc
      .record({
        y: fc.integer({ min: 1, max: 9999 }),
        m: fc.integer({ min: 1, max: 12 }),
        d: fc.integer({ min: 1, max: 31 }),
      })
      .filter(({ y, m, d }) => isoDate(y, m, d) !== null);
    const pad = (n: number, w = 2) => String(n).padStart(w, '0');
    fc.assert(
      fc.property(
        day,
        fc.constantFrom('-', '/', '.'),
        fc.boolean(),
        fc.integer({ min: 0, max: 5 }),
        ({ y, m, d }, sep, full, way) => {
          const name = full ? NAMES[m - 1] : NAMES[m - 1].slice(0, 3);
          const yyyy = pad(y, 4);
          const written = [
            `${yyyy}${sep}${pad(m)}${sep}${pad(d)}`,
            `${d} ${name} ${yyyy}`,
            `${name} ${d}, ${yyyy}`,
            `${pad(d)}-${name}-${yyyy}`,
            `${pad(d)}${sep}${pad(m)}${sep}${yyyy}`,
            `${m}${sep}${d}${sep}${yyyy}`,
          ][way];
          const order = way === 5 ? (['mdy'] as const) : (['dmy', 'mdy'] as const);
          expect(standardDate(written, order)).toBe(isoDate(y, m, d));
        },
      ),
      { numRuns: 500 },
    );
  });
});
