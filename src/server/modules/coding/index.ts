import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import type { AppliedCode } from '../../../shared/coding/coding.js';
import { intelligentColumns } from './coding.tables.js';
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

/** A survey form's intelligent columns (team-scoped), for other modules to offer as columns. */
export function columnsOfForm(db: Db, teamId: string, formId: string) {
  return db
    .select({ id: intelligentColumns.id, name: intelligentColumns.name })
    .from(intelligentColumns)
    .where(and(eq(intelligentColumns.teamId, teamId), eq(intelligentColumns.formId, formId)))
    .orderBy(asc(intelligentColumns.name));
}

/**
 * A column's coded value per response (the intelligent grid): the codes of its latest finished
 * run with their quotes, each code's label and whether it is applied or only suggested.
 * Team-scoped: another team's column is a 404.
 */
export async function codedResponses(db: Db, teamId: string, columnId: unknown) {
  const { column } = await findColumn(db, teamId, columnId);
  const codebook = await codebookOf(db, column.id, column.codebookVersion);
  const { run, decisions, agreement } = await columnResults(db, column, codebook);
  return {
    column: { id: column.id, name: column.name, formId: column.formId },
    runId: run?.id ?? null,
    labels: new Map(codebook.map((c) => [c.key, c.label])),
    status: new Map(agreement.map((a) => [a.code, a.status])),
    byResponse: new Map<string, AppliedCode[]>(decisions.map((d) => [d.responseId, d.codes])),
  };
}
