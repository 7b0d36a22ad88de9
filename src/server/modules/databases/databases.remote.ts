import type { ColumnType } from '../../../shared/datasets/column-types.js';
import type { RawValue } from '../../../shared/datasets/convert.js';
import type { DatabaseEngine, TlsMode } from '../../../shared/databases/databases.constants.js';
import { ValidationError } from '../../platform/errors.js';
import { resolveOutbound, type OutboundPolicy } from '../../platform/net/outbound.js';

/** What a connection to an external database needs (the password opened just before use) */
export interface ConnectionSpec {
  engine: DatabaseEngine;
  host: string;
  port: number;
  database: string;
  username: string;
  password: string;
  tlsMode: TlsMode;
}

interface RemoteTable {
  schema: string;
  name: string;
  kind: 'table' | 'view';
}

export interface RemoteColumn {
  name: string;
  /** the remote type as the database names it */
  remoteType: string;
  type: ColumnType;
}

export type RemoteSource =
  { kind: 'table'; schema: string; table: string } | { kind: 'query'; sql: string };

/** An open, read-only session on an external database */
export interface Remote {
  tables(): Promise<RemoteTable[]>;
  columns(table: { schema: string; name: string }): Promise<RemoteColumn[]>;
  /** the source's columns and its first `limit` rows */
  preview(
    source: RemoteSource,
    limit: number,
  ): Promise<{ columns: RemoteColumn[]; rows: RawValue[][] }>;
  /** every row of the source, in chunks of at most `chunk` rows, in a read-only transaction */
  stream(
    source: RemoteSource,
    chunk: number,
    onColumns: (columns: RemoteColumn[]) => Promise<void> | void,
  ): AsyncGenerator<RawValue[][]>;
  close(): Promise<void>;
}

export type FailureKind =
  | 'dns'
  | 'blocked'
  | 'refused'
  | 'unreachable'
  | 'timeout'
  | 'auth'
  | 'database'
  | 'tls'
  | 'query'
  | 'other';

/** A failure to connect or read, with a message written for the user (no password, no stack) */
export class RemoteError extends Error {
  constructor(
    readonly kind: FailureKind,
    message: string,
  ) {
    super(message);
  }
}

/** Connect and wait at most this long for the server */
export const CONNECT_TIMEOUT_MS = 5_000;
/** A browse or preview statement's limit */
export const PREVIEW_TIMEOUT_MS = 15_000;
/** One statement of an import (each fetch of a chunk) */
export const IMPORT_STATEMENT_TIMEOUT_MS = 120_000;

const where = (spec: ConnectionSpec) => `${spec.host}:${spec.port}`;

/** A driver error as a RemoteError with a specific message */
export function describeFailure(err: unknown, spec: ConnectionSpec): RemoteError {
  if (err instanceof RemoteError) return err;
  const e = err as { code?: string; errno?: number; message?: string; sqlMessage?: string };
  const code = String(e.code ?? '');
  const msg = String(e.sqlMessage ?? e.message ?? '');
  const at = where(spec);
  if (code === 'ECONNREFUSED')
    return new RemoteError(
      'refused',
      `The connection to ${at} was refused: no database is listening on that port, or a firewall rejects it.`,
    );
  if (code === 'EHOSTUNREACH' || code === 'ENETUNREACH')
    return new RemoteError('unreachable', `${at} cannot be reached from this server (no route).`);
  if (code === 'ETIMEDOUT' || /timeout expired|timed out|connection timeout/i.test(msg))
    return new RemoteError(
      'timeout',
      `${at} did not answer within ${CONNECT_TIMEOUT_MS / 1000} seconds (a firewall may be dropping the connection).`,
    );
  if (code === '28P01' || code === '28000' || code === 'ER_ACCESS_DENIED_ERROR')
    return new RemoteError(
      'auth',
      `The database refused the user name or password for “${spec.username}” (authentication failed).`,
    );
  if (code === '3D000' || code === 'ER_BAD_DB_ERROR' || code === 'ER_DBACCESS_DENIED_ERROR')
    return new RemoteError(
      'database',
      `The database “${spec.database}” does not exist on ${at}, or this user may not open it.`,
    );
  if (
    code === 'HANDSHAKE_NO_SSL_SUPPORT' ||
    /ssl|tls|certificate|self[- ]signed/i.test(msg) ||
    /^(ERR_TLS|ERR_SSL|CERT_|DEPTH_ZERO|SELF_SIGNED|UNABLE_TO)/.test(code)
  )
    return new RemoteError(
      'tls',
      spec.tlsMode === 'disable'
        ? `The server requires TLS: choose a TLS mode. (${msg.slice(0, 160)})`
        : `The TLS connection failed: ${msg.slice(0, 200)}`,
    );
  if (/^[0-9A-Z]{5}$/.test(code) || code.startsWith('ER_'))
    return new RemoteError('query', `The database answered: ${msg.slice(0, 300)}`);
  return new RemoteError(
    'other',
    `The connection failed: ${msg.slice(0, 200) || code || 'unknown error'}.`,
  );
}

/** Resolve and check the host (SSRF), then open a session with the engine's driver */
async function openRemote(spec: ConnectionSpec, policy: OutboundPolicy): Promise<Remote> {
  const resolved = await resolveOutbound(spec.host, policy);
  if (!resolved.ok)
    throw new RemoteError(resolved.kind === 'dns' ? 'dns' : 'blocked', resolved.message);
  try {
    if (spec.engine === 'postgres') {
      const { openPostgres } = await import('./databases.pg.js');
      return await openPostgres(spec, resolved.address);
    }
    const { openMysql } = await import('./databases.mysql.js');
    return await openMysql(spec, resolved.address);
  } catch (err) {
    throw describeFailure(err, spec);
  }
}

/** Open, run, close: a failure becomes a RemoteError */
export async function withRemote<T>(
  spec: ConnectionSpec,
  policy: OutboundPolicy,
  fn: (remote: Remote) => Promise<T>,
): Promise<T> {
  const remote = await openRemote(spec, policy);
  try {
    return await fn(remote);
  } catch (err) {
    if (err instanceof ValidationError) throw err; // the caller's own answer, not the driver's
    throw describeFailure(err, spec);
  } finally {
    await remote.close().catch(() => {});
  }
}
