import type { RubricDecision, RubricLevel } from '../../../shared/coding/kinds.js';
import type { AnalysedResponse } from './coding.analyse.js';
import {
  centroid,
  cosine,
  idfOf,
  normalise,
  round3,
  stems,
  tfidf,
  type Vector,
} from './coding.text.js';

/**
 * The offline rubric engine: every answer gets the level whose text is most similar to it, by
 * TF-IDF cosine over content-word stems. Without human scores a level is its descriptor plus its
 * example answers ('descriptor'). With human scores (the verification sample) a level is the
 * centroid of its descriptor and the answers people scored at that level ('centroid', nearest
 * centroid); a human-scored answer is scored leave-one-out, without its own vector, so the
 * agreement measured on the sample is not flattered. An answer sharing no word with any level is
 * left unscored (null). The quote is the sentence most similar to the chosen level.
 */
export const RUBRIC_ENGINE = 'tfidf-rubric';
export const RUBRIC_ENGINE_VERSION =
  'tfidf-rubric-1 (wink-nlp 2.4.0, wink-eng-lite-web-model 1.8.1)';

export function scoreRubric(
  levels: RubricLevel[],
  responses: AnalysedResponse[],
  human: Map<string, number>,
  rubricVersion: number,
): Map<string, RubricDecision | null> {
  const levelDocs = levels.map((l) => stems([l.descriptor, ...l.examples].join('\n')));
  const answerDocs = responses.map((r) => r.sentences.flatMap((s) => s.stems));
  const idf = idfOf([...levelDocs, ...answerDocs]);
  const prototypes = levelDocs.map((d) => tfidf(d, idf));
  const answerVecs = answerDocs.map((d) => tfidf(d, idf));
  const byId = new Map(responses.map((r, i) => [r.id, i]));
  const trained = [...human].filter(
    ([id, level]) => byId.has(id) && level >= 1 && level <= levels.length,
  );
  const method: RubricDecision['method'] = trained.length > 0 ? 'centroid' : 'descriptor';
  // per level: the sum of its member vectors (prototype and human-scored answers)
  const sums: Vector[] = prototypes.map((p) => new Map(p));
  for (const [id, level] of trained)
    for (const [k, x] of answerVecs[byId.get(id)!])
      sums[level - 1].set(k, (sums[level - 1].get(k) ?? 0) + x);
  const full = sums.map((s) => (method === 'centroid' ? normalise(s) : s));
  const out = new Map<string, RubricDecision | null>();
  responses.forEach((r, i) => {
    const v = answerVecs[i];
    if (v.size === 0) return out.set(r.id, null);
    const own = human.get(r.id);
    const targets =
      method === 'centroid' && own !== undefined && own >= 1 && own <= levels.length
        ? full.map((c, li) => (li === own - 1 ? withoutMember(sums[li], v) : c))
        : full;
    const sims = targets.map((c) => cosine(v, c));
    let best = 0;
    sims.forEach((s, li) => {
      if (s > sims[best]) best = li;
    });
    if (sims[best] <= 0) return out.set(r.id, null);
    out.set(r.id, {
      level: best + 1,
      similarity: round3(sims[best]),
      method,
      quote: bestSentence(r, targets[best], idf),
      rubricVersion,
    });
  });
  return out;
}

const withoutMember = (sum: Vector, member: Vector) => {
  const rest: Vector = new Map(sum);
  for (const [k, x] of member) rest.set(k, (rest.get(k) ?? 0) - x);
  return centroid([rest]);
};

function bestSentence(r: AnalysedResponse, target: Vector, idf: (s: string) => number) {
  let best: RubricDecision['quote'] = null;
  let bestSim = 0;
  for (const s of r.sentences) {
    const sim = cosine(tfidf(s.stems, idf), target);
    if (sim > bestSim) {
      bestSim = sim;
      best = { question: s.question, start: s.start, end: s.end, text: s.text };
    }
  }
  return best;
}
