import { and, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { ValidationError } from '../../platform/errors.js';
import { disaggregationKey, valueError, type CreateValueInput, type UpdateValueInput } from '../../../shared/metrics/metrics.schemas.js';
import { periodError } from '../../../shared/metrics/periods.js';
import { dataPoints, metricValues } from './metrics.tables.js';
import { findMetric, findValue, type MetricRow } from './metrics.queries.js';

/** Field errors of a value entry against its metric (data point, period, categories, value). */
async function check(db: Db, teamId: string, metric: MetricRow, v: { dataPointId: string; period: string; disaggregation: Record<string, string>; value: number }) {
  const errors: Record<string, string> = {};
  const [dp] = await db
    .select({ id: dataPoints.id })
    .from(dataPoints)
    .where(and(eq(dataPoints.id, v.dataPointId), eq(dataPoints.metricId, metric.id), eq(dataPoints.teamId, teamId)))
    .limit(1);
  if (!dp) errors.dataPointId = 'Choose one of this metric’s data points.';
  const pe = periodError(metric, v.period);
  if (pe) errors.period = pe;
  for (const [k, c] of Object.entries(v.disaggregation)) {
    const dim = metric.disaggregations.find((d) => d.key === k);
    if (!dim) errors[`disaggregation.${k}`] = `This metric is not disaggregated by ${k}.`;
    else if (!dim.categories.includes(c)) errors[`disaggregation.${k}`] = `Choose one of: ${dim.categories.join(', ')}.`;
  }
  // without a formula the entry is the metric's own figure, so the metric's type applies to it
  const ve = metric.formula ? null : valueError(metric.type, v.value);
  if (ve) errors.value = ve;
  if (Object.keys(errors).length) throw new ValidationError(errors);
}

/** Blank categories mean "not disaggregated by that dimension". */
const clean = (d: Record<string, string> | undefined) => Object.fromEntries(Object.entries(d ?? {}).filter(([, c]) => c.trim() !== ''));

export async function createValue(db: Db, teamId: string, userId: string, metricId: unknown, input: CreateValueInput) {
  const { metric, trail } = await findMetric(db, teamId, metricId);
  const disaggregation = clean(input.disaggregation);
  await check(db, teamId, metric, { ...input, disaggregation });
  const [value] = await db
    .insert(metricValues)
    .values({ teamId, metricId: metric.id, dataPointId: input.dataPointId, period: input.period, disaggregation, disaggregationKey: disaggregationKey(disaggregation), value: input.value, note: input.note ?? null, enteredBy: userId })
    .returning();
  return { value, metric, trail };
}

export async function updateValue(db: Db, teamId: string, valueId: unknown, input: UpdateValueInput) {
  const { value: before, metric } = await findValue(db, teamId, valueId);
  const disaggregation = clean(input.disaggregation);
  const next = { dataPointId: input.dataPointId, period: input.period, disaggregation, value: input.value };
  await check(db, teamId, metric, next);
  const [value] = await db
    .update(metricValues)
    .set({ ...next, disaggregationKey: disaggregationKey(disaggregation), ...(input.note !== undefined ? { note: input.note } : {}), updatedAt: new Date() })
    .where(and(eq(metricValues.id, before.id), eq(metricValues.teamId, teamId)))
    .returning();
  return { before, value, metric };
}

export async function deleteValue(db: Db, teamId: string, valueId: unknown) {
  const found = await findValue(db, teamId, valueId);
  await db.delete(metricValues).where(and(eq(metricValues.id, found.value.id), eq(metricValues.teamId, teamId)));
  return found;
}
