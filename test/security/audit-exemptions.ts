import { eq } from 'drizzle-orm';
import { dataPoints, metricValues } from '../../src/server/modules/metrics/metrics.tables.js';
import type { FixtureContext } from './route-fixtures.js';

/**
 * Writes that deliberately leave no audit row, each with its reason. Keep this list short: a
 * route here is still walked by the audit test (it must succeed with a valid request), only the
 * audit row is not required. Everything else must audit inside its transaction.
 */
export const NOT_AUDITED: Record<string, string> = {};

export const notAuditedReason = (routeName: string): string | undefined => NOT_AUDITED[routeName];

/**
 * Valid bodies for routes whose authorization-matrix body is deliberately not valid for team A
 * (the matrix wants the handler to reach the lookup, not to succeed). `params` are the URL's.
 */
export const VALID_BODIES: Record<string, (c: FixtureContext, params: Record<string, string>) => Promise<Record<string, unknown>>> = {
  'metric-values.store': async ({ world }, { metric }) => {
    const [dp] = await world.app.ctx.db.select({ id: dataPoints.id }).from(dataPoints).where(eq(dataPoints.metricId, metric));
    return { dataPointId: dp.id, period: '2026-Q2', value: 4 };
  },
  'metric-values.update': async ({ world }, { metricValue }) => {
    const [v] = await world.app.ctx.db.select({ dataPointId: metricValues.dataPointId }).from(metricValues).where(eq(metricValues.id, metricValue));
    return { dataPointId: v.dataPointId, period: '2026-Q3', value: 5 };
  },
};
