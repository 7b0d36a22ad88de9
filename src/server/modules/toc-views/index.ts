import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { registerDiagramRoutes } from '../problems/diagram.routes.js';

/**
 * The diagram and table views of a problem. Temporary home until the problems module's index.ts
 * calls registerDiagramRoutes(app, ctx) itself (then this module and its line in modules/index.ts go).
 */
export async function tocViewsModule(app: FastifyInstance, ctx: AppContext) {
  registerDiagramRoutes(app, ctx);
}

export { registerDiagramRoutes } from '../problems/diagram.routes.js';
export { diagramProps, diagramOf } from '../problems/diagram.props.js';
export { tableViewProps } from '../problems/table-view.props.js';
