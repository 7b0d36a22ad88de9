import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { audit } from '../../platform/audit/audit.js';
import { optional } from '../../platform/inertia/props.js';
import { parseInput } from '../../platform/http/validate.js';
import { createProblemSchema, parseTab, updateProblemSchema } from '../../../shared/problems/problems.schemas.js';
import { PROBLEM_STATUSES } from '../../../shared/toc/vocabulary.js';
import { assertWritable, findProject, problemWithProject } from './problems.queries.js';
import { createProblem, deleteProblem, updateProblem } from './problems.service.js';
import { problemFullViewProps } from './full-view.props.js';
import { problemConsequences, describeConsequences } from './consequences.js';
import { keyMetricsFor } from '../metrics/index.js';
import { problemHeader, projectRef } from './elements.props.js';

export const teamId = (request: FastifyRequest) => request.actor!.team!.id;
export const param = (request: FastifyRequest, name: string) => (request.params as Record<string, string | undefined>)[name];

const view = { kind: 'team', permission: 'content.view' } as const;
const create = { kind: 'team', permission: 'content.create' } as const;
const update = { kind: 'team', permission: 'content.update' } as const;
const remove = { kind: 'team', permission: 'content.delete' } as const;

export function registerProblemRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/projects/:project/problems/create', { config: { name: 'problems.create', access: create } }, async (request, reply) => {
    const project = await findProject(ctx.db, teamId(request), param(request, 'project'));
    assertWritable(project);
    return reply.inertia('problems/create', { project: projectRef(project), statuses: [...PROBLEM_STATUSES] });
  });

  app.post('/projects/:project/problems', { config: { name: 'problems.store', access: create } }, async (request, reply) => {
    const input = parseInput(createProblemSchema, request.body);
    const problem = await createProblem(ctx, teamId(request), request.actor!.user.id, param(request, 'project'), input);
    await audit(ctx.db, request, { action: 'problem.created', subjectType: 'problem', subjectId: problem.id, subjectLabel: problem.title, details: { projectId: problem.projectId, status: problem.status } });
    reply.flash({ success: `Problem “${problem.title}” created. Now add the activities, outputs and outcomes of its theory of change.` });
    return reply.redirect(`/problems/${problem.id}`, 303);
  });

  app.get('/problems/:problem', { config: { name: 'problems.show', access: view } }, async (request, reply) => {
    const q = request.query as Record<string, unknown>;
    const tab = parseTab(q.tab);
    const team = teamId(request);
    const props = await problemFullViewProps(ctx, team, param(request, 'problem'), tab, q.sub);
    return reply.inertia('problems/full-view', {
      ...props,
      // insights: every metric's latest actual against its baseline and target (the metrics module computes them)
      ...(tab === 'insights' ? { insights: await keyMetricsFor(ctx, team, { problemId: props.problem.id }, 500) } : {}),
      // asked for when the delete dialog opens (partial reload)
      deletion: optional(() => problemConsequences(ctx.db, team, props.problem.id)),
    });
  });

  app.get('/problems/:problem/edit', { config: { name: 'problems.edit', access: update } }, async (request, reply) => {
    const { problem, project } = await problemWithProject(ctx.db, teamId(request), param(request, 'problem'));
    assertWritable(project);
    return reply.inertia('problems/edit', { problem: problemHeader(problem), project: projectRef(project), statuses: [...PROBLEM_STATUSES] });
  });

  app.put('/problems/:problem', { config: { name: 'problems.update', access: update } }, async (request, reply) => {
    const input = parseInput(updateProblemSchema, request.body);
    const { after, changed } = await updateProblem(ctx, teamId(request), param(request, 'problem'), input);
    await audit(ctx.db, request, { action: 'problem.updated', subjectType: 'problem', subjectId: after.id, subjectLabel: after.title, details: { changed } });
    reply.flash({ success: 'Problem saved.' });
    return reply.redirect(`/problems/${after.id}`, 303);
  });

  app.delete('/problems/:problem', { config: { name: 'problems.destroy', access: remove } }, async (request, reply) => {
    const { problem, consequences, projectId } = await deleteProblem(ctx, teamId(request), param(request, 'problem'));
    await audit(ctx.db, request, { action: 'problem.deleted', subjectType: 'problem', subjectId: problem.id, subjectLabel: problem.title, details: { projectId, ...consequences } });
    reply.flash({ success: `Problem “${problem.title}” deleted, with ${describeConsequences(consequences, true)}.` });
    return reply.redirect(`/projects/${projectId}`, 303);
  });
}
