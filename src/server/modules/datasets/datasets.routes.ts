import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { parseInput } from '../../platform/http/validate.js';
import { actorOf, runUseCase } from '../../platform/use-case/index.js';
import { rowsQuerySchema } from '../../../shared/datasets/datasets.schemas.js';
import { readRows } from './datasets.rows.js';
import { deleteDataset } from './datasets.use-cases.js';

const param = (request: FastifyRequest, name: string) =>
  (request.params as Record<string, string>)[name];

export function registerDatasetRoutes(app: FastifyInstance, ctx: AppContext) {
  // JSON: one page of the current version's rows (keyset on _row, or sorted with an offset)
  app.get(
    '/datasets/:dataset/rows',
    {
      config: {
        name: 'datasets.rows',
        access: { kind: 'team', permission: 'content.view' },
        rateLimit: { max: 600, timeWindow: 60_000 },
      },
    },
    async (request, reply) => {
      const q = parseInput(rowsQuerySchema, request.query);
      const page = await readRows(ctx.db, request.actor!.team!.id, param(request, 'dataset'), q);
      return reply.header('cache-control', 'private, no-store').send(page);
    },
  );

  app.delete(
    '/datasets/:dataset',
    {
      config: { name: 'datasets.destroy', access: { kind: 'team', permission: 'content.delete' } },
    },
    async (request, reply) => {
      const { dataset, project } = await runUseCase(ctx, actorOf(request), (uc) =>
        deleteDataset(uc, param(request, 'dataset')),
      );
      reply.flash({ success: `Source “${dataset.name}” deleted.` });
      return reply.redirect(ctx.routes.url('sources.index', { project: project.id }), 303);
    },
  );
}
