/**
 * The in-memory computation (tests only) of join, append and group/aggregate, checked against
 * their compiled SQL in transformations.combine.int.test.ts.
 */
import type { Step } from '../../../shared/transformations/steps.js';
import { APPEND_BASE } from './transformations.combine.js';
import { keyFromLabel } from './transformations.compile.js';
import type { RefRow, Value } from './transformations.reference.js';

export interface RefDataset {
  /** column keys in order */
  keys: string[];
  rows: RefRow[];
}

type Of<K extends Step['kind']> = Extract<Step, { kind: K }>;

export function refJoin(rows: RefRow[], step: Of<'join'>, other: RefDataset): RefRow[] {
  const used = new Set(Object.keys(rows[0]?.values ?? {}));
  const rightKeys = new Set(step.on.map((o) => o.right));
  const brought = other.keys
    .filter((k) => !rightKeys.has(k))
    .map((k) => {
      const key = keyFromLabel(`${step.prefix} ${k}`, used);
      used.add(key);
      return { from: k, key };
    });
  const ordered = [...other.rows].sort((a, b) => a._row - b._row);
  const out: RefRow[] = [];
  for (const r of rows) {
    const match = step.on.some((o) => r.values[o.left] === null)
      ? undefined
      : ordered.find((o) => step.on.every((k) => o.values[k.right] === r.values[k.left]));
    if (!match && step.how === 'inner') continue;
    const values = { ...r.values };
    for (const b of brought) values[b.key] = match ? match.values[b.from] : null;
    out.push({ _row: r._row, values });
  }
  return out;
}

export function refAppend(rows: RefRow[], other: RefDataset, k: number, mine: string[]): RefRow[] {
  const keys = [...mine, ...other.keys.filter((x) => !mine.includes(x))];
  const fill = (v: Record<string, Value>) => Object.fromEntries(keys.map((x) => [x, v[x] ?? null]));
  return [
    ...rows.map((r) => ({ _row: r._row, values: fill(r.values) })),
    ...other.rows.map((r) => ({ _row: APPEND_BASE * k + r._row, values: fill(r.values) })),
  ];
}

export function refAggregate(rows: RefRow[], step: Of<'aggregate'>): RefRow[] {
  const groups = new Map<string, RefRow[]>();
  for (const r of [...rows].sort((a, b) => a._row - b._row)) {
    const k = JSON.stringify(step.groupBy.map((g) => r.values[g]));
    groups.set(k, [...(groups.get(k) ?? []), r]);
  }
  const used = new Set(step.groupBy);
  const keys = step.aggregates.map((a) => {
    const key = keyFromLabel(a.label, used);
    used.add(key);
    return key;
  });
  const rowsKey = keyFromLabel('Source rows', used);
  const out: RefRow[] = [];
  for (const members of groups.values()) {
    const values: Record<string, Value> = {};
    for (const g of step.groupBy) values[g] = members[0].values[g];
    step.aggregates.forEach((a, j) => {
      const present = a.column
        ? members.map((m) => m.values[a.column]).filter((v) => v !== null)
        : members.map(() => 1);
      const nums = present as number[];
      const sorted = [...nums].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0));
      let v: Value;
      switch (a.fn) {
        case 'count':
          v = present.length;
          break;
        case 'count_distinct':
          v = new Set(present.map((x) => JSON.stringify(x))).size;
          break;
        case 'sum':
          v = nums.length ? nums.reduce((x, y) => x + y, 0) : null;
          break;
        case 'mean':
          v = nums.length ? nums.reduce((x, y) => x + y, 0) / nums.length : null;
          break;
        case 'median': {
          const n = sorted.length;
          v = n ? (n % 2 ? sorted[(n - 1) / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2) : null;
          break;
        }
        case 'min':
          v = sorted.length ? sorted[0] : null;
          break;
        case 'max':
          v = sorted.length ? sorted[sorted.length - 1] : null;
          break;
      }
      values[keys[j]] = v;
    });
    values[rowsKey] = members.length;
    out.push({ _row: Math.min(...members.map((m) => m._row)), values });
  }
  return out.sort((a, b) => a._row - b._row);
}
