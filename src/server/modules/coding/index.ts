import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import type { Db } from '../../platform/db/client.js';
import { registerCodingRoutes } from './coding.routes.js';
import { registerCodingJob } from './coding.job.js';
import { registerThemesRoutes } from './coding.themes.routes.js';
import { registerThemesJob } from './coding.themes.job.js';
import { registerKindRoutes } from './coding.kinds.routes.js';
import { registerKindJob } from './coding.kinds.job.js';
import { kindResults } from './coding.kinds.results.js';
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
  registerKindRoutes(app, ctx);
  registerKindJob(ctx);
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

/**
 * A sentiment or rubric column's values as data (for insights and bindings): per live response of
 * the latest finished run its sentiment score and label (indicative) or rubric level (null:
 * unscored), with the engine that made it, and the distribution per wave. Team-scoped.
 */
export async function columnValues(db: Db, teamId: string, columnId: unknown) {
  const { column } = await findColumn(db, teamId, columnId);
  const { values, distribution } = await kindResults(db, column);
  return { kind: column.kind, values, distribution };
}
