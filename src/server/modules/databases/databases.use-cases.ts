import { and, eq } from 'drizzle-orm';
import { ValidationError } from '../../platform/errors.js';
import type { UseCase } from '../../platform/use-case/index.js';
import type {
  CreateConnectionInput,
  DatabaseImportInput,
  UpdateConnectionInput,
} from '../../../shared/databases/databases.schemas.js';
import { SCHEDULE_MS, type ImportSchedule } from '../../../shared/databases/databases.constants.js';
import {
  beginVersion,
  createDataset,
  findDataset,
  setVersionJob,
  type NewColumn,
} from '../datasets/index.js';
import { findProject } from '../projects/index.js';
import { keyFromLabel } from '../sources/index.js';
import { boxOf } from './databases.context.js';
import {
  credentialBinding,
  credentialOf,
  findConnection,
  findCredential,
  type ConnectionRow,
  type ImportRow,
} from './databases.queries.js';
import type { FailureKind, RemoteColumn } from './databases.remote.js';
import { databaseConnections, databaseImports, sourceCredentials } from './databases.tables.js';

export const DATABASE_IMPORT = 'database.import';
export const DATABASE_TEST = 'database.test';

const where = (c: {
  engine: string;
  host: string;
  port: number;
  database: string;
  username: string;
  tlsMode: string;
}) => ({
  engine: c.engine,
  host: c.host,
  port: c.port,
  database: c.database,
  user: c.username,
  tls: c.tlsMode,
});

async function storePassword(uc: UseCase, connectionId: string, password: string) {
  const sealed = boxOf(uc.ctx).seal(password, credentialBinding(connectionId));
  const existing = await credentialOf(uc.tx, connectionId);
  if (existing)
    await uc.tx
      .update(sourceCredentials)
      .set({ sealed, rotatedAt: new Date() })
      .where(eq(sourceCredentials.id, existing.id));
  else
    await uc.tx
      .insert(sourceCredentials)
      .values({ teamId: uc.teamId, connectionId, sealed, createdBy: uc.actor.userId || null });
}

/** Save a new connection (password sealed), then test it in a job that tells the user live */
export async function createConnection(uc: UseCase, input: CreateConnectionInput) {
  uc.can('content.create');
  const [connection] = await uc.tx
    .insert(databaseConnections)
    .values({
      teamId: uc.teamId,
      name: input.name,
      engine: input.engine,
      host: input.host,
      port: input.port,
      database: input.database,
      username: input.username,
      tlsMode: input.tlsMode,
      createdBy: uc.actor.userId || null,
    })
    .returning();
  await storePassword(uc, connection.id, input.password);
  await uc.enqueue(DATABASE_TEST, { connectionId: connection.id });
  await uc.audit({
    action: 'database.created',
    subject: { type: 'database_connection', id: connection.id, label: connection.name },
    details: where(connection),
  });
  return connection;
}

export async function updateConnection(uc: UseCase, id: unknown, input: UpdateConnectionInput) {
  const before = await findConnection(uc.tx, uc.teamId, id);
  uc.can('content.update');
  const changed = (
    ['name', 'engine', 'host', 'port', 'database', 'username', 'tlsMode'] as const
  ).filter((k) => before[k] !== input[k]);
  const password = input.password ? input.password : null;
  const [connection] = await uc.tx
    .update(databaseConnections)
    .set({
      name: input.name,
      engine: input.engine,
      host: input.host,
      port: input.port,
      database: input.database,
      username: input.username,
      tlsMode: input.tlsMode,
      status: 'untested',
      statusMessage: null,
      updatedAt: new Date(),
    })
    .where(eq(databaseConnections.id, before.id))
    .returning();
  if (password !== null) await storePassword(uc, connection.id, password);
  await uc.enqueue(DATABASE_TEST, { connectionId: connection.id });
  await uc.audit({
    action: 'database.updated',
    subject: { type: 'database_connection', id: connection.id, label: connection.name },
    details: { changed, passwordChanged: password !== null },
  });
  return connection;
}

export async function deleteConnection(uc: UseCase, id: unknown) {
  const connection = await findConnection(uc.tx, uc.teamId, id);
  uc.can('content.delete');
  await uc.tx.delete(databaseConnections).where(eq(databaseConnections.id, connection.id));
  await uc.audit({
    action: 'database.deleted',
    subject: { type: 'database_connection', id: connection.id, label: connection.name },
    details: where(connection),
  });
  return connection;
}

export interface TestOutcome {
  ok: boolean;
  kind: FailureKind | null;
  message: string;
}

/** Record a connection test's outcome (made by the caller, outside the transaction) */
export async function recordTest(
  uc: UseCase,
  connection: ConnectionRow,
  outcome: TestOutcome,
  opts: { check?: boolean } = {},
) {
  if (opts.check !== false) uc.can('content.update');
  const now = new Date();
  await uc.tx
    .update(databaseConnections)
    .set({ status: outcome.ok ? 'ready' : 'failed', statusMessage: outcome.message, testedAt: now })
    .where(eq(databaseConnections.id, connection.id));
  if (outcome.ok)
    await uc.tx
      .update(sourceCredentials)
      .set({ lastUsedAt: now })
      .where(eq(sourceCredentials.connectionId, connection.id));
  await uc.audit({
    action: 'database.tested',
    subject: { type: 'database_connection', id: connection.id, label: connection.name },
    details: { result: outcome.ok ? 'ready' : 'failed', kind: outcome.kind },
  });
}

export async function rotatePassword(uc: UseCase, credentialId: unknown, password: string) {
  const credential = await findCredential(uc.tx, uc.teamId, credentialId);
  const connection = await findConnection(uc.tx, uc.teamId, credential.connectionId);
  uc.can('content.update');
  await storePassword(uc, connection.id, password);
  await uc.tx
    .update(databaseConnections)
    .set({ status: 'untested', statusMessage: null, updatedAt: new Date() })
    .where(eq(databaseConnections.id, connection.id));
  await uc.enqueue(DATABASE_TEST, { connectionId: connection.id });
  await uc.audit({
    action: 'source_credential.rotated',
    subject: { type: 'database_connection', id: connection.id, label: connection.name },
  });
  return connection;
}

export async function revokeCredential(uc: UseCase, credentialId: unknown) {
  const credential = await findCredential(uc.tx, uc.teamId, credentialId);
  const connection = await findConnection(uc.tx, uc.teamId, credential.connectionId);
  uc.can('content.update');
  await uc.tx.delete(sourceCredentials).where(eq(sourceCredentials.id, credential.id));
  await uc.tx
    .update(databaseConnections)
    .set({
      status: 'failed',
      statusMessage: 'The password was revoked: set a new one on the connection’s edit page.',
      updatedAt: new Date(),
    })
    .where(eq(databaseConnections.id, connection.id));
  await uc.audit({
    action: 'source_credential.revoked',
    subject: { type: 'database_connection', id: connection.id, label: connection.name },
  });
  return connection;
}

/** Dataset columns for remote columns; keys kept by source column on a refresh */
function columnsFor(remote: RemoteColumn[], kept: Map<string, string> = new Map()): NewColumn[] {
  const used = new Set<string>(kept.values());
  return remote.map((c) => {
    let key = kept.get(c.name);
    if (!key) {
      const base = keyFromLabel(c.name) || 'col';
      key = base;
      for (let n = 2; used.has(key); n++) key = `${base.slice(0, 55)}_${n}`;
    }
    used.add(key);
    return { key, label: c.name, type: c.type, sourceColumn: c.name };
  });
}

function nextRun(schedule: ImportSchedule, from: Date): Date | null {
  return schedule === 'none' ? null : new Date(from.getTime() + SCHEDULE_MS[schedule]);
}

async function startVersion(
  uc: UseCase,
  imp: ImportRow,
  datasetId: string,
  columns: NewColumn[],
  label: string,
  scheduled: boolean,
) {
  if (!columns.length) throw new ValidationError({ query: 'The query returns no columns.' });
  const { version } = await beginVersion(uc, datasetId, columns);
  const jobId = await uc.enqueue(DATABASE_IMPORT, { versionId: version.id, scheduled });
  await setVersionJob(uc.tx, version.id, jobId);
  await uc.audit({
    action: 'dataset.import_started',
    subject: { type: 'dataset', id: datasetId, label },
    details: {
      version: version.number,
      database: imp.connectionId,
      columns: columns.length,
      schedule: imp.schedule,
    },
  });
  return { jobId, version };
}

/** Import a table or a SELECT as a new dataset of a project (now, and on its schedule) */
export async function startDatabaseImport(
  uc: UseCase,
  input: { connectionId: unknown; import: DatabaseImportInput; columns: RemoteColumn[]; now: Date },
) {
  const connection = await findConnection(uc.tx, uc.teamId, input.connectionId);
  const project = await findProject(uc.tx, uc.teamId, input.import.projectId);
  uc.can('content.create', { project });
  const importId = crypto.randomUUID();
  const dataset = await createDataset(uc, {
    projectId: project.id,
    name: input.import.name,
    origin: 'database',
    originId: importId,
  });
  const [imp] = await uc.tx
    .insert(databaseImports)
    .values({
      id: importId,
      teamId: uc.teamId,
      connectionId: connection.id,
      projectId: project.id,
      datasetId: dataset.id,
      tableSchema: input.import.kind === 'table' ? input.import.table!.schema : null,
      tableName: input.import.kind === 'table' ? input.import.table!.name : null,
      query: input.import.kind === 'query' ? input.import.query! : null,
      schedule: input.import.schedule,
      lastRunAt: input.now,
      nextRunAt: nextRun(input.import.schedule, input.now),
      createdBy: uc.actor.userId || null,
    })
    .returning();
  const started = await startVersion(
    uc,
    imp,
    dataset.id,
    columnsFor(input.columns),
    dataset.name,
    false,
  );
  return { ...started, dataset, import: imp };
}

/** A scheduled refresh: a new version of the dataset, keys kept by source column */
export async function startScheduledRun(
  uc: UseCase,
  input: { importId: string; columns: RemoteColumn[]; now: Date },
) {
  const [imp] = await uc.tx
    .select()
    .from(databaseImports)
    .where(and(eq(databaseImports.id, input.importId), eq(databaseImports.teamId, uc.teamId)));
  const { dataset, columns } = await findDataset(uc.tx, uc.teamId, imp.datasetId);
  const kept = new Map(columns.filter((c) => c.sourceColumn).map((c) => [c.sourceColumn!, c.key]));
  await uc.tx
    .update(databaseImports)
    .set({ lastRunAt: input.now, nextRunAt: nextRun(imp.schedule, input.now) })
    .where(eq(databaseImports.id, imp.id));
  return startVersion(uc, imp, dataset.id, columnsFor(input.columns, kept), dataset.name, true);
}

/** A scheduled run that could not start (the database did not answer): try again next period */
export async function skipScheduledRun(uc: UseCase, imp: ImportRow, reason: string, now: Date) {
  await uc.tx
    .update(databaseImports)
    .set({ lastRunAt: now, nextRunAt: nextRun(imp.schedule, now) })
    .where(eq(databaseImports.id, imp.id));
  await uc.audit({
    action: 'dataset.import_failed',
    subject: { type: 'dataset', id: imp.datasetId },
    details: { reason, scheduled: true },
  });
}
