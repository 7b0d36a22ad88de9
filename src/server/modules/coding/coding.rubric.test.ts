import { describe, expect, it } from 'vitest';
import type { RubricLevel } from '../../../shared/coding/kinds.js';
import { analyse } from './coding.analyse.js';
import { scoreRubric } from './coding.rubric.js';

const LEVELS: RubricLevel[] = [
  {
    level: 1,
    descriptor: 'No change: the household still skips meals and has no income.',
    examples: ['Nothing changed, we still go hungry.'],
  },
  {
    level: 2,
    descriptor: 'Some savings: the group savings helped a little with school fees.',
    examples: ['We saved a little in the group.'],
  },
  {
    level: 3,
    descriptor: 'A new business: she opened a shop and sells vegetables at the market.',
    examples: ['My wife runs a tailoring business now.'],
  },
];
const doc = (id: string, text: string) =>
  analyse({ id, seq: Number(id.slice(1)), wave: null }, [{ question: 'change', text }]);

describe('rubric scoring (TF-IDF against the levels)', () => {
  it('gives an answer near a level the level, quoting its closest sentence', () => {
    const answers = [
      doc('r1', 'Honestly nothing changed. We still skip meals most days.'),
      doc('r2', 'The savings group helped us pay the school fees this year.'),
      doc('r3', 'It rained a lot. She opened a small shop and sells vegetables at the market.'),
    ];
    const scores = scoreRubric(LEVELS, answers, new Map(), 1);
    expect([...scores.values()].map((d) => d?.level)).toEqual([1, 2, 3]);
    const r3 = scores.get('r3')!;
    expect(r3).toMatchObject({ method: 'descriptor', rubricVersion: 1 });
    expect(r3.similarity).toBeGreaterThan(0);
    expect(r3.quote!.text).toBe('She opened a small shop and sells vegetables at the market.');
    const text = answers[2].sentences.map((s) => s.text).join(' ');
    expect(text).toContain(r3.quote!.text);
  });

  it('leaves an answer sharing no word with any level unscored', () => {
    const scores = scoreRubric(LEVELS, [doc('r1', 'Blue sky.'), doc('r2', '')], new Map(), 1);
    expect(scores.get('r1')).toBeNull();
    expect(scores.get('r2')).toBeNull();
  });

  it('learns from human scores (nearest centroid), scoring a human-scored answer without itself', () => {
    // "goats" appears in no descriptor; people scored goat answers as level 3
    const answers = [
      doc('r1', 'We bought goats and sell the milk.'),
      doc('r2', 'They bought two goats, now they sell milk every week.'),
      doc('r3', 'Goats again: milk sales pay for everything.'),
      doc('r4', 'Nothing changed, we still go hungry.'),
    ];
    const before = scoreRubric(LEVELS, answers, new Map(), 1);
    expect(before.get('r3')).toBeNull();
    const after = scoreRubric(
      LEVELS,
      answers,
      new Map([
        ['r1', 3],
        ['r2', 3],
      ]),
      1,
    );
    expect(after.get('r3')).toMatchObject({ level: 3, method: 'centroid' });
    // r1 is scored against r2's vector and the descriptor, not its own
    expect(after.get('r1')).toMatchObject({ level: 3 });
    expect(after.get('r1')!.similarity).toBeLessThan(1);
    expect(after.get('r4')).toMatchObject({ level: 1 });
  });
});
