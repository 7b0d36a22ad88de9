import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { registerTransformationRoutes } from './transformations.routes.js';
import { registerReplay } from './transformations.replay.js';
import { registerRunJob } from './transformations.run-job.js';

/**
 * Transformations (issue 11): a recipe of steps over a dataset, compiled to one SQL statement;
 * a run writes a new version of its output dataset (origin 'transformation'), compared row by
 * row with the previous run's; a new source version re-runs the recipes set to replay.
 */
export async function transformationsModule(app: FastifyInstance, ctx: AppContext) {
  registerTransformationRoutes(app, ctx);
  registerRunJob(ctx);
  registerReplay(ctx);
}
