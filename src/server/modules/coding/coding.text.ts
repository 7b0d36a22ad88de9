import winkNLP, { type ItemSentence, type ItemToken } from 'wink-nlp';
import model from 'wink-eng-lite-web-model';

/**
 * Text vectors for the rubric and summary engines: sentences with their offsets, content-word
 * stems (wink-nlp's English model, stop words and punctuation dropped), TF-IDF vectors and
 * cosine similarity. Sparse vectors are Maps from stem to weight, L2-normalised.
 */
const nlp = winkNLP(model);
const its = nlp.its;
const stemIts = its.stem as unknown as typeof its.normal;

export type Vector = Map<string, number>;

export interface Sentence {
  /** offsets into the text ([start, end), UTF-16 units) */
  start: number;
  end: number;
  text: string;
  stems: string[];
}

const stemsOf = (tokens: { each(cb: (t: ItemToken) => void): void }) => {
  const out: string[] = [];
  tokens.each((t: ItemToken) => {
    if (t.out(its.type) !== 'word' || t.out(its.stopWordFlag)) return;
    const stem = (t.out(stemIts) as string).toLowerCase();
    if (stem.length > 1) out.push(stem);
  });
  return out;
};

/** The content-word stems of a text. */
export const stems = (text: string): string[] => stemsOf(nlp.readDoc(text).tokens());

/** The sentences of a text, each found verbatim at its offsets. */
export function sentencesOf(text: string): Sentence[] {
  const out: Sentence[] = [];
  let cursor = 0;
  nlp
    .readDoc(text)
    .sentences()
    .each((s: ItemSentence) => {
      const value = (s.out() as string).trim();
      const at = value ? text.indexOf(value, cursor) : -1;
      if (at < 0) return;
      cursor = at + value.length;
      out.push({ start: at, end: at + value.length, text: value, stems: stemsOf(s.tokens()) });
    });
  return out;
}

/** Smoothed inverse document frequency over a corpus of stem lists. */
export function idfOf(docs: string[][]): (stem: string) => number {
  const df = new Map<string, number>();
  for (const d of docs) for (const s of new Set(d)) df.set(s, (df.get(s) ?? 0) + 1);
  const n = docs.length;
  return (stem) => Math.log((1 + n) / (1 + (df.get(stem) ?? 0))) + 1;
}

/** A normalised TF-IDF vector (sublinear term frequency). */
export function tfidf(doc: string[], idf: (stem: string) => number): Vector {
  const tf = new Map<string, number>();
  for (const s of doc) tf.set(s, (tf.get(s) ?? 0) + 1);
  const v: Vector = new Map();
  for (const [s, n] of tf) v.set(s, (1 + Math.log(n)) * idf(s));
  return normalise(v);
}

export function normalise(v: Vector): Vector {
  let sq = 0;
  for (const x of v.values()) sq += x * x;
  const norm = Math.sqrt(sq);
  if (norm === 0) return v;
  const out: Vector = new Map();
  for (const [k, x] of v) out.set(k, x / norm);
  return out;
}

/** Cosine similarity of two normalised vectors. */
export function cosine(a: Vector, b: Vector): number {
  const [small, big] = a.size <= b.size ? [a, b] : [b, a];
  let dot = 0;
  for (const [k, x] of small) {
    const y = big.get(k);
    if (y !== undefined) dot += x * y;
  }
  return dot;
}

/** The (normalised) mean of some vectors: a centroid. */
export function centroid(vs: Vector[]): Vector {
  const sum: Vector = new Map();
  for (const v of vs) for (const [k, x] of v) sum.set(k, (sum.get(k) ?? 0) + x);
  return normalise(sum);
}

export const round3 = (x: number) => Math.round(x * 1000) / 1000;
