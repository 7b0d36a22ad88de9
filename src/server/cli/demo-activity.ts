import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../platform/db/client.js';
import { auditLogs } from '../platform/audit/audit.tables.js';
import { comments } from '../modules/comments/comments.tables.js';
import {
  dataPoints,
  metrics,
  metricTargets,
  metricValues,
  type Disaggregation,
} from '../modules/metrics/metrics.tables.js';
import { problems, tocElements } from '../modules/problems/problems.tables.js';
import { listPeriods } from '../../shared/metrics/periods.js';

/**
 * A year of realistic monitoring in the demo project, so a newcomer sees what the product is for:
 * every metric gets a reporting range ending this month, a baseline, targets per period and
 * values per period split by a disaggregation (its own, else District); a few comments; and the
 * audit trail of that work spread over the year. Runs once: a project with values is left alone.
 */
export interface DemoActivityInput {
  teamId: string;
  projectId: string;
  user: { id: string; name: string; email: string };
  /** the seed's "today" (tests pin it) */
  now?: Date;
}

const DISTRICT: Disaggregation = {
  key: 'district',
  label: 'District',
  categories: ['North', 'South'],
};

/** deterministic noise from a string (the same demo every time) */
function noise(seed: string) {
  let h = 2166136261;
  for (const c of seed) h = Math.imul(h ^ c.charCodeAt(0), 16777619);
  return () => {
    h = Math.imul(h ^ (h >>> 15), 2246822507) ^ Math.imul(h ^ (h >>> 13), 3266489909);
    return ((h >>> 0) % 10_000) / 10_000 - 0.5;
  };
}

const iso = (d: Date) => d.toISOString().slice(0, 10);
const round1 = (n: number) => Math.round(n * 10) / 10;

/** The range of a year ending with the current month (monthly) or quarter (quarterly). */
function yearRange(period: string, now: Date) {
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth();
  const lastMonth = period === 'quarterly' ? Math.floor(m / 3) * 3 + 2 : m;
  const end = new Date(Date.UTC(y, lastMonth + 1, 0));
  const start = new Date(Date.UTC(y, lastMonth - 11, 1));
  const baseline = new Date(Date.UTC(y, lastMonth - 11, 0));
  return { start: iso(start), end: iso(end), baselineDate: iso(baseline) };
}

export async function seedDemoActivity(
  db: Db,
  input: DemoActivityInput,
): Promise<{ seeded: boolean; metrics: number; values: number }> {
  const now = input.now ?? new Date();
  const rows = await db
    .select({ metric: metrics, elementTitle: tocElements.title, elementKind: tocElements.kind })
    .from(metrics)
    .innerJoin(problems, eq(problems.id, metrics.problemId))
    .innerJoin(tocElements, eq(tocElements.id, metrics.elementId))
    .where(and(eq(metrics.teamId, input.teamId), eq(problems.projectId, input.projectId)))
    .orderBy(asc(metrics.position), asc(metrics.createdAt));
  if (!rows.length) return { seeded: false, metrics: 0, values: 0 };
  const ids = rows.map((r) => r.metric.id);
  const [already] = await db
    .select({ id: metricValues.id })
    .from(metricValues)
    .where(inArray(metricValues.metricId, ids))
    .limit(1);
  if (already) return { seeded: false, metrics: rows.length, values: 0 };

  const dps = await db
    .select()
    .from(dataPoints)
    .where(inArray(dataPoints.metricId, ids))
    .orderBy(asc(dataPoints.position));
  let values = 0;
  const trail: Array<{
    action: string;
    subjectType: string;
    subjectId: string;
    subjectLabel: string;
    at: Date;
    details?: Record<string, unknown>;
  }> = [];
  await db.transaction(async (tx) => {
    for (const [mi, { metric }] of rows.entries()) {
      const rand = noise(metric.name);
      const period = metric.period === 'monthly' ? 'monthly' : 'quarterly';
      const range = yearRange(period, now);
      const dims = metric.disaggregations.length ? metric.disaggregations : [DISTRICT];
      const dim = dims[0];
      const percentage = metric.type === 'percentage';
      const mine = dps.filter((d) => d.metricId === metric.id);
      // targets rise from the baseline (percentages by 15 points, counts to 1.8 times); actuals follow with ups and downs
      const baseline = percentage ? Math.round(55 + rand() * 20) : Math.round(40 + rand() * 40);
      const goal = percentage ? Math.min(98, baseline + 15) : Math.round(baseline * 1.8);
      const shaped = { ...metric, period, periodStart: range.start, periodEnd: range.end };
      const periods = listPeriods(shaped);
      await tx
        .update(metrics)
        .set({
          period,
          periodStart: range.start,
          periodEnd: range.end,
          disaggregations: dims,
          baselineValue: baseline,
          baselineDate: range.baselineDate,
          updatedAt: now,
        })
        .where(eq(metrics.id, metric.id));
      // entered figures per period: the sum of the entries (a manual data point counts rows otherwise)
      await tx
        .update(dataPoints)
        .set({ aggregation: 'sum', measurement: 'manual', binding: { kind: 'manual' } })
        .where(eq(dataPoints.metricId, metric.id));
      await tx.delete(metricTargets).where(eq(metricTargets.metricId, metric.id));
      const n = periods.length;
      await tx.insert(metricTargets).values(
        periods.map((p, i) => ({
          teamId: input.teamId,
          metricId: metric.id,
          period: p.key,
          value: percentage
            ? round1(baseline + ((goal - baseline) * (i + 1)) / n)
            : Math.round(baseline + ((goal - baseline) * (i + 1)) / n),
        })),
      );
      const shares = dim.categories.map((_, ci) =>
        ci === 0 ? 0.55 : 0.45 / Math.max(1, dim.categories.length - 1),
      );
      const entries: Array<typeof metricValues.$inferInsert> = [];
      for (const [i, p] of periods.entries()) {
        const progress = (i + 1) / n;
        // a realistic path: most of the way to the target, with ups and downs
        const level = percentage
          ? Math.min(99, baseline + (goal - baseline) * progress * 0.85 + rand() * 6)
          : Math.max(0, baseline + (goal - baseline) * progress * 0.9 + rand() * baseline * 0.25);
        // entered a few days after the period ends (the current period's so far: a few hours apart, metric by metric)
        const enteredAt = new Date(
          Math.min(
            now.getTime() - (mi + 1) * 3 * 3_600_000,
            Date.parse(`${periodEndOf(shaped, p.key)}T12:00:00Z`) + 5 * 86_400_000,
          ),
        );
        for (const [ci, category] of dim.categories.entries()) {
          const disaggregation = { [dim.key]: category };
          const disaggregationKey = `${dim.key}=${category}`;
          const base = {
            teamId: input.teamId,
            metricId: metric.id,
            period: p.key,
            disaggregation,
            disaggregationKey,
            enteredBy: input.user.id,
            createdAt: enteredAt,
            updatedAt: enteredAt,
          };
          if (percentage && mine.length >= 2) {
            // percent(numerator, denominator): the first data point counts those meeting it, the second all
            const denominator = Math.round((180 + rand() * 40) * shares[ci] * 2);
            const pct = Math.max(0, Math.min(100, level + rand() * 8)) / 100;
            entries.push(
              { ...base, dataPointId: mine[0].id, value: Math.round(denominator * pct) },
              { ...base, dataPointId: mine[1].id, value: denominator },
            );
            for (const extra of mine.slice(2))
              entries.push({ ...base, dataPointId: extra.id, value: denominator });
          } else {
            for (const d of mine)
              entries.push({
                ...base,
                dataPointId: d.id,
                value: percentage
                  ? round1(level + rand() * 6)
                  : Math.max(0, Math.round(level * shares[ci] * (1 + rand() * 0.2))),
              });
          }
        }
        if (mi < 3 || i === n - 1)
          trail.push({
            action: 'metric_value.created',
            subjectType: 'metric',
            subjectId: metric.id,
            subjectLabel: metric.name,
            at: enteredAt,
            details: { period: p.key },
          });
      }
      if (entries.length) await tx.insert(metricValues).values(entries);
      values += entries.length;
      const start = new Date(`${range.start}T09:00:00Z`);
      trail.push({
        action: 'metric.updated',
        subjectType: 'metric',
        subjectId: metric.id,
        subjectLabel: metric.name,
        at: start,
      });
      trail.push({
        action: 'metric.targets_updated',
        subjectType: 'metric',
        subjectId: metric.id,
        subjectLabel: metric.name,
        at: new Date(start.getTime() + 3_600_000),
      });
    }

    const say = [
      {
        row: rows.find((r) => r.metric.type === 'percentage') ?? rows[0],
        body: 'Term 2 figures are in. Attendance dipped in the rainy season but recovered after the walking groups started.',
        daysAgo: 40,
      },
      {
        row: rows[0],
        body: 'Bursaries for Grade 9 were paid two weeks late this quarter: we moved the payment run to the first week of term.',
        daysAgo: 75,
      },
      {
        row: rows[rows.length - 1],
        body: 'Baseline from the district education office survey. Targets agreed with the funder at inception.',
        daysAgo: 330,
      },
    ];
    for (const c of say) {
      const at = new Date(now.getTime() - c.daysAgo * 86_400_000);
      await tx.insert(comments).values({
        teamId: input.teamId,
        subjectType: 'metric',
        subjectId: c.row.metric.id,
        authorId: input.user.id,
        body: c.body,
        createdAt: at,
      });
      trail.push({
        action: 'comment.created',
        subjectType: 'metric',
        subjectId: c.row.metric.id,
        subjectLabel: c.row.metric.name,
        at,
      });
    }
    await tx.insert(auditLogs).values(
      trail.map((e) => ({
        teamId: input.teamId,
        userId: input.user.id,
        actorName: input.user.name,
        actorEmail: input.user.email,
        action: e.action,
        subjectType: e.subjectType,
        subjectId: e.subjectId,
        subjectLabel: e.subjectLabel,
        details: e.details ?? null,
        createdAt: e.at,
      })),
    );
  });
  return { seeded: true, metrics: rows.length, values };
}

/** the last day of a period (monthly or quarterly key) */
function periodEndOf(metric: { period: string }, key: string): string {
  const y = Number(key.slice(0, 4));
  const lastMonth =
    metric.period === 'quarterly' ? Number(key.slice(6)) * 3 : Number(key.slice(5, 7));
  return iso(new Date(Date.UTC(y, lastMonth, 0)));
}
