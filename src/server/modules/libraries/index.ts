import type { FastifyInstance } from 'fastify';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.js';
import { gettingStarted } from '../core/index.js';
import { problems } from '../problems/read-model.js';
import { registerLibraryRoutes } from './libraries.routes.js';
import { registerLibraryApi } from './libraries.api.js';

/** The library: shipped problems and strategies (content/), a team's own saved items, and the tree copy machinery. */
export async function librariesModule(app: FastifyInstance, ctx: AppContext) {
  registerLibraryRoutes(app, ctx);
  registerLibraryApi(app, ctx);
  gettingStarted(ctx).push({
    key: 'library-problem',
    title: 'Start from a library problem',
    description: 'Copy a ready-made theory of change with its metrics into a project and adapt it.',
    order: 50,
    route: 'libraries.index',
    permission: 'content.create',
    doneWhen: (_c, actor) =>
      actor.team
        ? sql`exists (select 1 from ${problems} where ${and(eq(problems.teamId, actor.team.id), eq(problems.createdBy, actor.user.id), isNotNull(problems.libraryItemId))})`
        : null,
  });
}

export { serializeProblem, materializeProblem, materializeStrategy } from './problem-tree.js';
export { templateCanLink, templateProblems } from './template-rules.js';
export { SHIPPED_LIBRARY } from './content/index.js';
export { copyLibraryProblem, copyLibraryStrategy } from './libraries.use-cases.js';
export {
  copyTargetProjects,
  findLibraryItem,
  findSharedLibraryItem,
  teamProblems,
} from './libraries.queries.js';
