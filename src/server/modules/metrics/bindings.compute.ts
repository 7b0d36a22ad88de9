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
  datasetRowSource,
  type AggregateSpec,
  type RowSource,
} from '../datasets/index.js';
import { surveyQuestionRowSource } from '../forms/index.js';
import type { DataPointRow, MetricRow } from './metrics.queries.js';

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
  { ok: true; source: RowSource; spec: AggregateSpec } | { ok: false; state: BindingState };

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
  } else return { ok: false, state: { status: 'manual', message: '' } };
  try {
    return { ok: true, source, spec: specOf(metric, dp, source) };
  } catch (e) {
    if (e instanceof BindingError)
      return { ok: false, state: { status: 'broken', message: e.message } };
    throw e;
  }
}

/**
 * The figures of a metric's bound data points, computed in SQL (one statement per data point),
 * and the state of each binding (ok with its row count, waiting, broken).
 */
export async function computeBoundFigures(
  db: Db,
  teamId: string,
  metric: MetricRow,
  dataPoints: readonly DataPointRow[],
): Promise<{
  dataPointIds: string[];
  figures: ComputedFigure[];
  states: Record<string, BindingState>;
}> {
  const bound = dataPoints.filter(isBound);
  const figures: ComputedFigure[] = [];
  const states: Record<string, BindingState> = {};
  for (const dp of bound) {
    const r = await resolveBinding(db, teamId, metric, dp);
    if (!r.ok) {
      states[dp.id] = r.state;
      continue;
    }
    const rows = await aggregateBound(db, r.source, r.spec);
    for (const f of rows) figures.push({ ...f, dataPointId: dp.id });
    states[dp.id] = { status: 'ok', message: '' };
  }
  return { dataPointIds: bound.map((d) => d.id), figures, states };
}
