import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { notFound } from '../../platform/errors.js';
import { parseInput } from '../../platform/http/validate.js';
import {
  playgroundSearchSchema,
  SEARCH_MAX_QUERY,
  SEARCH_TYPES,
} from '../../../shared/playground/playground.schemas.js';
import { searchTeam } from './playground.queries.js';

const view = { kind: 'team', permission: 'content.view' } as const;

export function registerPlaygroundRoutes(app: FastifyInstance, ctx: AppContext) {
  // the "playground with search": find any project, problem, element, metric, data point or question by typing
  app.get(
    '/playground',
    { config: { name: 'playground', access: view } },
    async (request, reply) => {
      // the starting query from a shared link: text only, cut to the search's limit (never an error page)
      const raw = (request.query as { q?: unknown }).q;
      const q = typeof raw === 'string' ? raw.trim().slice(0, SEARCH_MAX_QUERY) : '';
      return reply.inertia('problems/playground', { initialQuery: q, types: [...SEARCH_TYPES] });
    },
  );

  // JSON for the playground and the Ctrl/Cmd+K spotlight
  app.get(
    '/playground/search',
    { config: { name: 'playground.search', access: view } },
    async (request, reply) => {
      const team = request.actor!.team;
      if (!team) throw notFound('Team');
      const input = parseInput(playgroundSearchSchema, request.query);
      const results = await searchTeam(ctx, team.id, input.q, input.kinds);
      return reply.header('cache-control', 'no-store').send({ results });
    },
  );
}
