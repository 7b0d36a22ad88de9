import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { actorOf, runUseCase } from '../../platform/use-case/index.js';
import { parseInput } from '../../platform/http/validate.js';
import { roleCan } from '../../../shared/permissions.js';
import { findProject } from '../projects/index.js';
import { findForm } from './forms.queries.js';
import { createForm, publishForm, updateForm } from './forms.use-cases.js';
import { builderProps, formsOf } from './forms.props.js';
import { stakeholdersPage } from './stakeholders.props.js';
import {
  addQuestionSchema,
  createFormSchema,
  fromTocSchema,
  moveQuestionSchema,
  saveTranslationsSchema,
  updateFormSchema,
  updateQuestionSchema,
} from '../../../shared/forms/forms.schemas.js';
import { addFromToc } from './from-toc.use-cases.js';
import { saveTranslations } from './translations.use-cases.js';
import { plural } from '../../../shared/format/plural.js';
import {
  addQuestion,
  deleteQuestion,
  duplicateQuestion,
  moveQuestion,
  updateQuestion,
} from './questions.use-cases.js';
import { DEFAULT_WAVES, FORM_LANGUAGES } from '../../../shared/forms/questions.js';

export const view = { kind: 'team', permission: 'content.view' } as const;
const create = { kind: 'team', permission: 'content.create' } as const;
export const update = { kind: 'team', permission: 'content.update' } as const;
export const remove = { kind: 'team', permission: 'content.delete' } as const;

export const teamOf = (request: FastifyRequest) => request.actor!.team!.id;
export const param = (request: FastifyRequest, name: string) =>
  (request.params as Record<string, string>)[name];
export const may = (
  request: FastifyRequest,
  p: 'content.create' | 'content.update' | 'content.delete',
) => roleCan(request.actor!.role, p);

const fieldsUrl = (ctx: AppContext, formId: string) =>
  ctx.routes.url('forms.fields', { form: formId });

export function registerFormRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get(
    '/projects/:project/surveyholders',
    { config: { name: 'forms.surveys', access: view } },
    async (request, reply) => {
      const project = await findProject(ctx.db, teamOf(request), param(request, 'project'));
      return reply.inertia('surveyholders/index', {
        project: { id: project.id, name: project.name, status: project.status },
        forms: await formsOf(ctx.db, teamOf(request), project.id, 'survey'),
        can: { create: may(request, 'content.create') && project.status !== 'archived' },
      });
    },
  );

  app.get(
    '/projects/:project/stakeholders',
    { config: { name: 'stakeholders.index', access: view } },
    async (request, reply) => {
      const project = await findProject(ctx.db, teamOf(request), param(request, 'project'));
      return reply.inertia('stakeholders/index', {
        project: { id: project.id, name: project.name, status: project.status },
        forms: await formsOf(ctx.db, teamOf(request), project.id, 'stakeholder'),
        stakeholders: () => stakeholdersPage(ctx.db, teamOf(request), project.id, request.query),
        can: { create: may(request, 'content.create') && project.status !== 'archived' },
      });
    },
  );

  app.get(
    '/projects/:project/forms/create',
    { config: { name: 'forms.create', access: create } },
    async (request, reply) => {
      const project = await findProject(ctx.db, teamOf(request), param(request, 'project'));
      const kind =
        (request.query as Record<string, unknown>).kind === 'stakeholder'
          ? 'stakeholder'
          : 'survey';
      const props = {
        project: { id: project.id, name: project.name, status: project.status },
        kind,
        languages: FORM_LANGUAGES,
        defaultWaves: DEFAULT_WAVES,
      } as const;
      return kind === 'survey'
        ? reply.inertia('surveyholders/create', props)
        : reply.inertia('stakeholders/create', props);
    },
  );

  app.post(
    '/projects/:project/forms',
    { config: { name: 'forms.store', access: create } },
    async (request, reply) => {
      const input = parseInput(createFormSchema, request.body);
      const { form } = await runUseCase(ctx, actorOf(request), (uc) =>
        createForm(uc, { ...input, projectId: param(request, 'project') }),
      );
      reply.flash({ success: `Form “${form.name}” created. Add its questions.` });
      return reply.redirect(fieldsUrl(ctx, form.id), 303);
    },
  );

  app.get(
    '/forms/:form/fields',
    { config: { name: 'forms.fields', access: view } },
    async (request, reply) => {
      const { form, project } = await findForm(ctx.db, teamOf(request), param(request, 'form'));
      const props = await builderProps(
        ctx,
        teamOf(request),
        form,
        project,
        may(request, 'content.update'),
      );
      return form.kind === 'survey'
        ? reply.inertia('surveyholders/fields', props)
        : reply.inertia('stakeholders/fields', props);
    },
  );

  /** A question as a toast names it: its label (cut at a word past 60 characters), else its key. */
  const named = (q: { key: string; label: string }) => {
    const label = q.label.replace(/\s+/g, ' ').trim();
    if (!label) return `“${q.key}”`;
    if (label.length <= 60) return `“${label}”`;
    const cut = label.slice(0, 60);
    const space = cut.lastIndexOf(' ');
    return `“${(space > 30 ? cut.slice(0, space) : cut).replace(/[\s,;:.]+$/, '')}…”`;
  };

  const back = (reply: FastifyReply, formId: string, message: string, info?: string | null) => {
    reply.flash(info ? { success: message, info } : { success: message });
    return reply.redirect(fieldsUrl(ctx, formId), 303);
  };

  app.put(
    '/forms/:form',
    { config: { name: 'forms.update', access: update } },
    async (request, reply) => {
      const input = parseInput(updateFormSchema, request.body);
      const { form } = await runUseCase(ctx, actorOf(request), (uc) =>
        updateForm(uc, { ...input, formId: param(request, 'form') }),
      );
      return back(reply, form.id, 'Form settings saved.');
    },
  );

  app.put(
    '/forms/:form/translations',
    { config: { name: 'forms.translations.update', access: update } },
    async (request, reply) => {
      const input = parseInput(saveTranslationsSchema, request.body);
      const { form, changed } = await runUseCase(ctx, actorOf(request), (uc) =>
        saveTranslations(uc, { ...input, formId: param(request, 'form') }),
      );
      return back(
        reply,
        form.id,
        `${input.language} translations saved (${plural(changed, 'question')} changed). Publish to put them in the form.`,
      );
    },
  );

  app.post(
    '/forms/:form/versions',
    { config: { name: 'form-versions.store', access: update } },
    async (request, reply) => {
      const { form, version } = await runUseCase(ctx, actorOf(request), (uc) =>
        publishForm(uc, { formId: param(request, 'form') }),
      );
      return back(reply, form.id, `Version ${version.number} published.`);
    },
  );

  app.post(
    '/forms/:form/questions',
    { config: { name: 'forms.questions.store', access: update } },
    async (request, reply) => {
      const input = parseInput(addQuestionSchema, request.body);
      const { form, question, notice } = await runUseCase(ctx, actorOf(request), (uc) =>
        addQuestion(uc, { ...input, formId: param(request, 'form') }),
      );
      return back(reply, form.id, `Question ${named(question)} added.`, notice);
    },
  );

  app.post(
    '/forms/:form/questions/from-toc',
    { config: { name: 'forms.questions.from-toc', access: update } },
    async (request, reply) => {
      const input = parseInput(fromTocSchema, request.body);
      const { form, question } = await runUseCase(ctx, actorOf(request), (uc) =>
        addFromToc(uc, { ...input, formId: param(request, 'form') }),
      );
      return back(reply, form.id, `Question ${named(question)} added from the theory of change.`);
    },
  );

  app.put(
    '/form-questions/:formQuestion',
    { config: { name: 'forms.questions.update', access: update } },
    async (request, reply) => {
      const input = parseInput(updateQuestionSchema, request.body);
      const { form, question, notice } = await runUseCase(ctx, actorOf(request), (uc) =>
        updateQuestion(uc, { ...input, questionId: param(request, 'formQuestion') }),
      );
      return back(reply, form.id, `Question ${named(question)} saved.`, notice);
    },
  );

  app.delete(
    '/form-questions/:formQuestion',
    { config: { name: 'forms.questions.destroy', access: update } },
    async (request, reply) => {
      const { form, question } = await runUseCase(ctx, actorOf(request), (uc) =>
        deleteQuestion(uc, { questionId: param(request, 'formQuestion') }),
      );
      return back(reply, form.id, `Question ${named(question)} removed from the draft.`);
    },
  );

  app.post(
    '/form-questions/:formQuestion/move',
    { config: { name: 'forms.questions.move', access: update } },
    async (request, reply) => {
      const input = parseInput(moveQuestionSchema, request.body);
      const { form, question, position } = await runUseCase(ctx, actorOf(request), (uc) =>
        moveQuestion(uc, { ...input, questionId: param(request, 'formQuestion') }),
      );
      const where = input.direction ?? `to place ${position}`;
      return back(reply, form.id, `Question ${named(question)} moved ${where}.`);
    },
  );

  app.post(
    '/form-questions/:formQuestion/duplicate',
    { config: { name: 'forms.questions.duplicate', access: update } },
    async (request, reply) => {
      const { form, question } = await runUseCase(ctx, actorOf(request), (uc) =>
        duplicateQuestion(uc, { questionId: param(request, 'formQuestion') }),
      );
      return back(reply, form.id, `Question copied as “${question.key}”.`);
    },
  );
}
