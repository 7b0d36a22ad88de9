import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { actorOf, runUseCase } from '../../platform/use-case/index.js';
import { parseInput } from '../../platform/http/validate.js';
import { findForm, findResponse } from './forms.queries.js';
import { formDetail } from './forms.props.js';
import { responseDetail, reviewQueue } from './response-detail.props.js';
import { clearFlag, editResponse } from './response-edits.use-cases.js';
import { may, param, teamOf, update, view } from './forms.routes.js';
import { clearFlagSchema, editResponseSchema } from '../../../shared/forms/forms.schemas.js';
import { FLAG_LABELS } from '../../../shared/forms/quality.js';
import { plural } from '../../../shared/format/plural.js';

/** A fetch that asked for JSON (the edit form keeps the editor's answers on a 409 or 422). */
const wantsJson = (request: FastifyRequest) =>
  !request.isInertia && (request.headers.accept ?? '').includes('application/json');

/** A response's page (answers, history, flags), its edit, and the form's review queue. */
export function registerResponseReviewRoutes(app: FastifyInstance, ctx: AppContext) {
  const toResponse = (id: string) => ctx.routes.url('responses.show', { formResponse: id });

  app.get(
    '/form-responses/:formResponse',
    { config: { name: 'responses.show', access: view } },
    async (request, reply) => {
      const found = await findResponse(ctx.db, teamOf(request), param(request, 'formResponse'));
      const open = found.project.status !== 'archived';
      const props = await responseDetail(ctx.db, found, {
        edit: may(request, 'content.update') && open,
        delete: may(request, 'content.delete') && open,
      });
      return reply.inertia(
        found.form.kind === 'survey' ? 'surveyholders/response' : 'stakeholders/response',
        props,
      );
    },
  );

  app.put(
    '/form-responses/:formResponse',
    { config: { name: 'responses.update', access: update } },
    async (request, reply) => {
      const input = parseInput(editResponseSchema, request.body);
      const { response, changes } = await runUseCase(ctx, actorOf(request), (uc) =>
        editResponse(uc, { ...input, responseId: param(request, 'formResponse') }),
      );
      const message = `Response #${response.seq} edited: ${plural(changes.length, 'answer')} changed.`;
      if (wantsJson(request))
        return reply.send({ id: response.id, revision: response.revision, message });
      reply.flash({ success: message });
      return reply.redirect(toResponse(response.id), 303);
    },
  );

  app.get(
    '/forms/:form/review',
    { config: { name: 'responses.queue', access: view } },
    async (request, reply) => {
      const { form, project } = await findForm(ctx.db, teamOf(request), param(request, 'form'));
      const props = {
        project,
        form: formDetail(form),
        items: await reviewQueue(ctx.db, form.id),
        can: { clear: may(request, 'content.update') && project.status !== 'archived' },
      };
      return reply.inertia(
        form.kind === 'survey' ? 'surveyholders/review' : 'stakeholders/review',
        props,
      );
    },
  );

  app.post(
    '/form-response-flags/:formResponseFlag/clear',
    { config: { name: 'responses.flags.clear', access: update } },
    async (request, reply) => {
      const input = parseInput(clearFlagSchema, request.body);
      const { flag, response, form } = await runUseCase(ctx, actorOf(request), (uc) =>
        clearFlag(uc, { ...input, flagId: param(request, 'formResponseFlag') }),
      );
      reply.flash({
        success: `${FLAG_LABELS[flag.rule]} flag cleared on response #${response.seq}${input.resolution === 'reject' ? ': marked rejected' : ': kept'}.`,
      });
      return reply.back(ctx.routes.url('responses.queue', { form: form.id }));
    },
  );
}
