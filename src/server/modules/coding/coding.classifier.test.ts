import { describe, expect, it } from 'vitest';
import { SCHOOL_BARRIERS } from '../../../../test/fixtures/coding/school-barriers.data.js';
import { SCHOOL_BARRIERS_CODEBOOK } from '../../../../test/fixtures/coding/school-barriers.codebook.js';
import { compileCodebook } from './coding.engine.js';
import {
  classify,
  docsOf,
  featuresOf,
  foldOf,
  train,
  trainingCounts,
  trainingHash,
  type Example,
} from './coding.classifier.js';
import { classifierDecisions } from './coding.classifier.run.js';

const keys = SCHOOL_BARRIERS_CODEBOOK.map((c) => c.key);
const compiled = compileCodebook(SCHOOL_BARRIERS_CODEBOOK);
const exampleOf = (text: string, codes: string[], i: number): Example => ({
  responseId: `r${String(i).padStart(3, '0')}`,
  features: featuresOf(docsOf([{ question: 'q', text }])),
  codes,
  known: keys,
});
const examples = SCHOOL_BARRIERS.map((a, i) => exampleOf(a.text, a.codes, i));

describe('the classifier engine', () => {
  it('trains a code only with enough human codes with it and without it', () => {
    const few = examples.filter((e) => !e.codes.includes('illness') || e.responseId < 'r020');
    const counts = trainingCounts(few, keys);
    const illness = counts.find((c) => c.code === 'illness')!;
    expect(illness.positives).toBeLessThan(5);
    expect(illness.trained).toBe(false);
    expect(counts.find((c) => c.code === 'cost')!.trained).toBe(true);
    const model = train(few, keys);
    expect(model.models.has('illness')).toBe(false);
    expect(model.models.has('cost')).toBe(true);
    // a code the codebook lacked when the answer was coded is neither positive nor negative there
    const unknown = trainingCounts(
      examples.map((e) => ({ ...e, known: ['cost'] })),
      ['distance'],
    );
    expect(unknown[0]).toMatchObject({ positives: 0, negatives: 0, trained: false });
  });

  it('predicts deterministically, with a confidence and the sentence that weighs most as quote', () => {
    const text = 'We are well. The school fees are too expensive and we cannot pay them.';
    const a = classify(train(examples, keys), docsOf([{ question: 'q', text }]));
    const b = classify(train([...examples].reverse(), keys), docsOf([{ question: 'q', text }]));
    expect(a).toEqual(b);
    const cost = a.find((c) => c.code === 'cost')!;
    expect(cost.confidence).toBeGreaterThanOrEqual(0.5);
    expect(cost.confidence).toBeLessThanOrEqual(1);
    expect(cost.spans).toHaveLength(1);
    const [span] = cost.spans;
    expect(text.slice(span.start, span.end)).toBe(span.text);
    expect(span.text).toBe('The school fees are too expensive and we cannot pay them.');
    expect(a.some((c) => c.code === 'safety')).toBe(false);
  });

  it('names its training set by a hash of the decisions, whatever their order', () => {
    const h = trainingHash(examples);
    expect(trainingHash([...examples].reverse())).toBe(h);
    const recoded = examples.map((e, i) => (i === 0 ? { ...e, codes: ['safety'] } : e));
    expect(trainingHash(recoded)).not.toBe(h);
  });

  it('decides a human-coded answer by a model that did not see it (cross-fitting), rules for untrained codes', () => {
    // illness keeps only 3 human codes with it: the rules decide it
    const few = examples.filter((e) => !e.codes.includes('illness') || e.responseId < 'r020');
    const responses = SCHOOL_BARRIERS.map((a, i) => ({
      id: `r${String(i).padStart(3, '0')}`,
      answers: { q: a.text },
    }));
    const uncoded = { id: 'new', answers: { q: 'She is sick with fever; the fees are high.' } };
    const run = classifierDecisions({ id: 'col', questionKeys: ['q'] }, 3, compiled, few, [
      ...responses,
      uncoded,
    ]);
    expect(run.version).toMatch(
      new RegExp(`trained on ${few.length} human-coded answers #[0-9a-f]{8}; codebook v3`),
    );
    expect(run.version).toContain('rules for: illness');
    const last = run.decisions.at(-1)!;
    expect(last.engineVersion).toBe(run.version);
    expect(last.codes.find((c) => c.code === 'illness')).toMatchObject({ by: 'rules' });
    expect(last.codes.find((c) => c.code === 'cost')?.confidence).toBeGreaterThanOrEqual(0.5);
    for (const e of few) {
      const d = run.decisions.find((x) => x.responseId === e.responseId)!;
      const fold = foldOf('col', e.responseId);
      expect(d.engineVersion).toContain(`fold ${fold + 1} of 5 held out`);
      const others = few.filter((x) => foldOf('col', x.responseId) !== fold);
      const expected = classify(train(others, keys), docsOf([{ question: 'q', text: '' }]));
      expect(expected).toEqual([]);
      const text = SCHOOL_BARRIERS[Number(e.responseId.slice(1))].text;
      const learned = classify(train(others, keys), docsOf([{ question: 'q', text }]));
      expect(d.codes.filter((c) => c.by === undefined)).toEqual(learned);
    }
  });
});
