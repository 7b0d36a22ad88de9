import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { notFound } from '../../platform/errors.js';
import { diagramProps } from './diagram.props.js';
import { registerTableViewRoutes } from './table-view.routes.js';

const view = { kind: 'team', permission: 'content.view' } as const;

/**
 * The problem's diagram ("new full view") and table full view. Edits on these pages go through the
 * problems module's element and link routes (elements.store/update/destroy, links.store/update/destroy).
 */
export function registerDiagramRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get(
    '/problems/:problem/diagram',
    { config: { name: 'problems.diagram', access: view } },
    async (request, reply) => {
      const team = request.actor!.team;
      if (!team) throw notFound('Problem');
      const { problem } = request.params as { problem: string };
      return reply.inertia('problems/new-full-view', await diagramProps(ctx, team.id, problem));
    },
  );
  registerTableViewRoutes(app, ctx);
}
