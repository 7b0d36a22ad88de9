import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../platform/db/client.js';
import { ValidationError } from '../../platform/errors.js';
import type { UseCase } from '../../platform/use-case/index.js';
import {
  choicesError,
  measurementError,
  type CreateDataPointInput,
  type CreateSurveyQuestionInput,
  type UpdateDataPointInput,
  type updateSurveyQuestionSchema,
} from '../../../shared/metrics/metrics.schemas.js';
import { dataPoints, surveyQuestions } from './metrics.tables.js';
import { findDataPoint, findMetric, findSurveyQuestion } from './metrics.queries.js';
import { formulaUses } from './metrics.use-cases.js';

type UpdateSurveyQuestionInput = z.output<typeof updateSurveyQuestionSchema>;

async function keyTaken(db: Db, teamId: string, metricId: string, key: string, exceptId?: string) {
  const rows = await db
    .select({ id: dataPoints.id })
    .from(dataPoints)
    .where(
      and(
        eq(dataPoints.teamId, teamId),
        eq(dataPoints.metricId, metricId),
        eq(dataPoints.key, key),
      ),
    );
  return rows.some((r) => r.id !== exceptId);
}

const dataPointSubject = (d: { id: string; name: string }) => ({
  type: 'data_point',
  id: d.id,
  label: d.name,
});
const questionSubject = (q: { id: string; text: string }) => ({
  type: 'survey_question',
  id: q.id,
  label: q.text,
});

export async function createDataPoint(
  uc: UseCase,
  { metricId, ...input }: CreateDataPointInput & { metricId: unknown },
) {
  const { tx, teamId } = uc;
  const { metric, trail } = await findMetric(tx, teamId, metricId);
  uc.can('content.create', { project: trail.project });
  const me = measurementError(input.measurement);
  if (me) throw new ValidationError({ measurement: me });
  if (await keyTaken(tx, teamId, metric.id, input.key))
    throw new ValidationError({ key: `This metric already has a data point \`${input.key}\`.` });
  const [{ n }] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(dataPoints)
    .where(and(eq(dataPoints.teamId, teamId), eq(dataPoints.metricId, metric.id)));
  const [dataPoint] = await tx
    .insert(dataPoints)
    .values({
      teamId,
      problemId: metric.problemId,
      metricId: metric.id,
      key: input.key,
      name: input.name,
      description: input.description ?? null,
      measurement: input.measurement,
      binding: { kind: 'manual' },
      aggregation: input.aggregation,
      condition: input.condition ?? null,
      filter: input.filter ?? [],
      starred: input.starred ?? false,
      position: n,
    })
    .returning();
  await uc.audit({
    action: 'data_point.created',
    subject: dataPointSubject(dataPoint),
    details: { metric: metric.name, key: dataPoint.key },
  });
  return { dataPoint, metric, trail };
}

export async function updateDataPoint(
  uc: UseCase,
  { dataPointId, ...input }: UpdateDataPointInput & { dataPointId: unknown },
) {
  const { tx, teamId } = uc;
  const found = await findDataPoint(tx, teamId, dataPointId);
  uc.can('content.update', { project: found.trail.project });
  // the measurement follows the binding (bindings.use-cases.ts): an unchanged one is fine
  const me =
    input.measurement === found.dataPoint.measurement ? null : measurementError(input.measurement);
  if (me) throw new ValidationError({ measurement: me });
  if (input.key && input.key !== found.dataPoint.key) {
    if (formulaUses(found.metric, found.dataPoint.key))
      throw new ValidationError({
        key: `The metric’s formula uses \`${found.dataPoint.key}\`: change the formula first.`,
      });
    if (await keyTaken(tx, teamId, found.metric.id, input.key, found.dataPoint.id))
      throw new ValidationError({ key: `This metric already has a data point \`${input.key}\`.` });
  }
  const [dataPoint] = await tx
    .update(dataPoints)
    .set({ ...input, updatedAt: new Date() })
    .where(and(eq(dataPoints.id, found.dataPoint.id), eq(dataPoints.teamId, teamId)))
    .returning();
  await uc.audit({
    action: 'data_point.updated',
    subject: dataPointSubject(dataPoint),
    details: { fields: Object.keys(input), previousKey: found.dataPoint.key },
  });
  return { ...found, before: found.dataPoint, dataPoint };
}

/** Delete a data point with its values and survey questions (and what hangs on them). */
export async function deleteDataPoint(uc: UseCase, { dataPointId }: { dataPointId: unknown }) {
  const found = await findDataPoint(uc.tx, uc.teamId, dataPointId);
  uc.can('content.delete', { project: found.trail.project });
  if (formulaUses(found.metric, found.dataPoint.key))
    throw new ValidationError({
      key: `The metric’s formula uses \`${found.dataPoint.key}\`: change the formula before deleting it.`,
    });
  await uc.removing('data_point', [found.dataPoint.id]);
  await uc.tx
    .delete(dataPoints)
    .where(and(eq(dataPoints.id, found.dataPoint.id), eq(dataPoints.teamId, uc.teamId)));
  await uc.audit({
    action: 'data_point.deleted',
    subject: dataPointSubject(found.dataPoint),
    details: { metric: found.metric.name, key: found.dataPoint.key },
  });
  return found;
}

/** Toggle the star (key data point) marker. */
export async function toggleStar(uc: UseCase, { dataPointId }: { dataPointId: unknown }) {
  const found = await findDataPoint(uc.tx, uc.teamId, dataPointId);
  uc.can('content.update', { project: found.trail.project });
  const starred = !found.dataPoint.starred;
  await uc.tx
    .update(dataPoints)
    .set({ starred, updatedAt: new Date() })
    .where(and(eq(dataPoints.id, found.dataPoint.id), eq(dataPoints.teamId, uc.teamId)));
  await uc.audit({
    action: starred ? 'data_point.starred' : 'data_point.unstarred',
    subject: dataPointSubject(found.dataPoint),
  });
  return { ...found, starred };
}

export async function createSurveyQuestion(
  uc: UseCase,
  { dataPointId, ...input }: CreateSurveyQuestionInput & { dataPointId: unknown },
) {
  const { tx, teamId } = uc;
  const found = await findDataPoint(tx, teamId, dataPointId);
  uc.can('content.create', { project: found.trail.project });
  const choices = input.choices ?? [];
  const ce = choicesError(input.answerType, choices);
  if (ce) throw new ValidationError({ choices: ce });
  const [{ n }] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(surveyQuestions)
    .where(
      and(eq(surveyQuestions.teamId, teamId), eq(surveyQuestions.dataPointId, found.dataPoint.id)),
    );
  const [question] = await tx
    .insert(surveyQuestions)
    .values({
      teamId,
      problemId: found.dataPoint.problemId,
      dataPointId: found.dataPoint.id,
      text: input.text,
      helpText: input.helpText ?? null,
      answerType: input.answerType,
      choices:
        input.answerType === 'single_choice' || input.answerType === 'multiple_choice'
          ? choices
          : [],
      required: input.required ?? false,
      position: n,
    })
    .returning();
  await uc.audit({
    action: 'survey_question.created',
    subject: questionSubject(question),
    details: { dataPoint: found.dataPoint.name },
  });
  return { ...found, question };
}

export async function updateSurveyQuestion(
  uc: UseCase,
  { surveyQuestionId, ...input }: UpdateSurveyQuestionInput & { surveyQuestionId: unknown },
) {
  const { tx, teamId } = uc;
  const found = await findSurveyQuestion(tx, teamId, surveyQuestionId);
  uc.can('content.update', { project: found.trail.project });
  const answerType = input.answerType ?? found.question.answerType;
  const choices = input.choices ?? found.question.choices;
  const ce = choicesError(answerType, choices);
  if (ce) throw new ValidationError({ choices: ce });
  const [question] = await tx
    .update(surveyQuestions)
    .set({
      ...input,
      choices: answerType === 'single_choice' || answerType === 'multiple_choice' ? choices : [],
      updatedAt: new Date(),
    })
    .where(and(eq(surveyQuestions.id, found.question.id), eq(surveyQuestions.teamId, teamId)))
    .returning();
  await uc.audit({
    action: 'survey_question.updated',
    subject: questionSubject(question),
    details: { fields: Object.keys(input) },
  });
  return { ...found, question };
}

export async function deleteSurveyQuestion(
  uc: UseCase,
  { surveyQuestionId }: { surveyQuestionId: unknown },
) {
  const found = await findSurveyQuestion(uc.tx, uc.teamId, surveyQuestionId);
  uc.can('content.delete', { project: found.trail.project });
  await uc.removing('survey_question', [found.question.id]);
  await uc.tx
    .delete(surveyQuestions)
    .where(and(eq(surveyQuestions.id, found.question.id), eq(surveyQuestions.teamId, uc.teamId)));
  await uc.audit({
    action: 'survey_question.deleted',
    subject: questionSubject(found.question),
    details: { dataPoint: found.dataPoint.name },
  });
  return found;
}
