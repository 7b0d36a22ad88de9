import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { registerGridRoutes } from './grids.routes.js';
import { registerGridJob } from './grids.job.js';

/**
 * The intelligent grid (issue 12 section 4): a survey form's stakeholders (or responses) by
 * chosen columns (questions per wave, intelligent columns' codes, prompt columns answered offline
 * by comparing waves or by the configured model), computed as a job, every cell citing the
 * answers it used, a summary row, re-run on new data (unchanged cells carried over), exported.
 */
export async function gridsModule(app: FastifyInstance, ctx: AppContext) {
  registerGridRoutes(app, ctx);
  registerGridJob(ctx);
}
