import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Database } from '../../platform/db/client.js';
import { physicalName, qualified } from './datasets.queries.js';

/** One chunk's rows: the row number and the converted text of each column (null: empty) */
export interface CopyRow {
  row: number;
  values: Array<string | null>;
}

/** COPY's text format: backslash, tab, newline and carriage return escaped; \N is null */
function copyField(v: string | null): string {
  if (v === null) return '\\N';
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
  const cols = ['_row', ...target.physical.map(physicalName)].join(', ');
  const text = copyText(rows);
  if (database.pglite) {
    await database.pglite.query(
      `COPY ${qualified(target.relation)} (${cols}) FROM '/dev/blob'`,
      [],
      {
        blob: new Blob([text]),
      },
    );
    return rows.length;
  }
  const { from } = await import('pg-copy-streams');
  const client = await database.pool!.connect();
  try {
    const stream = client.query(from(`COPY ${qualified(target.relation)} (${cols}) FROM STDIN`));
    await pipeline(Readable.from([Buffer.from(text, 'utf8')]), stream);
  } finally {
    client.release();
  }
  return rows.length;
}
