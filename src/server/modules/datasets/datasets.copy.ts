import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { sql, type SQL } from 'drizzle-orm';
import type { PoolClient } from 'pg';
import type { Database, Db } from '../../platform/db/client.js';
import { physicalName, qualified } from './datasets.queries.js';

/** One chunk's rows: the row number and the converted text of each column (null: empty) */
export interface CopyRow {
  row: number;
  values: Array<string | null>;
}

const SPECIAL = /[\\\t\n\r]/;

/** COPY's text format: backslash, tab, newline and carriage return escaped; \N is null */
export function copyField(v: string | null): string {
  if (v === null) return '\\N';
  if (!SPECIAL.test(v)) return v;
  return v.replace(/[\\\t\n\r]/g, (c) =>
    c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r',
  );
}

export function copyText(rows: CopyRow[]): string {
  let out = '';
  for (const r of rows) out += `${r.row}\t${r.values.map(copyField).join('\t')}\n`;
  return out;
}

/**
 * Append one chunk (at most 50,000 rows) to a version's relation through COPY: PGlite reads it
 * from '/dev/blob', PostgreSQL from STDIN through pg-copy-streams. Each chunk is its own statement,
 * so web requests get the embedded database's one connection between chunks.
 */
export async function appendRows(
  database: Database,
  target: { relation: string; physical: string[] },
  rows: CopyRow[],
): Promise<number> {
  if (!rows.length) return 0;
  await appendCopyText(database, target, copyText(rows));
  return rows.length;
}

/**
 * Append one chunk already in COPY's text format (`_row`, then the columns in `physical` order,
 * fields escaped as `copyField` does, one line per row) to a version's relation.
 */
export async function appendCopyText(
  database: Database,
  target: { relation: string; physical: string[] },
  text: string,
): Promise<void> {
  if (!text) return;
  const cols = ['_row', ...target.physical.map(physicalName)].join(', ');
  if (database.pglite) {
    await database.pglite.query(
      `COPY ${qualified(target.relation)} (${cols}) FROM '/dev/blob'`,
      [],
      {
        blob: new Blob([text]),
      },
    );
    return;
  }
  const { from } = await import('pg-copy-streams');
  const client = await database.pool!.connect();
  try {
    const stream = client.query(from(`COPY ${qualified(target.relation)} (${cols}) FROM STDIN`));
    await pipeline(Readable.from([Buffer.from(text, 'utf8')]), stream);
  } finally {
    client.release();
  }
}

/**
 * Fill a version's relation from a SELECT (a transformation's compiled recipe) in one statement:
 * the select gives `_row`, `_source_row` (lineage: the source row it came from) and the columns in
 * `physical` order. The select is built from generated names and bound parameters only.
 */
async function insertSelect(
  db: Db,
  target: { relation: string; physical: string[] },
  select: SQL,
): Promise<number> {
  const cols = ['_row', '_source_row', ...target.physical.map(physicalName)].join(', ');
  const r = (await db.execute(
    sql`INSERT INTO ${sql.raw(qualified(target.relation))} (${sql.raw(cols)}) ${select}`,
  )) as unknown as { rowCount?: number | null; affectedRows?: number };
  return Number(r.rowCount ?? r.affectedRows ?? 0);
}

/** insertSelectStoppable's statement was stopped because `stop()` said so */
export class StatementStopped extends Error {
  constructor() {
    super('The statement was stopped on request.');
  }
}

/** how often a running insertSelectStoppable asks whether to stop (PostgreSQL) */
const STOP_POLL_MS = 250;

/**
 * insertSelect that a cancel can interrupt. On PostgreSQL the statement runs on a pooled
 * connection of its own whose backend pid is known; while it runs, `stop()` is asked every
 * STOP_POLL_MS, and once it says yes `pg_cancel_backend(pid)` is sent from another connection
 * (again at each tick until the statement ends: a cancel that reaches the backend between two
 * statements is ignored): the statement aborts, its rows rolled back with it, and this throws
 * StatementStopped. The connection goes back to the pool only after the last poll has ended, so
 * a late cancel never reaches a statement of someone else. On PGlite (one in-process connection,
 * the JavaScript thread itself runs the statement) nothing can interrupt it: `stop` is not asked.
 */
export async function insertSelectStoppable(
  database: Database,
  target: { relation: string; physical: string[] },
  select: SQL,
  stop: () => Promise<boolean>,
): Promise<number> {
  const pool = database.pool;
  if (!pool) return insertSelect(database.db, target, select);
  const [{ drizzle }, client] = await Promise.all([
    import('drizzle-orm/node-postgres'),
    pool.connect(),
  ]);
  let cancelSent = false;
  let polling: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  try {
    const pid = await backendPid(client);
    const poll = async () => {
      if (!(await stop())) return;
      cancelSent = true;
      await pool.query('SELECT pg_cancel_backend($1)', [pid]);
    };
    timer = setInterval(() => {
      polling = polling.then(poll).catch(() => {});
    }, STOP_POLL_MS);
    try {
      return await insertSelect(drizzle(client) as unknown as Db, target, select);
    } catch (err) {
      // query_canceled, possibly wrapped by drizzle (DrizzleQueryError's cause)
      const e = err as { code?: string; cause?: { code?: string } };
      if (cancelSent && (e.code ?? e.cause?.code) === '57014') throw new StatementStopped();
      throw err;
    }
  } finally {
    clearInterval(timer);
    await polling;
    client.release();
  }
}

async function backendPid(client: PoolClient): Promise<number> {
  const r = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
  return r.rows[0].pid;
}
