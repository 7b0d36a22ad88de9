import { describe, expect, it } from 'vitest';
import { expectedValues, latestStatus, percentAchieved, periodStatuses } from './status.js';

const inc = { baselineValue: 40, direction: 'increase' };

describe('insight statuses', () => {
  it('judges each period against its target: 90% of the way on track, 60% at risk, below off track', () => {
    const s = periodStatuses(inc, [
      { actual: 58, target: 60 }, // (58-40)/(60-40) = 0.9
      { actual: 52, target: 60 }, // 0.6
      { actual: 51, target: 60 }, // 0.55
      { actual: null, target: 60 },
    ]);
    expect(s.map((x) => x.status)).toEqual(['on-track', 'at-risk', 'off-track', 'no-data']);
    expect(s[0].progress).toBeCloseTo(0.9);
    expect(s[3].reason).toBe('No actual this period');
  });

  it('interpolates a period without a target on the straight line from the baseline to the next target (time elapsed)', () => {
    expect(
      expectedValues(40, [{ target: null }, { target: null }, { target: 70 }] as never),
    ).toEqual([50, 60, 70]);
    // Q1 expected 50: actual 49 is 90% of the way
    const [q1] = periodStatuses(inc, [
      { actual: 49, target: null },
      { actual: null, target: null },
      { actual: null, target: 70 },
    ]);
    expect(q1).toMatchObject({ status: 'on-track', expected: 50 });
    expect(q1.reason).toContain('straight line');
  });

  it('handles decrease targets below the baseline, maintain metrics, no target and no baseline', () => {
    const dec = periodStatuses({ baselineValue: 30, direction: 'decrease' }, [
      { actual: 21, target: 20 }, // (21-30)/(20-30) = 0.9
      { actual: 28, target: 20 }, // 0.2
    ]);
    expect(dec.map((x) => x.status)).toEqual(['on-track', 'off-track']);
    const keep = periodStatuses({ baselineValue: 100, direction: 'maintain' }, [
      { actual: 96, target: 100 },
      { actual: 88, target: 100 },
      { actual: 70, target: 100 },
    ]);
    expect(keep.map((x) => x.status)).toEqual(['on-track', 'at-risk', 'off-track']);
    expect(periodStatuses(inc, [{ actual: 50, target: null }])[0]).toMatchObject({
      status: 'no-data',
      reason: 'No target set',
    });
    // no baseline: counts as 0
    expect(
      periodStatuses({ baselineValue: null, direction: 'increase' }, [{ actual: 9, target: 10 }])[0]
        .status,
    ).toBe('on-track');
  });

  it('takes the latest period with an actual as the metric status, and computes % achieved', () => {
    const points = [
      { actual: 58, target: 60 },
      { actual: 45, target: 80 },
      { actual: null, target: 100 },
    ];
    expect(latestStatus(periodStatuses(inc, points), points)?.status).toBe('off-track');
    expect(latestStatus([], [])).toBeNull();
    expect(percentAchieved(45, 60)).toBe(75);
    expect(percentAchieved(45, 0)).toBeNull();
    expect(percentAchieved(null, 60)).toBeNull();
  });
});
