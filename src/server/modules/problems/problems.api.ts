import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, eq, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.js';
import { apiRoute } from '../../platform/openapi/api-route.js';
import { actorOf, runUseCase } from '../../platform/use-case/index.js';
import { tableQuery } from '../../platform/http/table-query.js';
import { idOr404 } from '../../platform/http/ids.js';
import { notFound } from '../../platform/errors.js';
import {
  checkNewElement,
  createElementFields,
  createLinkFields,
  problemFields,
  updateElementSchema,
  updateProblemSchema,
} from '../../../shared/problems/problems.schemas.js';
import {
  ELEMENT_KINDS,
  ELEMENT_STATUSES,
  OUTCOME_HORIZONS,
  PROBLEM_STATUSES,
} from '../../../shared/toc/vocabulary.js';
import { problems, tocElements, tocLinks } from './problems.tables.js';
import { findProject } from '../projects/index.js';
import {
  findElement,
  findProblem,
  problemInTeam,
  type ElementRow,
  type LinkRow,
  type ProblemRow,
} from './problems.queries.js';
import { createProblem, deleteProblem, updateProblem } from './problems.use-cases.js';
import { createElement, deleteElement, updateElement } from './elements.use-cases.js';
import { createLink, deleteLink } from './links.use-cases.js';

const problemRecord = z
  .object({
    id: z.string(),
    projectId: z.string(),
    title: z.string(),
    statement: z.string().nullable(),
    rootCauses: z.string().nullable(),
    populationWho: z.string().nullable(),
    populationCount: z.number().int().nullable(),
    geography: z.string().nullable(),
    evidence: z.string().nullable(),
    status: z.enum(PROBLEM_STATUSES),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'ProblemRecord' });

const elementRecord = z
  .object({
    id: z.string(),
    problemId: z.string(),
    kind: z.enum(ELEMENT_KINDS),
    horizon: z.enum(OUTCOME_HORIZONS).nullable(),
    title: z.string(),
    description: z.string().nullable(),
    assumptions: z.string().nullable(),
    risks: z.string().nullable(),
    ownerId: z.string().nullable(),
    startDate: z.string().nullable(),
    endDate: z.string().nullable(),
    status: z.enum(ELEMENT_STATUSES),
    position: z.number().int(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'ElementRecord' });

const linkRecord = z
  .object({
    id: z.string(),
    problemId: z.string(),
    fromId: z.string(),
    toId: z.string(),
    assumptions: z.string().nullable(),
    risks: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'LinkRecord' });

const page = <T extends z.ZodType>(item: T, id: string) =>
  z
    .object({
      data: z.array(item),
      page: z.number().int(),
      perPage: z.number().int(),
      total: z.number().int(),
    })
    .meta({ id });

const paging = {
  page: z.string().optional().meta({ description: 'Page number, from 1.' }),
  perPage: z.string().optional().meta({ description: '10, 25, 50 or 100 (default 10).' }),
};

const toProblem = (p: ProblemRow): z.output<typeof problemRecord> => ({
  id: p.id,
  projectId: p.projectId,
  title: p.title,
  statement: p.statement,
  rootCauses: p.rootCauses,
  populationWho: p.populationWho,
  populationCount: p.populationCount,
  geography: p.geography,
  evidence: p.evidence,
  status: p.status as (typeof PROBLEM_STATUSES)[number],
  createdAt: p.createdAt.toISOString(),
  updatedAt: p.updatedAt.toISOString(),
});

const toElement = (e: ElementRow): z.output<typeof elementRecord> => ({
  id: e.id,
  problemId: e.problemId,
  kind: e.kind as (typeof ELEMENT_KINDS)[number],
  horizon: e.horizon as (typeof OUTCOME_HORIZONS)[number] | null,
  title: e.title,
  description: e.description,
  assumptions: e.assumptions,
  risks: e.risks,
  ownerId: e.ownerId,
  startDate: e.startDate,
  endDate: e.endDate,
  status: e.status as (typeof ELEMENT_STATUSES)[number],
  position: e.position,
  createdAt: e.createdAt.toISOString(),
  updatedAt: e.updatedAt.toISOString(),
});

const toLink = (l: LinkRow): z.output<typeof linkRecord> => ({
  id: l.id,
  problemId: l.problemId,
  fromId: l.fromId,
  toId: l.toId,
  assumptions: l.assumptions,
  risks: l.risks,
  createdAt: l.createdAt.toISOString(),
});

const team = (request: FastifyRequest) => request.actor!.team!.id;

export function registerProblemApi(app: FastifyInstance, ctx: AppContext) {
  const tags = ['Problems'];
  const problemParam = z.object({ problem: z.string() });

  apiRoute(
    app,
    ctx.openapi,
    {
      method: 'get',
      path: '/api/v1/problems',
      name: 'api.problems.index',
      listCache: true,
      summary: 'The team’s problems, newest first',
      tags,
      ability: 'read',
      permission: 'content.view',
      query: z.object({
        ...paging,
        projectId: z.string().optional().meta({ description: 'Only this project’s problems.' }),
      }),
      response: page(problemRecord, 'ProblemPage'),
    },
    async ({ request, query }) => {
      const teamId = team(request);
      const where: SQL[] = [eq(problems.teamId, teamId)];
      if (query.projectId)
        where.push(eq(problems.projectId, (await findProject(ctx.db, teamId, query.projectId)).id));
      const res = await tableQuery(ctx.db, request.query, {
        select: { p: problems },
        from: problems,
        where: and(...where),
        sortable: { createdAt: problems.createdAt },
        defaultSort: 'createdAt',
        defaultDir: 'desc',
        tiebreak: problems.id,
      });
      return {
        data: res.rows.map((r) => toProblem(r.p as ProblemRow)),
        page: res.page,
        perPage: res.perPage,
        total: res.total,
      };
    },
  );
  apiRoute(
    app,
    ctx.openapi,
    {
      method: 'get',
      path: '/api/v1/problems/:problem',
      name: 'api.problems.show',
      summary: 'One problem',
      tags,
      ability: 'read',
      permission: 'content.view',
      params: problemParam,
      response: problemRecord,
    },
    async ({ request, params }) =>
      toProblem((await findProblem(ctx.db, team(request), params.problem)).problem),
  );
  apiRoute(
    app,
    ctx.openapi,
    {
      method: 'post',
      path: '/api/v1/problems',
      name: 'api.problems.store',
      summary: 'Create a problem in a project',
      tags,
      ability: 'create',
      permission: 'content.create',
      body: z.strictObject({
        projectId: z.string({ error: 'Choose a project.' }),
        ...problemFields,
      }),
      response: problemRecord,
      status: 201,
    },
    async ({ request, body }) => {
      const { projectId, ...values } = body;
      return toProblem(
        await runUseCase(ctx, actorOf(request), (uc) => createProblem(uc, { projectId, values })),
      );
    },
  );
  apiRoute(
    app,
    ctx.openapi,
    {
      method: 'put',
      path: '/api/v1/problems/:problem',
      name: 'api.problems.update',
      summary: 'Change a problem (fields left out stay as they are)',
      tags,
      ability: 'update',
      permission: 'content.update',
      params: problemParam,
      body: updateProblemSchema,
      response: problemRecord,
    },
    async ({ request, params, body }) => {
      const { after } = await runUseCase(ctx, actorOf(request), (uc) =>
        updateProblem(uc, { problemId: params.problem, values: body }),
      );
      return toProblem(after);
    },
  );
  apiRoute(
    app,
    ctx.openapi,
    {
      method: 'delete',
      path: '/api/v1/problems/:problem',
      name: 'api.problems.destroy',
      summary: 'Delete a problem with its whole theory of change',
      tags,
      ability: 'delete',
      permission: 'content.delete',
      params: problemParam,
    },
    async ({ request, params }) => {
      await runUseCase(ctx, actorOf(request), (uc) =>
        deleteProblem(uc, { problemId: params.problem }),
      );
    },
  );

  const elTags = ['Theory of change'];
  const elementParam = z.object({ element: z.string() });
  apiRoute(
    app,
    ctx.openapi,
    {
      method: 'get',
      path: '/api/v1/elements',
      name: 'api.elements.index',
      listCache: true,
      summary: 'Theory-of-change elements of the team, in level order',
      tags: elTags,
      ability: 'read',
      permission: 'content.view',
      query: z.object({
        ...paging,
        problemId: z.string().optional().meta({ description: 'Only this problem’s elements.' }),
        kind: z.enum(ELEMENT_KINDS).optional(),
      }),
      response: page(elementRecord, 'ElementPage'),
    },
    async ({ request, query }) => {
      const teamId = team(request);
      const where: SQL[] = [eq(tocElements.teamId, teamId)];
      // the problem's scope (the team's, under one of the team's projects) is checked in the
      // statement that counts, not by a finder before it
      const problemId = query.problemId ? idOr404(query.problemId, 'Problem') : null;
      if (problemId) where.push(eq(tocElements.problemId, problemId));
      if (query.kind) where.push(eq(tocElements.kind, query.kind));
      const res = await tableQuery(ctx.db, request.query, {
        select: { e: tocElements },
        from: tocElements,
        where: and(...where),
        check: problemId ? problemInTeam(teamId, problemId) : undefined,
        sortable: { position: tocElements.position },
        defaultSort: 'position',
        tiebreak: [tocElements.createdAt, tocElements.id],
      });
      if (res.checked === false) throw notFound('Problem');
      return {
        data: res.rows.map((r) => toElement(r.e as ElementRow)),
        page: res.page,
        perPage: res.perPage,
        total: res.total,
      };
    },
  );
  apiRoute(
    app,
    ctx.openapi,
    {
      method: 'get',
      path: '/api/v1/elements/:element',
      name: 'api.elements.show',
      summary: 'One element',
      tags: elTags,
      ability: 'read',
      permission: 'content.view',
      params: elementParam,
      response: elementRecord,
    },
    async ({ request, params }) =>
      toElement((await findElement(ctx.db, team(request), params.element)).element),
  );
  apiRoute(
    app,
    ctx.openapi,
    {
      method: 'post',
      path: '/api/v1/elements',
      name: 'api.elements.store',
      summary: 'Add an element to a problem (parentId / childId also link it)',
      tags: elTags,
      ability: 'create',
      permission: 'content.create',
      body: z
        .strictObject({
          problemId: z.string({ error: 'Choose a problem.' }),
          ...createElementFields,
        })
        .superRefine(checkNewElement),
      response: elementRecord,
      status: 201,
    },
    async ({ request, body }) => {
      const { problemId, ...values } = body;
      const { element } = await runUseCase(ctx, actorOf(request), (uc) =>
        createElement(uc, { problemId, values }),
      );
      return toElement(element);
    },
  );
  apiRoute(
    app,
    ctx.openapi,
    {
      method: 'put',
      path: '/api/v1/elements/:element',
      name: 'api.elements.update',
      summary: 'Change an element',
      tags: elTags,
      ability: 'update',
      permission: 'content.update',
      params: elementParam,
      body: updateElementSchema,
      response: elementRecord,
    },
    async ({ request, params, body }) => {
      const { after } = await runUseCase(ctx, actorOf(request), (uc) =>
        updateElement(uc, { elementId: params.element, values: body }),
      );
      return toElement(after);
    },
  );
  apiRoute(
    app,
    ctx.openapi,
    {
      method: 'delete',
      path: '/api/v1/elements/:element',
      name: 'api.elements.destroy',
      summary: 'Delete an element with its links, metrics, data points and values',
      tags: elTags,
      ability: 'delete',
      permission: 'content.delete',
      params: elementParam,
    },
    async ({ request, params }) => {
      await runUseCase(ctx, actorOf(request), (uc) =>
        deleteElement(uc, { elementId: params.element }),
      );
    },
  );

  apiRoute(
    app,
    ctx.openapi,
    {
      method: 'get',
      path: '/api/v1/links',
      name: 'api.links.index',
      listCache: true,
      summary: 'Causal links of a problem',
      tags: elTags,
      ability: 'read',
      permission: 'content.view',
      query: z.object({ ...paging, problemId: z.string({ error: 'Choose a problem.' }) }),
      response: page(linkRecord, 'LinkPage'),
    },
    async ({ request, query }) => {
      const teamId = team(request);
      const { problem } = await findProblem(ctx.db, teamId, query.problemId);
      const res = await tableQuery(ctx.db, request.query, {
        select: { l: tocLinks },
        from: tocLinks,
        where: and(eq(tocLinks.teamId, teamId), eq(tocLinks.problemId, problem.id)),
        sortable: { createdAt: tocLinks.createdAt },
        defaultSort: 'createdAt',
        tiebreak: tocLinks.id,
      });
      return {
        data: res.rows.map((r) => toLink(r.l as LinkRow)),
        page: res.page,
        perPage: res.perPage,
        total: res.total,
      };
    },
  );
  apiRoute(
    app,
    ctx.openapi,
    {
      method: 'post',
      path: '/api/v1/links',
      name: 'api.links.store',
      summary:
        'Link two elements of a problem (refuses wrong levels, duplicates and loops on `toId`)',
      tags: elTags,
      ability: 'create',
      permission: 'content.create',
      body: z.strictObject({
        problemId: z.string({ error: 'Choose a problem.' }),
        ...createLinkFields,
      }),
      response: linkRecord,
      status: 201,
    },
    async ({ request, body }) => {
      const { problemId, ...values } = body;
      const { link } = await runUseCase(ctx, actorOf(request), (uc) =>
        createLink(uc, { problemId, values }),
      );
      return toLink(link);
    },
  );
  apiRoute(
    app,
    ctx.openapi,
    {
      method: 'delete',
      path: '/api/v1/links/:link',
      name: 'api.links.destroy',
      summary: 'Remove a link',
      tags: elTags,
      ability: 'delete',
      permission: 'content.delete',
      params: z.object({ link: z.string() }),
    },
    async ({ request, params }) => {
      await runUseCase(ctx, actorOf(request), (uc) => deleteLink(uc, { linkId: params.link }));
    },
  );
}
