import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client.js';

/**
 * Insert many rows in one statement with one parameter: the rows as one JSON array, read back
 * into typed columns by `jsonb_to_recordset`. Building a multi-row INSERT value by value costs
 * more than the database's work for a batch of a few dozen rows; this costs one JSON.stringify.
 * Rows are keyed by the table's TypeScript field names (as drizzle's insert takes them); fields
 * left out take their column defaults. `tail` follows the SELECT (ON CONFLICT, RETURNING).
 */
export async function insertJsonRows<T = Record<string, unknown>>(
  db: Db,
  table: PgTable,
  rows: Array<Record<string, unknown>>,
  tail: SQL = sql``,
): Promise<T[]> {
  if (!rows.length) return [];
  const all = getTableColumns(table);
  const fields = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  const columns = fields.map((f) => {
    const c = all[f];
    if (!c) throw new Error(`insertJsonRows: no column ${f}`);
    return c;
  });
  const names = sql.join(
    columns.map((c) => sql.identifier(c.name)),
    sql`, `,
  );
  const types = sql.join(
    columns.map((c) => sql`${sql.identifier(c.name)} ${sql.raw(c.getSQLType())}`),
    sql`, `,
  );
  const json = JSON.stringify(
    rows.map((r) => Object.fromEntries(fields.map((f, i) => [columns[i].name, r[f] ?? null]))),
  );
  const result = (await db.execute(
    sql`insert into ${table} (${names}) select ${names} from jsonb_to_recordset(${json}::jsonb) as x(${types}) ${tail}`,
  )) as unknown as { rows: T[] };
  return result.rows;
}
