import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import type { FullViewTab } from '../../../shared/problems/problems.js';
import type { FullViewProps } from '../../../shared/problems/problems.types.js';

/** Extra props of one tab of the problem full view from another module (insights, learnings). */
export type ProblemTabProvider = (args: {
  teamId: string;
  problem: { id: string; title: string };
  projectId: string;
  tab: FullViewTab;
  request: FastifyRequest;
}) => Promise<Partial<FullViewProps> | null>;

const registries = new WeakMap<AppContext, ProblemTabProvider[]>();

/**
 * Modules that fill a tab of the problem workspace push a provider here (no import cycle: the
 * problems module does not import them). A provider answers null for the tabs it does not fill.
 */
export function problemTabProps(ctx: AppContext): ProblemTabProvider[] {
  let list = registries.get(ctx);
  if (!list) {
    list = [];
    registries.set(ctx, list);
  }
  return list;
}
