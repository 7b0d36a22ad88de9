import type { FastifyInstance, FastifyRequest } from 'fastify';
import { asc, eq } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.js';
import { ValidationError } from '../../platform/errors.js';
import { parseInput } from '../../platform/http/validate.js';
import { actorOf, runUseCase } from '../../platform/use-case/index.js';
import {
  connectorImportSchema,
  createConnectorSchema,
} from '../../../shared/connectors/connectors.schemas.js';
import { roleCan } from '../../../shared/permissions.js';
import { projects } from '../projects/read-model.js';
import {
  connectorList,
  connectorView,
  findConnector,
  findConnectorImport,
  importViews,
} from './connectors.queries.js';
import { formsOf, testOf } from './connectors.probe.js';
import {
  createConnector,
  deleteConnector,
  recordConnectorTest,
  refreshConnectorImport,
  startConnectorImport,
} from './connectors.use-cases.js';

const view = { kind: 'team', permission: 'content.view' } as const;
const create = { kind: 'team', permission: 'content.create' } as const;
const update = { kind: 'team', permission: 'content.update' } as const;
const remove = { kind: 'team', permission: 'content.delete' } as const;

const teamOf = (request: FastifyRequest) => request.actor!.team!.id;
const param = (request: FastifyRequest, name: string) =>
  (request.params as Record<string, string>)[name];

export function registerConnectorRoutes(app: FastifyInstance, ctx: AppContext) {
  const show = (id: string) => ctx.routes.url('integrations.show', { connector: id });

  app.get(
    '/integrations',
    { config: { name: 'integrations.index', access: view } },
    async (request, reply) =>
      reply.inertia('integrations/index', {
        connectors: await connectorList(ctx.db, teamOf(request)),
      }),
  );

  app.get(
    '/integrations/create',
    { config: { name: 'integrations.create', access: create } },
    async (_request, reply) =>
      reply.inertia('integrations/create', { allowPrivate: ctx.config.sources.allowPrivate }),
  );

  app.post(
    '/integrations',
    { config: { name: 'integrations.store', access: create } },
    async (request, reply) => {
      const input = parseInput(createConnectorSchema, request.body);
      const actor = actorOf(request);
      const connector = await runUseCase(ctx, actor, (uc) => createConnector(uc, input));
      const outcome = await testOf(ctx, connector);
      await runUseCase(ctx, actor, (uc) => recordConnectorTest(uc, connector, outcome));
      reply.flash(
        outcome.ok
          ? { success: `“${connector.name}” saved. ${outcome.message}` }
          : { error: `“${connector.name}” saved, but the test failed: ${outcome.message}` },
      );
      return reply.redirect(show(connector.id), 303);
    },
  );

  app.get(
    '/integrations/:connector',
    { config: { name: 'integrations.show', access: view } },
    async (request, reply) => {
      const teamId = teamOf(request);
      const connector = await findConnector(ctx.db, teamId, param(request, 'connector'));
      const imports = await importViews(ctx.db, teamId, connector.id);
      // listing the remote forms is for those who may import from them
      const mayImport = roleCan(request.actor!.role, 'content.create');
      return reply.inertia('integrations/show', {
        connector: connectorView(connector, imports.length),
        // a lazy prop: the page's progress polls reload the imports without asking the service
        remote: () =>
          mayImport
            ? formsOf(ctx, connector)
            : { forms: null, problem: 'Only editors and administrators import from this service.' },
        imports,
        projects: await ctx.db
          .select({ id: projects.id, name: projects.name })
          .from(projects)
          .where(eq(projects.teamId, teamId))
          .orderBy(asc(projects.name)),
      });
    },
  );

  app.post(
    '/integrations/:connector/test',
    { config: { name: 'integrations.test', access: update } },
    async (request, reply) => {
      const actor = actorOf(request);
      const connector = await findConnector(ctx.db, actor.teamId, param(request, 'connector'));
      const outcome = await testOf(ctx, connector);
      await runUseCase(ctx, actor, (uc) => recordConnectorTest(uc, connector, outcome));
      reply.flash(outcome.ok ? { success: outcome.message } : { error: outcome.message });
      return reply.redirect(show(connector.id), 303);
    },
  );

  app.post(
    '/integrations/:connector/import',
    { config: { name: 'integrations.import', access: create } },
    async (request, reply) => {
      const actor = actorOf(request);
      const input = parseInput(connectorImportSchema, request.body);
      const connector = await findConnector(ctx.db, actor.teamId, param(request, 'connector'));
      const { forms, problem } = await formsOf(ctx, connector);
      if (!forms) throw new ValidationError({ formId: problem! });
      const form = forms.find((f) => f.id === input.formId);
      if (!form) throw new ValidationError({ formId: 'The service has no such form.' });
      const { dataset } = await runUseCase(ctx, actor, (uc) =>
        startConnectorImport(uc, {
          connectorId: connector.id,
          import: input,
          formName: form.name,
          now: new Date(),
        }),
      );
      reply.flash({
        success: `Importing “${form.name}” into “${dataset.name}”: the list below shows its progress.`,
      });
      return reply.redirect(show(connector.id), 303);
    },
  );

  app.post(
    '/integrations/imports/:import/refresh',
    { config: { name: 'integrations.refresh', access: update } },
    async (request, reply) => {
      const actor = actorOf(request);
      const imp = await findConnectorImport(ctx.db, actor.teamId, param(request, 'import'));
      await runUseCase(ctx, actor, (uc) =>
        refreshConnectorImport(uc, imp.id, { now: new Date(), scheduled: false }),
      );
      reply.flash({ success: `Refreshing “${imp.formName}”: a new version is being imported.` });
      return reply.redirect(show(imp.connectorId), 303);
    },
  );

  app.delete(
    '/integrations/:connector',
    { config: { name: 'integrations.destroy', access: remove } },
    async (request, reply) => {
      const connector = await runUseCase(ctx, actorOf(request), (uc) =>
        deleteConnector(uc, param(request, 'connector')),
      );
      reply.flash({
        success: `“${connector.name}” deleted with its stored token. Its datasets are kept (no longer refreshed).`,
      });
      return reply.redirect(ctx.routes.url('integrations.index', {}), 303);
    },
  );
}
