import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { notFound } from '../../platform/errors.js';
import { tableViewProps } from './table-view.props.js';

export function registerTableViewRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get(
    '/problems/:problem/table',
    { config: { name: 'problems.table', access: { kind: 'team', permission: 'content.view' } } },
    async (request, reply) => {
      const team = request.actor!.team;
      if (!team) throw notFound('Problem');
      const { problem } = request.params as { problem: string };
      return reply.inertia('problems/table-full-view', await tableViewProps(ctx, team.id, problem));
    },
  );
}
