/**
 * The verification sample: a seeded random draw, the same for the same seed and ids whatever
 * their order. Each id gets a score from a 32-bit FNV-1a hash of `seed:id`; the ids with the
 * lowest scores are drawn. Adding responses never moves an already drawn id out unless a new id
 * scores lower and the sample size stays the same (the size grows with the count).
 */
export function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

/** How many to draw: `percent` of the responses (rounded up), at least `min` (or all of them). */
export function sampleSize(count: number, percent: number, min = 10): number {
  return Math.min(count, Math.max(min, Math.ceil((count * percent) / 100)));
}

export function drawSample(ids: readonly string[], seed: string, size: number): string[] {
  return [...ids]
    .map((id) => ({ id, score: fnv1a(`${seed}:${id}`) }))
    .sort((a, b) => a.score - b.score || (a.id < b.id ? -1 : 1))
    .slice(0, Math.max(0, size))
    .map((s) => s.id);
}
