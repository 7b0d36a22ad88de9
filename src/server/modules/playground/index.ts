import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { registerPlaygroundRoutes } from './playground.routes.js';

/** The playground: team-wide search over projects, problems, elements, metrics, data points and questions. */
export async function playgroundModule(app: FastifyInstance, ctx: AppContext) {
  registerPlaygroundRoutes(app, ctx);
}
