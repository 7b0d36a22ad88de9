import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { registerSourceRoutes } from './sources.routes.js';
import { registerImportJob } from './sources.import-job.js';
import { registerPruneUploadsJob } from './sources.prune-job.js';

/** Sources (issue 10): uploaded CSV, TSV and XLSX files imported into datasets by a job. */
export async function sourcesModule(app: FastifyInstance, ctx: AppContext) {
  await registerSourceRoutes(app, ctx);
  registerImportJob(ctx);
  registerPruneUploadsJob(ctx);
}

export { datasetList } from './sources.props.js';
export { keyFromLabel } from './sources.use-cases.js';
