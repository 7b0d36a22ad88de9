import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { ValidationError } from '../../platform/errors.js';
import { parseInput } from '../../platform/http/validate.js';
import { actorOf, runUseCase } from '../../platform/use-case/index.js';
import {
  createConnectionSchema,
  databaseImportSchema,
  rotatePasswordSchema,
  updateConnectionSchema,
} from '../../../shared/databases/databases.schemas.js';
import { QUERY_MAX } from '../../../shared/databases/databases.constants.js';
import { selectProblem } from '../../../shared/databases/select-check.js';
import { roleCan } from '../../../shared/permissions.js';
import { boxOf, policyOf } from './databases.context.js';
import { testConnection } from './databases.import-job.js';
import {
  browse,
  connectionList,
  connectionViewOf,
  credentialsProps,
  importViews,
  projectChoices,
} from './databases.props.js';
import { findConnection, importsOf, specOf } from './databases.queries.js';
import { RemoteError, withRemote, type RemoteSource } from './databases.remote.js';
import {
  createConnection,
  deleteConnection,
  recordTest,
  revokeCredential,
  rotatePassword,
  startDatabaseImport,
  updateConnection,
} from './databases.use-cases.js';

const view = { kind: 'team', permission: 'content.view' } as const;
const create = { kind: 'team', permission: 'content.create' } as const;
const update = { kind: 'team', permission: 'content.update' } as const;
/** stored passwords are the team's settings: owners and administrators rotate and revoke them */
const manageSecrets = { kind: 'team', permission: 'team.settings.manage' } as const;
const remove = { kind: 'team', permission: 'content.delete' } as const;

const teamOf = (request: FastifyRequest) => request.actor!.team!.id;
const param = (request: FastifyRequest, name: string) =>
  (request.params as Record<string, string>)[name];

/** ?table=schema.name or ?query=SELECT ... (a query that fails the check is not run) */
function pickOf(q: Record<string, unknown>): { pick: RemoteSource | null; problem: string | null } {
  if (typeof q.query === 'string' && q.query.trim()) {
    const sql = q.query.slice(0, QUERY_MAX);
    const problem = selectProblem(sql);
    return problem ? { pick: null, problem } : { pick: { kind: 'query', sql }, problem: null };
  }
  if (typeof q.schema === 'string' && typeof q.table === 'string' && q.table)
    return {
      pick: { kind: 'table', schema: q.schema.slice(0, 128), table: q.table.slice(0, 128) },
      problem: null,
    };
  return { pick: null, problem: null };
}

export function registerDatabaseRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get(
    '/databases',
    { config: { feature: 'database_sources', name: 'databases.index', access: view } },
    async (request, reply) =>
      reply.inertia('databases/index', {
        connections: await connectionList(ctx.db, teamOf(request)),
      }),
  );

  app.get(
    '/databases/create',
    { config: { feature: 'database_sources', name: 'databases.create', access: create } },
    async (_request, reply) =>
      reply.inertia('databases/create', { allowPrivate: ctx.config.sources.allowPrivate }),
  );

  app.post(
    '/databases',
    { config: { feature: 'database_sources', name: 'databases.store', access: create } },
    async (request, reply) => {
      const input = parseInput(createConnectionSchema, request.body);
      const connection = await runUseCase(ctx, actorOf(request), (uc) =>
        createConnection(uc, input),
      );
      reply.flash({
        success: `“${connection.name}” saved. Testing the connection: you will be told when it is ready.`,
      });
      return reply.redirect(ctx.routes.url('databases.show', { database: connection.id }), 303);
    },
  );

  app.get(
    '/databases/:database',
    { config: { feature: 'database_sources', name: 'databases.show', access: view } },
    async (request, reply) => {
      const teamId = teamOf(request);
      const connection = await findConnection(ctx.db, teamId, param(request, 'database'));
      const { pick, problem } = pickOf(request.query as Record<string, unknown>);
      // reading the remote database (tables, rows, a SELECT) is for those who may import from it
      const browsed = roleCan(request.actor!.role, 'content.create')
        ? await browse(ctx, connection, pick)
        : {
            problem: 'Only editors and administrators browse this database and import from it.',
            tables: [],
            preview: null,
          };
      if (problem && !browsed.problem)
        browsed.preview = {
          kind: 'query',
          table: null,
          query: String((request.query as Record<string, unknown>).query).slice(0, QUERY_MAX),
          columns: [],
          rows: [],
          problem,
        };
      return reply.inertia('databases/show', {
        connection: await connectionViewOf(ctx.db, connection),
        browse: browsed,
        imports: importViews(await importsOf(ctx.db, teamId, connection.id)),
        projects: await projectChoices(ctx.db, teamId),
      });
    },
  );

  app.get(
    '/databases/:database/edit',
    { config: { feature: 'database_sources', name: 'databases.edit', access: update } },
    async (request, reply) => {
      const connection = await findConnection(ctx.db, teamOf(request), param(request, 'database'));
      return reply.inertia('databases/edit', {
        connection: await connectionViewOf(ctx.db, connection),
        allowPrivate: ctx.config.sources.allowPrivate,
      });
    },
  );

  app.put(
    '/databases/:database',
    { config: { feature: 'database_sources', name: 'databases.update', access: update } },
    async (request, reply) => {
      const input = parseInput(updateConnectionSchema, request.body);
      const connection = await runUseCase(ctx, actorOf(request), (uc) =>
        updateConnection(uc, param(request, 'database'), input),
      );
      reply.flash({ success: `“${connection.name}” saved. Testing the connection again.` });
      return reply.redirect(ctx.routes.url('databases.show', { database: connection.id }), 303);
    },
  );

  app.delete(
    '/databases/:database',
    { config: { feature: 'database_sources', name: 'databases.destroy', access: remove } },
    async (request, reply) => {
      const connection = await runUseCase(ctx, actorOf(request), (uc) =>
        deleteConnection(uc, param(request, 'database')),
      );
      reply.flash({
        success: `“${connection.name}” deleted with its stored password. Its datasets are kept (no longer refreshed).`,
      });
      return reply.redirect(ctx.routes.url('databases.index', {}), 303);
    },
  );

  app.post(
    '/databases/:database/test',
    { config: { feature: 'database_sources', name: 'databases.test', access: update } },
    async (request, reply) => {
      const actor = actorOf(request);
      const { connection, outcome } = await testConnection(
        ctx,
        param(request, 'database') as string,
        actor.teamId,
      );
      await runUseCase(ctx, actor, (uc) => recordTest(uc, connection, outcome));
      reply.flash(outcome.ok ? { success: outcome.message } : { error: outcome.message });
      return reply.redirect(ctx.routes.url('databases.show', { database: connection.id }), 303);
    },
  );

  app.post(
    '/databases/:database/import',
    { config: { feature: 'database_sources', name: 'databases.import', access: create } },
    async (request, reply) => {
      const actor = actorOf(request);
      const input = parseInput(databaseImportSchema, request.body);
      const connection = await findConnection(ctx.db, actor.teamId, param(request, 'database'));
      const source: RemoteSource =
        input.kind === 'table'
          ? { kind: 'table', schema: input.table!.schema, table: input.table!.name }
          : { kind: 'query', sql: input.query! };
      const field = input.kind === 'table' ? 'table' : 'query';
      const columns = await withRemote(
        await specOf(ctx.db, boxOf(ctx), connection).catch((err) => {
          throw new ValidationError({ [field]: (err as Error).message });
        }),
        policyOf(ctx),
        async (remote) => {
          if (source.kind === 'table') {
            const tables = await remote.tables();
            if (!tables.some((t) => t.schema === source.schema && t.name === source.table))
              throw new ValidationError({ table: 'The database has no such table.' });
          }
          return (await remote.preview(source, 0)).columns;
        },
      ).catch((err) => {
        if (err instanceof ValidationError) throw err;
        throw new ValidationError({
          [field]: err instanceof RemoteError ? err.message : 'The database could not be read.',
        });
      });
      if (!columns.length) throw new ValidationError({ [field]: 'It has no columns to import.' });
      const { jobId } = await runUseCase(ctx, actor, (uc) =>
        startDatabaseImport(uc, {
          connectionId: connection.id,
          import: input,
          columns,
          now: new Date(),
        }),
      );
      return reply.redirect(ctx.routes.url('jobs.show', { job: jobId }), 303);
    },
  );

  app.get(
    '/settings/sources-authentication',
    { config: { name: 'source-credentials.index', access: view } },
    async (request, reply) =>
      reply.inertia(
        'settings/sources-authentication',
        await credentialsProps(ctx.db, teamOf(request)),
      ),
  );

  app.post(
    '/settings/sources-authentication/:credential/rotate',
    { config: { name: 'source-credentials.rotate', access: manageSecrets } },
    async (request, reply) => {
      const input = parseInput(rotatePasswordSchema, request.body);
      const connection = await runUseCase(ctx, actorOf(request), (uc) =>
        rotatePassword(uc, param(request, 'credential'), input.password),
      );
      reply.flash({
        success: `New password stored for “${connection.name}”. Testing the connection again.`,
      });
      return reply.redirect(ctx.routes.url('source-credentials.index', {}), 303);
    },
  );

  app.delete(
    '/settings/sources-authentication/:credential',
    { config: { name: 'source-credentials.revoke', access: manageSecrets } },
    async (request, reply) => {
      const connection = await runUseCase(ctx, actorOf(request), (uc) =>
        revokeCredential(uc, param(request, 'credential')),
      );
      reply.flash({
        success: `The password of “${connection.name}” is deleted: nothing can connect with it until a new one is set.`,
      });
      return reply.redirect(ctx.routes.url('source-credentials.index', {}), 303);
    },
  );
}
