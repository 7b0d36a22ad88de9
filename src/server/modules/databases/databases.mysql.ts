import { connect as netConnect } from 'node:net';
import mysql, { type Connection, type FieldPacket } from 'mysql2';
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
import { mysqlColumnType, rawOf } from './databases.types.js';

const quoteId = (name: string) => `\`${name.replace(/`/g, '``')}\``;

/**
 * A read-only session on MySQL or MariaDB: the socket is opened to the checked address (the host
 * name is kept for TLS's server name), every transaction read only, statement time limited.
 */
export async function openMysql(spec: ConnectionSpec, address: string): Promise<Remote> {
  const conn: Connection = mysql.createConnection({
    host: spec.host,
    port: spec.port,
    stream: () => netConnect({ host: address, port: spec.port }),
    user: spec.username,
    password: spec.password,
    database: spec.database,
    connectTimeout: CONNECT_TIMEOUT_MS,
    ssl:
      spec.tlsMode === 'disable'
        ? undefined
        : {
            rejectUnauthorized: spec.tlsMode === 'verify',
            verifyIdentity: spec.tlsMode === 'verify',
          },
    dateStrings: true,
    supportBigNumbers: true,
    bigNumberStrings: true,
    decimalNumbers: false,
    multipleStatements: false,
    timezone: 'Z',
  });
  const db = conn.promise();
  conn.on('error', () => {});
  await db.connect();
  const setTimeout = async (ms: number) => {
    // MariaDB (seconds) and MySQL (milliseconds, SELECT only) name it differently
    await db.query(`SET SESSION max_statement_time = ${ms / 1000}`).catch(() => {});
    await db.query(`SET SESSION max_execution_time = ${ms}`).catch(() => {});
  };
  await db.query('SET SESSION TRANSACTION READ ONLY');
  await db.query("SET time_zone = '+00:00'");
  await setTimeout(PREVIEW_TIMEOUT_MS);
  const columnsOf = (fields: FieldPacket[]): RemoteColumn[] =>
    fields.map((f) => ({
      name: f.name,
      ...mysqlColumnType(Number(f.columnType ?? f.type ?? 253), Number(f.columnLength ?? 0)),
    }));
  const sqlOf = (source: RemoteSource) =>
    source.kind === 'table'
      ? `SELECT * FROM ${quoteId(source.schema)}.${quoteId(source.table)}`
      : statementOf(source.sql);

  return {
    async tables() {
      const [rows] = await db.query(
        `SELECT table_schema AS s, table_name AS n, table_type AS k FROM information_schema.tables
          WHERE table_schema = DATABASE() ORDER BY 2 LIMIT 2000`,
      );
      return (rows as Array<{ s: string; n: string; k: string }>).map((t) => ({
        schema: t.s,
        name: t.n,
        kind: t.k === 'VIEW' ? 'view' : 'table',
      }));
    },
    async columns(table) {
      const [, fields] = await db.query(
        `SELECT * FROM ${quoteId(table.schema)}.${quoteId(table.name)} LIMIT 0`,
      );
      return columnsOf(fields as FieldPacket[]);
    },
    async preview(source, limit) {
      await db.query('START TRANSACTION READ ONLY');
      try {
        const [rows, fields] = await db.query({
          sql: `SELECT * FROM (${sqlOf(source)}) AS pathways_preview LIMIT ${Math.floor(limit)}`,
          rowsAsArray: true,
        });
        return {
          columns: columnsOf(fields as FieldPacket[]),
          rows: (rows as unknown[][]).map((r) => r.map(rawOf)),
        };
      } finally {
        await db.query('ROLLBACK').catch(() => {});
      }
    },
    async *stream(source, chunk, onColumns) {
      await setTimeout(IMPORT_STATEMENT_TIMEOUT_MS);
      await db.query('START TRANSACTION READ ONLY');
      try {
        const query = conn.query({ sql: sqlOf(source), rowsAsArray: true });
        let announce: Promise<void> | null = null;
        query.on('fields', (fields: FieldPacket[]) => {
          announce = Promise.resolve().then(() => onColumns(columnsOf(fields)));
          announce.catch(() => {}); // awaited below: the stream stops there
        });
        let rows: RawValue[][] = [];
        for await (const row of query.stream({ highWaterMark: chunk })) {
          if (announce) {
            await announce;
            announce = null;
          }
          rows.push((row as unknown[]).map(rawOf));
          if (rows.length >= chunk) {
            yield rows;
            rows = [];
          }
        }
        if (announce) await announce;
        if (rows.length) yield rows;
      } finally {
        await db.query('ROLLBACK').catch(() => {});
      }
    },
    async close() {
      await db.end().catch(() => conn.destroy());
    },
  };
}
