import { shownWave, type GridCellValue, type GridColumn } from '../../../shared/grids/grids.js';
import type { GridSummary } from '../../../shared/grids/grids.pages.js';
import { headerKey } from '../../../shared/grids/grids.pages.js';

/**
 * The summary row across all rows: per wave, the mean of a numeric question (with how many
 * answered) or its most common answers; the codes of an intelligent column with their counts;
 * for a prompt column, how many cells were answered, refused or had nothing to read, the mean
 * change of each numeric question and the most common changes. Kept as running figures: the
 * counts of distinct answers are the only part that grows with the rows (open text: one per
 * distinct answer).
 */
const TOP = 3;
const fmt = (n: number) => String(Math.round(n * 100) / 100);
const signed = (n: number) => (n > 0 ? `+${fmt(n)}` : fmt(n));

function topCounts(counts: Map<string, number>): string[] {
  return [...counts.entries()]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, TOP)
    .map(([v, n]) => `${v} ×${n}`);
}

const bump = (m: Map<string, number>, v: string) => m.set(v, (m.get(v) ?? 0) + 1);

/** One displayed column's running figures: what the summary needs, not the cells themselves. */
interface Tally {
  /** cells with a value (a question's or an intelligent column's, in this wave) */
  n: number;
  numbers: number;
  sum: number;
  /** cells with at least one code (intelligent columns) */
  coded: number;
  counts: Map<string, number>;
  /** prompt columns */
  status: Map<string, number>;
  deltas: Map<string, { n: number; sum: number }>;
}

const tally = (): Tally => ({
  n: 0,
  numbers: 0,
  sum: 0,
  coded: 0,
  counts: new Map(),
  status: new Map(),
  deltas: new Map(),
});

/**
 * The summary, built as the run's pages of cells go by (`add`), so a run keeps running figures
 * (sums, counts of distinct answers) rather than every cell; `result` writes the lines.
 */
export class SummaryBuilder {
  private readonly tallies = new Map<string, Tally>();
  private readonly byKey: Map<string, GridColumn>;

  constructor(
    private readonly columns: GridColumn[],
    private readonly waves: string[],
  ) {
    this.byKey = new Map(columns.map((c) => [c.key, c]));
  }

  private at(key: string) {
    let t = this.tallies.get(key);
    if (!t) this.tallies.set(key, (t = tally()));
    return t;
  }

  add(columnKey: string, v: GridCellValue) {
    const column = this.byKey.get(columnKey);
    if (!column) return;
    if (column.kind === 'prompt') {
      if (v.kind !== 'prompt') return;
      const t = this.at(column.key);
      bump(t.status, v.status);
      for (const [q, d] of Object.entries(v.deltas)) {
        const s = t.deltas.get(q) ?? { n: 0, sum: 0 };
        t.deltas.set(q, { n: s.n + 1, sum: s.sum + d });
      }
      for (const c of v.changes) bump(t.counts, c);
      return;
    }
    if (v.kind === 'prompt') return;
    for (const wave of this.waves) {
      if (!(wave in v.byWave) || v.byWave[wave] === null) continue;
      const value = v.byWave[wave];
      const t = this.at(headerKey({ column: column.key, wave: shownWave(wave) }));
      t.n++;
      if (column.kind === 'intelligent') {
        const codes = value as string[];
        if (codes.length) t.coded++;
        for (const c of codes) bump(t.counts, c);
        continue;
      }
      if (typeof value === 'number') {
        t.numbers++;
        t.sum += value;
      }
      for (const x of Array.isArray(value) ? value : [String(value)]) bump(t.counts, x);
    }
  }

  result(labelOf: (questionKey: string) => string): GridSummary {
    const summary: GridSummary = {};
    for (const column of this.columns) {
      if (column.kind === 'prompt') {
        const t = this.at(column.key);
        const count = (s: string) => t.status.get(s) ?? 0;
        const lines = [
          `answered ${count('answered')} · refused ${count('refused')} · no data ${count('no_data')}`,
        ];
        for (const q of column.questions) {
          const d = t.deltas.get(q);
          if (d) lines.push(`${labelOf(q)}: mean change ${signed(d.sum / d.n)} (n ${d.n})`);
        }
        lines.push(...topCounts(t.counts));
        summary[column.key] = lines;
        continue;
      }
      for (const wave of this.waves) {
        const key = headerKey({ column: column.key, wave: shownWave(wave) });
        const t = this.at(key);
        if (column.kind === 'intelligent')
          summary[key] = [`${t.coded} of ${t.n} coded`, ...topCounts(t.counts)];
        else if (t.n && t.numbers === t.n) summary[key] = [`mean ${fmt(t.sum / t.n)} (n ${t.n})`];
        else summary[key] = [`${t.n} answered`, ...topCounts(t.counts)];
      }
    }
    return summary;
  }
}
