/**
 * The response edit form's values: a stored answer as an input holds it and back. A repeat's
 * instances are lists of these at any depth (a repeat inside an instance keeps its own instances).
 */
export type EditValue = string | string[] | boolean | Record<string, unknown> | EditAnswers[];
export type EditAnswers = { [key: string]: EditValue };

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * A stored answer as the edit form holds it: numbers as text, yes/no as its value, a matrix, a
 * location or a file as its object, a repeat's instances as lists of these.
 */
export const toEditValue = (v: unknown): EditValue =>
  Array.isArray(v)
    ? v.length && v.every(isObject)
      ? v.map((inst) =>
          Object.fromEntries(Object.entries(inst).map(([k, x]) => [k, toEditValue(x)])),
        )
      : v.map(String)
    : typeof v === 'boolean'
      ? v
      : v == null
        ? ''
        : isObject(v)
          ? v
          : String(v);

const blank = (v: unknown) => v === '' || v === false || (Array.isArray(v) && !v.length);

/**
 * What the edit form sends: only what is filled in (an emptied answer is no answer; a location or
 * matrix without any filled field is none), inside each repeat instance too.
 */
export function filledAnswers(a: EditAnswers): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(a)) {
    if (blank(v)) continue;
    if (Array.isArray(v) && v.every(isObject)) {
      out[k] = (v as EditAnswers[]).map(filledAnswers);
      continue;
    }
    if (isObject(v) && typeof v.fileId !== 'string') {
      const kept = Object.fromEntries(Object.entries(v).filter(([, x]) => x !== '' && x != null));
      if (Object.keys(kept).length) out[k] = kept;
      continue;
    }
    out[k] = v;
  }
  return out;
}
