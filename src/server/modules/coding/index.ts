import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import type { Db } from '../../platform/db/client.js';
import { registerCodingRoutes } from './coding.routes.js';
import { registerCodingJob } from './coding.job.js';
import { registerThemesRoutes } from './coding.themes.routes.js';
import { registerThemesJob } from './coding.themes.job.js';
import { codebookOf, findColumn } from './coding.queries.js';
import { columnResults } from './coding.results.js';

/**
 * Coding: intelligent columns over a survey form's open answers, a versioned codebook, the offline
 * rules engine run as a job, blind human verification of a seeded sample, kappa per code.
 */
export async function codingModule(app: FastifyInstance, ctx: AppContext) {
  registerCodingRoutes(app, ctx);
  registerCodingJob(ctx);
  registerThemesRoutes(app, ctx);
  registerThemesJob(ctx);
}

/**
 * Coded results as data (for insights and bindings): per code of the column's current codebook,
 * the responses with it per wave from the latest finished run; `status` says whether the code is
 * applied (kappa at or above the threshold; only those should be counted) or only suggested.
 * Team-scoped: another team's column is a 404.
 */
export async function codeCountsByWave(db: Db, teamId: string, columnId: unknown) {
  const { column } = await findColumn(db, teamId, columnId);
  const codebook = await codebookOf(db, column.id, column.codebookVersion);
  return (await columnResults(db, column, codebook)).results;
}
