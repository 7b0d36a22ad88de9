import { describe, expect, it } from 'vitest';
import { indexAt, moveItem } from './question-more';

describe('drag to rank', () => {
  it('moves one item to the index it is dropped on, the others keeping their order', () => {
    expect(moveItem(['a', 'b', 'c', 'd'], 0, 2)).toEqual(['b', 'c', 'a', 'd']);
    expect(moveItem(['a', 'b', 'c', 'd'], 3, 0)).toEqual(['d', 'a', 'b', 'c']);
    expect(moveItem(['a', 'b', 'c'], 1, 1)).toEqual(['a', 'b', 'c']);
    expect(moveItem(['a', 'b', 'c'], 0, 9)).toEqual(['b', 'c', 'a']);
  });
  it('finds the item under the pointer from the items’ middles', () => {
    const middles = [20, 70, 120];
    expect(indexAt(middles, 0)).toBe(0);
    expect(indexAt(middles, 50)).toBe(1);
    expect(indexAt(middles, 119)).toBe(2);
    expect(indexAt(middles, 500)).toBe(2);
  });
});
