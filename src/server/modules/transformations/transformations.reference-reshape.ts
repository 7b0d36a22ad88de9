/**
 * Split and merge in memory (tests only): what transformations.reshape.ts compiles, checked on
 * generated rows (transformations.steps.int.test.ts).
 */
import type { Step } from '../../../shared/transformations/steps.js';
import { keyFromLabel } from './transformations.compile.js';
import type { RefRow, Value } from './transformations.reference.js';
import { splitLabels } from './transformations.reshape.js';

const emptyToNull = (s: string) => (s === '' ? null : s);

export function refSplit(rows: RefRow[], step: Extract<Step, { kind: 'split' }>): RefRow[] {
  const used = new Set(Object.keys(rows[0]?.values ?? {}));
  const keys = splitLabels(step).map((l) => {
    const k = keyFromLabel(l, used);
    used.add(k);
    return k;
  });
  return rows.map((r) => {
    const v: Record<string, Value> = { ...r.values };
    const s = r.values[step.column];
    const pieces = typeof s === 'string' ? s.split(step.delimiter) : null;
    keys.forEach((k, i) => {
      if (!pieces) v[k] = null;
      else if (step.into === 'parts') v[k] = emptyToNull(pieces[i] ?? '');
      else v[k] = emptyToNull(step.into === 'first' ? pieces[0] : pieces[pieces.length - 1]);
    });
    return { _row: r._row, values: v };
  });
}

export function refMerge(rows: RefRow[], step: Extract<Step, { kind: 'merge' }>): RefRow[] {
  const key = keyFromLabel(step.label, new Set(Object.keys(rows[0]?.values ?? {})));
  return rows.map((r) => {
    const parts = step.columns
      .map((c) => r.values[c])
      .filter((x) => x !== null)
      .map(String);
    return {
      _row: r._row,
      values: { ...r.values, [key]: emptyToNull(parts.join(step.separator)) },
    };
  });
}
