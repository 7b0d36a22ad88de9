import { describe, expect, it } from 'vitest';
import { SCHOOL_BARRIERS } from '../../../../test/fixtures/coding/school-barriers.data.js';
import { SCHOOL_BARRIERS_CODEBOOK } from '../../../../test/fixtures/coding/school-barriers.codebook.js';
import { codeAnswers, compileCodebook, tokenize } from './coding.engine.js';

const codebook = compileCodebook(SCHOOL_BARRIERS_CODEBOOK);

describe('the offline rules engine', () => {
  it('gives tokens offsets into the original text', () => {
    const text = "The school's far; we can't pay fees.";
    const tokens = tokenize(text);
    let end = 0;
    for (const t of tokens) {
      expect(t.start).toBeGreaterThanOrEqual(end);
      expect(text.slice(t.start, t.end).trim()).toBe(text.slice(t.start, t.end));
      end = t.end;
    }
    const fees = tokens.find((t) => t.stem === 'fee')!;
    expect(text.slice(fees.start, fees.end)).toBe('fees');
  });

  it('every span of every code is really in its answer, at its offsets', () => {
    let spans = 0;
    for (const a of SCHOOL_BARRIERS) {
      const answers = [
        { question: 'why', text: a.text },
        { question: 'other', text: `Also: ${a.text.toUpperCase()}` },
      ];
      for (const c of codeAnswers(answers, codebook).codes) {
        expect(c.spans.length).toBeGreaterThan(0);
        for (const s of c.spans) {
          const source = answers.find((x) => x.question === s.question)!.text;
          expect(source.slice(s.start, s.end)).toBe(s.text);
          expect(s.end).toBeGreaterThan(s.start);
          spans++;
        }
      }
    }
    expect(spans).toBeGreaterThan(200);
  });

  it('matches by lemma or stem, phrases in order, and honours exclude rules', () => {
    const cb = compileCodebook([
      {
        key: 'water',
        label: 'Water',
        definition: '',
        include: ['fetch water'],
        exclude: [],
        examples: [],
      },
      {
        key: 'cost',
        label: 'Cost',
        definition: '',
        include: ['fee'],
        exclude: ['free'],
        examples: [],
      },
    ]);
    const text = 'She fetches water daily. Fees are high.';
    const { codes } = codeAnswers([{ question: 'q', text }], cb);
    expect(codes).toEqual([
      { code: 'water', spans: [{ question: 'q', start: 4, end: 17, text: 'fetches water' }] },
      { code: 'cost', spans: [{ question: 'q', start: 25, end: 29, text: 'Fees' }] },
    ]);
    expect(
      codeAnswers([{ question: 'q', text: 'Water to fetch; fees are free' }], cb).codes,
    ).toEqual([]);
  });

  it('gives an indicative sentiment in -1..1, none for empty answers', () => {
    const { sentiment } = codeAnswers(
      [{ question: 'q', text: 'The teachers are great and kind.' }],
      codebook,
    );
    expect(sentiment).toBeGreaterThan(0);
    expect(sentiment).toBeLessThanOrEqual(1);
    expect(codeAnswers([{ question: 'q', text: '  ' }], codebook)).toEqual({
      codes: [],
      sentiment: null,
    });
  });
});
