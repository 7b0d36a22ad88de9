import { sql, type SQL } from 'drizzle-orm';

/**
 * The parameters of a compiled statement: every value the user gave is a numbered parameter with
 * an explicit cast (`$3::numeric`); the statement text holds only names we generate.
 */
export class Params {
  readonly values: Array<string | null> = [];

  add(value: string | number | boolean | null, cast: SqlCast): string {
    this.values.push(value === null ? null : String(value));
    return `$${this.values.length}::${cast}`;
  }
}

export type SqlCast = 'text' | 'numeric' | 'bigint' | 'boolean' | 'date' | 'timestamptz' | 'int';

/** Generated identifiers only: _row, c1..cN (the dataset's physical names), n1..nN (new columns) */
const IDENT_RE = /^(?:c[1-9][0-9]{0,3}|n[1-9][0-9]{0,3})$/;
export function ident(name: string): string {
  if (!IDENT_RE.test(name)) throw new Error(`Not a generated column name: ${name}`);
  return name;
}

/** The text with its `$n::cast` placeholders as a Drizzle SQL with bound values (any driver) */
export function toDrizzle(text: string, values: ReadonlyArray<string | null>): SQL {
  const parts = text.split(/\$(\d+)(?=::)/);
  const chunks: SQL[] = [];
  for (let i = 0; i < parts.length; i++) {
    if (i % 2 === 0) chunks.push(sql.raw(parts[i]));
    else chunks.push(sql`${values[Number(parts[i]) - 1]}`);
  }
  return sql.join(chunks, sql``);
}

/** Spaces, tabs, line breaks, form feeds and vertical tabs: what a trim removes at both ends */
const SPACES = `E' \\t\\n\\r\\f\\x0B'`;
export const trimmed = (x: string) => `btrim(${x}, ${SPACES})`;
