/**
 * Spherical k-means over sparse, L2-normalised vectors (cosine similarity), seeded so a run is
 * reproducible: k-means++ seeding from a fixed-seed generator, a few restarts, the one with the
 * highest total similarity kept. Plus the silhouette (cosine distance) to choose k.
 */
export interface SparseVec {
  /** term indexes, ascending */
  i: number[];
  /** weights, same length; the vector has norm 1 (or is empty) */
  v: number[];
}

/** mulberry32: a small deterministic generator in [0, 1). */
export function seeded(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const dotDense = (x: SparseVec, c: Float64Array) => {
  let s = 0;
  for (let j = 0; j < x.i.length; j++) s += x.v[j] * c[x.i[j]];
  return s;
};
const dotSparse = (a: SparseVec, b: SparseVec) => {
  let s = 0;
  for (let p = 0, q = 0; p < a.i.length && q < b.i.length;) {
    if (a.i[p] === b.i[q]) s += a.v[p++] * b.v[q++];
    else if (a.i[p] < b.i[q]) p++;
    else q++;
  }
  return s;
};

function centroidsOf(xs: SparseVec[], labels: number[], k: number, dim: number) {
  const cs = Array.from({ length: k }, () => new Float64Array(dim));
  xs.forEach((x, n) => {
    const c = cs[labels[n]];
    for (let j = 0; j < x.i.length; j++) c[x.i[j]] += x.v[j];
  });
  for (const c of cs) {
    let sq = 0;
    for (let d = 0; d < dim; d++) sq += c[d] * c[d];
    const norm = Math.sqrt(sq);
    if (norm > 0) for (let d = 0; d < dim; d++) c[d] /= norm;
  }
  return cs;
}

function plusPlus(xs: SparseVec[], k: number, dim: number, rand: () => number) {
  const chosen = [Math.floor(rand() * xs.length)];
  const best = xs.map((x) => 1 - dotSparse(x, xs[chosen[0]]));
  while (chosen.length < k) {
    const total = best.reduce((a, b) => a + b, 0);
    let r = rand() * total;
    let pick = best.findIndex((d) => (r -= d) < 0);
    if (pick < 0 || total <= 0) pick = best.findIndex((_, n) => !chosen.includes(n));
    chosen.push(pick);
    xs.forEach((x, n) => (best[n] = Math.min(best[n], 1 - dotSparse(x, xs[pick]))));
  }
  return chosen.map((n) => {
    const c = new Float64Array(dim);
    xs[n].i.forEach((t, j) => (c[t] = xs[n].v[j]));
    return c;
  });
}

export interface Clustering {
  labels: number[];
  centroids: Float64Array[];
  /** the sum of each vector's cosine similarity to its centroid */
  cohesion: number;
}

/** Cluster `xs` (dimension `dim`) into `k` groups; the same input and seed give the same result. */
export function kmeans(
  xs: SparseVec[],
  k: number,
  dim: number,
  opts: { seed?: number; restarts?: number; maxIterations?: number } = {},
): Clustering {
  if (k < 1 || k > xs.length) throw new RangeError(`k must be between 1 and ${xs.length}`);
  const rand = seeded(opts.seed ?? 42);
  let best: Clustering | null = null;
  for (let r = 0; r < (opts.restarts ?? 5); r++) {
    let centroids = plusPlus(xs, k, dim, rand);
    let labels = xs.map(() => -1);
    for (let it = 0; it < (opts.maxIterations ?? 100); it++) {
      const next = xs.map((x) => {
        let arg = 0;
        let top = -Infinity;
        centroids.forEach((c, j) => {
          const s = dotDense(x, c);
          if (s > top) [top, arg] = [s, j];
        });
        return arg;
      });
      // an emptied cluster takes the vector farthest from its own centroid
      const sizes = new Array<number>(k).fill(0);
      for (const l of next) sizes[l]++;
      for (let j = 0; j < k; j++) {
        if (sizes[j] > 0) continue;
        let far = 0;
        let low = Infinity;
        xs.forEach((x, n) => {
          const s = dotDense(x, centroids[next[n]]);
          if (s < low && sizes[next[n]] > 1) [low, far] = [s, n];
        });
        sizes[next[far]]--;
        sizes[j]++;
        next[far] = j;
      }
      const moved = next.some((l, n) => l !== labels[n]);
      labels = next;
      centroids = centroidsOf(xs, labels, k, dim);
      if (!moved) break;
    }
    const cohesion = xs.reduce((s, x, n) => s + dotDense(x, centroids[labels[n]]), 0);
    if (!best || cohesion > best.cohesion + 1e-12) best = { labels, centroids, cohesion };
  }
  return best!;
}

/** The mean silhouette with cosine distance (1 - similarity); 0 when there is one cluster. */
export function silhouette(xs: SparseVec[], labels: number[]): number {
  const k = Math.max(...labels) + 1;
  if (k < 2 || xs.length < 2) return 0;
  let total = 0;
  xs.forEach((x, n) => {
    const sum = new Array<number>(k).fill(0);
    const count = new Array<number>(k).fill(0);
    xs.forEach((y, m) => {
      if (m === n) return;
      sum[labels[m]] += 1 - dotSparse(x, y);
      count[labels[m]]++;
    });
    const own = labels[n];
    if (count[own] === 0) return; // a singleton scores 0
    const a = sum[own] / count[own];
    let b = Infinity;
    for (let j = 0; j < k; j++) if (j !== own && count[j] > 0) b = Math.min(b, sum[j] / count[j]);
    total += b === Infinity ? 0 : (b - a) / Math.max(a, b, 1e-12);
  });
  return total / xs.length;
}
