export interface Measurement {
  label: string;
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  statuses?: Record<string, number>;
  note?: string;
  /** peak RSS of the process during this measurement, bytes */
  peakRss?: number;
}

export function percentile(sorted: number[], p: number) {
  if (!sorted.length) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i];
}

export function summarize(
  label: string,
  latencies: number[],
  elapsedMs: number,
  statuses?: Record<string, number>,
  note?: string,
): Measurement {
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    label,
    requests: sorted.length,
    rps: (sorted.length / elapsedMs) * 1000,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    statuses,
    note,
  };
}

const num = (n: number, d = 1) => (Number.isFinite(n) ? n.toFixed(d) : '-');

export function table(rows: Measurement[]) {
  const head = [
    'measurement',
    'requests',
    'req/s',
    'p50 ms',
    'p99 ms',
    'p99/p50',
    'peak RSS MB',
    'statuses',
  ];
  const body = rows.map((r) => [
    r.label,
    String(r.requests),
    num(r.rps, 0),
    num(r.p50),
    num(r.p99),
    num(r.p99 / r.p50, 2),
    r.peakRss ? num(r.peakRss / 1024 / 1024, 0) : '-',
    r.statuses
      ? Object.entries(r.statuses)
          .map(([k, v]) => `${k}:${v}`)
          .join(' ')
      : '-',
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i].length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) =>
        i === 0 || i === cells.length - 1 ? c.padEnd(widths[i]) : c.padStart(widths[i]),
      )
      .join('  ');
  return [line(head), widths.map((w) => '-'.repeat(w)).join('  '), ...body.map(line)].join('\n');
}
