import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { registerProblemRoutes } from './problems.routes.js';
import { registerElementRoutes } from './elements.routes.js';
import { registerProblemApi } from './problems.api.js';
import { registerDiagramRoutes } from './diagram.routes.js';
import { registerProblemCascades } from './problems.cascades.js';
import { registerProjectContents } from './project-contents.js';

/** Problems and their theory of change: elements (activities, outputs, outcomes, impact) and causal links. */
export async function problemsModule(app: FastifyInstance, ctx: AppContext) {
  registerProblemRoutes(app, ctx);
  registerElementRoutes(app, ctx);
  registerProblemApi(app, ctx);
  registerDiagramRoutes(app, ctx);
  registerProblemCascades(ctx);
  registerProjectContents(ctx);
}

/** The team-scoped finders (404 otherwise), each with the trail the policy needs (project status). */
export { findProblem } from './problems.queries.js';
export { problemTabProps } from './problems.extensions.js';
export { problemFullViewProps } from './full-view.props.js';
export { diagramProps } from './diagram.props.js';
export { tableViewProps } from './table-view.props.js';
