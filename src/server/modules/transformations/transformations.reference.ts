/**
 * A plain in-memory computation of each step (tests only): the compiled SQL is checked against it
 * on generated rows (transformations.steps.int.test.ts). Rows hold typed values by column key.
 */
import { standardDate } from '../../../shared/transformations/dates.js';
import { convertValue } from '../../../shared/datasets/convert.js';
import { evaluate, evaluateBoolean } from '../../../shared/expressions/evaluate.js';
import { parse } from '../../../shared/expressions/parse.js';
import { toNumber } from '../../../shared/expressions/values.js';
import type { Step } from '../../../shared/transformations/steps.js';
import { keyFromLabel, looseKey } from './transformations.compile.js';
import {
  refAggregate,
  refAppend,
  refJoin,
  type RefDataset,
} from './transformations.reference-combine.js';
import { refMerge, refSplit } from './transformations.reference-reshape.js';

const mineKeys = (rows: RefRow[]) => Object.keys(rows[0]?.values ?? {});

export type Value = string | number | boolean | null;
export interface RefRow {
  _row: number;
  values: Record<string, Value>;
}

const SPACE = /^[ \t\n\r\f\v]+|[ \t\n\r\f\v]+$/g;
const emptyToNull = (s: string) => (s === '' ? null : s);

function ast(text: string) {
  const r = parse(text);
  if (!r.ok) throw new Error(r.error.message);
  return r.ast;
}

const answers = (r: RefRow) =>
  Object.fromEntries(Object.entries(r.values).map(([k, v]) => [k, v === null ? undefined : v]));

/** join and append read another dataset; `appendNo` counts the appends so far (from 1) */
interface RefEnv {
  others?: ReadonlyMap<string, RefDataset>;
  appendNo?: number;
  /** the column keys before the step (rows may be empty) */
  keys?: string[];
}

export function applyStep(
  rows: RefRow[],
  step: Step,
  numericKeys: Set<string>,
  env: RefEnv = {},
): RefRow[] {
  const other = (id: string) => {
    const o = env.others?.get(id);
    if (!o) throw new Error(`No dataset ${id}`);
    return o;
  };
  const map = (f: (v: Record<string, Value>) => Record<string, Value>) =>
    rows.map((r) => ({ _row: r._row, values: f({ ...r.values }) }));
  switch (step.kind) {
    case 'cleanup':
      return map((v) => {
        for (const k of step.columns) {
          const s = v[k];
          if (typeof s !== 'string') continue;
          if (step.op === 'trim') v[k] = emptyToNull(s.replace(SPACE, ''));
          else if (step.op === 'lower') v[k] = s.toLowerCase();
          else if (step.op === 'upper') v[k] = s.toUpperCase();
          else if (step.op === 'dates') v[k] = standardDate(s, step.dateOrder) ?? s;
          else if (step.op === 'remove')
            v[k] = emptyToNull([...s].filter((c) => !step.characters.includes(c)).join(''));
          else {
            const subject = step.loose ? looseKey(s) : s;
            const m = step.mapping.find(
              (x) => (step.loose ? looseKey(x.from) : x.from) === subject,
            );
            if (m) v[k] = emptyToNull(m.to);
          }
        }
        return v;
      });
    case 'fill': {
      if (step.method === 'previous') {
        let last: Value = null;
        return map((v) => {
          if (v[step.column] === null) v[step.column] = last;
          else last = v[step.column];
          return v;
        });
      }
      const present = rows
        .map((r) => r.values[step.column])
        .filter((x): x is number => x !== null) as number[];
      let fill: Value;
      if (step.method === 'constant')
        fill = numericKeys.has(step.column) ? Number(step.value) : step.value;
      else if (!present.length) fill = null;
      else if (step.method === 'mean') fill = present.reduce((a, b) => a + b, 0) / present.length;
      else {
        const sorted = [...present].sort((a, b) => a - b);
        fill = sorted[Math.ceil(sorted.length * 0.5) - 1];
      }
      return map((v) => {
        if (v[step.column] === null) v[step.column] = fill;
        return v;
      });
    }
    case 'filter': {
      const e = ast(step.expression);
      return rows.filter((r) => evaluateBoolean(e, { answers: answers(r) }));
    }
    case 'columns': {
      let out = rows.map((r) => ({ _row: r._row, values: { ...r.values } }));
      for (const ch of step.changes) {
        if (ch.remove) {
          for (const r of out) delete r.values[ch.column];
          continue;
        }
        if (!ch.type) continue;
        const type = ch.type;
        const keep: RefRow[] = [];
        for (const r of out) {
          const raw = r.values[ch.column];
          const c = convertValue(type, raw === null ? null : String(raw));
          const typed = (s: string | null): Value =>
            s === null ? null : type === 'integer' || type === 'decimal' ? Number(s) : s;
          if (c.ok) r.values[ch.column] = typed(c.value);
          else if (ch.onFail === 'drop') continue;
          else if (ch.onFail === 'default') {
            const d = convertValue(type, ch.default);
            r.values[ch.column] = typed(d.ok ? d.value : null);
          } else r.values[ch.column] = null;
          keep.push(r);
        }
        out = keep;
      }
      return out;
    }
    case 'derive': {
      const e = ast(step.expression);
      const key = keyFromLabel(step.label, new Set(Object.keys(rows[0]?.values ?? {})));
      return map((v) => {
        const n = toNumber(evaluate(e, { answers: answers({ _row: 0, values: v }) }));
        v[key] = Number.isFinite(n) ? n : null;
        return v;
      });
    }
    case 'bins': {
      const key = keyFromLabel(step.label, new Set(Object.keys(rows[0]?.values ?? {})));
      return map((v) => {
        const x = v[step.column];
        if (x === null) v[key] = null;
        else {
          const i = step.breaks.findIndex((b) => (x as number) < b);
          v[key] = step.labels[i < 0 ? step.breaks.length : i];
        }
        return v;
      });
    }
    case 'dedupe': {
      const seen = new Map<string, RefRow>();
      const ordered = step.keep === 'first' ? rows : [...rows].reverse();
      for (const r of ordered) {
        const k = JSON.stringify(step.columns.map((c) => r.values[c]));
        if (!seen.has(k)) seen.set(k, r);
      }
      return [...seen.values()].sort((a, b) => a._row - b._row);
    }
    case 'join':
      return refJoin(rows, step, other(step.datasetId));
    case 'append':
      return refAppend(rows, other(step.datasetId), env.appendNo ?? 1, env.keys ?? mineKeys(rows));
    case 'aggregate':
      return refAggregate(rows, step);
    case 'query':
      // SQL has no in-memory reference: the query step's tests compare with hand-computed rows
      throw new Error('A query step has no in-memory reference.');
    case 'split':
      return refSplit(rows, step);
    case 'merge':
      return refMerge(rows, step);
  }
}
