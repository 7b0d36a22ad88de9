import type { ColumnSummary, SummarySentence } from '../../../shared/coding/kinds.js';
import type { AnalysedResponse } from './coding.analyse.js';
import { cosine, idfOf, round3, tfidf } from './coding.text.js';
import { inWaveOrder, NO_WAVE } from '../../../shared/forms/waves.js';

/**
 * The offline extractive summary: TextRank over the answers' sentences (a graph weighted by TF-IDF
 * cosine, PageRank with damping 0.85), then the most central sentences, skipping one too close
 * (cosine > 0.5) to a sentence already chosen. Each is quoted verbatim with its response.
 * Sentences of fewer than 3 content words are not candidates; at most MAX_SENTENCES sentences
 * (the earliest responses first) enter the graph.
 */
export const SUMMARY_ENGINE = 'textrank';
export const SUMMARY_ENGINE_VERSION =
  'textrank-1 (tf-idf cosine, wink-nlp 2.4.0, wink-eng-lite-web-model 1.8.1)';
const SUMMARY_SIZE = 5;
const MAX_SENTENCES = 1500;
const MIN_WORDS = 3;
const REDUNDANT = 0.5;
const DAMPING = 0.85;
const ITERATIONS = 30;

export function summarise(responses: AnalysedResponse[], size = SUMMARY_SIZE): SummarySentence[] {
  const candidates = responses
    .flatMap((r) => r.sentences.map((s) => ({ ...s, responseId: r.id, seq: r.seq })))
    .filter((s) => s.stems.length >= MIN_WORDS)
    .slice(0, MAX_SENTENCES);
  const n = candidates.length;
  if (n === 0) return [];
  const idf = idfOf(candidates.map((c) => c.stems));
  const vecs = candidates.map((c) => tfidf(c.stems, idf));
  const weights: Array<Array<[number, number]>> = candidates.map(() => []);
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++)
    for (let j = i + 1; j < n; j++) {
      const w = cosine(vecs[i], vecs[j]);
      if (w <= 0) continue;
      weights[i].push([j, w]);
      weights[j].push([i, w]);
      out[i] += w;
      out[j] += w;
    }
  let rank = new Float64Array(n).fill(1 / n);
  for (let it = 0; it < ITERATIONS; it++) {
    const next = new Float64Array(n).fill((1 - DAMPING) / n);
    let dangling = 0;
    for (let i = 0; i < n; i++) if (out[i] === 0) dangling += rank[i];
    for (let i = 0; i < n; i++) {
      next[i] += (DAMPING * dangling) / n;
      for (const [j, w] of weights[i]) next[i] += (DAMPING * rank[j] * w) / out[j];
    }
    rank = next;
  }
  const order = candidates.map((_, i) => i).sort((a, b) => rank[b] - rank[a] || a - b);
  const chosen: number[] = [];
  for (const i of order) {
    if (chosen.length >= size) break;
    if (chosen.some((c) => cosine(vecs[c], vecs[i]) > REDUNDANT)) continue;
    chosen.push(i);
  }
  return chosen.map((i) => {
    const c = candidates[i];
    return {
      responseId: c.responseId,
      seq: c.seq,
      question: c.question,
      start: c.start,
      end: c.end,
      text: c.text,
      score: round3(rank[i] * n),
    };
  });
}

/**
 * The answers grouped by wave when the form has waves (in the form's own order `declared`, then
 * waves it no longer declares, then those with none), or no group at all when none has a wave.
 */
export function waveGroups<T extends { wave: string | null }>(
  items: T[],
  declared: readonly string[],
): Array<{ wave: string; items: T[] }> {
  if (!items.some((r) => r.wave)) return [];
  return inWaveOrder(
    items.map((r) => r.wave ?? NO_WAVE),
    declared,
  ).map((wave) => ({
    wave,
    items: items.filter((r) => (r.wave ?? NO_WAVE) === wave),
  }));
}

/** The summary of all the answers and, when the form has waves, of each wave (in its order). */
export function summariseColumn(
  responses: AnalysedResponse[],
  waves: readonly string[],
): ColumnSummary {
  return {
    engine: 'textrank',
    sentences: responses.reduce((a, r) => a + r.sentences.length, 0),
    overall: summarise(responses),
    byWave: waveGroups(responses, waves).map(({ wave, items }) => ({
      wave,
      responses: items.length,
      sentences: summarise(items, 3),
    })),
  };
}
