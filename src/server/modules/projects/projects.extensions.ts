import type { FastifyRequest } from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.js';
import type { Db } from '../../platform/db/client.js';
import type { DeletionImpact } from '../../../shared/projects/projects.schemas.js';
import type { ProjectShowExtras } from '../../../shared/projects/projects.pages.js';

/** Extra props of the project page from other modules, e.g. { keyMetrics } from the metrics module. */
export type ProjectShowProvider = (args: {
  teamId: string;
  projectId: string;
  request: FastifyRequest;
}) => Promise<ProjectShowExtras>;

const registries = new WeakMap<AppContext, ProjectShowProvider[]>();

/**
 * Modules that show something on the project page push a provider here (no import cycle:
 * projects does not import them). E.g. in the metrics module:
 * `projectShowProps(ctx).push(async ({ teamId, projectId }) => ({ keyMetrics: await keyMetricsFor(ctx, teamId, { projectId }) }))`
 */
export function projectShowProps(ctx: AppContext): ProjectShowProvider[] {
  let list = registries.get(ctx);
  if (!list) {
    list = [];
    registries.set(ctx, list);
  }
  return list;
}

/** A problem of the project as its page lists it. */
interface ProjectProblem {
  id: string;
  title: string;
  statement: string | null;
  status: string;
  updatedAt: Date;
  counts: Record<string, number>;
}

/**
 * What a project contains, told by the module that owns it (the problems module), so this module
 * never reads its children's tables and the modules under it may import it freely.
 */
export interface ProjectContents {
  /** the number of problems of the "projects" row of the query (a correlated subquery, for a column and its sort) */
  problemsCount(): SQL<number>;
  /** the project's problems, newest first, with their counts */
  problems(db: Db, teamId: string, projectId: string): Promise<ProjectProblem[]>;
  /** what deleting the project takes with it */
  impact(db: Db, teamId: string, projectId: string): Promise<DeletionImpact>;
  /** audit conditions for the records inside these problems (the project's activity) */
  activityScope(db: Db, teamId: string, problemIds: string[]): SQL[];
}

const EMPTY: ProjectContents = {
  problemsCount: () => sql<number>`0`,
  problems: async () => [],
  impact: async () => ({ problems: 0, elements: 0, metrics: 0, values: 0 }),
  activityScope: () => [],
};
const contents = new WeakMap<AppContext, ProjectContents>();

/** The problems module tells what projects contain (called once, in its plugin). */
export function provideProjectContents(ctx: AppContext, provider: ProjectContents) {
  contents.set(ctx, provider);
}

/** What projects contain (nothing while no module provides it). */
export function projectContents(ctx: Pick<AppContext, 'db'>): ProjectContents {
  return contents.get(ctx as AppContext) ?? EMPTY;
}
