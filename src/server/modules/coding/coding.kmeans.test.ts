import { describe, expect, it } from 'vitest';
import { kmeans, seeded, silhouette, type SparseVec } from './coding.kmeans.js';

/** Three generated topics over disjoint term ranges plus shared noise terms, L2-normalised. */
function topics(perTopic: number, seed = 7) {
  const rand = seeded(seed);
  const xs: SparseVec[] = [];
  const truth: number[] = [];
  for (let topic = 0; topic < 3; topic++)
    for (let n = 0; n < perTopic; n++) {
      const w = new Map<number, number>();
      for (let j = 0; j < 4; j++) w.set(topic * 10 + Math.floor(rand() * 10), 1 + rand());
      w.set(30 + Math.floor(rand() * 5), 0.5 * rand()); // shared noise
      const i = [...w.keys()].sort((a, b) => a - b);
      const v = i.map((t) => w.get(t)!);
      const norm = Math.hypot(...v);
      xs.push({ i, v: v.map((x) => x / norm) });
      truth.push(topic);
    }
  return { xs, truth, dim: 35 };
}

/** Same partition up to the clusters' numbering. */
const samePartition = (a: number[], b: number[]) =>
  a.every((_, n) => a.every((__, m) => (a[n] === a[m]) === (b[n] === b[m])));

describe('kmeans', () => {
  it('recovers separable generated topics', () => {
    const { xs, truth, dim } = topics(20);
    const c = kmeans(xs, 3, dim);
    expect(samePartition(c.labels, truth)).toBe(true);
    expect(new Set(c.labels).size).toBe(3);
  });

  it('is deterministic: the same input and seed give the same clusters', () => {
    const { xs, dim } = topics(15, 99);
    const a = kmeans(xs, 4, dim, { seed: 5 });
    const b = kmeans(xs, 4, dim, { seed: 5 });
    expect(b.labels).toEqual(a.labels);
    expect(b.cohesion).toBe(a.cohesion);
  });

  it('never leaves a cluster empty, and refuses an impossible k', () => {
    const same: SparseVec[] = Array.from({ length: 5 }, () => ({ i: [0], v: [1] }));
    const c = kmeans(same, 3, 1);
    expect(new Set(c.labels).size).toBe(3);
    expect(() => kmeans(same, 6, 1)).toThrow(RangeError);
    expect(() => kmeans(same, 0, 1)).toThrow(RangeError);
  });

  it('silhouette is highest at the true number of topics', () => {
    const { xs, dim } = topics(15, 3);
    const scores = [2, 3, 4, 5, 6].map((k) => silhouette(xs, kmeans(xs, k, dim).labels));
    expect(scores.indexOf(Math.max(...scores))).toBe(1);
    expect(scores[1]).toBeGreaterThan(0);
    // two tight orthogonal groups: a = 0, b = 1, silhouette 1
    const two: SparseVec[] = [0, 0, 1, 1].map((t) => ({ i: [t], v: [1] }));
    expect(silhouette(two, [0, 0, 1, 1])).toBe(1);
    expect(
      silhouette(
        xs,
        xs.map(() => 0),
      ),
    ).toBe(0);
  });

  it('the seeded generator repeats and stays in [0, 1)', () => {
    const a = seeded(1);
    const b = seeded(1);
    const xs = Array.from({ length: 1000 }, () => a());
    expect(xs).toEqual(Array.from({ length: 1000 }, () => b()));
    expect(xs.every((x) => x >= 0 && x < 1)).toBe(true);
  });
});
