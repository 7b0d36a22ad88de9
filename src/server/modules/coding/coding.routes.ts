import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { parseInput } from '../../platform/http/validate.js';
import { actorOf, runUseCase } from '../../platform/use-case/index.js';
import { findForm } from '../forms/index.js';
import { roleCan } from '../../../shared/permissions.js';
import {
  codebookSchema,
  createColumnSchema,
  updateColumnSchema,
  verificationSchema,
} from '../../../shared/coding/coding.js';
import { findColumn } from './coding.queries.js';
import { kindColumnProps } from './coding.kinds.props.js';
import { columnProps, columnsListProps, deductiveInputsProps } from './coding.props.js';
import {
  createColumn,
  saveCodebook,
  startRun,
  updateColumn,
  verifyResponse,
} from './coding.use-cases.js';

const view = { kind: 'team', permission: 'content.view' } as const;
const create = { kind: 'team', permission: 'content.create' } as const;
const update = { kind: 'team', permission: 'content.update' } as const;
const teamOf = (request: FastifyRequest) => request.actor!.team!.id;
const param = (request: FastifyRequest, name: string) =>
  (request.params as Record<string, string | undefined>)[name];
const may = (request: FastifyRequest, p: 'content.create' | 'content.update') =>
  roleCan(request.actor!.role, p);

/** Intelligent columns of survey forms: list, codebook (deductive inputs), runs, verification. */
export function registerCodingRoutes(app: FastifyInstance, ctx: AppContext) {
  const columnUrl = (id: string) => ctx.routes.url('intelligent-columns.show', { column: id });

  app.get(
    '/forms/:form/intelligent-columns',
    { config: { name: 'intelligent-columns.index', access: view } },
    async (request, reply) => {
      const { form, project } = await findForm(ctx.db, teamOf(request), param(request, 'form'));
      const canCreate =
        form.kind === 'survey' && may(request, 'content.create') && project.status !== 'archived';
      return reply.inertia(
        'surveyholders/intelligent-columns',
        await columnsListProps(ctx.db, form, project, canCreate),
      );
    },
  );
  app.post(
    '/forms/:form/intelligent-columns',
    { config: { name: 'intelligent-columns.store', access: create } },
    async (request, reply) => {
      const input = parseInput(createColumnSchema, request.body);
      const column = await runUseCase(ctx, actorOf(request), (uc) =>
        createColumn(uc, { formId: param(request, 'form'), input }),
      );
      if (column.kind === 'codes') {
        reply.flash({ success: 'Intelligent column created. Now write its codebook.' });
        return reply.redirect(
          ctx.routes.url('intelligent-columns.codebook', { column: column.id }),
          303,
        );
      }
      if (column.kind === 'rubric') {
        reply.flash({ success: 'Rubric column created. Now write its rubric.' });
        return reply.redirect(
          ctx.routes.url('intelligent-columns.rubric', { column: column.id }),
          303,
        );
      }
      reply.flash({ success: 'Intelligent column created. Run it to compute its values.' });
      return reply.redirect(columnUrl(column.id), 303);
    },
  );
  app.get(
    '/intelligent-columns/:column',
    { config: { name: 'intelligent-columns.show', access: view } },
    async (request, reply) => {
      const { column, form, project } = await findColumn(
        ctx.db,
        teamOf(request),
        param(request, 'column'),
      );
      const canUpdate = may(request, 'content.update') && project.status !== 'archived';
      if (column.kind !== 'codes')
        return reply.inertia(
          'surveyholders/intelligent-column-kind',
          await kindColumnProps(
            ctx.db,
            column,
            form,
            project,
            canUpdate,
            ctx.config.ai?.model ?? null,
          ),
        );
      return reply.inertia(
        'surveyholders/intelligent-column',
        await columnProps(ctx.db, column, form, project, canUpdate, ctx.config.ai?.model ?? null),
      );
    },
  );
  app.put(
    '/intelligent-columns/:column',
    { config: { name: 'intelligent-columns.update', access: update } },
    async (request, reply) => {
      const input = parseInput(updateColumnSchema, request.body);
      const column = await runUseCase(ctx, actorOf(request), (uc) =>
        updateColumn(uc, { columnId: param(request, 'column'), input }),
      );
      reply.flash({ success: 'Column settings saved.' });
      return reply.redirect(columnUrl(column.id), 303);
    },
  );
  app.get(
    '/intelligent-columns/:column/codebook',
    { config: { name: 'intelligent-columns.codebook', access: view } },
    async (request, reply) => {
      const { column, form, project } = await findColumn(
        ctx.db,
        teamOf(request),
        param(request, 'column'),
      );
      const canUpdate = may(request, 'content.update') && project.status !== 'archived';
      return reply.inertia(
        'survey-sources/deductive-inputs',
        await deductiveInputsProps(ctx.db, column, form, project, canUpdate),
      );
    },
  );
  app.put(
    '/intelligent-columns/:column/codebook',
    { config: { name: 'intelligent-columns.codebook-save', access: update } },
    async (request, reply) => {
      const input = parseInput(codebookSchema, request.body);
      const { column, number } = await runUseCase(ctx, actorOf(request), (uc) =>
        saveCodebook(uc, { columnId: param(request, 'column'), input }),
      );
      reply.flash({ success: `Codebook version ${number} saved. Run the column to apply it.` });
      return reply.redirect(columnUrl(column.id), 303);
    },
  );
  app.post(
    '/intelligent-columns/:column/runs',
    { config: { name: 'intelligent-columns.run', access: update } },
    async (request, reply) => {
      const run = await runUseCase(ctx, actorOf(request), (uc) =>
        startRun(uc, { columnId: param(request, 'column') }),
      );
      reply.flash({ success: 'Run started; the page shows its progress.' });
      return reply.redirect(columnUrl(run.columnId), 303);
    },
  );
  app.post(
    '/intelligent-columns/:column/verifications',
    { config: { name: 'intelligent-columns.verify', access: update } },
    async (request, reply) => {
      const input = parseInput(verificationSchema, request.body);
      const column = await runUseCase(ctx, actorOf(request), (uc) =>
        verifyResponse(uc, { columnId: param(request, 'column'), input }),
      );
      reply.flash({ success: 'Coding recorded.' });
      return reply.redirect(columnUrl(column.id), 303);
    },
  );
}
