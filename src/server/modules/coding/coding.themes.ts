import type { ThemeQuote, ThemeTerm } from '../../../shared/coding/themes.js';
import { tokenize } from './coding.engine.js';
import { kmeans, silhouette, type SparseVec } from './coding.kmeans.js';

/**
 * Theme discovery (inductive, offline): each response's open answers become a TF-IDF vector over
 * lemmas (wink-nlp, the rules engine's tokenizer; stop words and numbers left out), spherical
 * k-means groups them (k given, or the best silhouette over 2..8), each group is named by the
 * words that are most over-represented in it, and its most central answers are kept as quotes.
 * Machine-suggested from word overlap: a theme is a starting point for a code, not a finding.
 */
export const THEMES_ENGINE_VERSION = 'themes-1 (TF-IDF over wink-nlp lemmas, spherical k-means)';
const MIN_ANSWERS = 10;
const AUTO_K = { min: 2, max: 8 } as const;
const SEED = 20261126;
const TOP_TERMS = 8;
const NAME_TERMS = 3;
const QUOTES = 3;
/** silhouette is quadratic: computed on at most this many answers (an evenly spaced sample) */
const SILHOUETTE_SAMPLE = 600;

// English function words (wink's own list needs its model's cache; this one is plain and testable)
const STOP = new Set(
  `a about above after again against all also am an and any are as at be because been before
  being below between both but by can cannot could did do does doing down during each even ever
  every few for from further get gets got had has have having he her here hers herself him himself
  his how i if in into is it its itself just let me more most much must my myself no nor not now
  of off on once only or other our ours ourselves out over own per same she should so some such
  than that the their theirs them themselves then there these they this those through to too
  under until up upon us very was we were what when where which while who whom why will with
  would yet you your yours yourself yourselves s t don didn doesn isn wasn aren weren won wouldn
  couldn shouldn ve ll re m d`.split(/\s+/),
);

export interface ThemeDoc {
  responseId: string;
  seq: number;
  answers: Array<{ question: string; text: string }>;
}
interface DiscoveredTheme {
  name: string;
  size: number;
  /** size / clustered answers, 0..1 */
  share: number;
  topTerms: ThemeTerm[];
  quotes: ThemeQuote[];
}
export interface Discovery {
  k: number;
  silhouette: number;
  /** responses with some text in the column's questions */
  answered: number;
  /** answered but with no word left to compare (only stop words or numbers) */
  unclustered: number;
  candidates: Array<{ k: number; silhouette: number }>;
  themes: DiscoveredTheme[];
}

/** Not enough answers to cluster: the run fails with this message (not a fault of the job). */
export class TooFewAnswers extends Error {}

/** The content-word lemmas of a text, in order. */
export function termsOf(text: string): string[] {
  return tokenize(text)
    .map((t) => t.lemma)
    .filter((l) => l.length > 1 && /\p{L}/u.test(l) && !STOP.has(l) && !/^\d/.test(l));
}

/** TF-IDF vectors (log tf, smooth idf, L2-normalised) over terms in at least two documents. */
export function vectorize(docs: string[][]) {
  const df = new Map<string, number>();
  for (const d of docs) for (const t of new Set(d)) df.set(t, (df.get(t) ?? 0) + 1);
  const vocab = [...df.keys()].filter((t) => df.get(t)! >= 2).sort();
  const index = new Map(vocab.map((t, n) => [t, n]));
  const idf = vocab.map((t) => Math.log((1 + docs.length) / (1 + df.get(t)!)) + 1);
  const vectors: SparseVec[] = docs.map((d) => {
    const tf = new Map<number, number>();
    for (const t of d) {
      const n = index.get(t);
      if (n !== undefined) tf.set(n, (tf.get(n) ?? 0) + 1);
    }
    const i = [...tf.keys()].sort((a, b) => a - b);
    const v = i.map((n) => (1 + Math.log(tf.get(n)!)) * idf[n]);
    const norm = Math.hypot(...v);
    return { i, v: v.map((x) => x / norm) };
  });
  return { vocab, vectors };
}

const spread = <T>(xs: T[], max: number) =>
  xs.length <= max
    ? xs
    : Array.from({ length: max }, (_, n) => xs[Math.floor((n * xs.length) / max)]);

/** The best-supported sentence of an answer for a theme's words: offsets into the answer. */
function quoteOf(doc: ThemeDoc, words: Set<string>): ThemeQuote {
  let best: ThemeQuote | null = null;
  let top = -1;
  for (const a of doc.answers) {
    for (const m of a.text.matchAll(/[^.!?\n]+[.!?]*/g)) {
      const raw = m[0];
      const lead = raw.length - raw.trimStart().length;
      const text = raw.trim();
      if (!text) continue;
      const score = termsOf(text).filter((t) => words.has(t)).length;
      if (score > top) {
        top = score;
        const start = m.index + lead;
        best = {
          responseId: doc.responseId,
          seq: doc.seq,
          question: a.question,
          start,
          end: start + text.length,
          text,
        };
      }
    }
  }
  return best!;
}

/** Discover themes among the documents; `k` null chooses it by silhouette. Deterministic. */
export async function discoverThemes(
  docs: ThemeDoc[],
  k: number | null,
  onProgress: (done: number, total: number) => Promise<void> = async () => {},
): Promise<Discovery> {
  const answered = docs.filter((d) => d.answers.some((a) => a.text.trim() !== ''));
  const terms = answered.map((d) => d.answers.flatMap((a) => termsOf(a.text)));
  const { vocab, vectors } = vectorize(terms);
  const kept = answered.map((d, n) => ({ d, x: vectors[n] })).filter((e) => e.x.i.length > 0);
  const ks =
    k !== null
      ? [Math.min(k, kept.length)]
      : range(AUTO_K.min, Math.min(AUTO_K.max, Math.floor(kept.length / 3)));
  if (kept.length < MIN_ANSWERS || ks.length === 0 || ks[0] < 2)
    throw new TooFewAnswers(
      `Only ${kept.length} answers have words to compare; theme discovery needs at least ${MIN_ANSWERS}.`,
    );
  const xs = kept.map((e) => e.x);
  const sampleIdx = spread(
    xs.map((_, n) => n),
    SILHOUETTE_SAMPLE,
  );
  const candidates: Discovery['candidates'] = [];
  let chosen: { k: number; s: number; c: ReturnType<typeof kmeans> } | null = null;
  for (const [step, kk] of ks.entries()) {
    const c = kmeans(xs, kk, vocab.length, { seed: SEED, restarts: 10 });
    const s = silhouette(
      sampleIdx.map((n) => xs[n]),
      sampleIdx.map((n) => c.labels[n]),
    );
    candidates.push({ k: kk, silhouette: round(s) });
    if (!chosen || s > chosen.s + 1e-9) chosen = { k: kk, s, c };
    await onProgress(step + 1, ks.length);
  }
  const { c } = chosen!;
  const themes = c.centroids.map((centroid, j) => {
    const members = kept.filter((_, n) => c.labels[n] === j);
    const rest = xs.filter((_, n) => c.labels[n] !== j);
    const outside = new Float64Array(vocab.length);
    for (const x of rest) x.i.forEach((t, p) => (outside[t] += x.v[p] / rest.length));
    const inside = new Float64Array(vocab.length);
    for (const m of members) m.x.i.forEach((t, p) => (inside[t] += m.x.v[p] / members.length));
    const topTerms = vocab
      .map((term, t) => ({ term, weight: round(inside[t] - outside[t]) }))
      .filter((t) => t.weight > 0)
      .sort((a, b) => b.weight - a.weight || a.term.localeCompare(b.term))
      .slice(0, TOP_TERMS);
    const words = new Set(topTerms.map((t) => t.term));
    const central = members
      .map((m) => ({ m, s: m.x.i.reduce((acc, t, p) => acc + m.x.v[p] * centroid[t], 0) }))
      .sort((a, b) => b.s - a.s || a.m.d.seq - b.m.d.seq)
      .slice(0, QUOTES)
      .map(({ m }) => quoteOf(m.d, words));
    return {
      name:
        topTerms
          .slice(0, NAME_TERMS)
          .map((t) => t.term)
          .join(' / ') || `Theme ${j + 1}`,
      size: members.length,
      share: round(members.length / kept.length),
      topTerms,
      quotes: central,
    };
  });
  themes.sort((a, b) => b.size - a.size || a.name.localeCompare(b.name));
  return {
    k: chosen!.k,
    silhouette: round(chosen!.s),
    answered: answered.length,
    unclustered: answered.length - kept.length,
    candidates,
    themes,
  };
}

const round = (x: number) => Math.round(x * 1000) / 1000;
const range = (a: number, b: number) =>
  Array.from({ length: Math.max(0, b - a + 1) }, (_, n) => a + n);
