import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { optional } from '../../platform/inertia/props.js';
import { parseInput } from '../../platform/http/validate.js';
import { actorOf, authorize, runUseCase } from '../../platform/use-case/index.js';
import {
  createProblemSchema,
  parseTab,
  updateProblemSchema,
} from '../../../shared/problems/problems.schemas.js';
import { PROBLEM_STATUSES } from '../../../shared/toc/vocabulary.js';
import { findProject } from '../projects/index.js';
import { findProblem } from './problems.queries.js';
import { createProblem, deleteProblem, updateProblem } from './problems.use-cases.js';
import { problemFullViewProps } from './full-view.props.js';
import { problemConsequences, describeConsequences } from './consequences.js';
import { problemTabProps } from './problems.extensions.js';
import { problemHeader, projectRef } from './elements.props.js';

export const teamId = (request: FastifyRequest) => request.actor!.team!.id;
export const param = (request: FastifyRequest, name: string) =>
  (request.params as Record<string, string | undefined>)[name];

const view = { kind: 'team', permission: 'content.view' } as const;
const create = { kind: 'team', permission: 'content.create' } as const;
const update = { kind: 'team', permission: 'content.update' } as const;
const remove = { kind: 'team', permission: 'content.delete' } as const;

export function registerProblemRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get(
    '/projects/:project/problems/create',
    { config: { name: 'problems.create', access: create } },
    async (request, reply) => {
      const project = await findProject(ctx.db, teamId(request), param(request, 'project'));
      authorize(actorOf(request), 'content.create', { project });
      return reply.inertia('problems/create', {
        project: projectRef(project),
        statuses: [...PROBLEM_STATUSES],
      });
    },
  );

  app.post(
    '/projects/:project/problems',
    { config: { name: 'problems.store', access: create } },
    async (request, reply) => {
      const input = parseInput(createProblemSchema, request.body);
      const problem = await runUseCase(ctx, actorOf(request), (uc) =>
        createProblem(uc, { projectId: param(request, 'project'), values: input }),
      );
      reply.flash({
        success: `Problem “${problem.title}” created. Now add the activities, outputs and outcomes of its theory of change.`,
      });
      return reply.redirect(`/problems/${problem.id}`, 303);
    },
  );

  app.get(
    '/problems/:problem',
    { config: { name: 'problems.show', access: view } },
    async (request, reply) => {
      const q = request.query as Record<string, unknown>;
      const tab = parseTab(q.tab);
      const team = teamId(request);
      const props = await problemFullViewProps(ctx, team, param(request, 'problem'), tab, q.sub);
      // tabs other modules fill (insights, learnings)
      const extras = await Promise.all(
        problemTabProps(ctx).map((provide) =>
          provide({
            teamId: team,
            problem: props.problem,
            projectId: props.project.id,
            tab,
            request,
          }),
        ),
      );
      return reply.inertia('problems/full-view', {
        ...props,
        ...Object.assign({}, ...extras.filter(Boolean)),
        // asked for when the delete dialog opens (partial reload)
        deletion: optional(() => problemConsequences(ctx.db, team, props.problem.id)),
      });
    },
  );

  app.get(
    '/problems/:problem/edit',
    { config: { name: 'problems.edit', access: update } },
    async (request, reply) => {
      const { problem, trail } = await findProblem(
        ctx.db,
        teamId(request),
        param(request, 'problem'),
      );
      authorize(actorOf(request), 'content.update', { project: trail.project });
      return reply.inertia('problems/edit', {
        problem: problemHeader(problem),
        project: projectRef(trail.project),
        statuses: [...PROBLEM_STATUSES],
      });
    },
  );

  app.put(
    '/problems/:problem',
    { config: { name: 'problems.update', access: update } },
    async (request, reply) => {
      const input = parseInput(updateProblemSchema, request.body);
      const { after } = await runUseCase(ctx, actorOf(request), (uc) =>
        updateProblem(uc, { problemId: param(request, 'problem'), values: input }),
      );
      reply.flash({ success: 'Problem saved.' });
      return reply.redirect(`/problems/${after.id}`, 303);
    },
  );

  app.delete(
    '/problems/:problem',
    { config: { name: 'problems.destroy', access: remove } },
    async (request, reply) => {
      const { problem, consequences, projectId } = await runUseCase(ctx, actorOf(request), (uc) =>
        deleteProblem(uc, { problemId: param(request, 'problem') }),
      );
      reply.flash({
        success: `Problem “${problem.title}” deleted, with ${describeConsequences(consequences, true)}.`,
      });
      return reply.redirect(`/projects/${projectId}`, 303);
    },
  );
}
