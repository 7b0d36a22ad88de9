import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import type { ProjectShowExtras } from '../../../shared/projects/projects.pages.js';

/** Extra props of the project page from other modules, e.g. { keyMetrics } from the metrics module. */
export type ProjectShowProvider = (args: { teamId: string; projectId: string; request: FastifyRequest }) => Promise<ProjectShowExtras>;

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
