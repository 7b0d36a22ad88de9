import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { audit } from '../../platform/audit/audit.js';
import { parseInput } from '../../platform/http/validate.js';
import { createMetricSchema, createValueSchema, targetsSchema, updateMetricSchema, updateValueSchema } from '../../../shared/metrics/metrics.schemas.js';
import { createMetric, deleteMetric, saveTargets, updateMetric } from './metrics.service.js';
import { createValue, deleteValue, updateValue } from './metric-values.service.js';
import { metricSeries } from './metrics.series.js';
import { dataPointProps, entryProps, metricKindLabel, metricProps, periodsProps, targetsProps } from './metrics.props.js';
import { periodLabel } from '../../../shared/metrics/periods.js';

const view = { kind: 'team', permission: 'content.view' } as const;
const create = { kind: 'team', permission: 'content.create' } as const;
const update = { kind: 'team', permission: 'content.update' } as const;
const remove = { kind: 'team', permission: 'content.delete' } as const;

export const teamOf = (request: FastifyRequest) => request.actor!.team!.id;
const param = (request: FastifyRequest, name: string) => (request.params as Record<string, string>)[name];

/** The metric page's props: details, trail, periods, targets, data points, entries and the series. */
export async function metricPageProps(ctx: AppContext, teamId: string, metricId: string) {
  const s = await metricSeries(ctx, teamId, metricId);
  const trail = s.trail;
  const keyOf = new Map(s.dataPoints.map((d) => [d.id, d.key]));
  return {
    metric: metricProps(s.metric),
    kindLabel: metricKindLabel(trail.element.kind),
    trail,
    periods: periodsProps(s.metric),
    targets: targetsProps(s.targets),
    dataPoints: s.dataPoints.map(dataPointProps),
    entries: s.entries.map((e) => entryProps(s.metric, e, keyOf)),
    series: s.points,
    categories: s.categories,
  };
}

export function registerMetricRoutes(app: FastifyInstance, ctx: AppContext) {
  app.post('/elements/:element/metrics', { config: { name: 'metrics.store', access: create } }, async (request, reply) => {
    const input = parseInput(createMetricSchema, request.body);
    const { metric, trail } = await createMetric(ctx.db, teamOf(request), param(request, 'element'), input);
    await audit(ctx.db, request, { action: 'metric.created', subjectType: 'metric', subjectId: metric.id, subjectLabel: metric.name, details: { element: trail.element.title, type: metric.type } });
    reply.flash({ success: `Metric “${metric.name}” added.` });
    return reply.redirect(ctx.routes.url('metrics.show', { metric: metric.id }), 303);
  });

  app.get('/metrics/:metric', { config: { name: 'metrics.show', access: view } }, async (request, reply) => {
    return reply.inertia('metrics/show', await metricPageProps(ctx, teamOf(request), param(request, 'metric')));
  });

  app.put('/metrics/:metric', { config: { name: 'metrics.update', access: update } }, async (request, reply) => {
    const input = parseInput(updateMetricSchema, request.body);
    const { metric, before } = await updateMetric(ctx.db, teamOf(request), param(request, 'metric'), input);
    await audit(ctx.db, request, { action: 'metric.updated', subjectType: 'metric', subjectId: metric.id, subjectLabel: metric.name, details: { fields: Object.keys(input), previousName: before.name } });
    reply.flash({ success: 'Metric saved.' });
    return reply.redirect(ctx.routes.url('metrics.show', { metric: metric.id }), 303);
  });

  app.delete('/metrics/:metric', { config: { name: 'metrics.destroy', access: remove } }, async (request, reply) => {
    const { metric, trail } = await deleteMetric(ctx.db, teamOf(request), param(request, 'metric'));
    await audit(ctx.db, request, { action: 'metric.deleted', subjectType: 'metric', subjectId: metric.id, subjectLabel: metric.name, details: { element: trail.element.title } });
    reply.flash({ success: `Metric “${metric.name}” deleted with its data points and values.` });
    return reply.redirect(ctx.routes.url('elements.show', { element: trail.element.id }), 303);
  });

  app.put('/metrics/:metric/targets', { config: { name: 'metrics.targets', access: update } }, async (request, reply) => {
    const input = parseInput(targetsSchema, request.body);
    const { metric, count } = await saveTargets(ctx.db, teamOf(request), param(request, 'metric'), input);
    await audit(ctx.db, request, { action: 'metric.targets_updated', subjectType: 'metric', subjectId: metric.id, subjectLabel: metric.name, details: { targets: count } });
    reply.flash({ success: 'Targets saved.' });
    return reply.redirect(ctx.routes.url('metrics.show', { metric: metric.id }), 303);
  });

  app.post('/metrics/:metric/values', { config: { name: 'metric-values.store', access: create } }, async (request, reply) => {
    const input = parseInput(createValueSchema, request.body);
    const { value, metric } = await createValue(ctx.db, teamOf(request), request.actor!.user.id, param(request, 'metric'), input);
    await audit(ctx.db, request, { action: 'metric_value.created', subjectType: 'metric', subjectId: metric.id, subjectLabel: metric.name, details: { period: value.period, value: value.value, disaggregation: value.disaggregation } });
    reply.flash({ success: `Value for ${periodLabel({ period: metric.period, customPeriods: metric.customPeriods ?? [] }, value.period)} saved.` });
    return reply.redirect(ctx.routes.url('metrics.show', { metric: metric.id }), 303);
  });

  app.put('/metric-values/:metricValue', { config: { name: 'metric-values.update', access: update } }, async (request, reply) => {
    const input = parseInput(updateValueSchema, request.body);
    const { value, before, metric } = await updateValue(ctx.db, teamOf(request), param(request, 'metricValue'), input);
    await audit(ctx.db, request, {
      action: 'metric_value.updated',
      subjectType: 'metric',
      subjectId: metric.id,
      subjectLabel: metric.name,
      details: { period: value.period, value: value.value, previousValue: before.value, previousPeriod: before.period },
    });
    reply.flash({ success: 'Value updated.' });
    return reply.redirect(ctx.routes.url('metrics.show', { metric: metric.id }), 303);
  });

  app.delete('/metric-values/:metricValue', { config: { name: 'metric-values.destroy', access: remove } }, async (request, reply) => {
    const { value, metric } = await deleteValue(ctx.db, teamOf(request), param(request, 'metricValue'));
    await audit(ctx.db, request, { action: 'metric_value.deleted', subjectType: 'metric', subjectId: metric.id, subjectLabel: metric.name, details: { period: value.period, value: value.value } });
    reply.flash({ success: 'Value deleted.' });
    return reply.redirect(ctx.routes.url('metrics.show', { metric: metric.id }), 303);
  });
}
