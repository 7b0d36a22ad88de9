import { sql } from 'drizzle-orm';
import type { AggregateSpec, RowSource } from '../datasets/index.js';
import { SITE_DIMENSIONS, type RowFilters } from '../../../shared/metrics/row-filters.js';
import type { BindingOrigin } from './bindings.compute.js';

interface Bound {
  source: RowSource;
  spec: AggregateSpec;
  origin: BindingOrigin;
}

/** The disaggregation of a binding that gives the site (the metric's `site`, else `location` dimension). */
export function siteDimensionOf(spec: AggregateSpec) {
  for (const key of SITE_DIMENSIONS) {
    const d = spec.disaggregations.find((x) => x.dimension === key);
    if (d) return d;
  }
  return null;
}

/**
 * A bound data point's rows narrowed by the row filters, in SQL, or null when the filters leave
 * the data point out: a wave or form filter keeps form-bound data points (only that wave's / that
 * form's responses), a source filter the data point bound to that dataset, a site filter those
 * whose binding maps the metric's site dimension (only that category's rows).
 */
export function narrowResolved<T extends Bound>(r: T, f: RowFilters): T | null {
  const where = [...r.source.where];
  const facets = r.source.facets;
  if (f.wave || f.form) {
    if (r.origin.kind !== 'form' || !facets) return null;
    if (f.form && !r.origin.forms.some((x) => x.id === f.form)) return null;
    if (f.wave) where.push(sql`${facets.wave} = ${f.wave}::text`);
    if (f.form) where.push(sql`${facets.form} = ${f.form}::uuid`);
  }
  if (f.source && (r.origin.kind !== 'dataset' || r.origin.dataset.id !== f.source)) return null;
  let spec = r.spec;
  if (f.site) {
    const site = siteDimensionOf(r.spec);
    if (!site) return null;
    spec = { ...spec, only: { dimension: site.dimension, category: f.site } };
  }
  return { ...r, source: { ...r.source, where }, spec };
}
