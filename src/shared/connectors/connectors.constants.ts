/** Pull connectors (issue 10 section 4): the remote services a team imports submissions from */
export const CONNECTOR_KINDS = ['kobo', 'odk'] as const;
export type ConnectorKind = (typeof CONNECTOR_KINDS)[number];

export const CONNECTOR_LABELS: Record<ConnectorKind, string> = {
  kobo: 'KoboToolbox',
  odk: 'ODK Central',
};

/** `revoked`: its token or password was wiped; a new one is added on Sources authentication */
export type ConnectorStatus = 'untested' | 'ready' | 'failed' | 'revoked';
export type ConnectorImportStatus = 'queued' | 'running' | 'ready' | 'failed';

/** Submissions fetched per request (Kobo `limit`, ODK `$top`) */
export const CONNECTOR_PAGE_SIZE = 500;
/** A pull stops (and fails clearly) past this many submissions */
export const CONNECTOR_MAX_RECORDS = 200_000;
/** The largest answer read from a remote service, per request */
export const CONNECTOR_MAX_BYTES = 20 * 1024 * 1024;
