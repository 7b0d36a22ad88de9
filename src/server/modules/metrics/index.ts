import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { registerMetricRoutes } from './metrics.routes.js';
import { registerDataPointRoutes } from './data-points.routes.js';
import { registerMetricsApi } from './metrics.api.js';

/** Metrics (activity/output/outcome), targets, data points, survey questions and manual values, with their API. */
export async function metricsModule(app: FastifyInstance, ctx: AppContext) {
  registerMetricRoutes(app, ctx);
  registerDataPointRoutes(app, ctx);
  registerMetricsApi(app, ctx);
}

export { metricSeries, keyMetricsFor, elementMetricsPanelProps, type KeyMetric } from './metrics.series.js';
export { listElementMetrics } from './metrics.queries.js';
export { metricProps, metricKindLabel } from './metrics.props.js';
