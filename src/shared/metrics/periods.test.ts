import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { isValidPeriod, listPeriods, periodError, periodLabel } from './periods';

const q = {
  period: 'quarterly',
  periodStart: '2026-01-01',
  periodEnd: '2026-12-31',
  customPeriods: [],
};

describe('periods', () => {
  it('lists monthly, quarterly, annual and custom periods in the range', () => {
    expect(listPeriods(q).map((p) => p.key)).toEqual(['2026-Q1', '2026-Q2', '2026-Q3', '2026-Q4']);
    expect(
      listPeriods({
        ...q,
        period: 'monthly',
        periodStart: '2025-11-15',
        periodEnd: '2026-02-01',
      }).map((p) => p.label),
    ).toEqual(['Nov 2025', 'Dec 2025', 'Jan 2026', 'Feb 2026']);
    expect(
      listPeriods({ ...q, period: 'annual', periodEnd: '2028-06-30' }).map((p) => p.key),
    ).toEqual(['2026', '2027', '2028']);
    const custom = {
      ...q,
      period: 'custom',
      customPeriods: [
        { key: '2026-H1', label: 'First half', start: '2026-01-01', end: '2026-06-30' },
      ],
    };
    expect(listPeriods(custom)).toEqual([{ key: '2026-H1', label: 'First half' }]);
    expect(listPeriods({ ...q, periodStart: null })).toEqual([]);
  });

  it('labels keys', () => {
    expect(periodLabel(q, '2026-Q1')).toBe('Q1 2026');
    expect(periodLabel(q, '2026-03')).toBe('Mar 2026');
    expect(periodLabel(q, '2026')).toBe('2026');
  });

  it('refuses periods outside the range, malformed keys and custom keys not defined', () => {
    expect(periodError(q, '2027-Q3')).toBe(
      '2027-Q3 is outside this metric’s reporting range 2026-Q1 – 2026-Q4.',
    );
    expect(periodError(q, '2026-Q5')).toMatch(/quarter like 2026-Q1/);
    expect(periodError(q, '2026-03')).toMatch(/quarter/);
    expect(isValidPeriod(q, '2026-Q2')).toBe(true);
    expect(periodError({ ...q, periodEnd: null }, '2026-Q2')).toMatch(/reporting range/);
    expect(
      periodError(
        {
          ...q,
          period: 'custom',
          customPeriods: [{ key: 'A', label: 'A', start: '2026-01-01', end: '2026-01-02' }],
        },
        'B',
      ),
    ).toMatch(/not one of/);
  });

  it('every listed period is valid, and only those (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('monthly', 'quarterly', 'annual'),
        fc.date({ min: new Date('2000-01-01'), max: new Date('2040-01-01'), noInvalidDate: true }),
        fc.integer({ min: 0, max: 900 }),
        (period, start, days) => {
          const s = start.toISOString().slice(0, 10);
          const e = new Date(start.getTime() + days * 86400000).toISOString().slice(0, 10);
          const m = { period, periodStart: s, periodEnd: e, customPeriods: [] };
          const ps = listPeriods(m);
          expect(ps.length).toBeGreaterThan(0);
          for (const p of ps) expect(isValidPeriod(m, p.key)).toBe(true);
          expect(new Set(ps.map((p) => p.key)).size).toBe(ps.length);
          expect(
            isValidPeriod(
              m,
              String(Number(s.slice(0, 4)) - 1) +
                (period === 'monthly' ? '-01' : period === 'quarterly' ? '-Q1' : ''),
            ),
          ).toBe(false);
        },
      ),
    );
  });
});
