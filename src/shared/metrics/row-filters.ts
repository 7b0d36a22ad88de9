/**
 * Filters that narrow the rows behind bound data points (the insights views and the drill-down
 * page): a survey wave and a form (form responses), a source dataset (imported or a
 * transformation's output) and a site (a category of the metric's `site` or `location`
 * dimension, read from the column or question the binding maps to it). Applied in SQL; manual
 * entries have no rows, so they count under none of them.
 */
export interface RowFilters {
  wave: string | null;
  /** a form id */
  form: string | null;
  /** a dataset id */
  source: string | null;
  site: string | null;
}

/** The metric dimensions (by key) a site is a category of, in order of preference. */
export const SITE_DIMENSIONS = ['site', 'location'] as const;

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const str = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
const text = (v: unknown) => {
  const s = str(v);
  return s && s.length <= 200 && ![...s].some((c) => c.charCodeAt(0) < 32) ? s : null;
};
const uuid = (v: unknown) => (UUID_RE.test(str(v)) ? str(v).toLowerCase() : null);

/** The row filters of a query string; malformed values are dropped (as if not given). */
export function parseRowFilters(q: Record<string, unknown>): RowFilters {
  return { wave: text(q.wave), form: uuid(q.form), source: uuid(q.source), site: text(q.site) };
}

export const hasRowFilters = (f: RowFilters) => !!(f.wave || f.form || f.source || f.site);

/** The filters as query parameters (the ones set). */
export function rowFilterQuery(f: RowFilters): Record<string, string> {
  const out: Record<string, string> = {};
  for (const k of ['wave', 'form', 'source', 'site'] as const) if (f[k]) out[k] = f[k]!;
  return out;
}
