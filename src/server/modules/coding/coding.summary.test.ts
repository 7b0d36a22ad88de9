import { describe, expect, it } from 'vitest';
import { analyse } from './coding.analyse.js';
import { summarise, summariseColumn } from './coding.summary.js';

const ANSWERS = [
  'The teachers are often absent from school. We like the new books.',
  'Teachers are absent many days, so the children go home early.',
  'When teachers are absent the classroom stays empty.',
  'The road floods in the rainy season.',
  'Absent teachers are the main problem at our school.',
  'My daughter enjoys the football club after class.',
  'Ok.',
];
const responses = ANSWERS.map((text, i) =>
  analyse({ id: `r${i}`, seq: i + 1, wave: ['endline', 'baseline', 'midline'][i % 3] }, [
    { question: 'say', text },
  ]),
);

describe('extractive summary (TextRank)', () => {
  it('chooses the central sentences first and quotes each verbatim from its answer', () => {
    const summary = summarise(responses);
    expect(summary.length).toBeGreaterThan(0);
    expect(summary[0].text.toLowerCase()).toMatch(/teachers? (are )?.*absent|absent teachers/);
    for (const s of summary) {
      const answer = ANSWERS[Number(s.responseId.slice(1))];
      expect(answer.slice(s.start, s.end)).toBe(s.text);
    }
    expect(summary[0].text).toBe('The teachers are often absent from school.');
    // redundancy: its near copy (same content words plus two) is not chosen as well
    expect(summary.map((s) => s.text)).not.toContain(
      'Absent teachers are the main problem at our school.',
    );
    // too short to be a candidate
    expect(summary.some((s) => s.text === 'Ok.')).toBe(false);
  });

  it('summarises per wave when the form has waves, and is empty without answers', () => {
    // the form's order, not the alphabet (midline after endline)
    const column = summariseColumn(responses, ['baseline', 'midline', 'endline']);
    expect(column.byWave.map((w) => [w.wave, w.responses])).toEqual([
      ['baseline', 2],
      ['midline', 2],
      ['endline', 3],
    ]);
    for (const w of column.byWave)
      for (const s of w.sentences)
        expect(responses.find((r) => r.id === s.responseId)!.wave).toBe(w.wave);
    expect(summariseColumn([], [])).toEqual({
      engine: 'textrank',
      sentences: 0,
      overall: [],
      byWave: [],
    });
  });
});
