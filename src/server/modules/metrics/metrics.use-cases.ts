import { and, eq, notInArray, sql } from 'drizzle-orm';
import { ValidationError } from '../../platform/errors.js';
import type { UseCase } from '../../platform/use-case/index.js';
import { formulaKeys, parseFormula, parseFormulaAnyKeys } from '../../../shared/metrics/formula.js';
import {
  metricRuleErrors,
  valueError,
  type CreateMetricInput,
  type TargetsInput,
  type UpdateMetricInput,
} from '../../../shared/metrics/metrics.schemas.js';
import { periodError } from '../../../shared/metrics/periods.js';
import { isFiscal } from '../../../shared/metrics/fiscal.js';
import type { Db } from '../../platform/db/client.js';
import { dataPoints, metricTargets, metrics } from './metrics.tables.js';
import {
  findElement,
  findMetric,
  teamFiscalStartMonth,
  type MetricRow,
} from './metrics.queries.js';

const KEY_RE = /^[a-z][a-z0-9_]{0,62}$/;
/** girls_passing -> "Girls passing" */
const humanizeKey = (key: string) =>
  (key.charAt(0).toUpperCase() + key.slice(1)).replace(/_/g, ' ');

function checkRules(shape: Parameters<typeof metricRuleErrors>[0]) {
  const errors = metricRuleErrors(shape);
  if (Object.keys(errors).length) throw new ValidationError(errors);
}

/**
 * The fiscal start month a metric keeps: none unless its periods are fiscal; the one it already
 * has while they stay fiscal (existing keys never change meaning); else the team's setting now.
 */
async function fiscalSnapshot(
  db: Db,
  teamId: string,
  period: string,
  before?: Pick<MetricRow, 'period' | 'fiscalStartMonth'>,
): Promise<number | null> {
  if (!isFiscal(period)) return null;
  if (before && isFiscal(before.period) && before.fiscalStartMonth) return before.fiscalStartMonth;
  return teamFiscalStartMonth(db, teamId);
}

/**
 * Create a metric on an element. Without a formula it gets one manual data point `value` so values
 * can be entered at once; with a formula, each data point key it names becomes a manual data point.
 */
export async function createMetric(
  uc: UseCase,
  { elementId, ...input }: CreateMetricInput & { elementId: unknown },
) {
  const { tx, teamId } = uc;
  const trail = await findElement(tx, teamId, elementId);
  uc.can('content.create', { project: trail.project });
  const fiscalStartMonth = await fiscalSnapshot(tx, teamId, input.period);
  checkRules({ ...input, fiscalStartMonth });
  let keys = ['value'];
  if (input.formula) {
    const parsed = parseFormulaAnyKeys(input.formula);
    if (!parsed.ok) throw new ValidationError({ formula: parsed.error.message });
    keys = formulaKeys(parsed.ast);
    const bad = keys.find((k) => !KEY_RE.test(k));
    if (bad)
      throw new ValidationError({
        formula: `Data point keys use lower-case letters, digits and underscores: \`${bad}\` at position ${input.formula.indexOf(bad)}`,
      });
    if (!keys.length)
      throw new ValidationError({ formula: 'The formula names no data point at position 0' });
  }
  const [{ n }] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(metrics)
    .where(and(eq(metrics.teamId, teamId), eq(metrics.elementId, trail.element.id)));
  const [metric] = await tx
    .insert(metrics)
    .values({
      teamId,
      problemId: trail.problem.id,
      elementId: trail.element.id,
      name: input.name,
      definition: input.definition ?? null,
      unit: input.unit ?? null,
      type: input.type,
      currency: input.type === 'currency' ? (input.currency ?? null) : null,
      direction: input.direction,
      baselineValue: input.baselineValue ?? null,
      baselineDate: input.baselineDate ?? null,
      period: input.period,
      fiscalStartMonth,
      periodStart: input.periodStart ?? null,
      periodEnd: input.periodEnd ?? null,
      customPeriods: input.period === 'custom' ? (input.customPeriods ?? []) : [],
      disaggregations: input.disaggregations ?? [],
      standardRef: input.standardRef ?? null,
      formula: input.formula ?? null,
      position: n,
    })
    .returning();
  await tx.insert(dataPoints).values(
    keys.map((key, i) => ({
      teamId,
      problemId: trail.problem.id,
      metricId: metric.id,
      key,
      name: key === 'value' && !input.formula ? input.name : humanizeKey(key),
      position: i,
    })),
  );
  await uc.audit({
    action: 'metric.created',
    subject: subjectOf(metric),
    details: { element: trail.element.title, type: metric.type },
  });
  return { metric, trail };
}

const subjectOf = (metric: { id: string; name: string }) => ({
  type: 'metric',
  id: metric.id,
  label: metric.name,
});

/** Update a metric; a formula may name only the metric's existing data points. */
export async function updateMetric(
  uc: UseCase,
  { metricId, ...input }: UpdateMetricInput & { metricId: unknown },
) {
  const { tx: db, teamId } = uc;
  const { metric: before, trail } = await findMetric(db, teamId, metricId);
  uc.can('content.update', { project: trail.project });
  const merged = {
    ...before,
    ...Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)),
  } as MetricRow;
  merged.fiscalStartMonth = await fiscalSnapshot(db, teamId, merged.period, before);
  checkRules(merged);
  if (input.formula) {
    const keys = await db
      .select({ key: dataPoints.key })
      .from(dataPoints)
      .where(and(eq(dataPoints.teamId, teamId), eq(dataPoints.metricId, before.id)));
    const parsed = parseFormula(
      input.formula,
      keys.map((k) => k.key),
    );
    if (!parsed.ok) throw new ValidationError({ formula: parsed.error.message });
  }
  const [metric] = await db
    .update(metrics)
    .set({
      ...input,
      currency: merged.type === 'currency' ? merged.currency : null,
      customPeriods: merged.period === 'custom' ? merged.customPeriods : [],
      fiscalStartMonth: merged.fiscalStartMonth,
      updatedAt: new Date(),
    })
    .where(and(eq(metrics.id, before.id), eq(metrics.teamId, teamId)))
    .returning();
  await uc.audit({
    action: 'metric.updated',
    subject: subjectOf(metric),
    details: { fields: Object.keys(input), previousName: before.name },
  });
  return { before, metric, trail };
}

/** Delete a metric with its data points, survey questions, targets and values (and what hangs on them). */
export async function deleteMetric(uc: UseCase, { metricId }: { metricId: unknown }) {
  const { metric, trail } = await findMetric(uc.tx, uc.teamId, metricId);
  uc.can('content.delete', { project: trail.project });
  await uc.removing('metric', [metric.id]);
  await uc.tx.delete(metrics).where(and(eq(metrics.id, metric.id), eq(metrics.teamId, uc.teamId)));
  await uc.audit({
    action: 'metric.deleted',
    subject: subjectOf(metric),
    details: { element: trail.element.title },
  });
  return { metric, trail };
}

/** Replace the metric's targets: one value per period in its range (null clears a period's target). */
export async function saveTargets(
  uc: UseCase,
  { metricId, ...input }: TargetsInput & { metricId: unknown },
) {
  const { tx, teamId } = uc;
  const { metric, trail } = await findMetric(tx, teamId, metricId);
  uc.can('content.update', { project: trail.project });
  const errors: Record<string, string> = {};
  const seen = new Set<string>();
  input.targets.forEach((t, i) => {
    const pe = periodError(metric, t.period);
    if (pe) errors[`targets.${i}.period`] = pe;
    else if (seen.has(t.period)) errors[`targets.${i}.period`] = `${t.period} is listed twice.`;
    seen.add(t.period);
    const ve = t.value === null ? null : valueError(metric.type, t.value);
    if (ve) errors[`targets.${i}.value`] = ve;
  });
  if (Object.keys(errors).length) throw new ValidationError(errors);
  const kept = input.targets.filter(
    (t): t is { period: string; value: number } => t.value !== null,
  );
  const where = and(eq(metricTargets.teamId, teamId), eq(metricTargets.metricId, metric.id));
  await tx.delete(metricTargets).where(
    kept.length
      ? and(
          where,
          notInArray(
            metricTargets.period,
            kept.map((t) => t.period),
          ),
        )
      : where,
  );
  if (kept.length)
    await tx
      .insert(metricTargets)
      .values(kept.map((t) => ({ teamId, metricId: metric.id, period: t.period, value: t.value })))
      .onConflictDoUpdate({
        target: [metricTargets.metricId, metricTargets.period],
        set: { value: sql`excluded.value` },
      });
  await uc.audit({
    action: 'metric.targets_updated',
    subject: subjectOf(metric),
    details: { targets: kept.length },
  });
  return { metric, count: kept.length };
}

/** Keys a metric's formula uses (to refuse renaming or deleting them). */
export function formulaUses(metric: Pick<MetricRow, 'formula'>, key: string): boolean {
  if (!metric.formula) return false;
  const parsed = parseFormulaAnyKeys(metric.formula);
  return parsed.ok && formulaKeys(parsed.ast).includes(key);
}
