import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { actorOf, runUseCase } from '../../platform/use-case/index.js';
import { parseInput } from '../../platform/http/validate.js';
import {
  createMetricSchema,
  createValueSchema,
  targetsSchema,
  updateMetricSchema,
  updateValueSchema,
} from '../../../shared/metrics/metrics.schemas.js';
import { createMetric, deleteMetric, saveTargets, updateMetric } from './metrics.use-cases.js';
import { createValue, deleteValue, updateValue } from './metric-values.use-cases.js';
import { metricSeries } from './metrics.series.js';
import {
  dataPointProps,
  entryProps,
  metricKindLabel,
  metricProps,
  periodsProps,
  targetsProps,
} from './metrics.props.js';
import { periodLabel } from '../../../shared/metrics/periods.js';

const view = { kind: 'team', permission: 'content.view' } as const;
const create = { kind: 'team', permission: 'content.create' } as const;
const update = { kind: 'team', permission: 'content.update' } as const;
const remove = { kind: 'team', permission: 'content.delete' } as const;

export const teamOf = (request: FastifyRequest) => request.actor!.team!.id;
const param = (request: FastifyRequest, name: string) =>
  (request.params as Record<string, string>)[name];

/** The metric page's props: details, trail, periods, targets, data points, entries and the series. */
async function metricPageProps(ctx: AppContext, teamId: string, metricId: string) {
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
    bindings: s.bindings,
  };
}

export function registerMetricRoutes(app: FastifyInstance, ctx: AppContext) {
  app.post(
    '/elements/:element/metrics',
    { config: { name: 'metrics.store', access: create } },
    async (request, reply) => {
      const input = parseInput(createMetricSchema, request.body);
      const { metric } = await runUseCase(ctx, actorOf(request), (uc) =>
        createMetric(uc, { ...input, elementId: param(request, 'element') }),
      );
      reply.flash({ success: `Metric “${metric.name}” added.` });
      return reply.redirect(ctx.routes.url('metrics.show', { metric: metric.id }), 303);
    },
  );

  app.get(
    '/metrics/:metric',
    { config: { name: 'metrics.show', access: view } },
    async (request, reply) => {
      return reply.inertia(
        'metrics/show',
        await metricPageProps(ctx, teamOf(request), param(request, 'metric')),
      );
    },
  );

  app.put(
    '/metrics/:metric',
    { config: { name: 'metrics.update', access: update } },
    async (request, reply) => {
      const input = parseInput(updateMetricSchema, request.body);
      const { metric } = await runUseCase(ctx, actorOf(request), (uc) =>
        updateMetric(uc, { ...input, metricId: param(request, 'metric') }),
      );
      reply.flash({ success: 'Metric saved.' });
      return reply.redirect(ctx.routes.url('metrics.show', { metric: metric.id }), 303);
    },
  );

  app.delete(
    '/metrics/:metric',
    { config: { name: 'metrics.destroy', access: remove } },
    async (request, reply) => {
      const { metric, trail } = await runUseCase(ctx, actorOf(request), (uc) =>
        deleteMetric(uc, { metricId: param(request, 'metric') }),
      );
      reply.flash({ success: `Metric “${metric.name}” deleted with its data points and values.` });
      return reply.redirect(ctx.routes.url('elements.show', { element: trail.element.id }), 303);
    },
  );

  app.put(
    '/metrics/:metric/targets',
    { config: { name: 'metrics.targets', access: update } },
    async (request, reply) => {
      const input = parseInput(targetsSchema, request.body);
      const { metric } = await runUseCase(ctx, actorOf(request), (uc) =>
        saveTargets(uc, { ...input, metricId: param(request, 'metric') }),
      );
      reply.flash({ success: 'Targets saved.' });
      return reply.redirect(ctx.routes.url('metrics.show', { metric: metric.id }), 303);
    },
  );

  app.post(
    '/metrics/:metric/values',
    { config: { name: 'metric-values.store', access: create } },
    async (request, reply) => {
      const input = parseInput(createValueSchema, request.body);
      const { value, metric } = await runUseCase(ctx, actorOf(request), (uc) =>
        createValue(uc, { ...input, metricId: param(request, 'metric') }),
      );
      reply.flash({
        success: `Value for ${periodLabel(metric, value.period)} saved.`,
      });
      return reply.redirect(ctx.routes.url('metrics.show', { metric: metric.id }), 303);
    },
  );

  app.put(
    '/metric-values/:metricValue',
    { config: { name: 'metric-values.update', access: update } },
    async (request, reply) => {
      const input = parseInput(updateValueSchema, request.body);
      const { metric } = await runUseCase(ctx, actorOf(request), (uc) =>
        updateValue(uc, { ...input, metricValueId: param(request, 'metricValue') }),
      );
      reply.flash({ success: 'Value updated.' });
      return reply.redirect(ctx.routes.url('metrics.show', { metric: metric.id }), 303);
    },
  );

  app.delete(
    '/metric-values/:metricValue',
    { config: { name: 'metric-values.destroy', access: remove } },
    async (request, reply) => {
      const { metric } = await runUseCase(ctx, actorOf(request), (uc) =>
        deleteValue(uc, { metricValueId: param(request, 'metricValue') }),
      );
      reply.flash({ success: 'Value deleted.' });
      return reply.redirect(ctx.routes.url('metrics.show', { metric: metric.id }), 303);
    },
  );
}
