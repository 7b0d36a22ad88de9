import { and, asc, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { notFound } from '../../platform/errors.js';
import { idOr404 } from '../../platform/http/ids.js';
import type { SecretBox } from '../../platform/secrets/secret-box.js';
import type {
  ConnectorImportView,
  ConnectorView,
  ProjectConnectorImport,
} from '../../../shared/connectors/connectors.pages.js';
import type { ConnectorCredentialView } from '../../../shared/databases/databases.pages.js';
import { datasets, datasetVersions } from '../datasets/read-model.js';
import { ConnectorError } from './connectors.http.js';
import type { RemoteSpec } from './connectors.remote.js';
import { connectorImports, connectors } from './connectors.tables.js';

export type ConnectorRow = typeof connectors.$inferSelect;
export type ConnectorImportRow = typeof connectorImports.$inferSelect;

export async function findConnector(db: Db, teamId: string, id: unknown): Promise<ConnectorRow> {
  const connectorId = idOr404(id, 'Connector');
  const [row] = await db
    .select()
    .from(connectors)
    .where(and(eq(connectors.id, connectorId), eq(connectors.teamId, teamId)))
    .limit(1);
  if (!row) throw notFound('Connector');
  return row;
}

export async function findConnectorImport(
  db: Db,
  teamId: string,
  id: unknown,
): Promise<ConnectorImportRow> {
  const importId = idOr404(id, 'Import');
  const [row] = await db
    .select()
    .from(connectorImports)
    .where(and(eq(connectorImports.id, importId), eq(connectorImports.teamId, teamId)))
    .limit(1);
  if (!row) throw notFound('Import');
  return row;
}

/** The associated data a connector's sealed token or password is bound to */
export const connectorBinding = (connectorId: string) => `connector:${connectorId}`;

/** What a job or page reads when a connector's token or password was revoked */
export const revokedMessage = (c: Pick<ConnectorRow, 'name'>) =>
  `The token or password of “${c.name}” was revoked: add a new one on Settings → Sources authentication.`;

/** A connector's secret was revoked: the job that needed it fails at once (no retry) */
export class RevokedCredentialError extends ConnectorError {
  readonly permanent = true;
}

/** Everything a remote client needs with a given secret (a new one being tested) */
export const specWith = (c: ConnectorRow, secret: string): RemoteSpec => ({
  kind: c.kind,
  url: c.url,
  odkProjectId: c.odkProjectId,
  email: c.email,
  secret,
});

/** Everything a remote client needs, the stored secret opened just now */
export function specOf(box: SecretBox, c: ConnectorRow): RemoteSpec {
  if (!c.sealed || c.revokedAt) throw new RevokedCredentialError('auth', revokedMessage(c));
  let secret: string;
  try {
    secret = box.open(c.sealed, connectorBinding(c.id));
  } catch {
    throw new ConnectorError(
      'auth',
      'The stored token cannot be read with this server’s key (PATHWAYS_SECRET_KEY or APP_KEY changed): add a new one on Settings → Sources authentication.',
    );
  }
  return specWith(c, secret);
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function connectorView(c: ConnectorRow, imports = 0): ConnectorView {
  return {
    id: c.id,
    name: c.name,
    kind: c.kind,
    url: c.url,
    odkProjectId: c.odkProjectId === null ? null : String(c.odkProjectId),
    email: c.email,
    status: c.status,
    statusMessage: c.statusMessage,
    testedAt: iso(c.testedAt),
    imports,
  };
}

/** The team's connector credentials for Sources authentication (never the secret) */
export async function connectorCredentials(
  db: Db,
  teamId: string,
): Promise<ConnectorCredentialView[]> {
  const rows = await db
    .select()
    .from(connectors)
    .where(eq(connectors.teamId, teamId))
    .orderBy(asc(connectors.name));
  return rows.map((c) => ({
    connectorId: c.id,
    name: c.name,
    kind: c.kind,
    identity: c.kind === 'odk' ? (c.email ?? '') : 'API token',
    createdAt: c.createdAt.toISOString(),
    rotatedAt: iso(c.rotatedAt),
    lastUsedAt: iso(c.lastUsedAt),
    revokedAt: iso(c.revokedAt),
  }));
}

export async function connectorList(db: Db, teamId: string): Promise<ConnectorView[]> {
  const rows = await db
    .select()
    .from(connectors)
    .where(eq(connectors.teamId, teamId))
    .orderBy(asc(connectors.name));
  const imports = rows.length
    ? await db
        .select({ connectorId: connectorImports.connectorId })
        .from(connectorImports)
        .where(
          inArray(
            connectorImports.connectorId,
            rows.map((r) => r.id),
          ),
        )
    : [];
  return rows.map((r) => connectorView(r, imports.filter((i) => i.connectorId === r.id).length));
}

export async function importViews(
  db: Db,
  teamId: string,
  connectorId: string,
): Promise<ConnectorImportView[]> {
  return (await importRows(db, teamId, eq(connectorImports.connectorId, connectorId))).map(
    importView,
  );
}

/** One project's connector imports with their connector (the problem workspace's Integrations tab) */
export async function projectConnectorImports(
  db: Db,
  teamId: string,
  projectId: string,
): Promise<ProjectConnectorImport[]> {
  return (await importRows(db, teamId, eq(connectorImports.projectId, projectId))).map((r) => ({
    ...importView(r),
    connector: { id: r.connector.id, name: r.connector.name, kind: r.connector.kind },
  }));
}

async function importRows(db: Db, teamId: string, scope: SQL) {
  return db
    .select({
      imp: connectorImports,
      name: datasets.name,
      rows: datasetVersions.rowCount,
      connector: { id: connectors.id, name: connectors.name, kind: connectors.kind },
    })
    .from(connectorImports)
    .innerJoin(datasets, eq(datasets.id, connectorImports.datasetId))
    .innerJoin(connectors, eq(connectors.id, connectorImports.connectorId))
    .leftJoin(datasetVersions, eq(datasetVersions.id, datasets.currentVersionId))
    .where(and(eq(connectorImports.teamId, teamId), scope))
    .orderBy(desc(connectorImports.createdAt));
}

function importView({
  imp,
  name,
  rows: n,
}: Awaited<ReturnType<typeof importRows>>[number]): ConnectorImportView {
  return {
    id: imp.id,
    datasetId: imp.datasetId,
    datasetName: name,
    formId: imp.formId,
    formName: imp.formName,
    schedule: imp.schedule,
    lastRunAt: iso(imp.lastRunAt),
    nextRunAt: iso(imp.nextRunAt),
    rows: n ?? null,
    status: imp.status,
    message: imp.message,
    fetched: imp.fetched,
    jobId: imp.jobId,
  };
}
