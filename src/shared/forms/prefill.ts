/**
 * Prefill of a repeat group on a personal link: the instances a stakeholder gave before, as the
 * public form's inputs hold them (the server makes them, the page starts with them).
 */
import { isDisplayOnly, otherKey, type QuestionDef } from './questions.js';
import { repeatBounds, validateAnswers } from './answers.js';

/** One repeat instance as the public form's inputs hold it (numbers as text, as typed). */
export type PrefillInstance = {
  [key: string]: string | string[] | boolean | Record<string, string> | PrefillInstance[];
};

/** A stored answer as an input holds it: numbers (a geopoint's too) as text; null when it is not one. */
function asInput(v: unknown): PrefillInstance[string] | null {
  if (typeof v === 'number') return Number.isFinite(v) ? String(v) : null;
  if (typeof v === 'string' || typeof v === 'boolean') return v;
  if (Array.isArray(v)) return v.every((x) => typeof x === 'string') ? (v as string[]) : null;
  if (v && typeof v === 'object') {
    const out: Record<string, string> = {};
    for (const [k, x] of Object.entries(v))
      if (typeof x === 'string' || typeof x === 'number') out[k] = String(x);
      else return null;
    return out;
  }
  return null;
}

/**
 * A repeat's instances to start the public form with, from a stakeholder's known answer (their
 * registration, or their latest response to the form): only this version's questions of the
 * repeat, each value one its question still takes (a choice since removed is dropped; a
 * calculation is recomputed, so never carried), empty instances dropped, at most the repeat's
 * maximum. Null when nothing is left.
 */
export function repeatPrefill(q: QuestionDef, known: unknown): PrefillInstance[] | null {
  if (q.type !== 'repeat' || !Array.isArray(known)) return null;
  const children = (q.questions ?? []).filter(
    (c) => c.type !== 'calculate' && !isDisplayOnly(c.type),
  );
  const out: PrefillInstance[] = [];
  for (const raw of known) {
    if (!raw || typeof raw !== 'object' || Array.isArray(raw)) continue;
    const inst: PrefillInstance = {};
    for (const c of children) {
      if (c.type === 'repeat') {
        const inner = repeatPrefill(c, (raw as Record<string, unknown>)[c.key]);
        if (inner) inst[c.key] = inner;
        continue;
      }
      const v = asInput((raw as Record<string, unknown>)[c.key]);
      if (v === null) continue;
      // checked alone (not required, no skip logic or constraint: those read the whole instance)
      const alone = { ...c, required: false, relevant: null, constraint: null };
      const other = (raw as Record<string, unknown>)[otherKey(c.key)];
      const sent = c.allowOther && typeof other === 'string' ? { [otherKey(c.key)]: other } : {};
      if (Object.keys(validateAnswers([alone], { [c.key]: v, ...sent }).errors).length) continue;
      Object.assign(inst, { [c.key]: v }, sent);
    }
    if (Object.keys(inst).length) out.push(inst);
  }
  const { max } = repeatBounds(q);
  return out.length ? out.slice(0, max) : null;
}
