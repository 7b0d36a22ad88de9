import type { AppliedCode, QuoteSpan } from '../../../shared/coding/coding.js';
import { CLASSIFIER_MIN_EXAMPLES } from '../../../shared/coding/coding.js';
import { fnv1a } from '../../../shared/coding/sample.js';
import { sentencesOf, type Sentence } from './coding.text.js';

/**
 * The offline classifier engine ('classifier'): one binary naive Bayes model per code (multi-label,
 * one-vs-rest) trained on the answers people coded in this column (their blind verification
 * codes). Features are the answer's content-word stems (wink-nlp's English model, stop words
 * dropped, each counted once per answer: binarised multinomial NB, additive smoothing ALPHA). A code
 * is trained only when the human codes hold at least CLASSIFIER_MIN_EXAMPLES answers with it and
 * as many without it; the others are coded by the rules. The model applies a code when its
 * posterior is at least 0.5; the posterior is the code's confidence. Its quote is the sentence
 * whose stems weigh most towards the code (the sum of their positive log-likelihood ratios).
 * Pure and deterministic: same examples, same model.
 */
export const CLASSIFIER_ENGINE = 'classifier';
const ALGORITHM = 'classifier-1 (naive Bayes per code over wink-nlp stems)';
/** cross-fitting folds: a human-coded answer is decided by a model trained without its fold */
export const FOLDS = 5;
/**
 * additive smoothing of the stem counts: 0.3 was the best of 1, 0.3 and 0.1 by the bench's 5-fold
 * cross-validation (bench/coding.ts), a choice made on that set
 */
const ALPHA = 0.3;

export interface Example {
  responseId: string;
  /** the distinct content-word stems of the answers */
  features: string[];
  /** the codes the person gave */
  codes: string[];
  /** the codes the codebook had when the person coded (only those are known positives/negatives) */
  known: string[];
}

interface CodeModel {
  /** log P(code) - log P(not code) */
  prior: number;
  /** per stem: log P(stem | code) - log P(stem | not code) */
  /** (a stem seen in no training answer weighs nothing) */
  weights: Map<string, number>;
}
export interface Classifier {
  models: Map<string, CodeModel>;
  examples: number;
}

/** Per code: how many human-coded answers have it and do not, and whether that is enough. */
export function trainingCounts(examples: Example[], codes: string[]) {
  return codes.map((code) => {
    let positives = 0;
    let negatives = 0;
    for (const e of examples) {
      if (!e.known.includes(code)) continue;
      if (e.codes.includes(code)) positives++;
      else negatives++;
    }
    return {
      code,
      positives,
      negatives,
      trained: positives >= CLASSIFIER_MIN_EXAMPLES && negatives >= CLASSIFIER_MIN_EXAMPLES,
    };
  });
}

export function train(examples: Example[], codes: string[]): Classifier {
  const models = new Map<string, CodeModel>();
  for (const { code, trained } of trainingCounts(examples, codes)) {
    if (!trained) continue;
    const pos = new Map<string, number>();
    const neg = new Map<string, number>();
    let nPos = 0;
    let nNeg = 0;
    let totalPos = 0;
    let totalNeg = 0;
    for (const e of examples) {
      if (!e.known.includes(code)) continue;
      const yes = e.codes.includes(code);
      const counts = yes ? pos : neg;
      if (yes) nPos++;
      else nNeg++;
      for (const f of e.features) counts.set(f, (counts.get(f) ?? 0) + 1);
      if (yes) totalPos += e.features.length;
      else totalNeg += e.features.length;
    }
    const vocab = [...new Set([...pos.keys(), ...neg.keys()])].sort();
    const v = vocab.length;
    const weights = new Map<string, number>();
    for (const w of vocab)
      weights.set(
        w,
        Math.log(((pos.get(w) ?? 0) + ALPHA) / (totalPos + ALPHA * v)) -
          Math.log(((neg.get(w) ?? 0) + ALPHA) / (totalNeg + ALPHA * v)),
      );
    models.set(code, { prior: Math.log(nPos / nNeg), weights });
  }
  return { models, examples: examples.length };
}

const sigmoid = (x: number) => 1 / (1 + Math.exp(-x));
const round3 = (x: number) => Math.round(x * 1000) / 1000;

export interface ClassifierDoc {
  question: string;
  text: string;
  sentences: Sentence[];
}
export const docsOf = (answers: Array<{ question: string; text: string }>): ClassifierDoc[] =>
  answers
    .filter((a) => a.text.trim() !== '')
    .map((a) => ({ ...a, sentences: sentencesOf(a.text) }));
export const featuresOf = (docs: ClassifierDoc[]) =>
  [...new Set(docs.flatMap((d) => d.sentences.flatMap((s) => s.stems)))].sort();

/**
 * The trained codes a response earns (confidence = posterior, applied at 0.5 or more), each
 * quoting the sentence that weighs most towards it. Untrained codes are not decided here.
 */
export function classify(classifier: Classifier, docs: ClassifierDoc[]): AppliedCode[] {
  const features = featuresOf(docs);
  const out: AppliedCode[] = [];
  for (const [code, m] of classifier.models) {
    let score = m.prior;
    for (const f of features) score += m.weights.get(f) ?? 0;
    const confidence = sigmoid(score);
    if (confidence < 0.5) continue;
    let best: { span: QuoteSpan; weight: number } | null = null;
    for (const d of docs)
      for (const s of d.sentences) {
        let weight = 0;
        for (const f of new Set(s.stems)) weight += Math.max(0, m.weights.get(f) ?? 0);
        if (!best || weight > best.weight)
          best = {
            span: { question: d.question, start: s.start, end: s.end, text: s.text },
            weight,
          };
      }
    // an answer with no sentence to quote cannot carry a code: every code points at its quote
    if (!best) continue;
    out.push({ code, spans: [best.span], confidence: round3(confidence) });
  }
  return out;
}

/** A short hash of the training decisions (who was coded with what, under which codebook). */
export function trainingHash(examples: Example[]): string {
  const lines = examples
    .map((e) => `${e.responseId}:${[...e.codes].sort().join(',')}:${[...e.known].sort().join(',')}`)
    .sort();
  return fnv1a(lines.join('\n')).toString(16).padStart(8, '0');
}

/** The fold of a human-coded answer (seeded by the column: stable across runs). */
export const foldOf = (seed: string, responseId: string) => fnv1a(`${seed}|${responseId}`) % FOLDS;

/**
 * The engine version a classifier decision records: the algorithm, the training set (count and
 * hash), the codebook version, the held-out fold (a human-coded answer) and the codes left to the
 * rules.
 */
export function classifierVersion(opts: {
  examples: Example[];
  codebookVersion: number;
  fold?: number;
  fallback: string[];
}): string {
  const parts = [
    ALGORITHM,
    `trained on ${opts.examples.length} human-coded answers #${trainingHash(opts.examples)}`,
    `codebook v${opts.codebookVersion}`,
  ];
  if (opts.fold !== undefined)
    parts.push(`cross-fitted: fold ${opts.fold + 1} of ${FOLDS} held out (its own answer unseen)`);
  if (opts.fallback.length > 0) parts.push(`rules for: ${opts.fallback.join(', ')}`);
  return parts.join('; ');
}
