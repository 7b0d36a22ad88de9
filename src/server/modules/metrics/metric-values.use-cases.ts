import { and, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { ValidationError } from '../../platform/errors.js';
import type { UseCase } from '../../platform/use-case/index.js';
import {
  disaggregationKey,
  valueError,
  type CreateValueInput,
  type UpdateValueInput,
} from '../../../shared/metrics/metrics.schemas.js';
import { periodError } from '../../../shared/metrics/periods.js';
import { dataPoints, metricValues } from './metrics.tables.js';
import { findMetric, findValue, type MetricRow } from './metrics.queries.js';
import { enqueueWebhookEvent } from '../webhooks/index.js';

/** Field errors of a value entry against its metric (data point, period, categories, value). */
async function check(
  db: Db,
  teamId: string,
  metric: MetricRow,
  v: { dataPointId: string; period: string; disaggregation: Record<string, string>; value: number },
) {
  const errors: Record<string, string> = {};
  const [dp] = await db
    .select({ id: dataPoints.id, binding: dataPoints.binding })
    .from(dataPoints)
    .where(
      and(
        eq(dataPoints.id, v.dataPointId),
        eq(dataPoints.metricId, metric.id),
        eq(dataPoints.teamId, teamId),
      ),
    )
    .limit(1);
  if (!dp) errors.dataPointId = 'Choose one of this metric’s data points.';
  else if (dp.binding.kind !== 'manual')
    errors.dataPointId =
      'This data point is computed from its bound rows (see its page): its values cannot be entered by hand.';
  const pe = periodError(metric, v.period);
  if (pe) errors.period = pe;
  for (const [k, c] of Object.entries(v.disaggregation)) {
    const dim = metric.disaggregations.find((d) => d.key === k);
    if (!dim) errors[`disaggregation.${k}`] = `This metric is not disaggregated by ${k}.`;
    else if (!dim.categories.includes(c))
      errors[`disaggregation.${k}`] = `Choose one of: ${dim.categories.join(', ')}.`;
  }
  // without a formula the entry is the metric's own figure, so the metric's type applies to it
  const ve = metric.formula ? null : valueError(metric.type, v.value);
  if (ve) errors.value = ve;
  if (Object.keys(errors).length) throw new ValidationError(errors);
}

/** Blank categories mean "not disaggregated by that dimension". */
const clean = (d: Record<string, string> | undefined) =>
  Object.fromEntries(Object.entries(d ?? {}).filter(([, c]) => c.trim() !== ''));

const subjectOf = (metric: MetricRow) => ({ type: 'metric', id: metric.id, label: metric.name });

type ValueRow = typeof metricValues.$inferSelect;

/** The `metric_value.changed` webhook's data: the value after (or the one deleted), and before */
const valueEvent = (change: string, metric: MetricRow, v: ValueRow, before?: ValueRow) => ({
  change,
  metricId: metric.id,
  metricName: metric.name,
  valueId: v.id,
  dataPointId: v.dataPointId,
  period: v.period,
  value: v.value,
  disaggregation: v.disaggregation,
  ...(before ? { previous: { period: before.period, value: before.value } } : {}),
});

export async function createValue(
  uc: UseCase,
  { metricId, ...input }: CreateValueInput & { metricId: unknown },
) {
  const { tx, teamId } = uc;
  const { metric, trail } = await findMetric(tx, teamId, metricId);
  uc.can('content.create', { project: trail.project });
  const disaggregation = clean(input.disaggregation);
  await check(tx, teamId, metric, { ...input, disaggregation });
  const [value] = await tx
    .insert(metricValues)
    .values({
      teamId,
      metricId: metric.id,
      dataPointId: input.dataPointId,
      period: input.period,
      disaggregation,
      disaggregationKey: disaggregationKey(disaggregation),
      value: input.value,
      note: input.note ?? null,
      enteredBy: uc.actor.userId,
    })
    .returning();
  await uc.audit({
    action: 'metric_value.created',
    subject: subjectOf(metric),
    details: { period: value.period, value: value.value, disaggregation: value.disaggregation },
  });
  await enqueueWebhookEvent(
    uc,
    teamId,
    'metric_value.changed',
    valueEvent('created', metric, value),
  );
  return { value, metric, trail };
}

export async function updateValue(
  uc: UseCase,
  { metricValueId, ...input }: UpdateValueInput & { metricValueId: unknown },
) {
  const { tx: db, teamId } = uc;
  const { value: before, metric, trail } = await findValue(db, teamId, metricValueId);
  uc.can('content.update', { project: trail.project });
  const disaggregation = clean(input.disaggregation);
  const next = {
    dataPointId: input.dataPointId,
    period: input.period,
    disaggregation,
    value: input.value,
  };
  await check(db, teamId, metric, next);
  const [value] = await db
    .update(metricValues)
    .set({
      ...next,
      disaggregationKey: disaggregationKey(disaggregation),
      ...(input.note !== undefined ? { note: input.note } : {}),
      updatedAt: new Date(),
    })
    .where(and(eq(metricValues.id, before.id), eq(metricValues.teamId, teamId)))
    .returning();
  await uc.audit({
    action: 'metric_value.updated',
    subject: subjectOf(metric),
    details: {
      period: value.period,
      value: value.value,
      disaggregation: value.disaggregation,
      previousValue: before.value,
      previousPeriod: before.period,
    },
  });
  await enqueueWebhookEvent(
    uc,
    teamId,
    'metric_value.changed',
    valueEvent('updated', metric, value, before),
  );
  return { before, value, metric };
}

export async function deleteValue(uc: UseCase, { metricValueId }: { metricValueId: unknown }) {
  const found = await findValue(uc.tx, uc.teamId, metricValueId);
  uc.can('content.delete', { project: found.trail.project });
  await uc.tx
    .delete(metricValues)
    .where(and(eq(metricValues.id, found.value.id), eq(metricValues.teamId, uc.teamId)));
  await uc.audit({
    action: 'metric_value.deleted',
    subject: subjectOf(found.metric),
    details: {
      period: found.value.period,
      value: found.value.value,
      disaggregation: found.value.disaggregation,
    },
  });
  await enqueueWebhookEvent(
    uc,
    uc.teamId,
    'metric_value.changed',
    valueEvent('deleted', found.metric, found.value),
  );
  return found;
}
