import { z } from 'zod';

/** Page lengths every list offers; the first is the default. */
export const PER_PAGE_OPTIONS = [10, 25, 50, 100] as const;
export type PerPage = (typeof PER_PAGE_OPTIONS)[number];
export const DEFAULT_PER_PAGE: PerPage = 10;
const MAX_SEARCH_LENGTH = 200;

export type SortDir = 'asc' | 'desc';

/** What a list asks the server for (query-string names: page, perPage, search, sort, dir). */
export interface TableQuery {
  page: number;
  perPage: PerPage;
  search: string;
  sort: string | null;
  dir: SortDir;
}

/** One page of a server-side list, as a page prop the DataTable renders. */
export interface TablePage<Row> extends TableQuery {
  rows: Row[];
  /** rows matching the search (all rows when no search) */
  total: number;
}

const first = (v: unknown) => (Array.isArray(v) ? v[0] : v);

const schema = z.object({
  page: z.preprocess(first, z.coerce.number().int().min(1).max(1_000_000)).catch(1),
  perPage: z
    .preprocess(first, z.coerce.number().int())
    .pipe(
      z.union(
        PER_PAGE_OPTIONS.map((n) => z.literal(n)) as [
          z.ZodLiteral<10>,
          z.ZodLiteral<25>,
          z.ZodLiteral<50>,
          z.ZodLiteral<100>,
        ],
      ),
    )
    .catch(DEFAULT_PER_PAGE),
  search: z
    .preprocess(first, z.string())
    .transform((s) => s.trim().slice(0, MAX_SEARCH_LENGTH))
    .catch(''),
  sort: z
    .preprocess(first, z.string().regex(/^[A-Za-z][A-Za-z0-9_.]{0,63}$/))
    .nullable()
    .catch(null),
  dir: z
    .preprocess(first, z.enum(['asc', 'desc']))
    .optional()
    .catch(undefined),
});

export interface ParseTableQueryOptions {
  /** sort keys the list allows; anything else falls back to defaultSort */
  sortable?: readonly string[];
  defaultSort?: string | null;
  defaultDir?: SortDir;
  /** read `${prefix}page` etc. (two server-side tables on one page) */
  prefix?: string;
}

/** Parse a list's query string; every bad or missing value falls back to its default. */
export function parseTableQuery(raw: unknown, opts: ParseTableQueryOptions = {}): TableQuery {
  const src = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  const p = opts.prefix ?? '';
  const input = {
    page: src[`${p}page`],
    perPage: src[`${p}perPage`],
    search: src[`${p}search`],
    sort: src[`${p}sort`] ?? null,
    dir: src[`${p}dir`],
  };
  const parsed = schema.parse(input);
  let sort = parsed.sort;
  if (sort !== null && opts.sortable && !opts.sortable.includes(sort)) sort = null;
  const usedDefault = sort === null;
  if (usedDefault) sort = opts.defaultSort ?? null;
  // a fallback sort takes its own default direction, a requested sort the requested one
  const dir = usedDefault ? (opts.defaultDir ?? 'asc') : (parsed.dir ?? 'asc');
  return { page: parsed.page, perPage: parsed.perPage, search: parsed.search, sort, dir };
}

/** Escape LIKE/ILIKE wildcards so user text matches literally (backslash is Postgres' default escape). */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Search words: every word must match one of the searched columns. */
export function searchTerms(search: string, max = 8): string[] {
  return search.trim().split(/\s+/).filter(Boolean).slice(0, max);
}

/** "Showing 11 to 20 of 57 entries" */
export function showingText(page: number, perPage: number, total: number): string {
  if (total <= 0) return 'Showing 0 to 0 of 0 entries';
  const from = (page - 1) * perPage + 1;
  const to = Math.min(page * perPage, total);
  return `Showing ${from} to ${to} of ${total} entries`;
}

export function lastPage(perPage: number, total: number): number {
  return Math.max(1, Math.ceil(total / perPage));
}

export const EMPTY_TABLE_TEXT = 'No data available in table';
export const NO_MATCH_TEXT = 'No matching records found';
