import { describe, expect, it } from 'vitest';
import { duplicateReasons } from './quality.flags.js';

const row = (seq: number, o: { sid?: string; wave?: string; fp?: string } = {}) => ({
  id: `r${seq}`,
  seq,
  stakeholderId: o.sid ?? null,
  wave: o.wave ?? null,
  fingerprint: o.fp ?? null,
});

describe('duplicateReasons', () => {
  it('flags the later of two responses of one batch from the same stakeholder and wave, or with the same answers', () => {
    const rows = [
      row(11, { sid: 's1', wave: 'baseline', fp: 'a' }),
      row(12, { sid: 's1', wave: 'endline', fp: 'b' }),
      row(13, { sid: 's1', wave: 'baseline', fp: 'c' }),
      row(14, { fp: 'b' }),
    ];
    expect(duplicateReasons(rows, [], { pending: true })).toEqual([
      null,
      null,
      'The same stakeholder already answered this wave (response #11).',
      'The same answers as response #12.',
    ]);
  });

  it('prefers a stored match (a lower number) to one in the batch', () => {
    const rows = [row(21, { fp: 'a' }), row(22, { fp: 'a' })];
    const stored = [{ i: 1, sw: null, fp: 3 }];
    expect(duplicateReasons(rows, stored, { pending: true })).toEqual([
      null,
      'The same answers as response #3.',
    ]);
  });

  it('compares a response that is not new (an edit) with the stored ones only', () => {
    const rows = [row(5, { fp: 'a' }), row(6, { fp: 'a' })];
    expect(duplicateReasons(rows, [], { pending: false })).toEqual([null, null]);
  });
});
