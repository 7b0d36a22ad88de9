import { and, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { surveyQuestions } from './metrics.tables.js';
import { parse } from '../../../shared/expressions/index.js';
import type { ComputedFigure } from '../../../shared/metrics/series.js';
import type { BindingState } from '../../../shared/metrics/bindings.js';
import type { BindingOptions } from '../../../shared/metrics/metrics.pages.js';
import {
  BindingError,
  aggregateBound,
  aggregationError,
  boundWaves,
  datasetRowSource,
  type AggregateSpec,
  type RowSource,
} from '../datasets/index.js';
import { surveyQuestionRowSource } from '../forms/index.js';
import type { DataPointRow, MetricRow } from './metrics.queries.js';
import type { RowFilters } from '../../../shared/metrics/row-filters.js';
import { narrowResolved, siteDimensionOf } from './bindings.filters.js';

async function surveyQuestionExists(db: Db, teamId: string, id: string) {
  const rows = await db
    .select({ id: surveyQuestions.id })
    .from(surveyQuestions)
    .where(and(eq(surveyQuestions.id, id), eq(surveyQuestions.teamId, teamId)))
    .limit(1);
  return rows.length > 0;
}

/** A bound data point's rows and the spec of its aggregation, or why they cannot be read. */
export type Resolved =
  | { ok: true; source: RowSource; spec: AggregateSpec; origin: BindingOrigin }
  | { ok: false; state: BindingState };

/** Where a bound data point's rows come from: the forms asking its question, or a dataset. */
export type BindingOrigin =
  | { kind: 'form'; forms: Array<{ id: string; name: string }> }
  | { kind: 'dataset'; dataset: { id: string; name: string } };

const isBound = (d: Pick<DataPointRow, 'binding'>) => d.binding.kind !== 'manual';

/** The spec of a data point's aggregation (throws BindingError on a field of the binding). */
export function specOf(
  metric: Pick<MetricRow, 'period' | 'customPeriods' | 'fiscalStartMonth' | 'disaggregations'>,
  dp: Pick<DataPointRow, 'aggregation' | 'condition' | 'filter' | 'binding'>,
  source: RowSource,
): AggregateSpec {
  const b: BindingOptions = dp.binding.kind === 'manual' ? {} : dp.binding;
  const aggErr = aggregationError(dp.aggregation, source.value, dp.condition ?? null);
  if (aggErr) throw new BindingError('aggregation', aggErr);
  let filter = null;
  if (b.filter?.trim()) {
    const r = parse(b.filter);
    if (!r.ok)
      throw new BindingError('filter', `${r.error.message} (at character ${r.error.start + 1})`);
    filter = r.ast;
  }
  const disaggregations = Object.entries(b.disaggregations ?? {}).map(([dimension, key]) => {
    const d = metric.disaggregations.find((x) => x.key === dimension);
    if (!d)
      throw new BindingError(
        `disaggregations.${dimension}`,
        `The metric has no dimension “${dimension}” any more.`,
      );
    return { dimension, key, categories: d.categories };
  });
  return {
    aggregation: dp.aggregation,
    condition: dp.condition ?? null,
    valueFilter: dp.filter,
    periodKey: b.periodKey ?? null,
    disaggregations,
    filter,
    metric: {
      period: metric.period,
      customPeriods: metric.customPeriods,
      fiscalStartMonth: metric.fiscalStartMonth,
    },
  };
}

/** Read a data point's binding: its rows and spec, or its state (waiting for a form, broken). */
export async function resolveBinding(
  db: Db,
  teamId: string,
  metric: MetricRow,
  dp: DataPointRow,
): Promise<Resolved> {
  const b = dp.binding;
  let source: RowSource;
  let origin: BindingOrigin;
  if (b.kind === 'survey_question') {
    const r = await surveyQuestionRowSource(db, teamId, b.questionId);
    if (!r.ok && !(await surveyQuestionExists(db, teamId, b.questionId)))
      return {
        ok: false,
        state: {
          status: 'broken',
          message:
            'The survey question this data point was bound to has been deleted: bind it to another question or column, or back to manual entry.',
        },
      };
    if (!r.ok)
      return {
        ok: false,
        state: {
          status: 'waiting',
          message:
            'No form asks this data point’s survey question any more (or yet): add it to a form from the theory of change, or bind another source.',
        },
      };
    source = r.source;
    const forms = new Map(r.asking.map((a) => [a.formId, a.formName]));
    origin = { kind: 'form', forms: [...forms].map(([id, name]) => ({ id, name })) };
  } else if (b.kind === 'dataset_column') {
    let r;
    try {
      r = await datasetRowSource(db, teamId, b.datasetId, b.columnKey);
    } catch {
      return {
        ok: false,
        state: {
          status: 'broken',
          message:
            'The dataset this data point was bound to has been deleted: rebind it to another dataset or to manual entry.',
        },
      };
    }
    if (!r.ok) return { ok: false, state: { status: 'broken', message: r.broken } };
    source = r.source;
    origin = { kind: 'dataset', dataset: { id: b.datasetId, name: r.name } };
  } else return { ok: false, state: { status: 'manual', message: '' } };
  try {
    return { ok: true, source, spec: specOf(metric, dp, source), origin };
  } catch (e) {
    if (e instanceof BindingError)
      return { ok: false, state: { status: 'broken', message: e.message } };
    throw e;
  }
}

/** What the insights filters can choose among for one metric's bound data points. */
export interface BindingFacets {
  forms: Array<{ id: string; name: string }>;
  datasets: Array<{ id: string; name: string }>;
  waves: string[];
  sites: string[];
}

/**
 * The figures of a metric's bound data points, computed in SQL (one statement per data point),
 * and the state of each binding (ok with its row count, waiting, broken). With row filters, each
 * data point's rows are narrowed in SQL and `matched` lists the data points the filters leave
 * in (a wave or form filter keeps form-bound ones, a source filter that dataset's). With
 * `facets`, what the filters can choose among (one more query per form-bound data point).
 */
export async function computeBoundFigures(
  db: Db,
  teamId: string,
  metric: MetricRow,
  dataPoints: readonly DataPointRow[],
  opts: { filters?: RowFilters; facets?: boolean } = {},
): Promise<{
  dataPointIds: string[];
  figures: ComputedFigure[];
  states: Record<string, BindingState>;
  matched: string[];
  facets: BindingFacets;
}> {
  const bound = dataPoints.filter(isBound);
  const figures: ComputedFigure[] = [];
  const states: Record<string, BindingState> = {};
  const matched: string[] = [];
  const facets: BindingFacets = { forms: [], datasets: [], waves: [], sites: [] };
  for (const dp of bound) {
    const r = await resolveBinding(db, teamId, metric, dp);
    if (!r.ok) {
      states[dp.id] = r.state;
      continue;
    }
    states[dp.id] = { status: 'ok', message: '' };
    if (opts.facets) await addFacets(db, facets, r);
    const narrowed = opts.filters ? narrowResolved(r, opts.filters) : r;
    if (!narrowed) continue;
    matched.push(dp.id);
    const rows = await aggregateBound(db, narrowed.source, narrowed.spec);
    for (const f of rows) figures.push({ ...f, dataPointId: dp.id });
  }
  return { dataPointIds: bound.map((d) => d.id), figures, states, matched, facets };
}

async function addFacets(db: Db, facets: BindingFacets, r: Extract<Resolved, { ok: true }>) {
  const add = <T>(list: T[], x: T, same: (a: T) => boolean) => {
    if (!list.some(same)) list.push(x);
  };
  if (r.origin.kind === 'form') {
    for (const f of r.origin.forms) add(facets.forms, f, (x) => x.id === f.id);
    for (const w of await boundWaves(db, r.source)) add(facets.waves, w, (x) => x === w);
  } else {
    const d = r.origin.dataset;
    add(facets.datasets, d, (x) => x.id === d.id);
  }
  const site = siteDimensionOf(r.spec);
  for (const c of site?.categories ?? []) add(facets.sites, c, (x) => x === c);
}
