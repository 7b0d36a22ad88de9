import type { ImportSchedule } from '../databases/databases.constants.js';
import type { DatabaseImportView } from '../databases/databases.pages.js';
import type {
  ConnectorImportStatus,
  ConnectorKind,
  ConnectorStatus,
} from './connectors.constants.js';

/** A connector as pages see it: never its token or password */
export interface ConnectorView {
  id: string;
  name: string;
  kind: ConnectorKind;
  url: string;
  odkProjectId: string | null;
  email: string | null;
  status: ConnectorStatus;
  statusMessage: string | null;
  testedAt: string | null;
  imports: number;
}

export interface RemoteFormView {
  id: string;
  name: string;
  submissions: number | null;
}

export interface ConnectorImportView {
  id: string;
  datasetId: string;
  datasetName: string;
  formId: string;
  formName: string;
  schedule: ImportSchedule;
  lastRunAt: string | null;
  nextRunAt: string | null;
  rows: number | null;
  status: ConnectorImportStatus;
  message: string | null;
  fetched: number;
  jobId: string | null;
}

export interface IntegrationsIndexProps {
  connectors: ConnectorView[];
}

export interface IntegrationsCreateProps {
  allowPrivate: boolean;
}

export interface IntegrationsShowProps {
  connector: ConnectorView;
  /** the remote forms (null with a problem when the service did not answer); asked on full visits */
  remote: { forms: RemoteFormView[] | null; problem: string | null };
  imports: ConnectorImportView[];
  projects: Array<{ id: string; name: string }>;
}

/** A connector import as the problem workspace's Integrations tab lists it */
export interface ProjectConnectorImport extends ConnectorImportView {
  connector: { id: string; name: string; kind: ConnectorKind };
}

/** The problem workspace's Integrations tab: what feeds the problem's project from outside */
export interface ProblemIntegrations {
  connectorImports: ProjectConnectorImport[];
  databaseImports: DatabaseImportView[];
}
