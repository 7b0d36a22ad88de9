import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { fiscalLabel, fiscalStartText } from './fiscal';
import { isValidPeriod, listPeriods, periodError, periodKeyOf, periodLabel } from './periods';
import { periodSpan } from '../insights/range';

const fq = {
  period: 'fiscal_quarterly',
  periodStart: '2026-07-01',
  periodEnd: '2027-06-30',
  customPeriods: [],
  fiscalStartMonth: 7,
};

describe('fiscal periods', () => {
  it('name the fiscal year by the calendar year it ends in (month boundaries)', () => {
    expect(periodKeyOf('fiscal_quarterly', '2026-06-30', 7)).toBe('FY2026-Q4');
    expect(periodKeyOf('fiscal_quarterly', '2026-07-01', 7)).toBe('FY2027-Q1');
    expect(periodKeyOf('fiscal_quarterly', '2026-09-30', 7)).toBe('FY2027-Q1');
    expect(periodKeyOf('fiscal_quarterly', '2026-10-01', 7)).toBe('FY2027-Q2');
    expect(periodKeyOf('fiscal_quarterly', '2027-06-30', 7)).toBe('FY2027-Q4');
    expect(periodKeyOf('fiscal_annual', '2026-07-01', 7)).toBe('FY2027');
    expect(periodKeyOf('fiscal_annual', '2026-06-30', 7)).toBe('FY2026');
    // April start (UK, India): Apr 2026 - Mar 2027 = FY2027
    expect(periodKeyOf('fiscal_quarterly', '2027-03-31', 4)).toBe('FY2027-Q4');
    expect(periodKeyOf('fiscal_quarterly', '2027-04-01', 4)).toBe('FY2028-Q1');
    // December start: Dec 2025 - Nov 2026 = FY2026
    expect(periodKeyOf('fiscal_annual', '2025-12-01', 12)).toBe('FY2026');
    expect(periodKeyOf('fiscal_annual', '2025-11-30', 12)).toBe('FY2025');
  });

  it('with a January start the fiscal year is the calendar year (property)', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1950-01-01'), max: new Date('2150-12-31'), noInvalidDate: true }),
        (d) => {
          const date = d.toISOString().slice(0, 10);
          expect(periodKeyOf('fiscal_annual', date, 1)).toBe(`FY${periodKeyOf('annual', date)}`);
          expect(periodKeyOf('fiscal_quarterly', date, 1)).toBe(
            `FY${periodKeyOf('quarterly', date)}`,
          );
        },
      ),
    );
  });

  it('labels keys with their months', () => {
    expect(periodLabel(fq, 'FY2027-Q1')).toBe('FY2027 Q1 (Jul–Sep 2026)');
    expect(periodLabel(fq, 'FY2027-Q3')).toBe('FY2027 Q3 (Jan–Mar 2027)');
    expect(periodLabel(fq, 'FY2027')).toBe('FY2027 (Jul 2026–Jun 2027)');
    expect(fiscalLabel('FY2026-Q1', 12)).toBe('FY2026 Q1 (Dec 2025–Feb 2026)');
    expect(fiscalLabel('FY2026', 1)).toBe('FY2026 (Jan–Dec 2026)');
    expect(fiscalLabel('FY2026-Q2', null)).toBe('FY2026 Q2');
    expect(fiscalLabel('2026-Q2', 7)).toBeNull();
    expect(fiscalStartText(7)).toBe('Fiscal year starts in July');
  });

  it('lists and validates the periods of a fiscal metric', () => {
    expect(listPeriods(fq).map((p) => p.key)).toEqual([
      'FY2027-Q1',
      'FY2027-Q2',
      'FY2027-Q3',
      'FY2027-Q4',
    ]);
    expect(
      listPeriods({ ...fq, period: 'fiscal_annual', periodEnd: '2028-12-31' }).map((p) => p.label),
    ).toEqual([
      'FY2027 (Jul 2026–Jun 2027)',
      'FY2028 (Jul 2027–Jun 2028)',
      'FY2029 (Jul 2028–Jun 2029)',
    ]);
    expect(isValidPeriod(fq, 'FY2027-Q2')).toBe(true);
    expect(periodError(fq, '2026-Q3')).toMatch(/fiscal quarter like FY2027-Q1/);
    expect(periodError(fq, 'FY2028-Q1')).toMatch(/outside this metric’s reporting range/);
  });

  it('places fiscal keys on the insights time line', () => {
    // FY2027-Q1 with a July start is Jul-Sep 2026
    expect(periodSpan('FY2027-Q1', [], 7)).toEqual(periodSpan('2026-Q3'));
    expect(periodSpan('FY2027', [], 7)).toEqual([2026 * 12 + 6, 2027 * 12 + 5]);
    expect(periodSpan('FY2027', [], 1)).toEqual(periodSpan('2027'));
  });
});

describe('fiscal period ranges (property)', () => {
  it('list every fiscal period once, each valid, the first holding the start date', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('fiscal_quarterly', 'fiscal_annual'),
        fc.integer({ min: 1, max: 12 }),
        fc.date({ min: new Date('2000-01-01'), max: new Date('2040-01-01'), noInvalidDate: true }),
        fc.integer({ min: 0, max: 1500 }),
        (period, fiscalStartMonth, start, days) => {
          const s = start.toISOString().slice(0, 10);
          const e = new Date(start.getTime() + days * 86400000).toISOString().slice(0, 10);
          const m = { period, periodStart: s, periodEnd: e, customPeriods: [], fiscalStartMonth };
          const ps = listPeriods(m);
          expect(ps[0].key).toBe(periodKeyOf(period, s, fiscalStartMonth));
          expect(ps[ps.length - 1].key).toBe(periodKeyOf(period, e, fiscalStartMonth));
          for (const p of ps) expect(isValidPeriod(m, p.key)).toBe(true);
          expect(new Set(ps.map((p) => p.key)).size).toBe(ps.length);
        },
      ),
    );
  });
});
