import { shownWave, type GridCellValue, type GridColumn } from '../../../shared/grids/grids.js';
import type { GridSummary } from '../../../shared/grids/grids.pages.js';
import { headerKey } from '../../../shared/grids/grids.pages.js';

/**
 * The summary row across all rows: per wave, the mean of a numeric question (with how many
 * answered) or its most common answers; the codes of an intelligent column with their counts;
 * for a prompt column, how many cells were answered, refused or had nothing to read, the mean
 * change of each numeric question and the most common changes.
 */
const TOP = 3;
const fmt = (n: number) => String(Math.round(n * 100) / 100);
const signed = (n: number) => (n > 0 ? `+${fmt(n)}` : fmt(n));

function topCounts(values: string[]): string[] {
  const counts = new Map<string, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return [...counts.entries()]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, TOP)
    .map(([v, n]) => `${v} ×${n}`);
}

export function summarize(
  columns: GridColumn[],
  waves: string[],
  cells: Array<{ columnKey: string; value: GridCellValue }>,
  labelOf: (questionKey: string) => string,
): GridSummary {
  const summary: GridSummary = {};
  for (const column of columns) {
    const values = cells.filter((c) => c.columnKey === column.key).map((c) => c.value);
    if (column.kind === 'prompt') {
      const prompts = values.flatMap((v) => (v.kind === 'prompt' ? [v] : []));
      const count = (s: string) => prompts.filter((p) => p.status === s).length;
      const lines = [
        `answered ${count('answered')} · refused ${count('refused')} · no data ${count('no_data')}`,
      ];
      for (const q of column.questions) {
        const ds = prompts.flatMap((p) => (q in p.deltas ? [p.deltas[q]] : []));
        if (ds.length)
          lines.push(
            `${labelOf(q)}: mean change ${signed(ds.reduce((a, b) => a + b, 0) / ds.length)} (n ${ds.length})`,
          );
      }
      lines.push(...topCounts(prompts.flatMap((p) => p.changes)));
      summary[column.key] = lines;
      continue;
    }
    for (const wave of waves) {
      const key = headerKey({ column: column.key, wave: shownWave(wave) });
      const inWave = values.flatMap((v) =>
        v.kind !== 'prompt' && wave in v.byWave && v.byWave[wave] !== null ? [v.byWave[wave]] : [],
      );
      if (column.kind === 'intelligent') {
        const codes = (inWave as string[][]).flat();
        summary[key] = [
          `${inWave.filter((c) => (c as string[]).length > 0).length} of ${inWave.length} coded`,
          ...topCounts(codes),
        ];
        continue;
      }
      const numbers = inWave.filter((v): v is number => typeof v === 'number');
      if (inWave.length && numbers.length === inWave.length)
        summary[key] = [
          `mean ${fmt(numbers.reduce((a, b) => a + b, 0) / numbers.length)} (n ${numbers.length})`,
        ];
      else
        summary[key] = [
          `${inWave.length} answered`,
          ...topCounts(inWave.flatMap((v) => (Array.isArray(v) ? v : [String(v)]))),
        ];
    }
  }
  return summary;
}
