import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { registerSourceRoutes } from './sources.routes.js';
import { registerImportJob } from './sources.import-job.js';
import { registerPruneUploadsJob } from './sources.prune-job.js';
import { registerUrlScheduleJob } from './sources.url.js';

/** Sources (issue 10): CSV, TSV and XLSX files, uploaded or fetched from an address, imported into datasets by a job. */
export async function sourcesModule(app: FastifyInstance, ctx: AppContext) {
  await registerSourceRoutes(app, ctx);
  registerImportJob(ctx);
  registerPruneUploadsJob(ctx);
  registerUrlScheduleJob(ctx);
}

export { datasetList } from './sources.props.js';
export { keyFromLabel } from './sources.use-cases.js';
