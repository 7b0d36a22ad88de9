/**
 * Agreement between two ordinal scorings (machine, human) on levels 1..k: exact and adjacent
 * (within one level) agreement and Cohen's quadratic-weighted kappa. Kappa is null without pairs
 * or when expected disagreement is 0 (both scorers put everything on one level).
 */
export interface OrdinalAgreement {
  pairs: number;
  exact: number | null;
  adjacent: number | null;
  weightedKappa: number | null;
  /** counts[machine-1][human-1] */
  table: number[][];
}

export function ordinalAgreement(
  pairs: Array<{ machine: number; human: number }>,
  levels: number,
): OrdinalAgreement {
  const table = Array.from({ length: levels }, () => Array<number>(levels).fill(0));
  const ok = pairs.filter(
    (p) => p.machine >= 1 && p.machine <= levels && p.human >= 1 && p.human <= levels,
  );
  for (const p of ok) table[p.machine - 1][p.human - 1]++;
  const n = ok.length;
  if (n === 0) return { pairs: 0, exact: null, adjacent: null, weightedKappa: null, table };
  const round = (x: number) => Math.round(x * 1000) / 1000;
  const exact = ok.filter((p) => p.machine === p.human).length / n;
  const adjacent = ok.filter((p) => Math.abs(p.machine - p.human) <= 1).length / n;
  const rows = table.map((r) => r.reduce((a, b) => a + b, 0));
  const cols = table[0].map((_, j) => table.reduce((a, r) => a + r[j], 0));
  const w = (i: number, j: number) => (levels > 1 ? ((i - j) / (levels - 1)) ** 2 : 0);
  let observed = 0;
  let expected = 0;
  for (let i = 0; i < levels; i++)
    for (let j = 0; j < levels; j++) {
      observed += w(i, j) * table[i][j];
      expected += (w(i, j) * rows[i] * cols[j]) / n;
    }
  const weightedKappa = expected === 0 ? null : round(1 - observed / expected);
  return { pairs: n, exact: round(exact), adjacent: round(adjacent), weightedKappa, table };
}
