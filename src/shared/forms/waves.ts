/** The wave label used for responses without a wave. */
export const NO_WAVE = '(no wave)';

/**
 * Waves in the form's own order: those the form declares (in its order), then any other wave
 * (alphabetically: a wave dropped from the form still has responses), then responses without a
 * wave last. Duplicates are dropped.
 */
export function inWaveOrder(waves: Iterable<string>, declared: readonly string[]): string[] {
  const seen = new Set(waves);
  const first = declared.filter((w) => seen.has(w) && w !== NO_WAVE);
  const others = [...seen].filter((w) => !declared.includes(w) && w !== NO_WAVE).sort();
  return [...new Set(first), ...others, ...(seen.has(NO_WAVE) ? [NO_WAVE] : [])];
}
