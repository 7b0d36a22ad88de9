/**
 * Status of a metric against its target in one reporting period (pure; documented in
 * docs/architecture.md "Insights and learnings"):
 *
 * - no actual in the period: `no-data`; no target in the period nor later: `no-data` too (nothing
 *   to judge against), with the reason.
 * - the period's target, or when the period has none, the expected value on the straight line
 *   from the baseline to the next target (time elapsed: the share of periods gone by).
 * - increase/decrease metrics: progress = (actual - baseline) / (expected - baseline), the share
 *   of the way from the baseline to the expected value covered (the direction follows from the
 *   signs: a decrease target below the baseline works the same way). At least 90%: `on-track`;
 *   at least 60%: `at-risk`; below: `off-track`.
 * - maintain metrics, or an expected value equal to the baseline: the distance from the expected
 *   value relative to it; within 5%: `on-track`, within 15%: `at-risk`, else `off-track`.
 * - a missing baseline counts as 0.
 */
export const STATUSES = ['on-track', 'at-risk', 'off-track', 'no-data'] as const;
export type InsightStatus = (typeof STATUSES)[number];
export const STATUS_LABELS: Record<InsightStatus, string> = {
  'on-track': 'On track',
  'at-risk': 'At risk',
  'off-track': 'Off track',
  'no-data': 'No data',
};
const ON_TRACK_PROGRESS = 0.9;
const AT_RISK_PROGRESS = 0.6;
const ON_TRACK_DEVIATION = 0.05;
const AT_RISK_DEVIATION = 0.15;

export interface StatusPoint {
  actual: number | null;
  target: number | null;
}
export interface PeriodStatus {
  status: InsightStatus;
  /** the value the period was judged against (its target, or interpolated); null without one */
  expected: number | null;
  /** actual as a share of the way from baseline to expected (null for maintain / no data) */
  progress: number | null;
  reason: string;
}

/** The expected value of each period: its target, else interpolated from the baseline (or the previous target) to the next target. */
export function expectedValues(baseline: number | null, points: readonly StatusPoint[]) {
  const out: Array<number | null> = points.map(() => null);
  let fromIndex = -1;
  let fromValue = baseline ?? 0;
  for (let i = 0; i < points.length; i++) {
    const t = points[i].target;
    if (t === null) continue;
    const span = i - fromIndex;
    for (let j = fromIndex + 1; j < i; j++)
      out[j] = fromValue + ((t - fromValue) * (j - fromIndex)) / span;
    out[i] = t;
    fromIndex = i;
    fromValue = t;
  }
  return out;
}

/** The status of every period of a metric's series. */
export function periodStatuses(
  metric: { baselineValue: number | null; direction: string },
  points: readonly StatusPoint[],
): PeriodStatus[] {
  const base = metric.baselineValue ?? 0;
  const expected = expectedValues(metric.baselineValue, points);
  return points.map((p, i) => {
    const e = expected[i];
    if (p.actual === null)
      return { status: 'no-data', expected: e, progress: null, reason: 'No actual this period' };
    if (e === null)
      return { status: 'no-data', expected: null, progress: null, reason: 'No target set' };
    const judged = p.target === null ? 'the straight line to the next target' : 'the target';
    if (metric.direction === 'maintain' || e === base) {
      const deviation = Math.abs(p.actual - e) / Math.max(Math.abs(e), 1);
      const status: InsightStatus =
        deviation <= ON_TRACK_DEVIATION
          ? 'on-track'
          : deviation <= AT_RISK_DEVIATION
            ? 'at-risk'
            : 'off-track';
      return {
        status,
        expected: e,
        progress: null,
        reason: `${Math.round(deviation * 100)}% away from ${judged}`,
      };
    }
    const progress = (p.actual - base) / (e - base);
    const status: InsightStatus =
      progress >= ON_TRACK_PROGRESS
        ? 'on-track'
        : progress >= AT_RISK_PROGRESS
          ? 'at-risk'
          : 'off-track';
    return {
      status,
      expected: e,
      progress,
      reason: `${Math.round(progress * 100)}% of the way from the baseline to ${judged}`,
    };
  });
}

/** The metric's status: that of its latest period with an actual (no-data without one). */
export function latestStatus(statuses: readonly PeriodStatus[], points: readonly StatusPoint[]) {
  for (let i = points.length - 1; i >= 0; i--) if (points[i].actual !== null) return statuses[i];
  return null;
}

/** % achieved as donor tables show it: actual / target x 100 (null without both, or a zero target). */
export function percentAchieved(actual: number | null, target: number | null): number | null {
  if (actual === null || target === null || target === 0) return null;
  return (actual / target) * 100;
}
