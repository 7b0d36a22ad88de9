import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { parseInput } from '../../platform/http/validate.js';
import { actorOf, denial, runUseCase } from '../../platform/use-case/index.js';
import { roleCan } from '../../../shared/permissions.js';
import type { RouteName, RouteParams } from '../../../shared/route.js';
import {
  deleteProjectSchema,
  projectFilterOf,
  projectSchema,
} from '../../../shared/projects/projects.schemas.js';
import {
  findProject,
  pageProjects,
  projectActivity,
  projectStatusCounts,
} from './projects.queries.js';
import {
  createProject,
  deleteProject,
  setProjectStatus,
  updateProject,
} from './projects.use-cases.js';
import { projectContents, projectShowProps } from './projects.extensions.js';
import { activityItem, problemCard, projectListRow, projectView } from './projects.props.js';

const view = { kind: 'team', permission: 'content.view' } as const;
const create = { kind: 'team', permission: 'content.create' } as const;
const update = { kind: 'team', permission: 'content.update' } as const;
const remove = { kind: 'team', permission: 'content.delete' } as const;

const teamOf = (request: FastifyRequest) => request.actor!.team!.id;
const paramOf = (request: FastifyRequest) => (request.params as { project?: string }).project;

export function registerProjectRoutes(app: FastifyInstance, ctx: AppContext) {
  const url = (name: RouteName, params: RouteParams = {}) => ctx.routes.url(name, params);
  const load = (request: FastifyRequest) => findProject(ctx.db, teamOf(request), paramOf(request));

  app.get(
    '/projects',
    { config: { name: 'projects.index', access: view } },
    async (request, reply) => {
      const teamId = teamOf(request);
      const status = projectFilterOf((request.query as Record<string, unknown>)?.status);
      return reply.inertia('projects/index', {
        projects: async () => {
          const page = await pageProjects(
            ctx.db,
            projectContents(ctx),
            teamId,
            status,
            request.query,
          );
          return { ...page, rows: page.rows.map(projectListRow) };
        },
        status,
        counts: () => projectStatusCounts(ctx.db, teamId),
        can: { create: roleCan(request.actor!.role, 'content.create') },
      });
    },
  );

  app.get(
    '/projects/create',
    { config: { name: 'projects.create', access: create } },
    async (_request, reply) => {
      return reply.inertia('projects/create', {});
    },
  );

  app.post(
    '/projects',
    { config: { name: 'projects.store', access: create } },
    async (request, reply) => {
      const input = parseInput(projectSchema, request.body);
      const project = await runUseCase(ctx, actorOf(request), (uc) =>
        createProject(uc, { values: input }),
      );
      reply.flash({ success: `Project “${project.name}” created. Add its first problem next.` });
      return reply.redirect(url('projects.show', { project: project.id }), 303);
    },
  );

  app.get(
    '/projects/:project',
    { config: { name: 'projects.show', access: view } },
    async (request, reply) => {
      const teamId = teamOf(request);
      const project = await load(request);
      const contents = projectContents(ctx);
      const problems = await contents.problems(ctx.db, teamId, project.id);
      const [activity, impact, ...extras] = await Promise.all([
        projectActivity(
          ctx.db,
          contents,
          teamId,
          project.id,
          problems.map((p) => p.id),
        ),
        contents.impact(ctx.db, teamId, project.id),
        ...projectShowProps(ctx).map((provide) =>
          provide({ teamId, projectId: project.id, request }),
        ),
      ]);
      const role = request.actor!.role;
      return reply.inertia('projects/show', {
        ...Object.assign({}, ...extras),
        project: projectView(project),
        problems: problems.map(problemCard),
        activity: activity.map(activityItem),
        counts: impact,
        deletionImpact: impact,
        can: {
          update: roleCan(role, 'content.update'),
          delete: roleCan(role, 'content.delete'),
          create: roleCan(role, 'content.create'),
        },
      });
    },
  );

  app.get(
    '/projects/:project/edit',
    { config: { name: 'projects.edit', access: update } },
    async (request, reply) => {
      const project = await load(request);
      const refused = denial(actorOf(request), 'content.update', { project });
      if (refused) {
        reply.flash({ error: refused.message });
        return reply.redirect(url('projects.show', { project: project.id }), 303);
      }
      return reply.inertia('projects/edit', { project: projectView(project) });
    },
  );

  app.put(
    '/projects/:project',
    { config: { name: 'projects.update', access: update } },
    async (request, reply) => {
      const input = parseInput(projectSchema, request.body);
      const project = await runUseCase(ctx, actorOf(request), (uc) =>
        updateProject(uc, { projectId: paramOf(request), values: input }),
      );
      reply.flash({ success: 'Project updated.' });
      return reply.redirect(url('projects.show', { project: project.id }), 303);
    },
  );

  app.post(
    '/projects/:project/archive',
    { config: { name: 'projects.archive', access: update } },
    async (request, reply) => {
      const row = await runUseCase(ctx, actorOf(request), (uc) =>
        setProjectStatus(uc, { projectId: paramOf(request), status: 'archived' }),
      );
      reply.flash({ success: 'Project archived. It is read-only until you restore it.' });
      return reply.redirect(url('projects.show', { project: row.id }), 303);
    },
  );

  app.post(
    '/projects/:project/restore',
    { config: { name: 'projects.restore', access: update } },
    async (request, reply) => {
      const row = await runUseCase(ctx, actorOf(request), (uc) =>
        setProjectStatus(uc, { projectId: paramOf(request), status: 'active' }),
      );
      reply.flash({ success: 'Project restored.' });
      return reply.redirect(url('projects.show', { project: row.id }), 303);
    },
  );

  app.delete(
    '/projects/:project',
    { config: { name: 'projects.destroy', access: remove } },
    async (request, reply) => {
      await load(request); // 404 before the body is checked
      const { confirm } = parseInput(deleteProjectSchema, request.body);
      const { project } = await runUseCase(ctx, actorOf(request), (uc) =>
        deleteProject(uc, { projectId: paramOf(request), confirm }),
      );
      reply.flash({ success: `Project “${project.name}” deleted.` });
      return reply.redirect(url('projects.index'), 303);
    },
  );
}
