import type { Step } from '../../../shared/transformations/steps.js';
import {
  columnOf,
  keyFromLabel,
  NUMERIC,
  StepError,
  TEXTUAL,
  type Col,
  type StepSql,
} from './transformations.compile.js';
import { ident, type Params } from './transformations.sql.js';

/**
 * Split a column and merge columns: both add new text columns and keep the columns they read
 * (a "Column names and types" step removes those if they are not wanted).
 */
type SplitStep = Extract<Step, { kind: 'split' }>;
type MergeStep = Extract<Step, { kind: 'merge' }>;

const selectAdding = (cols: Col[], added: Array<[Col, string]>, prev: string) =>
  `SELECT _row, ${[
    ...cols.map((c) => ident(c.ident)),
    ...added.map(([c, e]) => `${e} AS ${ident(c.ident)}`),
  ].join(', ')} FROM ${prev}`;

/** The labels of a split's new columns: "<label>" for first/last, "<label> 1…N" for parts */
export function splitLabels(step: SplitStep): string[] {
  return step.into === 'parts'
    ? Array.from({ length: step.count }, (_, i) => `${step.label} ${i + 1}`)
    : [step.label];
}

/**
 * Split by a delimiter: part i is `split_part(x, d, i)` (the pieces after the Nth are left out),
 * first = part 1, last = part -1; an empty piece is empty (null), as is an empty value.
 */
export function compileSplit(
  step: SplitStep,
  cols: Col[],
  prev: string,
  params: Params,
  newIdent: () => string,
): StepSql {
  const c = columnOf(cols, step.column, 'column');
  if (!TEXTUAL.has(c.type))
    throw new StepError('column', `“${c.label}” is not a text column: only texts are split.`);
  const d = params.add(step.delimiter, 'text');
  const used = new Set(cols.map((x) => x.key));
  const positions =
    step.into === 'parts'
      ? splitLabels(step).map((_, i) => i + 1)
      : [step.into === 'first' ? 1 : -1];
  const added = splitLabels(step).map((label, i): [Col, string] => {
    const key = keyFromLabel(label, used);
    used.add(key);
    const col: Col = { key, label, type: 'text', ident: newIdent() };
    return [col, `NULLIF(split_part(${ident(c.ident)}, ${d}, ${positions[i]}), '')`];
  });
  return {
    sql: selectAdding(cols, added, prev),
    cols: [...cols, ...added.map(([x]) => x)],
    touches: [c.key, ...added.map(([x]) => x.key)],
    changed: [],
    added: added.map(([x]) => x.ident),
    failed: [],
  };
}

/** Merge: the chosen columns' values as text, in order, joined by the separator (empty ones left out) */
export function compileMerge(
  step: MergeStep,
  cols: Col[],
  prev: string,
  params: Params,
  newIdent: () => string,
): StepSql {
  const seen = new Set<string>();
  const sources = step.columns.map((k, j) => {
    const c = columnOf(cols, k, `columns.${j}`);
    if (seen.has(k)) throw new StepError(`columns.${j}`, `“${c.label}” is picked twice.`);
    seen.add(k);
    if (!TEXTUAL.has(c.type) && !NUMERIC.has(c.type))
      throw new StepError(
        `columns.${j}`,
        `“${c.label}” cannot be merged: pick texts, categories or numbers.`,
      );
    return c;
  });
  const sep = params.add(step.separator, 'text');
  const col: Col = {
    key: keyFromLabel(step.label, new Set(cols.map((x) => x.key))),
    label: step.label,
    type: 'text',
    ident: newIdent(),
  };
  const e = `NULLIF(concat_ws(${sep}, ${sources.map((c) => `${ident(c.ident)}::text`).join(', ')}), '')`;
  return {
    sql: selectAdding(cols, [[col, e]], prev),
    cols: [...cols, col],
    touches: [...sources.map((c) => c.key), col.key],
    changed: [],
    added: [col.ident],
    failed: [],
  };
}
