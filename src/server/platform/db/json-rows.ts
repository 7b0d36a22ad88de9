import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

/**
 * An INSERT of many rows in one statement with one parameter: the rows as one JSON array, read
 * back into typed columns by `jsonb_to_recordset`. Building a multi-row INSERT value by value
 * costs more than the database's work for a batch of a few dozen rows; this costs one
 * JSON.stringify. Rows are keyed by the table's TypeScript field names (as drizzle's insert takes
 * them); fields left out take their column defaults. `tail` follows the SELECT (ON CONFLICT,
 * RETURNING). A statement to run, or to put in a WITH clause beside others (one round trip for
 * several writes); null when there are no rows.
 */
export function jsonRowsInsert(
  table: PgTable,
  rows: Array<Record<string, unknown>>,
  tail: SQL = sql``,
): SQL | null {
  if (!rows.length) return null;
  const all = getTableColumns(table);
  const fields = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  const columns = fields.map((f) => {
    const c = all[f];
    if (!c) throw new Error(`jsonRowsInsert: no column ${f}`);
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
  return sql`insert into ${table} (${names}) select ${names} from jsonb_to_recordset(${json}::jsonb) as x(${types}) ${tail}`;
}
