import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { registerLongitudinalRoutes } from './longitudinal.routes.js';

/**
 * The longitudinal view (issue 10 section 5): a project's stakeholders by rows, the waves of its
 * stakeholder-linked surveys and of its datasets with a stakeholder column side by side, the
 * change between waves, and possible duplicate stakeholders listed for review and merging.
 * Read only but for the merge, which is the forms module's use case (it owns stakeholders).
 */
export async function longitudinalModule(app: FastifyInstance, ctx: AppContext) {
  registerLongitudinalRoutes(app, ctx);
}
