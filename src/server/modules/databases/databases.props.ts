import { asc, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.js';
import type { Db } from '../../platform/db/client.js';
import { rawText } from '../../../shared/datasets/convert.js';
import { PREVIEW_ROWS } from '../../../shared/databases/databases.constants.js';
import type {
  BrowseView,
  ConnectionListItem,
  ConnectionView,
  DatabaseImportView,
  SourcesAuthenticationProps,
} from '../../../shared/databases/databases.pages.js';
import { connectorCredentials } from '../connectors/index.js';
import { projects } from '../projects/read-model.js';
import { boxOf, policyOf } from './databases.context.js';
import { connectionsOf, importsOf, specOf, type ConnectionRow } from './databases.queries.js';
import { describeFailure, RemoteError, withRemote, type RemoteSource } from './databases.remote.js';
import { databaseConnections, sourceCredentials } from './databases.tables.js';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function connectionView(c: ConnectionRow, hasPassword: boolean): ConnectionView {
  return {
    id: c.id,
    name: c.name,
    engine: c.engine,
    host: c.host,
    port: c.port,
    database: c.database,
    username: c.username,
    tlsMode: c.tlsMode,
    status: c.status,
    statusMessage: c.statusMessage,
    testedAt: iso(c.testedAt),
    hasPassword,
    createdAt: c.createdAt.toISOString(),
  };
}

async function withPassword(db: Db, ids: string[]) {
  if (!ids.length) return new Set<string>();
  const rows = await db
    .select({ id: sourceCredentials.connectionId })
    .from(sourceCredentials)
    .where(inArray(sourceCredentials.connectionId, ids));
  return new Set(rows.map((r) => r.id));
}

export async function connectionViewOf(db: Db, c: ConnectionRow) {
  return connectionView(c, (await withPassword(db, [c.id])).has(c.id));
}

type ImportRows = Awaited<ReturnType<typeof importsOf>>;

export function importViews(rows: ImportRows): DatabaseImportView[] {
  return rows.map((r) => ({
    id: r.import.id,
    datasetId: r.import.datasetId,
    datasetName: r.datasetName,
    project: { id: r.import.projectId, name: r.projectName },
    connection: { id: r.import.connectionId, name: r.connectionName, engine: r.engine },
    source:
      r.import.query !== null ? 'SELECT query' : `${r.import.tableSchema}.${r.import.tableName}`,
    schedule: r.import.schedule,
    lastRunAt: iso(r.import.lastRunAt),
    nextRunAt: iso(r.import.nextRunAt),
    status: r.newest?.status ?? null,
    rowCount: r.current ? Number(r.current.rowCount) : null,
    jobId: r.newest?.jobId ?? null,
  }));
}

export async function connectionList(db: Db, teamId: string): Promise<ConnectionListItem[]> {
  const list = await connectionsOf(db, teamId);
  const passwords = await withPassword(
    db,
    list.map((c) => c.id),
  );
  const imports = await importsOf(db, teamId, null);
  return list.map((c) => {
    const mine = imports.filter((i) => i.import.connectionId === c.id);
    const latest = mine
      .filter((i) => i.import.lastRunAt)
      .sort((a, b) => b.import.lastRunAt!.getTime() - a.import.lastRunAt!.getTime())[0];
    return {
      ...connectionView(c, passwords.has(c.id)),
      imports: mine.length,
      lastImport: latest
        ? {
            datasetName: latest.datasetName,
            at: latest.import.lastRunAt!.toISOString(),
            status: latest.newest?.status ?? null,
          }
        : null,
    };
  });
}

/** One project's database imports (the problem workspace's Integrations tab) */
export async function projectDatabaseImports(
  db: Db,
  teamId: string,
  projectId: string,
): Promise<DatabaseImportView[]> {
  return importViews(await importsOf(db, teamId, null, projectId));
}

/** The tables of the database and, when asked, one table's or query's first rows */
export async function browse(
  ctx: AppContext,
  connection: ConnectionRow,
  pick: RemoteSource | null,
): Promise<BrowseView> {
  try {
    const spec = await specOf(ctx.db, boxOf(ctx), connection);
    return await withRemote(spec, policyOf(ctx), async (remote) => {
      const tables = await remote.tables();
      let preview: BrowseView['preview'] = null;
      if (pick) {
        const base = {
          kind: pick.kind,
          table: pick.kind === 'table' ? { schema: pick.schema, name: pick.table } : null,
          query: pick.kind === 'query' ? pick.sql : null,
        };
        try {
          if (
            pick.kind === 'table' &&
            !tables.some((t) => t.schema === pick.schema && t.name === pick.table)
          )
            throw new RemoteError(
              'query',
              `The database has no table ${pick.schema}.${pick.table}.`,
            );
          const p = await remote.preview(pick, PREVIEW_ROWS);
          preview = {
            ...base,
            columns: p.columns,
            rows: p.rows.map((r) =>
              r.map((v) => (v === null || v === undefined ? null : rawText(v))),
            ),
            problem: null,
          };
        } catch (err) {
          preview = {
            ...base,
            columns: [],
            rows: [],
            problem: describeFailure(err, spec).message,
          };
        }
      }
      return { problem: null, tables, preview };
    });
  } catch (err) {
    return {
      problem: err instanceof RemoteError ? err.message : 'The database could not be read.',
      tables: [],
      preview: null,
    };
  }
}

export async function projectChoices(db: Db, teamId: string) {
  return db
    .select({ id: projects.id, name: projects.name })
    .from(projects)
    .where(eq(projects.teamId, teamId))
    .orderBy(asc(projects.name));
}

export async function credentialsProps(
  db: Db,
  teamId: string,
): Promise<SourcesAuthenticationProps> {
  const rows = await db
    .select({ credential: sourceCredentials, connection: databaseConnections })
    .from(sourceCredentials)
    .innerJoin(databaseConnections, eq(databaseConnections.id, sourceCredentials.connectionId))
    .where(eq(sourceCredentials.teamId, teamId))
    .orderBy(asc(databaseConnections.name));
  const all = await connectionsOf(db, teamId);
  const stored = new Set(rows.map((r) => r.connection.id));
  return {
    credentials: rows.map(({ credential, connection }) => ({
      id: credential.id,
      connection: {
        id: connection.id,
        name: connection.name,
        engine: connection.engine,
        host: connection.host,
        username: connection.username,
      },
      createdAt: credential.createdAt.toISOString(),
      rotatedAt: iso(credential.rotatedAt),
      lastUsedAt: iso(credential.lastUsedAt),
    })),
    withoutPassword: all.filter((c) => !stored.has(c.id)).map((c) => ({ id: c.id, name: c.name })),
    connectorCredentials: await connectorCredentials(db, teamId),
  };
}
