import { describe, expect, it } from 'vitest';
import { ListCache } from './list-cache.js';

function cache(maxEntries = 3, maxBytes = 1000) {
  const c = new ListCache({ maxEntries, maxBytes });
  c.enabled = true;
  return c;
}

describe('ListCache', () => {
  it('serves an entry only to its team and while the team’s version is unchanged', () => {
    const c = cache();
    c.set('k', 'A', c.stamp('A'), '{"a":1}');
    expect(c.get('k', 'A')).toBe('{"a":1}');
    expect(c.get('k', 'B')).toBeUndefined();
    c.set('k', 'A', c.stamp('A'), '{"a":1}');
    c.apply('B');
    expect(c.get('k', 'A')).toBe('{"a":1}');
    c.apply('A');
    expect(c.get('k', 'A')).toBeUndefined();
  });

  it('does not store a fill read before its team changed, or before the cache was cleared', () => {
    const c = cache();
    const before = c.stamp('A');
    c.apply('A');
    c.set('k', 'A', before, 'old');
    expect(c.get('k', 'A')).toBeUndefined();
    const again = c.stamp('A');
    c.apply('*');
    c.set('k', 'A', again, 'old');
    expect(c.get('k', 'A')).toBeUndefined();
  });

  it('stores and serves nothing while disabled', () => {
    const c = cache();
    c.enabled = false;
    c.set('k', 'A', c.stamp('A'), 'x');
    expect(c.size).toBe(0);
    c.enabled = true;
    c.set('k', 'A', c.stamp('A'), 'x');
    c.enabled = false;
    expect(c.get('k', 'A')).toBeUndefined();
  });

  it('keeps at most maxEntries, dropping the least recently used', () => {
    const c = cache(2);
    c.set('1', 'A', c.stamp('A'), 'one');
    c.set('2', 'A', c.stamp('A'), 'two');
    expect(c.get('1', 'A')).toBe('one');
    c.set('3', 'A', c.stamp('A'), 'three');
    expect(c.size).toBe(2);
    expect(c.get('2', 'A')).toBeUndefined();
    expect(c.get('1', 'A')).toBe('one');
    expect(c.get('3', 'A')).toBe('three');
  });

  it('keeps at most maxBytes of JSON, and never stores a page larger than that', () => {
    // two bytes a character
    const c = cache(100, 40);
    c.set('1', 'A', c.stamp('A'), 'x'.repeat(10));
    c.set('2', 'A', c.stamp('A'), 'y'.repeat(10));
    expect(c.byteSize).toBe(40);
    c.set('3', 'A', c.stamp('A'), 'z'.repeat(5));
    expect(c.byteSize).toBe(30);
    expect(c.get('1', 'A')).toBeUndefined();
    c.set('big', 'A', c.stamp('A'), 'w'.repeat(21));
    expect(c.get('big', 'A')).toBeUndefined();
    expect(c.byteSize).toBe(30);
    c.apply('A');
    expect(c.byteSize).toBe(0);
  });
});
