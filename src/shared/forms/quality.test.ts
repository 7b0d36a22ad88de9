import { describe, expect, it } from 'vitest';
import {
  answersFingerprint,
  duplicateReason,
  outOfRangeReason,
  quartiles,
  speederReason,
  type QuestionSpread,
} from './quality.js';
import { answerChanges } from './edits.js';
import type { Answers } from './answers.js';

describe('speederReason', () => {
  it('says nothing without a duration or answers', () => {
    expect(speederReason(null, 5, { count: 50, medianMs: 60_000 })).toBeNull();
    expect(speederReason(100, 0, { count: 50, medianMs: 60_000 })).toBeNull();
  });
  it('uses the floor of 1 s per answer until there are 10 other timed responses', () => {
    expect(speederReason(4_000, 5, { count: 9, medianMs: 60_000 })).toMatch(/1 s per answered/);
    expect(speederReason(5_000, 5, { count: 9, medianMs: 60_000 })).toBeNull();
  });
  it('flags under a third of the median once there are 10', () => {
    expect(speederReason(19_000, 5, { count: 10, medianMs: 60_000 })).toMatch(
      /third of the median 60 s of 10/,
    );
    expect(speederReason(20_000, 5, { count: 10, medianMs: 60_000 })).toBeNull();
  });
  it('keeps the floor when the median is tiny', () => {
    expect(speederReason(2_000, 5, { count: 30, medianMs: 3_000 })).toMatch(/1 s per answered/);
  });
});

describe('duplicateReason and answersFingerprint', () => {
  it('names the other response', () => {
    expect(duplicateReason({ sameStakeholderWave: { seq: 3 }, sameAnswers: null })).toMatch(/#3/);
    expect(duplicateReason({ sameStakeholderWave: null, sameAnswers: { seq: 7 } })).toMatch(
      /same answers as response #7/,
    );
    expect(duplicateReason({ sameStakeholderWave: null, sameAnswers: null })).toBeNull();
  });
  it('ignores empty answers, key order and choice order', () => {
    expect(answersFingerprint({ b: ['y', 'x'], a: 1, c: '' })).toBe(
      answersFingerprint({ a: 1, b: ['x', 'y'], d: [] }),
    );
    expect(answersFingerprint({ a: '' })).toBeNull();
    expect(answersFingerprint({ a: 1 })).not.toBe(answersFingerprint({ a: 2 }));
  });
});

describe('quartiles and outOfRangeReason', () => {
  it('interpolates like percentile_cont', () => {
    expect(quartiles([1, 2, 3, 4])).toEqual({ q1: 1.75, q3: 3.25 });
    expect(quartiles([5])).toEqual({ q1: 5, q3: 5 });
    expect(quartiles([])).toBeNull();
  });
  const values = Array.from({ length: 20 }, (_, i) => 10 + i); // 10..29
  const { q1, q3 } = quartiles(values)!;
  const spread: QuestionSpread = { key: 'age', label: 'Age', count: 20, q1, q3 };
  it('flags a number beyond 3 IQR of the others, once 20 answered', () => {
    const iqr = q3 - q1;
    expect(outOfRangeReason({ age: q3 + 3 * iqr + 1 }, [spread])).toMatch(/Age: .* is outside/);
    expect(outOfRangeReason({ age: q1 - 3 * iqr - 1 }, [spread])).toMatch(/outside/);
    expect(outOfRangeReason({ age: q3 + 3 * iqr }, [spread])).toBeNull();
    expect(outOfRangeReason({ age: 1000 }, [{ ...spread, count: 19 }])).toBeNull();
  });
  it('says nothing without spread or without a number', () => {
    expect(outOfRangeReason({ age: 1000 }, [{ ...spread, q1: 5, q3: 5 }])).toBeNull();
    expect(outOfRangeReason({ age: 'x' }, [spread])).toBeNull();
    expect(outOfRangeReason({}, [spread])).toBeNull();
  });
});

describe('answerChanges', () => {
  it('lists changed, added and removed keys with both values', () => {
    expect(answerChanges({ a: 1, b: ['x'], c: 'k' }, { a: 2, b: ['x'], d: true })).toEqual([
      { key: 'a', from: 1, to: 2 },
      { key: 'c', from: 'k', to: null },
      { key: 'd', from: null, to: true },
    ]);
    expect(answerChanges({ a: 1 }, { a: 1 })).toEqual([]);
  });
  it('follows the questions’ order, an “other” text beside its question', () => {
    const changes = answerChanges({ z: 1, a: 1 }, { z: 2, a: 2, z__other: 'x' }, ['z', 'a']);
    expect(changes.map((c) => c.key)).toEqual(['z', 'z__other', 'a']);
  });
  it('compares a repeat instance by instance: a cell by its path, an instance added or removed whole', () => {
    const before: Answers = { v: 'a', members: [{ name: 'Ann', age: 40 }, { name: 'Ben' }] };
    const after: Answers = {
      v: 'a',
      members: [{ name: 'Ann', age: 41 }, { name: 'Ben', age: 9 }, { name: 'Cy' }],
    };
    expect(answerChanges(before, after, ['v', 'members'])).toEqual([
      { key: 'members[1].age', from: 40, to: 41 },
      { key: 'members[2].age', from: null, to: 9 },
      { key: 'members[3]', from: null, to: { name: 'Cy' } },
    ]);
    expect(answerChanges(after, { v: 'a' }, ['v', 'members']).map((c) => c.key)).toEqual([
      'members[1]',
      'members[2]',
      'members[3]',
    ]);
  });
  it('compares a repeat inside an instance the same way, one level down, by its whole path', () => {
    const before: Answers = {
      members: [{ name: 'Ann', visits: [{ clinic: 'North', doses: [{ v: 'Polio' }] }] }],
    };
    const after: Answers = {
      members: [
        {
          name: 'Ann',
          visits: [{ clinic: 'North', doses: [{ v: 'BCG' }] }, { clinic: 'South' }],
        },
      ],
    };
    expect(answerChanges(before, after, ['members', 'name', 'visits', 'clinic'])).toEqual([
      { key: 'members[1].visits[1].doses[1].v', from: 'Polio', to: 'BCG' },
      { key: 'members[1].visits[2]', from: null, to: { clinic: 'South' } },
    ]);
    // a list of instances emptied: each instance removed whole
    expect(
      answerChanges(after, { members: [{ name: 'Ann', visits: [] }] }).map((c) => c.key),
    ).toEqual(['members[1].visits[1]', 'members[1].visits[2]']);
  });
});
