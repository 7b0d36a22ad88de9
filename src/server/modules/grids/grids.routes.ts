import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { parseInput } from '../../platform/http/validate.js';
import { ValidationError } from '../../platform/errors.js';
import { actorOf, runUseCase } from '../../platform/use-case/index.js';
import { roleCan } from '../../../shared/permissions.js';
import { gridExportSchema, gridSchema } from '../../../shared/grids/grids.js';
import { latestGridRun } from './grids.queries.js';
import { datasetSource, findGrid, formSource, sourceWaves } from './grids.source.js';
import { gridProps, gridsListProps } from './grids.props.js';
import { gridFile, gridTable } from './grids.export.js';
import { createGrid, deleteGrid, startGridRun, updateGrid } from './grids.use-cases.js';

const view = { kind: 'team', permission: 'content.view' } as const;
const create = { kind: 'team', permission: 'content.create' } as const;
const update = { kind: 'team', permission: 'content.update' } as const;
const remove = { kind: 'team', permission: 'content.delete' } as const;
const teamOf = (request: FastifyRequest) => request.actor!.team!.id;
const param = (request: FastifyRequest, name: string) =>
  (request.params as Record<string, string | undefined>)[name];
const may = (request: FastifyRequest, p: 'content.create' | 'content.update' | 'content.delete') =>
  roleCan(request.actor!.role, p);

const CONTENT_TYPE = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;
const fileName = (name: string, format: 'csv' | 'xlsx') =>
  `${
    name
      .replace(/[^A-Za-z0-9 _-]+/g, '')
      .trim()
      .slice(0, 60) || 'grid'
  }.${format}`;

/**
 * Intelligent grids of survey forms and of datasets: list and new (per source), the grid
 * (definition, run, cells), export.
 */
export function registerGridRoutes(app: FastifyInstance, ctx: AppContext) {
  const gridUrl = (id: string) => ctx.routes.url('grids.show', { grid: id });

  app.get(
    '/forms/:form/grids',
    { config: { name: 'grids.index', access: view } },
    async (request, reply) => {
      const teamId = teamOf(request);
      const source = await formSource(ctx.db, teamId, param(request, 'form'));
      const canCreate =
        source.kind === 'form' &&
        source.form.kind === 'survey' &&
        may(request, 'content.create') &&
        source.project.status !== 'archived';
      return reply.inertia(
        'surveyholders/intelligent-grids',
        await gridsListProps(ctx.db, teamId, source, canCreate),
      );
    },
  );
  app.post(
    '/forms/:form/grids',
    { config: { name: 'grids.store', access: create } },
    async (request, reply) => {
      const input = parseInput(gridSchema, request.body);
      const grid = await runUseCase(ctx, actorOf(request), (uc) =>
        createGrid(uc, { from: { formId: param(request, 'form') }, input }),
      );
      reply.flash({ success: 'Grid saved. Compute it to fill its cells.' });
      return reply.redirect(gridUrl(grid.id), 303);
    },
  );
  // a dataset's grids: one grid row per row of its current version
  app.get(
    '/datasets/:dataset/grids',
    { config: { name: 'grids.dataset-index', access: view } },
    async (request, reply) => {
      const teamId = teamOf(request);
      const source = await datasetSource(ctx.db, teamId, param(request, 'dataset'));
      const canCreate = may(request, 'content.create') && source.project.status !== 'archived';
      return reply.inertia(
        'surveyholders/intelligent-grids',
        await gridsListProps(ctx.db, teamId, source, canCreate),
      );
    },
  );
  app.post(
    '/datasets/:dataset/grids',
    { config: { name: 'grids.dataset-store', access: create } },
    async (request, reply) => {
      const input = parseInput(gridSchema, request.body);
      const grid = await runUseCase(ctx, actorOf(request), (uc) =>
        createGrid(uc, { from: { datasetId: param(request, 'dataset') }, input }),
      );
      reply.flash({ success: 'Grid saved. Compute it to fill its cells.' });
      return reply.redirect(gridUrl(grid.id), 303);
    },
  );
  app.get(
    '/grids/:grid',
    { config: { name: 'grids.show', access: view } },
    async (request, reply) => {
      const teamId = teamOf(request);
      const { grid, source, project } = await findGrid(ctx.db, teamId, param(request, 'grid'));
      const open = project.status !== 'archived';
      return reply.inertia(
        'surveyholders/intelligent-grid',
        await gridProps(
          ctx,
          teamId,
          grid,
          source,
          {
            canUpdate: may(request, 'content.update') && open,
            canDelete: may(request, 'content.delete') && open,
          },
          request.query,
        ),
      );
    },
  );
  app.put(
    '/grids/:grid',
    { config: { name: 'grids.update', access: update } },
    async (request, reply) => {
      const input = parseInput(gridSchema, request.body);
      const grid = await runUseCase(ctx, actorOf(request), (uc) =>
        updateGrid(uc, { gridId: param(request, 'grid'), input }),
      );
      reply.flash({ success: 'Grid saved. Re-run it to compute the changed columns.' });
      return reply.redirect(gridUrl(grid.id), 303);
    },
  );
  app.delete(
    '/grids/:grid',
    { config: { name: 'grids.destroy', access: remove } },
    async (request, reply) => {
      const { grid, source } = await runUseCase(ctx, actorOf(request), (uc) =>
        deleteGrid(uc, { gridId: param(request, 'grid') }),
      );
      reply.flash({ success: `Grid “${grid.name}” deleted.` });
      return reply.redirect(
        source.kind === 'form'
          ? ctx.routes.url('grids.index', { form: source.form.id })
          : ctx.routes.url('grids.dataset-index', { dataset: source.dataset.id }),
        303,
      );
    },
  );
  app.post(
    '/grids/:grid/runs',
    { config: { name: 'grids.run', access: update } },
    async (request, reply) => {
      const run = await runUseCase(ctx, actorOf(request), (uc) =>
        startGridRun(uc, { gridId: param(request, 'grid') }),
      );
      reply.flash({ success: 'Computing the grid; the page shows its progress.' });
      return reply.redirect(gridUrl(run.gridId), 303);
    },
  );
  // the last finished run, whole, with its summary row (a read: not audited, like other downloads)
  app.get(
    '/grids/:grid/export',
    { config: { name: 'grids.export', access: view } },
    async (request, reply) => {
      const teamId = teamOf(request);
      const { grid, source } = await findGrid(ctx.db, teamId, param(request, 'grid'));
      const { format } = parseInput(gridExportSchema, request.query);
      const run = await latestGridRun(ctx.db, grid.id, 'done');
      if (!run) throw new ValidationError({ format: 'Compute the grid before exporting it.' });
      const waves = await sourceWaves(ctx.db, source, grid.waves);
      const table = gridTable(ctx.db, grid, run, waves);
      return reply
        .header('content-type', CONTENT_TYPE[format])
        .header('content-disposition', `attachment; filename="${fileName(grid.name, format)}"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(gridFile(table, format)));
    },
  );
}
