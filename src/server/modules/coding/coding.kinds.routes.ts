import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { parseInput } from '../../platform/http/validate.js';
import { notFound } from '../../platform/errors.js';
import { actorOf, runUseCase } from '../../platform/use-case/index.js';
import { roleCan } from '../../../shared/permissions.js';
import { rubricSchema, rubricVerificationSchema } from '../../../shared/coding/kinds.js';
import { findColumn } from './coding.queries.js';
import { rubricProps } from './coding.kinds.props.js';
import { saveRubric, verifyRubric } from './coding.kinds.use-cases.js';

const view = { kind: 'team', permission: 'content.view' } as const;
const update = { kind: 'team', permission: 'content.update' } as const;
const teamOf = (request: FastifyRequest) => request.actor!.team!.id;
const param = (request: FastifyRequest, name: string) =>
  (request.params as Record<string, string | undefined>)[name];

/** A rubric column's rubric (versioned) and its human scoring of the sample. */
export function registerKindRoutes(app: FastifyInstance, ctx: AppContext) {
  const columnUrl = (id: string) => ctx.routes.url('intelligent-columns.show', { column: id });

  app.get(
    '/intelligent-columns/:column/rubric',
    { config: { name: 'intelligent-columns.rubric', access: view } },
    async (request, reply) => {
      const { column, form, project } = await findColumn(
        ctx.db,
        teamOf(request),
        param(request, 'column'),
      );
      if (column.kind !== 'rubric') throw notFound('Rubric');
      const canUpdate =
        roleCan(request.actor!.role, 'content.update') && project.status !== 'archived';
      return reply.inertia(
        'surveyholders/intelligent-column-rubric',
        await rubricProps(ctx.db, column, form, project, canUpdate),
      );
    },
  );
  app.put(
    '/intelligent-columns/:column/rubric',
    { config: { name: 'intelligent-columns.rubric-save', access: update } },
    async (request, reply) => {
      const input = parseInput(rubricSchema, request.body);
      const { column, number } = await runUseCase(ctx, actorOf(request), (uc) =>
        saveRubric(uc, { columnId: param(request, 'column'), input }),
      );
      reply.flash({ success: `Rubric version ${number} saved. Run the column to score with it.` });
      return reply.redirect(columnUrl(column.id), 303);
    },
  );
  app.post(
    '/intelligent-columns/:column/rubric-verifications',
    { config: { name: 'intelligent-columns.rubric-verify', access: update } },
    async (request, reply) => {
      const input = parseInput(rubricVerificationSchema, request.body);
      const column = await runUseCase(ctx, actorOf(request), (uc) =>
        verifyRubric(uc, { columnId: param(request, 'column'), input }),
      );
      reply.flash({ success: 'Score recorded.' });
      return reply.redirect(columnUrl(column.id), 303);
    },
  );
}
