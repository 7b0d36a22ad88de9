import type { InsightsData } from './insights.js';
import { STATUS_LABELS } from './status.js';

/**
 * The indicator performance tracking table (IPTT), the donor-report standard: one row per
 * indicator with its baseline, and per period its target, actual and % achieved, then notes.
 * One model for the screen, the XLSX and the PDF.
 */
interface IpttCell {
  target: number | null;
  actual: number | null;
  achieved: number | null;
}
interface IpttRow {
  metricId: string;
  indicator: string;
  level: string;
  result: string;
  problem: string;
  unit: string;
  baseline: number | null;
  cells: Record<string, IpttCell>;
  status: string;
  notes: string;
}
export interface IpttTable {
  periods: Array<{ key: string; label: string }>;
  rows: IpttRow[];
}

const LEVEL: Record<string, string> = {
  impact: 'Impact',
  outcome: 'Outcome',
  output: 'Output',
  activity: 'Activity',
};

export function ipttTable(data: Pick<InsightsData, 'metrics' | 'periodOptions'>): IpttTable {
  const used = new Set(data.metrics.flatMap((m) => m.periods.map((p) => p.period)));
  const periods = data.periodOptions
    .filter((p) => used.has(p.value))
    .map((p) => ({ key: p.value, label: p.label }));
  const rows = data.metrics.map((m): IpttRow => {
    const cells: Record<string, IpttCell> = {};
    for (const p of m.periods)
      cells[p.period] = { target: p.target, actual: p.actual, achieved: p.achieved };
    const notes = m.periods.flatMap((p) => p.notes.map((n) => `${p.label}: ${n}`));
    return {
      metricId: m.id,
      indicator: m.name,
      level: LEVEL[m.element.kind] ?? m.element.kind,
      result: m.element.title,
      problem: m.problem.title,
      unit:
        m.unit ?? (m.type === 'percentage' ? '%' : m.type === 'currency' ? (m.currency ?? '') : ''),
      baseline: m.baseline,
      cells,
      status: m.status ? STATUS_LABELS[m.status] : '',
      notes: notes.join('\n'),
    };
  });
  return { periods, rows };
}
