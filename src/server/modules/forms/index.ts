import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { registerFormRoutes } from './forms.routes.js';
import { registerResponseRoutes } from './responses.routes.js';
import { registerPublicFormRoutes } from './public-forms.routes.js';

/**
 * Forms: survey and stakeholder forms (builder, versions), stakeholders and their personal links,
 * the public form page and its idempotent submission, responses (review, delete, export).
 */
export async function formsModule(app: FastifyInstance, ctx: AppContext) {
  registerFormRoutes(app, ctx);
  registerResponseRoutes(app, ctx);
  registerPublicFormRoutes(app, ctx);
}
export { surveyQuestionRowSource } from './bound-responses.js';

export { purgeDeletedResponses } from './responses.purge.js';
export { findForm } from './forms.queries.js';
