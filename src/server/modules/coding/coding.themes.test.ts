import { describe, expect, it } from 'vitest';
import { seeded } from './coding.kmeans.js';
import { discoverThemes, termsOf, vectorize, type ThemeDoc } from './coding.themes.js';

const TOPICS = {
  distance: [
    'The school is very far from our village.',
    'We walk a long way to the school, it is far.',
    'The walk to school takes two hours.',
    'No bus comes, the school is too far to walk.',
  ],
  cost: [
    'We cannot pay the school fees.',
    'The fees and uniforms cost too much money.',
    'We have no money for the exam fee.',
    'Books are expensive and the fees went up.',
  ],
  illness: [
    'My son was sick with malaria.',
    'She was ill and stayed at home, sick for weeks.',
    'He is often sick and the clinic is closed.',
    'Malaria made her ill all month.',
  ],
};

/** 60 answers: 20 per topic, each a topic sentence plus another of the same topic. */
function answers(seed = 11) {
  const rand = seeded(seed);
  const docs: Array<ThemeDoc & { topic: string }> = [];
  let seq = 0;
  for (const [topic, lines] of Object.entries(TOPICS))
    for (let n = 0; n < 20; n++) {
      const a = lines[Math.floor(rand() * lines.length)];
      const b = lines[Math.floor(rand() * lines.length)];
      seq++;
      docs.push({
        topic,
        responseId: `r${seq}`,
        seq,
        answers: [{ question: 'barrier', text: a === b ? a : `${a} ${b}` }],
      });
    }
  return docs;
}

describe('theme discovery', () => {
  it('terms are content-word lemmas', () => {
    expect(termsOf('The children were walking 5 km to the schools.')).toEqual([
      'child',
      'walk',
      'km',
      'school',
    ]);
  });

  it('vectorize keeps terms in two documents or more, normalised', () => {
    const { vocab, vectors } = vectorize([['fee', 'fee', 'bus'], ['fee', 'walk'], ['rare']]);
    expect(vocab).toEqual(['fee']);
    expect(vectors.map((x) => x.v)).toEqual([[1], [1], []]);
  });

  it('recovers three generated topics, chooses k = 3 itself, names and quotes them', async () => {
    const docs = answers();
    const d = await discoverThemes(docs, null);
    expect(d.k).toBe(3);
    expect(d.answered).toBe(60);
    expect(d.unclustered).toBe(0);
    expect(d.themes.map((t) => t.size).reduce((a, b) => a + b)).toBe(60);
    const byTopic = new Map(docs.map((x) => [x.responseId, x.topic]));
    for (const theme of d.themes) {
      const topicsOfQuotes = new Set(theme.quotes.map((q) => byTopic.get(q.responseId)));
      expect(topicsOfQuotes.size).toBe(1);
      expect(theme.size).toBe(20);
      expect(theme.share).toBeCloseTo(1 / 3, 2);
      expect(theme.quotes).toHaveLength(3);
      for (const q of theme.quotes) {
        const text = docs.find((x) => x.responseId === q.responseId)!.answers[0].text;
        expect(text.slice(q.start, q.end)).toBe(q.text);
      }
    }
    const names = d.themes.map((t) => t.topTerms.map((x) => x.term));
    expect(names.some((n) => n.includes('fee'))).toBe(true);
    expect(names.some((n) => n.includes('sick') || n.includes('malaria'))).toBe(true);
    expect(names.some((n) => n.includes('far') || n.includes('walk'))).toBe(true);
  });

  it('is reproducible: the same answers give the same themes', async () => {
    const a = await discoverThemes(answers(4), null);
    const b = await discoverThemes(answers(4), null);
    expect(b).toEqual(a);
    const fixed = await discoverThemes(answers(4), 5);
    expect(fixed.k).toBe(5);
    expect(fixed.candidates).toEqual([{ k: 5, silhouette: expect.any(Number) }]);
  });

  it('refuses too few answers with words to compare', async () => {
    const docs = answers().slice(0, 9);
    await expect(discoverThemes(docs, null)).rejects.toThrow(/at least 10/);
  });
});
