import { describe, expect, it } from 'vitest';
import { drawSample, fnv1a, sampleSize } from './sample.js';

const ids = Array.from({ length: 100 }, (_, i) => `r-${String(i).padStart(3, '0')}`);

describe('the verification sample', () => {
  it('is the same for the same seed, whatever the order of the ids', () => {
    const a = drawSample(ids, 'column-1', 20);
    const b = drawSample([...ids].reverse(), 'column-1', 20);
    expect(a).toEqual(b);
    expect(new Set(a).size).toBe(20);
    expect(a.every((id) => ids.includes(id))).toBe(true);
  });
  it('differs between seeds and is not simply the first ids', () => {
    const a = drawSample(ids, 'column-1', 20);
    expect(drawSample(ids, 'column-2', 20)).not.toEqual(a);
    expect(a).not.toEqual(ids.slice(0, 20));
  });
  it('keeps the drawn ids when the sample grows', () => {
    const small = drawSample(ids, 's', 10);
    expect(drawSample(ids, 's', 20).slice(0, 10)).toEqual(small);
  });
  it('sizes: percent rounded up, at least 10, never more than there are', () => {
    expect(sampleSize(200, 20)).toBe(40);
    expect(sampleSize(201, 20)).toBe(41);
    expect(sampleSize(30, 20)).toBe(10);
    expect(sampleSize(6, 20)).toBe(6);
    expect(sampleSize(0, 20)).toBe(0);
  });
  it('hashes with FNV-1a (reference values)', () => {
    expect(fnv1a('')).toBe(0x811c9dc5);
    expect(fnv1a('a')).toBe(0xe40c292c);
  });
});
