import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { registerMetricRoutes } from './metrics.routes.js';
import { registerDataPointRoutes } from './data-points.routes.js';
import { registerMetricsApi } from './metrics.api.js';

/** Metrics (activity/output/outcome), targets, data points, survey questions and manual values, with their API. */
import { projectShowProps } from '../projects/index.js';
import { keyMetricsFor } from './metrics.series.js';

export async function metricsModule(app: FastifyInstance, ctx: AppContext) {
  registerMetricRoutes(app, ctx);
  registerDataPointRoutes(app, ctx);
  registerMetricsApi(app, ctx);
  // the project page shows the key metrics of its problems
  projectShowProps(ctx).push(async ({ teamId, projectId }) => ({ keyMetrics: await keyMetricsFor(ctx, teamId, { projectId }, 8) }));
}

export { metricSeries, keyMetricsFor, elementMetricsPanelProps, problemActualsByMetric, type KeyMetric } from './metrics.series.js';
export { listElementMetrics } from './metrics.queries.js';
export { metricProps, metricKindLabel } from './metrics.props.js';
// the published read model of the metrics tables (other modules join and count them)
export { metrics, metricValues, metricTargets, dataPoints, surveyQuestions, type DataPointBinding } from './metrics.tables.js';
