import { describe, expect, it } from 'vitest';
import { aggregate, computeSeries, latestProgress } from './series';
import { valueError, disaggregationKey } from './metrics.schemas';

const metric = {
  period: 'quarterly',
  periodStart: '2026-01-01',
  periodEnd: '2026-06-30',
  customPeriods: [],
  formula: 'percent(passing, tested)',
  baselineValue: 40,
  disaggregations: [{ key: 'sex', label: 'Sex', categories: ['Female', 'Male'] }],
};
const dp = (
  id: string,
  key: string,
  extra: Partial<{ aggregation: string; starred: boolean }> = {},
) => ({ id, key, aggregation: 'sum', condition: null, filter: [], starred: false, ...extra });
const e = (
  id: string,
  dataPointId: string,
  period: string,
  value: number,
  disaggregation: Record<string, string> = {},
) => ({ id, dataPointId, period, value, disaggregation });

describe('computeSeries', () => {
  it('without a reporting range, reports the periods that have targets or entries, in order', () => {
    const m = { ...metric, periodStart: null, periodEnd: null, formula: null };
    const { points } = computeSeries(
      m,
      [dp('v', 'value')],
      [{ period: '2026-Q3', value: 9 }],
      [e('a', 'v', '2026-Q2', 4), e('b', 'v', '2026-Q1', 3)],
    );
    expect(points.map((p) => [p.period, p.actual, p.target])).toEqual([
      ['2026-Q1', 3, null],
      ['2026-Q2', 4, null],
      ['2026-Q3', null, 9],
    ]);
  });

  it('applies the formula per period with traceable sources, baseline and targets', () => {
    const dps = [dp('p', 'passing'), dp('t', 'tested')];
    const entries = [
      e('e1', 'p', '2026-Q1', 30),
      e('e2', 'p', '2026-Q1', 15),
      e('e3', 't', '2026-Q1', 90),
      e('e4', 'p', '2026-Q2', 10),
    ];
    const { points } = computeSeries(metric, dps, [{ period: '2026-Q2', value: 60 }], entries);
    expect(points[0]).toEqual({
      period: '2026-Q1',
      label: 'Q1 2026',
      target: null,
      baseline: 40,
      actual: 50,
      sources: ['e1', 'e2', 'e3'],
      computed: [],
    });
    expect(points[1]).toMatchObject({ actual: null, target: 60, sources: ['e4'] });
  });

  it('uses the starred (else first) data point without a formula; totals prefer total entries', () => {
    const m = { ...metric, formula: null };
    const dps = [dp('a', 'value'), dp('b', 'other', { starred: true })];
    const entries = [
      e('x', 'b', '2026-Q1', 5, { sex: 'Female' }),
      e('y', 'b', '2026-Q1', 7, { sex: 'Male' }),
      e('z', 'a', '2026-Q1', 100),
    ];
    const { points, categories } = computeSeries(m, dps, [], entries);
    expect(points[0]).toMatchObject({ actual: 12, sources: ['x', 'y'] });
    expect(categories.map((c) => [c.category, c.points[0].actual, c.points[0].sources])).toEqual([
      ['Female', 5, ['x']],
      ['Male', 7, ['y']],
    ]);
    const withTotal = computeSeries(m, dps, [], [...entries, e('t', 'b', '2026-Q1', 20)]);
    expect(withTotal.points[0]).toMatchObject({ actual: 20, sources: ['t'] });
  });

  it('aggregations', () => {
    const es = [1, 3, 3, 8].map((v, i) => e(String(i), 'd', 'Q', v));
    const of = (aggregation: string, condition: null | { op: string; value: number } = null) =>
      aggregate({ aggregation, condition, filter: [] }, es).value;
    expect([
      of('sum'),
      of('count'),
      of('count_distinct'),
      of('average'),
      of('min'),
      of('max'),
    ]).toEqual([15, 4, 3, 3.75, 1, 8]);
    expect(of('percent_meeting', { op: 'gte', value: 3 })).toBe(75);
    expect(
      aggregate({ aggregation: 'sum', condition: null, filter: [{ op: 'gt', value: 2 }] }, es),
    ).toEqual({ value: 14, sources: ['1', '2', '3'] });
  });

  it('progress from baseline toward the target', () => {
    const pts = [
      {
        period: '2026-Q1',
        label: '',
        target: 60,
        baseline: 40,
        actual: 50,
        sources: [],
        computed: [],
      },
      {
        period: '2026-Q2',
        label: '',
        target: 80,
        baseline: 40,
        actual: null,
        sources: [],
        computed: [],
      },
    ];
    expect(
      latestProgress({ baselineValue: 40, period: 'quarterly', customPeriods: [] }, pts),
    ).toMatchObject({ latestPeriod: '2026-Q1', latestActual: 50, latestTarget: 60, progress: 0.5 });
  });
});

describe('values', () => {
  it('refuses values the type does not allow', () => {
    expect(valueError('percentage', 101)).toMatch(/between 0 and 100/);
    expect(valueError('yes_no', 2)).toMatch(/1 for yes/);
    expect(valueError('count', 1.5)).toMatch(/whole number/);
    expect(valueError('count', -1)).toMatch(/whole number/);
    expect(valueError('number', -1.5)).toBeNull();
    expect(disaggregationKey({ sex: 'Female', age_group: '15-24' })).toBe(
      'age_group=15-24|sex=Female',
    );
  });
});

describe('computeSeries with bound data points', () => {
  it('takes the SQL figures of a bound data point in place of its entries, in formulas too', () => {
    const dps = [dp('a', 'reached'), dp('b', 'target_pop')];
    const entries = [
      { id: 'e1', dataPointId: 'a', period: '2026-Q1', disaggregation: {}, value: 999 },
      { id: 'e2', dataPointId: 'b', period: '2026-Q1', disaggregation: {}, value: 200 },
    ];
    const figures = [
      { dataPointId: 'a', period: '2026-Q1', dimension: null, category: null, value: 50, rows: 7 },
      {
        dataPointId: 'a',
        period: '2026-Q1',
        dimension: 'sex',
        category: 'Female',
        value: 20,
        rows: 3,
      },
    ];
    const m = {
      ...metric,
      formula: 'percent(reached, target_pop)',
      disaggregations: [{ key: 'sex', label: 'Sex', categories: ['Female'] }],
    };
    const { points, categories } = computeSeries(m, dps, [], entries, {
      dataPointIds: ['a'],
      figures,
    });
    expect(points[0]).toMatchObject({
      actual: 25,
      sources: ['e2'],
      computed: [{ dataPointId: 'a', rows: 7 }],
    });
    expect(categories[0].points[0]).toMatchObject({ computed: [{ dataPointId: 'a', rows: 3 }] });
  });
});
