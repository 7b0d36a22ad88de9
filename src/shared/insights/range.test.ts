import { describe, expect, it } from 'vitest';
import { inRange, periodSpan } from './range.js';

describe('insight period ranges', () => {
  it('places monthly, quarterly, annual and custom keys on one time line', () => {
    expect(periodSpan('2026-02')).toEqual([2026 * 12 + 1, 2026 * 12 + 1]);
    expect(periodSpan('2026-Q2')).toEqual([2026 * 12 + 3, 2026 * 12 + 5]);
    expect(periodSpan('2026')).toEqual([2026 * 12, 2026 * 12 + 11]);
    const custom = [{ key: 'wave1', start: '2026-03-01', end: '2026-05-31' }];
    expect(periodSpan('wave1', custom)).toEqual([2026 * 12 + 2, 2026 * 12 + 4]);
    expect(periodSpan('nope')).toBeNull();
  });

  it('keeps the periods inside a range picked with another kind of key', () => {
    const from = periodSpan('2026-Q2');
    const to = periodSpan('2026-Q3');
    expect(inRange('2026-04', from, to)).toBe(true);
    expect(inRange('2026-03', from, to)).toBe(false);
    expect(inRange('2026-Q3', from, to)).toBe(true);
    expect(inRange('2026', from, to)).toBe(false);
    expect(inRange('2026-10', from, null)).toBe(true);
    expect(inRange('nope', null, null)).toBe(true);
  });
});
