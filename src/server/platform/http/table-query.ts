import { and, asc, count, desc, ilike, or, sql, type Column, type SQL } from 'drizzle-orm';
import type { PgSelect, PgTable, SelectedFields } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { Db } from '../db/client.js';
import {
  escapeLike,
  lastPage,
  parseTableQuery,
  searchTerms,
  type ParseTableQueryOptions,
  type TablePage,
  type TableQuery,
} from '../../../shared/table/table-query.js';

export {
  parseTableQuery,
  escapeLike,
  type TableQuery,
  type TablePage,
} from '../../../shared/table/table-query.js';

type Expr = Column | SQL | SQL.Aliased;

export interface TableSpec<TSel extends SelectedFields> {
  /** the columns each row carries (never whole tables: only what the page shows) */
  select: TSel;
  from: PgTable;
  /** joins on the dynamic query, e.g. (q) => q.leftJoin(users, eq(users.id, t.userId)) */
  joins?: (q: PgSelect) => PgSelect;
  /** the scope every row must satisfy (always the actor's team for domain data) */
  where?: SQL;
  /** columns the search box matches (ILIKE; non-text columns are cast to text) */
  searchable?: Expr[];
  /** sort key -> column; only these keys can be sorted on */
  sortable: Record<string, Expr>;
  defaultSort?: string;
  defaultDir?: 'asc' | 'desc';
  /** appended to every ORDER BY, in the sort's direction, so pages are stable (usually the primary key; several: e.g. [createdAt, id]) */
  tiebreak?: Expr | Expr[];
  /**
   * A condition evaluated in the same statement as the count, e.g. that the parent the list is
   * narrowed to belongs to the team (`exists (...)`; it must not refer to the listed rows): one
   * round trip instead of a finder before the list. When it is false the page comes back with
   * `checked: false` and no rows (`checked` is only there when a check was given).
   */
  check?: SQL;
}

const asText = (e: Expr): SQL => sql`(${e})::text`;

/** The WHERE for a search: every word must match at least one searchable column. */
function searchCondition(search: string, columns: Expr[]): SQL | undefined {
  const words = searchTerms(search);
  if (!words.length || !columns.length) return undefined;
  return and(
    ...words.map((w) => or(...columns.map((c) => ilike(asText(c), `%${escapeLike(w)}%`)))),
  );
}

/** The parse options implied by a spec (whitelisted sort keys and the defaults). */
export function specParseOptions(
  spec: Pick<TableSpec<SelectedFields>, 'sortable' | 'defaultSort' | 'defaultDir'>,
  prefix?: string,
): ParseTableQueryOptions {
  return {
    sortable: Object.keys(spec.sortable),
    defaultSort: spec.defaultSort ?? null,
    defaultDir: spec.defaultDir,
    prefix,
  };
}

/**
 * Run one page of a list: search, whitelisted sort, limit/offset and the matching total.
 * `input` is the raw query string (request.query) or an already-parsed TableQuery.
 * A page past the end is clamped to the last page.
 */
export async function tableQuery<TSel extends SelectedFields>(
  db: Db,
  input: unknown,
  spec: TableSpec<TSel>,
  prefix?: string,
): Promise<TablePage<SelectResultFields<TSel>> & { checked?: boolean }> {
  const q: TableQuery = isTableQuery(input)
    ? input
    : parseTableQuery(input, specParseOptions(spec, prefix));
  const sortKey =
    q.sort && Object.hasOwn(spec.sortable, q.sort) ? q.sort : (spec.defaultSort ?? null);
  const dir = sortKey === q.sort ? q.dir : (spec.defaultDir ?? 'asc');
  const where = and(
    spec.where,
    spec.searchable ? searchCondition(q.search, spec.searchable) : undefined,
  );

  let countQ: PgSelect = db
    .select({ n: count(), ...(spec.check ? { ok: sql<boolean>`(${spec.check})` } : {}) })
    .from(spec.from)
    .$dynamic() as unknown as PgSelect;
  if (spec.joins) countQ = spec.joins(countQ);
  const [{ n: total, ok }] = (await countQ.where(where)) as Array<{ n: number; ok?: boolean }>;

  const page = Math.min(q.page, lastPage(q.perPage, total));
  const order: SQL[] = [];
  if (sortKey)
    order.push(
      dir === 'desc'
        ? desc(spec.sortable[sortKey] as Column)
        : asc(spec.sortable[sortKey] as Column),
    );
  for (const t of spec.tiebreak === undefined
    ? []
    : Array.isArray(spec.tiebreak)
      ? spec.tiebreak
      : [spec.tiebreak])
    order.push(dir === 'desc' ? desc(t as Column) : asc(t as Column));

  const checked = spec.check ? ok === true : true;
  const rows =
    total === 0 || !checked
      ? []
      : ((await rowsOf(
          db,
          spec as unknown as TableSpec<SelectedFields>,
          where,
          order,
          q.perPage,
          (page - 1) * q.perPage,
        )) as SelectResultFields<TSel>[]);
  return {
    rows,
    ...(spec.check ? { checked } : {}),
    total: checked ? Number(total) : 0,
    page,
    perPage: q.perPage,
    search: q.search,
    sort: sortKey,
    dir,
  };
}

function rowsOf(
  db: Db,
  spec: TableSpec<SelectedFields>,
  where: SQL | undefined,
  order: SQL[],
  limit: number,
  offset: number,
): Promise<unknown[]> {
  let rowsQ: PgSelect = db.select(spec.select).from(spec.from).$dynamic() as unknown as PgSelect;
  if (spec.joins) rowsQ = spec.joins(rowsQ);
  rowsQ = rowsQ.where(where);
  if (order.length) rowsQ = rowsQ.orderBy(...order);
  return rowsQ.limit(limit).offset(offset);
}

function isTableQuery(v: unknown): v is TableQuery {
  const o = v as TableQuery;
  return (
    !!o &&
    typeof o === 'object' &&
    typeof o.page === 'number' &&
    typeof o.perPage === 'number' &&
    typeof o.search === 'string' &&
    (o.dir === 'asc' || o.dir === 'desc')
  );
}
