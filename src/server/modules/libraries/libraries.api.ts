import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.js';
import { notFound } from '../../platform/errors.js';
import { apiRoute } from '../../platform/openapi/api-route.js';
import { actorOf, runUseCase } from '../../platform/use-case/index.js';
import { LIBRARY_KINDS, SECTOR_KEYS } from '../../../shared/libraries/sectors.js';
import {
  problemTemplateSchema,
  strategyTemplateSchema,
} from '../../../shared/toc/template.schemas.js';
import { findLibraryItem, listLibrary } from './libraries.queries.js';
import { copyLibraryProblem } from './libraries.use-cases.js';

const counts = z.object({
  activity: z.number().int(),
  output: z.number().int(),
  outcome: z.number().int(),
  impact: z.number().int(),
});
const card = z
  .object({
    id: z
      .string()
      .meta({ description: 'A slug for shipped entries, a uuid for the team’s own items.' }),
    source: z.enum(['shipped', 'team']),
    kind: z.enum(LIBRARY_KINDS),
    sector: z.string(),
    sectorLabel: z.string(),
    title: z.string(),
    summary: z.string().nullable(),
    counts,
    metricCount: z.number().int(),
    createdAt: z.string().nullable(),
    createdBy: z.string().nullable(),
  })
  .meta({ id: 'LibraryItem' });

const listResponse = z
  .object({
    data: z.array(card),
    meta: z.object({
      page: z.number().int(),
      perPage: z.number().int(),
      total: z.number().int(),
      lastPage: z.number().int(),
    }),
  })
  .meta({ id: 'LibraryItemList' });
const showResponse = card
  .extend({ template: z.union([problemTemplateSchema, strategyTemplateSchema]) })
  .meta({ id: 'LibraryItemWithTemplate' });

const listQuery = z.strictObject({
  kind: z.enum(LIBRARY_KINDS).optional(),
  sector: z.enum(SECTOR_KEYS).optional(),
  q: z.string().trim().max(200).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  perPage: z.coerce.number().int().min(1).max(100).default(25),
});
const itemParams = z.strictObject({ libraryItem: z.string().min(1).max(200) });
const copyBody = z.strictObject({
  projectId: z.uuid('Give the id of one of the team’s projects.'),
});

export function registerLibraryApi(app: FastifyInstance, ctx: AppContext) {
  apiRoute(
    app,
    ctx.openapi,
    {
      method: 'get',
      path: '/api/v1/library',
      name: 'api.library.index',
      summary: 'List the library: shipped problems and strategies, then the team’s own items',
      tags: ['Library'],
      ability: 'read',
      permission: 'content.view',
      query: listQuery,
      response: listResponse,
    },
    async ({ request, query }) => {
      const { shipped, team } = await listLibrary(ctx.db, request.actor!.team!.id, query);
      const all = [...shipped, ...team];
      const lastPage = Math.max(1, Math.ceil(all.length / query.perPage));
      const page = Math.min(query.page, lastPage);
      return {
        data: all.slice((page - 1) * query.perPage, page * query.perPage),
        meta: { page, perPage: query.perPage, total: all.length, lastPage },
      };
    },
  );

  apiRoute(
    app,
    ctx.openapi,
    {
      method: 'get',
      path: '/api/v1/library/:libraryItem',
      name: 'api.library.show',
      summary: 'One library entry with its whole theory of change template',
      tags: ['Library'],
      ability: 'read',
      permission: 'content.view',
      params: itemParams,
      response: showResponse,
    },
    async ({ request, params }) => {
      const item = await findLibraryItem(ctx.db, request.actor!.team!.id, params.libraryItem);
      if (!item) throw notFound('Library item');
      return item;
    },
  );

  apiRoute(
    app,
    ctx.openapi,
    {
      method: 'post',
      path: '/api/v1/library/:libraryItem/copy',
      name: 'api.library.copy',
      summary: 'Copy a library problem with its whole tree into a project of the team',
      description:
        'Creates a new, independent problem (elements, links, metrics, data points, survey questions). Baselines and targets are left for you to set.',
      tags: ['Library'],
      ability: 'create',
      permission: 'content.create',
      params: itemParams,
      body: copyBody,
      response: z
        .object({ problemId: z.string(), projectId: z.string() })
        .meta({ id: 'LibraryCopyResult' }),
      status: 201,
    },
    async ({ request, params, body }) => {
      const res = await runUseCase(ctx, actorOf(request), (uc) =>
        copyLibraryProblem(uc, {
          itemId: params.libraryItem,
          values: { projectId: body.projectId },
        }),
      );
      return { problemId: res.problemId, projectId: res.project.id };
    },
  );
}
