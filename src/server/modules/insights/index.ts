import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { registerInsightsRoutes } from './insights.routes.js';

/**
 * Insights: every metric's actual against baseline and target per period with a status, charts,
 * the outcome roll-up along the theory of change, and the IPTT (screen, XLSX, PDF), per problem
 * (its workspace's Insights tab) and per project. Read only: figures come from the metrics module.
 */
export async function insightsModule(app: FastifyInstance, ctx: AppContext) {
  registerInsightsRoutes(app, ctx);
}
