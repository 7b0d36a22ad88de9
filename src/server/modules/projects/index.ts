import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { gettingStarted } from '../core/index.js';
import { registerProjectApi } from './projects.api.js';
import { teamHasProjectSql } from './projects.queries.js';
import { registerProjectRoutes } from './projects.routes.js';

/** Projects: the containers of a team's problems (list, create, show, edit, archive, delete) and /api/v1/projects. */
export async function projectsModule(app: FastifyInstance, ctx: AppContext) {
  registerProjectRoutes(app, ctx);
  registerProjectApi(app, ctx);
  gettingStarted(ctx).push({
    key: 'create-project',
    title: 'Create your first project',
    description:
      'A project holds the problems you work on, their theory of change and the metrics you track.',
    order: 15,
    // the list (its empty state has the button): every role can open it, only editors and up can create
    route: 'projects.index',
    permission: 'content.create',
    doneWhen: (_c, actor) => (actor.team ? teamHasProjectSql(actor.team.id, actor.user.id) : null),
  });
}

export { projectShowProps, provideProjectContents } from './projects.extensions.js';
export { findProject } from './projects.queries.js';
export { createProject } from './projects.use-cases.js';
// the published read model: other modules join the team's projects (e.g. problems.project_id)
