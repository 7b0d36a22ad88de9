import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { registerFormRoutes } from './forms.routes.js';
import { registerResponseRoutes } from './responses.routes.js';
import { registerResponseExportRoutes } from './responses-export.routes.js';
import { registerResponseExportJobs } from './responses-export.job.js';
import { registerResponseReviewRoutes } from './response-review.routes.js';
import { registerPublicFormRoutes } from './public-forms.routes.js';
import { registerXlsformRoutes } from './xlsform.routes.js';
import { registerFormsApi } from './forms.api.js';
import { registerFormFileRoutes } from './form-files.routes.js';
import { registerTestLinkRoutes } from './test-link.routes.js';
import { liveDatasetsOf } from '../datasets/index.js';

/**
 * Forms: survey and stakeholder forms (builder, versions), stakeholders and their personal links,
 * the public form page and its idempotent submission, responses (detail, edit with history, data quality flags and
 * their review queue, review, delete, export), and the forms API under /api/v1.
 */
export async function formsModule(app: FastifyInstance, ctx: AppContext) {
  registerFormRoutes(app, ctx);
  registerResponseRoutes(app, ctx);
  registerResponseExportRoutes(app, ctx);
  registerResponseExportJobs(ctx);
  registerResponseReviewRoutes(app, ctx);
  registerPublicFormRoutes(app, ctx);
  registerTestLinkRoutes(app, ctx);
  await registerFormFileRoutes(app, ctx);
  await registerXlsformRoutes(app, ctx);
  registerFormsApi(app, ctx);
  // a form's live datasets (its responses' view, its repeat groups' views) go with the form
  ctx.cascades.onRemove('form', async (r) => {
    const ids: string[] = [];
    for (const id of r.ids)
      for (const d of await liveDatasetsOf(r.tx, r.teamId, 'form', id)) ids.push(d.id);
    await r.cascade('dataset', ids);
  });
}
export { surveyQuestionRowSource } from './bound-responses.js';

export { purgeDeletedResponses } from './responses.purge.js';
export { mergeStakeholders } from './stakeholders-merge.use-cases.js';
export { findForm, formWaves } from './forms.queries.js';
