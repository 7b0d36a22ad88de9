import type { ColumnType } from '../datasets/column-types.js';
import type { DatasetVersionStatus } from '../datasets/column-types.js';
import type {
  ConnectionStatus,
  DatabaseEngine,
  ImportSchedule,
  TlsMode,
} from './databases.constants.js';
import type { ConnectorKind } from '../connectors/connectors.constants.js';

/** A connection as pages see it: never its password */
export interface ConnectionView {
  id: string;
  name: string;
  engine: DatabaseEngine;
  host: string;
  port: number;
  database: string;
  username: string;
  tlsMode: TlsMode;
  status: ConnectionStatus;
  statusMessage: string | null;
  testedAt: string | null;
  /** a password is stored (its value never leaves the server) */
  hasPassword: boolean;
  createdAt: string;
}

export interface DatabaseImportView {
  id: string;
  datasetId: string;
  datasetName: string;
  project: { id: string; name: string };
  connection: { id: string; name: string; engine: DatabaseEngine };
  source: string;
  schedule: ImportSchedule;
  lastRunAt: string | null;
  nextRunAt: string | null;
  status: DatasetVersionStatus | null;
  rowCount: number | null;
  jobId: string | null;
}

export interface ConnectionListItem extends ConnectionView {
  imports: number;
  lastImport: { datasetName: string; at: string; status: DatasetVersionStatus | null } | null;
}

export interface DatabasesIndexProps {
  connections: ConnectionListItem[];
}

interface ConnectionFormDefaults {
  allowPrivate: boolean;
}

export type DatabasesCreateProps = ConnectionFormDefaults;

export interface DatabasesEditProps extends ConnectionFormDefaults {
  connection: ConnectionView;
}

interface RemoteColumnView {
  name: string;
  remoteType: string;
  type: ColumnType;
}

export interface BrowseView {
  /** why the database could not be read (a specific message), or null */
  problem: string | null;
  tables: Array<{ schema: string; name: string; kind: 'table' | 'view' }>;
  /** the picked table or query, its columns and first rows (text as shown) */
  preview: {
    kind: 'table' | 'query';
    table: { schema: string; name: string } | null;
    query: string | null;
    columns: RemoteColumnView[];
    rows: Array<Array<string | null>>;
    problem: string | null;
  } | null;
}

export interface DatabasesShowProps {
  connection: ConnectionView;
  browse: BrowseView;
  imports: DatabaseImportView[];
  projects: Array<{ id: string; name: string }>;
}

export interface SourceCredentialView {
  id: string;
  connection: { id: string; name: string; engine: DatabaseEngine; host: string; username: string };
  createdAt: string;
  rotatedAt: string | null;
  lastUsedAt: string | null;
}

/** A connector's stored token or password as Sources authentication lists it (never the secret) */
export interface ConnectorCredentialView {
  connectorId: string;
  name: string;
  kind: ConnectorKind;
  /** the ODK Central account's email, or "API token" for KoboToolbox */
  identity: string;
  createdAt: string;
  rotatedAt: string | null;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

export interface SourcesAuthenticationProps {
  credentials: SourceCredentialView[];
  /** the connectors' tokens and passwords (KoboToolbox, ODK Central), revoked ones too */
  connectorCredentials: ConnectorCredentialView[];
  /** connections with no stored password (revoked) */
  withoutPassword: Array<{ id: string; name: string }>;
}
