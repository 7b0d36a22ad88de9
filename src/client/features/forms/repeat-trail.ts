import type { BuilderQuestion } from '@shared/forms/forms.pages';

type Placed = Pick<BuilderQuestion, 'key' | 'label' | 'repeatKey'>;

/** The repeat groups a question sits in, outermost first (empty for a question asked once). */
function repeatsOf(questions: readonly Placed[], q: Placed): Placed[] {
  const byKey = new Map(questions.map((x) => [x.key, x]));
  const out: Placed[] = [];
  const seen = new Set([q.key]);
  for (let at = q.repeatKey ? byKey.get(q.repeatKey) : undefined; at && !seen.has(at.key);) {
    seen.add(at.key);
    out.unshift(at);
    at = at.repeatKey ? byKey.get(at.repeatKey) : undefined;
  }
  return out;
}

/**
 * The labels of a question's repeat groups, outermost first, ending with its own when `self`:
 * "Household members › Clinic visits". Empty for a question asked once.
 */
export const repeatTrail = (questions: readonly Placed[], q: Placed, self = false): string =>
  [...repeatsOf(questions, q), ...(self ? [q] : [])].map((x) => x.label).join(' › ');

/** How many repeat groups a question sits in (0: asked once). */
export const repeatDepth = (questions: readonly Placed[], q: Placed): number =>
  repeatsOf(questions, q).length;
