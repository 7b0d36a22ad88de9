import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { registerProblemRoutes } from './problems.routes.js';
import { registerElementRoutes } from './elements.routes.js';
import { registerProblemApi } from './problems.api.js';
import { registerDiagramRoutes } from './diagram.routes.js';

/** Problems and their theory of change: elements (activities, outputs, outcomes, impact) and causal links. */
export async function problemsModule(app: FastifyInstance, ctx: AppContext) {
  registerProblemRoutes(app, ctx);
  registerElementRoutes(app, ctx);
  registerProblemApi(app, ctx);
  registerDiagramRoutes(app, ctx);
}

export { findProblem, findElement, findLink, findProject, assertWritable, type ProblemRow, type ElementRow, type LinkRow } from './problems.queries.js';
export { problemFullViewProps } from './full-view.props.js';
export { elementPageProps } from './element-page.props.js';
export { checkNewLink } from './links.service.js';
export { problemConsequences, elementConsequences, describeConsequences, type Consequences } from './consequences.js';
export { problems, tocElements, tocLinks } from './problems.tables.js';
export { diagramProps, diagramOf } from './diagram.props.js';
export { tableViewProps } from './table-view.props.js';
