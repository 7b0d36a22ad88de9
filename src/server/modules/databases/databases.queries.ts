import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { notFound } from '../../platform/errors.js';
import { idOr404 } from '../../platform/http/ids.js';
import type { SecretBox } from '../../platform/secrets/secret-box.js';
import { datasets, datasetVersions } from '../datasets/read-model.js';
import { projects } from '../projects/read-model.js';
import { RemoteError, type ConnectionSpec, type RemoteSource } from './databases.remote.js';
import { databaseConnections, databaseImports, sourceCredentials } from './databases.tables.js';

export type ConnectionRow = typeof databaseConnections.$inferSelect;
export type ImportRow = typeof databaseImports.$inferSelect;
export type CredentialRow = typeof sourceCredentials.$inferSelect;

export async function findConnection(db: Db, teamId: string, id: unknown): Promise<ConnectionRow> {
  const connectionId = idOr404(id, 'Database');
  const [row] = await db
    .select()
    .from(databaseConnections)
    .where(and(eq(databaseConnections.id, connectionId), eq(databaseConnections.teamId, teamId)))
    .limit(1);
  if (!row) throw notFound('Database');
  return row;
}

export async function findCredential(db: Db, teamId: string, id: unknown): Promise<CredentialRow> {
  const credentialId = idOr404(id, 'Credential');
  const [row] = await db
    .select()
    .from(sourceCredentials)
    .where(and(eq(sourceCredentials.id, credentialId), eq(sourceCredentials.teamId, teamId)))
    .limit(1);
  if (!row) throw notFound('Credential');
  return row;
}

export async function credentialOf(db: Db, connectionId: string): Promise<CredentialRow | null> {
  const [row] = await db
    .select()
    .from(sourceCredentials)
    .where(eq(sourceCredentials.connectionId, connectionId))
    .limit(1);
  return row ?? null;
}

/** The associated data a connection's sealed password is bound to */
export const credentialBinding = (connectionId: string) => `database_connection:${connectionId}`;

function openPassword(box: SecretBox, sealed: string, connectionId: string): string {
  try {
    return box.open(sealed, credentialBinding(connectionId));
  } catch {
    throw new RemoteError(
      'auth',
      'The stored password cannot be read with this server’s key (PATHWAYS_SECRET_KEY or APP_KEY changed): type the password again.',
    );
  }
}

/** Everything needed to connect, the password opened just now (null: revoked, none stored) */
export async function specOf(
  db: Db,
  box: SecretBox,
  connection: ConnectionRow,
): Promise<ConnectionSpec & { revoked: boolean }> {
  const credential = await credentialOf(db, connection.id);
  return {
    engine: connection.engine,
    host: connection.host,
    port: connection.port,
    database: connection.database,
    username: connection.username,
    password: credential ? openPassword(box, credential.sealed, connection.id) : '',
    tlsMode: connection.tlsMode,
    revoked: !credential,
  };
}

export function sourceOfImport(i: ImportRow): RemoteSource {
  return i.query !== null
    ? { kind: 'query', sql: i.query }
    : { kind: 'table', schema: i.tableSchema ?? '', table: i.tableName ?? '' };
}

export async function connectionsOf(db: Db, teamId: string) {
  return db
    .select()
    .from(databaseConnections)
    .where(eq(databaseConnections.teamId, teamId))
    .orderBy(asc(databaseConnections.name), asc(databaseConnections.id));
}

/** A team's (or one connection's, or one project's) imports with their dataset, project, connection and newest version */
export async function importsOf(
  db: Db,
  teamId: string,
  connectionId: string | null,
  projectId: string | null = null,
) {
  const rows = await db
    .select({
      import: databaseImports,
      datasetName: datasets.name,
      currentVersionId: datasets.currentVersionId,
      projectName: projects.name,
      connectionName: databaseConnections.name,
      engine: databaseConnections.engine,
    })
    .from(databaseImports)
    .innerJoin(datasets, eq(datasets.id, databaseImports.datasetId))
    .innerJoin(projects, eq(projects.id, databaseImports.projectId))
    .innerJoin(databaseConnections, eq(databaseConnections.id, databaseImports.connectionId))
    .where(
      and(
        eq(databaseImports.teamId, teamId),
        connectionId ? eq(databaseImports.connectionId, connectionId) : undefined,
        projectId ? eq(databaseImports.projectId, projectId) : undefined,
      ),
    )
    .orderBy(desc(databaseImports.createdAt));
  const ids = rows.map((r) => r.import.datasetId);
  const versions = ids.length
    ? await db
        .select()
        .from(datasetVersions)
        .where(inArray(datasetVersions.datasetId, ids))
        .orderBy(desc(datasetVersions.number))
    : [];
  return rows.map((r) => {
    const mine = versions.filter((v) => v.datasetId === r.import.datasetId);
    return {
      ...r,
      newest: mine[0] ?? null,
      current: mine.find((v) => v.id === r.currentVersionId) ?? null,
    };
  });
}

export async function importOfDataset(db: Db, datasetId: string): Promise<ImportRow | null> {
  const [row] = await db
    .select()
    .from(databaseImports)
    .where(eq(databaseImports.datasetId, datasetId))
    .limit(1);
  return row ?? null;
}
