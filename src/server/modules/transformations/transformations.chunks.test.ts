import { describe, expect, it } from 'vitest';
import { nextChunkRows, RUN_CHUNKS } from './transformations.chunks.js';

const sizing = { ...RUN_CHUNKS, now: () => 0 };

describe('chunk sizes by time (nextChunkRows)', () => {
  it('fits the last chunk’s pace into the target time', () => {
    // 2,000 rows in 400 ms: 5 rows per ms, so 100 ms holds 500
    expect(nextChunkRows(sizing, 2_000, 400)).toBe(500);
    // 2,000 rows in 50 ms: 100 ms holds 4,000
    expect(nextChunkRows(sizing, 2_000, 50)).toBe(4_000);
  });

  it('grows at most fourfold and stays within min..max', () => {
    expect(nextChunkRows(sizing, 2_000, 1)).toBe(8_000);
    expect(nextChunkRows(sizing, 2_000, 0)).toBe(8_000);
    expect(nextChunkRows(sizing, 40_000, 1)).toBe(RUN_CHUNKS.max);
    expect(nextChunkRows(sizing, 600, 10_000)).toBe(RUN_CHUNKS.min);
  });
});
