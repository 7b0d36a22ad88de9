import { and, eq } from 'drizzle-orm';
import { ValidationError } from '../../platform/errors.js';
import type { UseCase } from '../../platform/use-case/index.js';
import type { BindDataPointInput } from '../../../shared/metrics/metrics.schemas.js';
import type { DataPointBinding } from '../../../shared/metrics/metrics.pages.js';
import { BindingError, checkBound, datasetRowSource, type RowSource } from '../datasets/index.js';
import { surveyQuestionRowSource } from '../forms/index.js';
import { dataPoints } from './metrics.tables.js';
import { findDataPoint, listQuestions } from './metrics.queries.js';
import { specOf } from './bindings.compute.js';

const refuse = (field: string, message: string) => new ValidationError({ [field]: message });

/**
 * Bind a data point to a form question (one of its survey questions a form asks), a dataset
 * column, or back to manual entry. The binding is compiled before it is stored: every key must
 * exist and fit (field errors on the binding form's fields); another team's dataset is a 404.
 */
export async function bindDataPoint(
  uc: UseCase,
  { dataPointId, ...input }: BindDataPointInput & { dataPointId: unknown },
) {
  const { tx, teamId } = uc;
  const found = await findDataPoint(tx, teamId, dataPointId);
  uc.can('content.update', { project: found.trail.project });
  const opts = {
    periodKey: input.periodKey || null,
    disaggregations: Object.fromEntries(
      Object.entries(input.disaggregations ?? {}).filter(([, k]) => k.trim() !== ''),
    ),
    filter: input.filter?.trim() || null,
  };
  let binding: DataPointBinding = { kind: 'manual' };
  let source: RowSource | null = null;
  if (input.kind === 'survey_question') {
    if (!input.questionId) throw refuse('questionId', 'Choose the form question.');
    const questions = await listQuestions(tx, teamId, found.dataPoint.id);
    if (!questions.some((q) => q.id === input.questionId))
      throw refuse('questionId', 'Choose one of this data point’s survey questions.');
    const r = await surveyQuestionRowSource(tx, teamId, input.questionId);
    if (!r.ok)
      throw refuse(
        'questionId',
        'No form asks this question yet: add it to a survey form (“Add from theory of change”) first.',
      );
    source = r.source;
    binding = { kind: 'survey_question', questionId: input.questionId, ...opts };
  } else if (input.kind === 'dataset_column') {
    if (!input.datasetId) throw refuse('datasetId', 'Choose a dataset.');
    if (!input.columnKey) throw refuse('columnKey', 'Choose a column.');
    const r = await datasetRowSource(tx, teamId, input.datasetId, input.columnKey);
    if (r.projectId !== found.trail.project.id)
      throw refuse('datasetId', 'Choose a dataset of this project.');
    if (!r.ok)
      throw refuse(
        r.columns.length ? 'columnKey' : 'datasetId',
        r.broken.replace(/: rebind.*$/, '.'),
      );
    source = r.source;
    binding = {
      kind: 'dataset_column',
      datasetId: input.datasetId,
      columnKey: input.columnKey,
      ...opts,
    };
  }
  if (source) {
    try {
      checkBound(source, specOf(found.metric, { ...found.dataPoint, binding }, source));
    } catch (e) {
      if (e instanceof BindingError) throw refuse(e.field, e.message);
      throw e;
    }
  }
  const [dataPoint] = await tx
    .update(dataPoints)
    .set({ binding, measurement: binding.kind, updatedAt: new Date() })
    .where(and(eq(dataPoints.id, found.dataPoint.id), eq(dataPoints.teamId, teamId)))
    .returning();
  await uc.audit({
    action: 'data_point.bound',
    subject: { type: 'data_point', id: dataPoint.id, label: dataPoint.name },
    details: { before: found.dataPoint.binding, after: binding },
  });
  return { ...found, dataPoint };
}
