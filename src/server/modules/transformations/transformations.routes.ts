import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { parseInput } from '../../platform/http/validate.js';
import { actorOf, runUseCase } from '../../platform/use-case/index.js';
import {
  createTransformationSchema,
  stepsSchema,
  transformationSettingsSchema,
} from '../../../shared/transformations/steps.js';
import type { DiffFilter } from '../../../shared/transformations/transformations.pages.js';
import { createProps, indexProps, runProps, showProps } from './transformations.props.js';
import { chunkedRun } from './transformations.chunks.js';
import {
  cancelRun,
  createTransformation,
  deleteTransformation,
  saveSettings,
  saveSteps,
  startRun,
} from './transformations.use-cases.js';

const view = { kind: 'team', permission: 'content.view' } as const;
const create = { kind: 'team', permission: 'content.create' } as const;
const update = { kind: 'team', permission: 'content.update' } as const;
const remove = { kind: 'team', permission: 'content.delete' } as const;

const teamOf = (request: FastifyRequest) => request.actor!.team!.id;
const param = (request: FastifyRequest, name: string) =>
  (request.params as Record<string, string>)[name];

/** ?after=N: the rows shown are those after step N (0: the source); anything else: the last */
function afterOf(request: FastifyRequest): number | null {
  const v = (request.query as Record<string, unknown>).after;
  if (typeof v !== 'string' || !/^[0-9]{1,3}$/.test(v)) return null;
  return Number(v);
}

const FILTERS: DiffFilter[] = ['all', 'changed', 'removed', 'added'];

/** ?diff=changed|removed|added&page=N: what the run page's diff lists */
function diffViewOf(request: FastifyRequest) {
  const q = request.query as Record<string, unknown>;
  const filter = FILTERS.find((f) => f === q.diff) ?? 'all';
  const page = typeof q.page === 'string' && /^[0-9]{1,6}$/.test(q.page) ? Number(q.page) : 1;
  return { filter, page };
}

export function registerTransformationRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get(
    '/projects/:project/transformations',
    { config: { name: 'transformations.index', access: view } },
    async (request, reply) =>
      reply.inertia(
        'transformations/index',
        await indexProps(ctx, teamOf(request), param(request, 'project')),
      ),
  );

  app.get(
    '/projects/:project/transformations/create',
    { config: { name: 'transformations.create', access: create } },
    async (request, reply) =>
      reply.inertia(
        'transformations/create',
        await createProps(ctx, teamOf(request), param(request, 'project')),
      ),
  );

  app.post(
    '/projects/:project/transformations',
    { config: { name: 'transformations.store', access: create } },
    async (request, reply) => {
      const input = parseInput(createTransformationSchema, request.body);
      const t = await runUseCase(ctx, actorOf(request), (uc) =>
        createTransformation(uc, { ...input, projectId: param(request, 'project') }),
      );
      reply.flash({ success: `Transformation “${t.name}” created. Add its first step.` });
      return reply.redirect(ctx.routes.url('transformations.show', { transformation: t.id }), 303);
    },
  );

  app.get(
    '/transformations/:transformation',
    { config: { name: 'transformations.show', access: view } },
    async (request, reply) =>
      reply.inertia(
        'transformations/show',
        await showProps(ctx, teamOf(request), param(request, 'transformation'), afterOf(request)),
      ),
  );

  app.put(
    '/transformations/:transformation/steps',
    { config: { name: 'transformations.steps', access: update } },
    async (request, reply) => {
      const input = parseInput(stepsSchema, request.body);
      const t = await runUseCase(ctx, actorOf(request), (uc) =>
        saveSteps(uc, { transformationId: param(request, 'transformation'), steps: input.steps }),
      );
      const after = afterOf(request);
      return reply.redirect(
        ctx.routes.url('transformations.show', {
          transformation: t.id,
          ...(after !== null ? { after: String(after) } : {}),
        }),
        303,
      );
    },
  );

  app.post(
    '/transformations/:transformation/runs',
    { config: { name: 'transformations.run', access: update } },
    async (request, reply) => {
      const run = await runUseCase(ctx, actorOf(request), (uc) =>
        startRun(uc, param(request, 'transformation')),
      );
      return reply.redirect(ctx.routes.url('transformation-runs.show', { run: run.id }), 303);
    },
  );

  app.get(
    '/transformation-runs/:run',
    { config: { name: 'transformation-runs.show', access: view } },
    async (request, reply) =>
      reply.inertia(
        'transformations/status',
        await runProps(ctx, teamOf(request), param(request, 'run'), diffViewOf(request)),
      ),
  );

  app.post(
    '/transformation-runs/:run/cancel',
    { config: { name: 'transformation-runs.cancel', access: update } },
    async (request, reply) => {
      const run = await runUseCase(ctx, actorOf(request), (uc) =>
        cancelRun(uc, param(request, 'run')),
      );
      reply.flash({
        success:
          run.status === 'queued'
            ? 'Run cancelled: the output dataset is unchanged.'
            : ctx.database.kind === 'postgres'
              ? 'Cancelling: the statement writing the rows is stopped at once; the output is not published.'
              : chunkedRun(ctx.database, run.steps)
                ? 'Cancelling: the run stops when the chunk of rows it is writing ends; the output is not published.'
                : 'Cancelling: on the embedded database the run stops when its current statement ends; the output is not published.',
      });
      return reply.redirect(ctx.routes.url('transformation-runs.show', { run: run.id }), 303);
    },
  );

  app.put(
    '/transformations/:transformation/settings',
    { config: { name: 'transformations.settings', access: update } },
    async (request, reply) => {
      const input = parseInput(transformationSettingsSchema, request.body);
      const t = await runUseCase(ctx, actorOf(request), (uc) =>
        saveSettings(uc, { transformationId: param(request, 'transformation'), ...input }),
      );
      reply.flash({
        success: input.autoRun
          ? 'This recipe now runs again each time its source dataset gets a new version.'
          : 'This recipe now runs only when you press “Run”.',
      });
      return reply.redirect(ctx.routes.url('transformations.show', { transformation: t.id }), 303);
    },
  );

  app.delete(
    '/transformations/:transformation',
    { config: { name: 'transformations.destroy', access: remove } },
    async (request, reply) => {
      const { transformation, project } = await runUseCase(ctx, actorOf(request), (uc) =>
        deleteTransformation(uc, param(request, 'transformation')),
      );
      reply.flash({
        success: `Transformation “${transformation.name}” deleted; its output dataset stays.`,
      });
      return reply.redirect(ctx.routes.url('transformations.index', { project: project.id }), 303);
    },
  );
}
