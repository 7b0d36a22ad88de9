import { describe, expect, it } from 'vitest';
import {
  matchRank,
  playgroundSearchSchema,
  rankResults,
  SEARCH_TYPES,
  type SearchResult,
} from './playground.schemas.js';

const r = (type: SearchResult['type'], title: string, id = title): SearchResult => ({
  type,
  id,
  title,
  subtitle: '',
  url: '/',
});

describe('playground search input', () => {
  it('defaults to every kind and an empty query', () => {
    expect(playgroundSearchSchema.parse({})).toEqual({ q: '', kinds: [...SEARCH_TYPES] });
  });
  it('takes kinds as a comma list or repeated, without duplicates', () => {
    expect(playgroundSearchSchema.parse({ q: ' water ', kinds: 'metric,project,metric' })).toEqual({
      q: 'water',
      kinds: ['metric', 'project'],
    });
    expect(playgroundSearchSchema.parse({ kinds: ['element', 'data_point'] }).kinds).toEqual([
      'element',
      'data_point',
    ]);
  });
  it('refuses an unknown kind and an overlong query', () => {
    expect(playgroundSearchSchema.safeParse({ kinds: 'users' }).success).toBe(false);
    expect(playgroundSearchSchema.safeParse({ q: 'x'.repeat(101) }).success).toBe(false);
  });
});

describe('ranking', () => {
  it('prefix matches first, then word starts, then anywhere', () => {
    expect(matchRank('Water points repaired', 'water')).toBe(0);
    expect(matchRank('Clean water', 'WATER')).toBe(1);
    expect(matchRank('Rainwater harvesting', 'water')).toBe(2);
  });
  it('orders across types by rank, type, length, title and cuts at the limit', () => {
    const out = rankResults(
      [
        r('metric', 'Rainwater tanks'),
        r('element', 'Water committees trained'),
        r('project', 'Clean water'),
        r('metric', 'Water'),
        r('project', 'Water for schools'),
      ],
      'water',
      4,
    );
    expect(out.map((x) => x.title)).toEqual([
      'Water for schools',
      'Water committees trained',
      'Water',
      'Clean water',
    ]);
  });
});
