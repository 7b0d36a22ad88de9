import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { notFound } from '../../platform/errors.js';
import { parseInput } from '../../platform/http/validate.js';
import { actorOf, runUseCase } from '../../platform/use-case/index.js';
import {
  copyLibraryProblemSchema,
  copyLibraryStrategySchema,
  libraryFilterSchema,
  saveToLibrarySchema,
} from '../../../shared/libraries/libraries.schemas.js';
import { LIBRARY_KINDS, SECTORS } from '../../../shared/libraries/sectors.js';
import { roleCan } from '../../../shared/permissions.js';
import {
  copyTargetProjects,
  findLibraryItem,
  listLibrary,
  teamProblems,
} from './libraries.queries.js';
import {
  copyLibraryProblem,
  copyLibraryStrategy,
  deleteLibraryItem,
  saveProblemToLibrary,
} from './libraries.use-cases.js';

const view = { kind: 'team', permission: 'content.view' } as const;
const create = { kind: 'team', permission: 'content.create' } as const;
const remove = { kind: 'team', permission: 'content.delete' } as const;

function who(request: FastifyRequest) {
  const actor = request.actor!;
  if (!actor.team) throw notFound('Team');
  return { teamId: actor.team.id, userId: actor.user.id };
}
const param = (request: FastifyRequest, name: string) =>
  String((request.params as Record<string, string>)[name] ?? '').slice(0, 200);

export function registerLibraryRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get(
    '/libraries',
    { config: { name: 'libraries.index', access: view } },
    async (request, reply) => {
      const { teamId } = who(request);
      const query = (request.query ?? {}) as Record<string, unknown>;
      const filter = libraryFilterSchema.parse({
        kind: query.kind,
        sector: query.sector,
        q: query.q,
      });
      const [lists, problems] = await Promise.all([
        listLibrary(ctx.db, teamId, filter),
        teamProblems(ctx.db, teamId),
      ]);
      const role = request.actor!.role;
      return reply.inertia('libraries/index', {
        filter: { kind: filter.kind ?? null, sector: filter.sector ?? null, q: filter.q ?? '' },
        shipped: lists.shipped,
        team: lists.team,
        sectors: SECTORS.map((s) => ({ value: s.key, label: s.label })),
        kinds: [...LIBRARY_KINDS],
        problems,
        can: { save: roleCan(role, 'content.create') },
      });
    },
  );

  app.get(
    '/libraries/:libraryItem',
    { config: { name: 'libraries.show', access: view } },
    async (request, reply) => {
      const { teamId } = who(request);
      const item = await findLibraryItem(ctx.db, teamId, param(request, 'libraryItem'));
      if (!item) throw notFound('Library item');
      const role = request.actor!.role;
      const canCopy = roleCan(role, 'content.create');
      return reply.inertia('libraries/show', {
        item,
        projects:
          canCopy && item.kind === 'problem' ? await copyTargetProjects(ctx.db, teamId) : [],
        problems: canCopy && item.kind === 'strategy' ? await teamProblems(ctx.db, teamId) : [],
        can: { copy: canCopy, delete: item.source === 'team' && roleCan(role, 'content.delete') },
      });
    },
  );

  app.post(
    '/libraries/:libraryItem/copy',
    { config: { name: 'libraries.copy', access: create } },
    async (request, reply) => {
      const input = parseInput(copyLibraryProblemSchema, request.body);
      const res = await runUseCase(ctx, actorOf(request), (uc) =>
        copyLibraryProblem(uc, { itemId: param(request, 'libraryItem'), values: input }),
      );
      reply.flash({
        success: `“${res.item.title}” copied into ${res.project.name}. It is yours to adapt: set baselines and targets for your context.`,
      });
      return reply.redirect(ctx.routes.url('problems.show', { problem: res.problemId }), 303);
    },
  );

  app.post(
    '/libraries/:libraryItem/copy-strategy',
    { config: { name: 'libraries.copy-strategy', access: create } },
    async (request, reply) => {
      const input = parseInput(copyLibraryStrategySchema, request.body);
      const res = await runUseCase(ctx, actorOf(request), (uc) =>
        copyLibraryStrategy(uc, {
          itemId: param(request, 'libraryItem'),
          problemId: input.problemId,
        }),
      );
      reply.flash({
        success: `${res.elementIds.length} activities and outputs from “${res.item.title}” added to ${res.problem.title}. Link them to its outcomes.`,
      });
      return reply.redirect(
        ctx.routes.url('problems.show', { problem: res.problem.id, tab: 'activities' }),
        303,
      );
    },
  );

  app.post(
    '/problems/:problem/save-to-library',
    { config: { name: 'libraries.save', access: create } },
    async (request, reply) => {
      const input = parseInput(saveToLibrarySchema, request.body);
      const res = await runUseCase(ctx, actorOf(request), (uc) =>
        saveProblemToLibrary(uc, { problemId: param(request, 'problem'), values: input }),
      );
      reply.flash({ success: `“${res.title}” saved to your team’s library.` });
      return reply.redirect(ctx.routes.url('libraries.show', { libraryItem: res.id }), 303);
    },
  );

  app.delete(
    '/libraries/:libraryItem',
    { config: { name: 'libraries.destroy', access: remove } },
    async (request, reply) => {
      const row = await runUseCase(ctx, actorOf(request), (uc) =>
        deleteLibraryItem(uc, { itemId: param(request, 'libraryItem') }),
      );
      reply.flash({ success: `“${row.title}” removed from your team’s library.` });
      return reply.redirect(ctx.routes.url('libraries.index'), 303);
    },
  );
}
