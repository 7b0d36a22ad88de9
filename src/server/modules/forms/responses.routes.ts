import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { actorOf, runUseCase } from '../../platform/use-case/index.js';
import { parseInput } from '../../platform/http/validate.js';
import { findForm, findStakeholder } from './forms.queries.js';
import { formDetail } from './forms.props.js';
import {
  flaggedCount,
  parseFilters,
  questionColumns,
  responseColumn,
  responsesPage,
  versionNumbers,
} from './responses.props.js';
import type { ResponseColumn } from '../../../shared/forms/forms.pages.js';
import { stakeholderResponses } from './stakeholders.props.js';
import { formQuestionVersions } from './responses.export.js';
import { repeatDatasets } from './form-dataset.js';
import { repeatGroups } from './form-dataset.columns.js';
import {
  createPersonalLink,
  deleteResponse,
  restoreResponse,
  reviewResponse,
  revokeLink,
} from './responses.use-cases.js';
import { personalLinkSchema, reviewSchema } from '../../../shared/forms/forms.schemas.js';
import { may, param, remove, teamOf, update, view } from './forms.routes.js';
import { liveDatasetOf } from '../datasets/index.js';
import { testResponsesCount, testResponsesPage } from './test-responses.props.js';
import { draftDefs } from './test-link.use-cases.js';
import { isDisplayOnly } from '../../../shared/forms/questions.js';

export function registerResponseRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get(
    '/forms/:form/responses',
    { config: { name: 'responses.index', access: view } },
    async (request, reply) => {
      const teamId = teamOf(request);
      const { form, project } = await findForm(ctx.db, teamId, param(request, 'form'));
      const filters = parseFilters(request.query);
      // every prop but the page's frame is a function: a live reload (`responses`, `flagged`,
      // `testCount`) reads only what it asks for
      let versionsRead: ReturnType<typeof formQuestionVersions> | undefined;
      const versions = () => (versionsRead ??= formQuestionVersions(ctx.db, form.id));
      const props = {
        project,
        form: formDetail(form),
        filters,
        // the draft's test responses are listed only under their own filter, on the draft's questions
        responses: () =>
          filters.test
            ? testResponsesPage(ctx.db, teamId, form.id, request.query)
            : responsesPage(ctx.db, teamId, form.id, request.query, filters),
        columns: async (): Promise<ResponseColumn[]> =>
          filters.test
            ? (await draftDefs(ctx.db, form.id))
                .filter((q) => !isDisplayOnly(q.type))
                .map(responseColumn)
            : (await questionColumns(ctx.db, form.id)).map(({ other: _, ...c }) => c),
        repeatGroups: async () => [...repeatGroups(await versions()).keys()],
        repeatDatasets: async () => repeatDatasets(ctx.db, teamId, form.id, await versions()),
        testCount: () => testResponsesCount(ctx.db, form.id),
        versions: () => versionNumbers(ctx.db, form.id),
        flagged: () => flaggedCount(ctx.db, form.id),
        datasetId: () => liveDatasetOf(ctx.db, teamId, 'form', form.id),
        can: {
          review: may(request, 'content.update') && project.status !== 'archived',
          delete: may(request, 'content.delete') && project.status !== 'archived',
        },
      };
      return form.kind === 'survey'
        ? reply.inertia('surveyholders/responses', props)
        : reply.inertia('stakeholders/responses', props);
    },
  );

  const toResponses = (formId: string) => ctx.routes.url('responses.index', { form: formId });

  app.put(
    '/form-responses/:formResponse/review',
    { config: { name: 'responses.review', access: update } },
    async (request, reply) => {
      const input = parseInput(reviewSchema, request.body);
      const { response, form } = await runUseCase(ctx, actorOf(request), (uc) =>
        reviewResponse(uc, { ...input, responseId: param(request, 'formResponse') }),
      );
      reply.flash({
        success: `Response #${response.seq} marked ${input.status.replace('_', ' ')}.`,
      });
      // back to the page it was reviewed on (the list, or the response's own page)
      return reply.back(toResponses(form.id));
    },
  );

  app.delete(
    '/form-responses/:formResponse',
    { config: { name: 'responses.destroy', access: remove } },
    async (request, reply) => {
      const { response, form } = await runUseCase(ctx, actorOf(request), (uc) =>
        deleteResponse(uc, { responseId: param(request, 'formResponse') }),
      );
      reply.flash({
        success: `Response #${response.seq} deleted. It can be restored from the deleted list.`,
      });
      return reply.redirect(toResponses(form.id), 303);
    },
  );

  app.post(
    '/form-responses/:formResponse/restore',
    { config: { name: 'responses.restore', access: update } },
    async (request, reply) => {
      const { response, form } = await runUseCase(ctx, actorOf(request), (uc) =>
        restoreResponse(uc, { responseId: param(request, 'formResponse') }),
      );
      reply.flash({ success: `Response #${response.seq} restored.` });
      return reply.back(toResponses(form.id));
    },
  );

  app.get(
    '/stakeholders/:stakeholder',
    { config: { name: 'stakeholders.show', access: view } },
    async (request, reply) => {
      const teamId = teamOf(request);
      const { stakeholder, project } = await findStakeholder(
        ctx.db,
        teamId,
        param(request, 'stakeholder'),
      );
      const data = await stakeholderResponses(ctx, teamId, stakeholder.id, project.id);
      return reply.inertia('surveyholders/stakeholder-responses', {
        project,
        stakeholder: {
          id: stakeholder.id,
          code: stakeholder.code,
          name: stakeholder.name,
          createdAt: stakeholder.createdAt.toISOString(),
        },
        ...data,
        can: { links: may(request, 'content.create') && project.status !== 'archived' },
      });
    },
  );

  const toStakeholder = (id: string) => ctx.routes.url('stakeholders.show', { stakeholder: id });

  app.post(
    '/stakeholders/:stakeholder/links',
    {
      config: {
        name: 'stakeholders.links.store',
        access: { kind: 'team', permission: 'content.create' },
      },
    },
    async (request, reply) => {
      const input = parseInput(personalLinkSchema, request.body);
      const { stakeholder } = await runUseCase(ctx, actorOf(request), (uc) =>
        createPersonalLink(uc, { ...input, stakeholderId: param(request, 'stakeholder') }),
      );
      reply.flash({ success: `Personal link for ${input.wave} made for ${stakeholder.name}.` });
      return reply.redirect(toStakeholder(stakeholder.id), 303);
    },
  );

  app.delete(
    '/form-links/:formLink',
    { config: { name: 'stakeholders.links.destroy', access: remove } },
    async (request, reply) => {
      const { link, form } = await runUseCase(ctx, actorOf(request), (uc) =>
        revokeLink(uc, { linkId: param(request, 'formLink') }),
      );
      reply.flash({ success: 'Link withdrawn: it no longer opens the form.' });
      return reply.redirect(
        link.stakeholderId
          ? toStakeholder(link.stakeholderId)
          : ctx.routes.url('forms.fields', { form: form.id }),
        303,
      );
    },
  );
}
