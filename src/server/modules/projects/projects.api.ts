import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.js';
import { apiRoute } from '../../platform/openapi/api-route.js';
import { actorOf, runUseCase } from '../../platform/use-case/index.js';
import {
  PROJECT_FILTERS,
  projectPatchSchema,
  projectSchema,
} from '../../../shared/projects/projects.schemas.js';
import { findProject, listProjectsForApi, type ProjectRow } from './projects.queries.js';
import { projectContents } from './projects.extensions.js';
import { createProject, deleteProject, patchProject } from './projects.use-cases.js';
import { projectView } from './projects.props.js';

const projectOut = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string().nullable(),
    funder: z.string().nullable(),
    location: z.string().nullable(),
    startDate: z.string().nullable().meta({ description: 'YYYY-MM-DD' }),
    endDate: z.string().nullable().meta({ description: 'YYYY-MM-DD' }),
    status: z.enum(['active', 'archived']),
    archivedAt: z.string().nullable(),
    problemsCount: z.number().int(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Project' });

const pageMeta = z
  .object({
    page: z.number().int(),
    perPage: z.number().int(),
    total: z.number().int(),
    lastPage: z.number().int(),
  })
  .meta({ id: 'PageMeta' });
const projectList = z
  .object({ data: z.array(projectOut), meta: pageMeta })
  .meta({ id: 'ProjectList' });

const listQuery = z.object({
  page: z.coerce
    .number({ error: 'The page is a whole number from 1.' })
    .int('The page is a whole number from 1.')
    .min(1, 'The page is a whole number from 1.')
    .max(1_000_000)
    .default(1),
  perPage: z.coerce
    .number({ error: 'perPage is a whole number from 1 to 100.' })
    .int('perPage is a whole number from 1 to 100.')
    .min(1, 'perPage is a whole number from 1 to 100.')
    .max(100, 'perPage is a whole number from 1 to 100.')
    .default(25),
  status: z
    .enum(PROJECT_FILTERS, { error: 'The status filter is active, archived or all.' })
    .default('active'),
  q: z
    .string()
    .max(200, 'The search may be at most 200 characters.')
    .optional()
    .meta({ description: 'Words to find in the name or description' }),
});
const params = z.object({ project: z.string().meta({ description: 'Project id (uuid)' }) });

const out = (p: ProjectRow, problemsCount: number): z.output<typeof projectOut> => ({
  ...projectView(p),
  problemsCount,
});

/** /api/v1/projects: list (paged, filtered), show, create, patch (fields, archive/restore), delete. */
export function registerProjectApi(app: FastifyInstance, ctx: AppContext) {
  const tags = ['Projects'];
  const teamOf = (request: FastifyRequest) => request.actor!.team!.id;
  const problemsCountOf = async (teamId: string, projectId: string) =>
    (await projectContents(ctx).problems(ctx.db, teamId, projectId)).length;

  apiRoute(
    app,
    ctx.openapi,
    {
      method: 'get',
      path: '/api/v1/projects',
      name: 'api.projects.index',
      listCache: true,
      summary: 'List the team’s projects',
      description:
        'Newest change first. Archived projects are listed with status=archived or status=all.',
      tags,
      ability: 'read',
      permission: 'content.view',
      query: listQuery,
      response: projectList,
    },
    async ({ request, query }) => {
      const { rows, total } = await listProjectsForApi(
        ctx.db,
        projectContents(ctx),
        teamOf(request),
        query,
      );
      return {
        data: rows.map((r) => out(r.project, Number(r.problemsCount))),
        meta: {
          page: query.page,
          perPage: query.perPage,
          total,
          lastPage: Math.max(1, Math.ceil(total / query.perPage)),
        },
      };
    },
  );

  apiRoute(
    app,
    ctx.openapi,
    {
      method: 'get',
      path: '/api/v1/projects/:project',
      name: 'api.projects.show',
      summary: 'One project',
      tags,
      ability: 'read',
      permission: 'content.view',
      params,
      response: projectOut,
    },
    async ({ request, params: p }) => {
      const project = await findProject(ctx.db, teamOf(request), p.project);
      return out(project, await problemsCountOf(project.teamId, project.id));
    },
  );

  apiRoute(
    app,
    ctx.openapi,
    {
      method: 'post',
      path: '/api/v1/projects',
      name: 'api.projects.store',
      summary: 'Create a project',
      tags,
      ability: 'create',
      permission: 'content.create',
      body: projectSchema,
      response: projectOut,
      status: 201,
    },
    async ({ request, body }) => {
      const project = await runUseCase(ctx, actorOf(request), (uc) =>
        createProject(uc, { values: body }),
      );
      return out(project, 0);
    },
  );

  apiRoute(
    app,
    ctx.openapi,
    {
      method: 'patch',
      path: '/api/v1/projects/:project',
      name: 'api.projects.update',
      summary: 'Change a project, archive or restore it',
      description:
        'Send only the fields to change. An archived project is read-only: send {"status":"active"} to restore it first (409 PROJECT_ARCHIVED otherwise).',
      tags,
      ability: 'update',
      permission: 'content.update',
      params,
      body: projectPatchSchema,
      response: projectOut,
    },
    async ({ request, params: p, body }) => {
      const row = await runUseCase(ctx, actorOf(request), (uc) =>
        patchProject(uc, { projectId: p.project, patch: body }),
      );
      return out(row, await problemsCountOf(row.teamId, row.id));
    },
  );

  apiRoute(
    app,
    ctx.openapi,
    {
      method: 'delete',
      path: '/api/v1/projects/:project',
      name: 'api.projects.destroy',
      summary: 'Delete a project with its problems, theory of change, metrics and values',
      tags,
      ability: 'delete',
      permission: 'content.delete',
      params,
    },
    async ({ request, params: p }) => {
      await runUseCase(ctx, actorOf(request), (uc) =>
        deleteProject(uc, { projectId: p.project, confirm: null }),
      );
      return undefined;
    },
  );
}
