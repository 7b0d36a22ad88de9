import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { sql, type SQL } from 'drizzle-orm';
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
export async function insertSelect(
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
