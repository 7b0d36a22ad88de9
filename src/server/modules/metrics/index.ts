import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { registerMetricRoutes } from './metrics.routes.js';
import { registerDataPointRoutes } from './data-points.routes.js';
import { registerMetricsApi } from './metrics.api.js';
import { registerBindingRoutes } from './bindings.routes.js';

/** Metrics (activity/output/outcome), targets, data points, survey questions and manual values, with their API. */
import { projectShowProps } from '../projects/index.js';
import { keyMetricsFor } from './metrics.series.js';
import { dataPointIdsOf, metricIdsOn, questionIdsOf } from './metrics.queries.js';

export async function metricsModule(app: FastifyInstance, ctx: AppContext) {
  registerMetricRoutes(app, ctx);
  registerDataPointRoutes(app, ctx);
  registerMetricsApi(app, ctx);
  registerBindingRoutes(app, ctx);
  // the project page shows the key metrics of its problems
  // what goes with an element, a metric and a data point: their children announce their own removal
  ctx.cascades.onRemove('element', async (r) =>
    r.cascade('metric', await metricIdsOn(r.tx, r.teamId, r.ids)),
  );
  ctx.cascades.onRemove('metric', async (r) =>
    r.cascade('data_point', await dataPointIdsOf(r.tx, r.teamId, r.ids)),
  );
  ctx.cascades.onRemove('data_point', async (r) =>
    r.cascade('survey_question', await questionIdsOf(r.tx, r.teamId, r.ids)),
  );
  projectShowProps(ctx).push(async ({ teamId, projectId }) => ({
    keyMetrics: await keyMetricsFor(ctx, teamId, { projectId }, 8),
  }));
}

export {
  metricSeries,
  keyMetricsFor,
  elementMetricsPanelProps,
  problemActualsByMetric,
} from './metrics.series.js';
export { teamFiscalStartMonth } from './metrics.queries.js';
export { datasetColumnFeeds } from './dataset-feeds.js';
