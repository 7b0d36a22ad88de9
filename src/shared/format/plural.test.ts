import { describe, expect, it } from 'vitest';
import { agree, plural, pluralWord } from './plural';

describe('plural', () => {
  it('writes counts with the right noun and verb', () => {
    expect(plural(1, 'metric')).toBe('1 metric');
    expect(plural(0, 'metric')).toBe('0 metrics');
    expect(plural(3, 'entry', 'entries')).toBe('3 entries');
    expect(pluralWord(2, 'data point')).toBe('data points');
    expect(`its ${plural(1, 'other member')} ${agree(1, 'loses', 'lose')} access`).toBe(
      'its 1 other member loses access',
    );
    expect(`its ${plural(2, 'other member')} ${agree(2, 'loses', 'lose')} access`).toBe(
      'its 2 other members lose access',
    );
  });
});
