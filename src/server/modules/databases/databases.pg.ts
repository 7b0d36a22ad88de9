import pg from 'pg';
import type { RawValue } from '../../../shared/datasets/convert.js';
import {
  CONNECT_TIMEOUT_MS,
  IMPORT_STATEMENT_TIMEOUT_MS,
  PREVIEW_TIMEOUT_MS,
  type ConnectionSpec,
  type Remote,
  type RemoteColumn,
  type RemoteSource,
} from './databases.remote.js';
import { statementOf } from '../../../shared/databases/select-check.js';
import { pgColumnType, rawOf } from './databases.types.js';

/** every value as PostgreSQL's text output: the converter reads it, nothing is lost to floats */
const asText = { getTypeParser: () => (v: string) => v };

/**
 * A read-only session on PostgreSQL: connected to the checked address (the host name only for
 * TLS's server name), every transaction read only, short statement timeouts, UTC and ISO dates.
 */
export async function openPostgres(spec: ConnectionSpec, address: string): Promise<Remote> {
  const client = new pg.Client({
    host: address,
    port: spec.port,
    database: spec.database,
    user: spec.username,
    password: spec.password,
    ssl:
      spec.tlsMode === 'disable'
        ? false
        : { rejectUnauthorized: spec.tlsMode === 'verify', servername: spec.host },
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    statement_timeout: PREVIEW_TIMEOUT_MS,
    application_name: 'pathways',
    options:
      '-c default_transaction_read_only=on -c DateStyle=ISO -c TimeZone=UTC -c extra_float_digits=3',
    types: asText,
  });
  // a connection lost later surfaces on the next query; never crash the process
  client.on('error', () => {});
  await client.connect();
  const columnsOf = (fields: Array<{ name: string; dataTypeID: number }>): RemoteColumn[] =>
    fields.map((f) => ({ name: f.name, ...pgColumnType(f.dataTypeID) }));
  const sqlOf = (source: RemoteSource) =>
    source.kind === 'table'
      ? `SELECT * FROM ${client.escapeIdentifier(source.schema)}.${client.escapeIdentifier(source.table)}`
      : statementOf(source.sql);

  return {
    async tables() {
      const r = await client.query<{ schema: string; name: string; kind: string }>(
        `SELECT table_schema AS schema, table_name AS name, table_type AS kind
           FROM information_schema.tables
          WHERE table_schema NOT IN ('pg_catalog', 'information_schema') AND table_schema NOT LIKE 'pg_toast%'
          ORDER BY 1, 2 LIMIT 2000`,
      );
      return r.rows.map((t) => ({
        schema: t.schema,
        name: t.name,
        kind: t.kind === 'VIEW' ? 'view' : 'table',
      }));
    },
    async columns(table) {
      const r = await client.query(
        `SELECT * FROM ${client.escapeIdentifier(table.schema)}.${client.escapeIdentifier(table.name)} LIMIT 0`,
      );
      return columnsOf(r.fields);
    },
    async preview(source, limit) {
      await client.query('BEGIN READ ONLY');
      try {
        const r = await client.query({
          text: `SELECT * FROM (${sqlOf(source)}) AS pathways_preview LIMIT ${Math.floor(limit)}`,
          rowMode: 'array',
        });
        return {
          columns: columnsOf(r.fields),
          rows: (r.rows as unknown[][]).map((row) => row.map(rawOf)),
        };
      } finally {
        await client.query('ROLLBACK').catch(() => {});
      }
    },
    async *stream(source, chunk, onColumns) {
      await client.query('BEGIN READ ONLY');
      try {
        await client.query(`SET LOCAL statement_timeout = ${IMPORT_STATEMENT_TIMEOUT_MS}`);
        await client.query(`DECLARE pathways_import NO SCROLL CURSOR FOR ${sqlOf(source)}`);
        let first = true;
        for (;;) {
          const r = await client.query({
            text: `FETCH ${Math.floor(chunk)} FROM pathways_import`,
            rowMode: 'array',
          });
          if (first) {
            first = false;
            await onColumns(columnsOf(r.fields));
          }
          if (!r.rows.length) break;
          yield (r.rows as unknown[][]).map((row) => row.map(rawOf)) as RawValue[][];
          if (r.rows.length < chunk) break;
        }
      } finally {
        await client.query('ROLLBACK').catch(() => {});
      }
    },
    async close() {
      await client.end();
    },
  };
}
