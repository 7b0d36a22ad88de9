import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { notFound } from '../../platform/errors.js';
import { parseInput } from '../../platform/http/validate.js';
import { playgroundSearchSchema, SEARCH_TYPES } from '../../../shared/playground/playground.schemas.js';
import { searchTeam } from './playground.queries.js';

const view = { kind: 'team', permission: 'content.view' } as const;

export function registerPlaygroundRoutes(app: FastifyInstance, ctx: AppContext) {
  // the "playground with search": find any project, problem, element, metric, data point or question by typing
  app.get('/playground', { config: { name: 'playground', access: view } }, async (request, reply) => {
    const { q } = parseInput(playgroundSearchSchema, { q: (request.query as { q?: unknown }).q ?? '' });
    return reply.inertia('problems/playground', { initialQuery: q, types: [...SEARCH_TYPES] });
  });

  // JSON for the playground and the Ctrl/Cmd+K spotlight
  app.get('/playground/search', { config: { name: 'playground.search', access: view } }, async (request, reply) => {
    const team = request.actor!.team;
    if (!team) throw notFound('Team');
    const input = parseInput(playgroundSearchSchema, request.query);
    const results = await searchTeam(ctx, team.id, input.q, input.kinds);
    return reply.header('cache-control', 'no-store').send({ results });
  });
}
