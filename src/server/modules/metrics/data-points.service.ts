import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { ValidationError } from '../../platform/errors.js';
import {
  choicesError,
  measurementError,
  type CreateDataPointInput,
  type CreateSurveyQuestionInput,
  type UpdateDataPointInput,
} from '../../../shared/metrics/metrics.schemas.js';
import type { z } from 'zod';
import type { updateSurveyQuestionSchema } from '../../../shared/metrics/metrics.schemas.js';
import { dataPoints, surveyQuestions } from './metrics.tables.js';
import { findDataPoint, findMetric, findSurveyQuestion } from './metrics.queries.js';
import { formulaUses } from './metrics.service.js';

async function keyTaken(db: Db, teamId: string, metricId: string, key: string, exceptId?: string) {
  const rows = await db
    .select({ id: dataPoints.id })
    .from(dataPoints)
    .where(and(eq(dataPoints.teamId, teamId), eq(dataPoints.metricId, metricId), eq(dataPoints.key, key)));
  return rows.some((r) => r.id !== exceptId);
}

export async function createDataPoint(db: Db, teamId: string, metricId: unknown, input: CreateDataPointInput) {
  const { metric, trail } = await findMetric(db, teamId, metricId);
  const me = measurementError(input.measurement);
  if (me) throw new ValidationError({ measurement: me });
  if (await keyTaken(db, teamId, metric.id, input.key)) throw new ValidationError({ key: `This metric already has a data point \`${input.key}\`.` });
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(dataPoints).where(and(eq(dataPoints.teamId, teamId), eq(dataPoints.metricId, metric.id)));
  const [dataPoint] = await db
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
  return { dataPoint, metric, trail };
}

export async function updateDataPoint(db: Db, teamId: string, dataPointId: unknown, input: UpdateDataPointInput) {
  const found = await findDataPoint(db, teamId, dataPointId);
  const me = measurementError(input.measurement);
  if (me) throw new ValidationError({ measurement: me });
  if (input.key && input.key !== found.dataPoint.key) {
    if (formulaUses(found.metric, found.dataPoint.key)) throw new ValidationError({ key: `The metric’s formula uses \`${found.dataPoint.key}\`: change the formula first.` });
    if (await keyTaken(db, teamId, found.metric.id, input.key, found.dataPoint.id)) throw new ValidationError({ key: `This metric already has a data point \`${input.key}\`.` });
  }
  const [dataPoint] = await db
    .update(dataPoints)
    .set({ ...input, updatedAt: new Date() })
    .where(and(eq(dataPoints.id, found.dataPoint.id), eq(dataPoints.teamId, teamId)))
    .returning();
  return { ...found, before: found.dataPoint, dataPoint };
}

export async function deleteDataPoint(db: Db, teamId: string, dataPointId: unknown) {
  const found = await findDataPoint(db, teamId, dataPointId);
  if (formulaUses(found.metric, found.dataPoint.key)) throw new ValidationError({ key: `The metric’s formula uses \`${found.dataPoint.key}\`: change the formula before deleting it.` });
  await db.delete(dataPoints).where(and(eq(dataPoints.id, found.dataPoint.id), eq(dataPoints.teamId, teamId)));
  return found;
}

/** Toggle the star (key data point) marker. */
export async function toggleStar(db: Db, teamId: string, dataPointId: unknown) {
  const found = await findDataPoint(db, teamId, dataPointId);
  const starred = !found.dataPoint.starred;
  await db.update(dataPoints).set({ starred, updatedAt: new Date() }).where(and(eq(dataPoints.id, found.dataPoint.id), eq(dataPoints.teamId, teamId)));
  return { ...found, starred };
}

export async function createSurveyQuestion(db: Db, teamId: string, dataPointId: unknown, input: CreateSurveyQuestionInput) {
  const found = await findDataPoint(db, teamId, dataPointId);
  const choices = input.choices ?? [];
  const ce = choicesError(input.answerType, choices);
  if (ce) throw new ValidationError({ choices: ce });
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(surveyQuestions).where(and(eq(surveyQuestions.teamId, teamId), eq(surveyQuestions.dataPointId, found.dataPoint.id)));
  const [question] = await db
    .insert(surveyQuestions)
    .values({
      teamId,
      problemId: found.dataPoint.problemId,
      dataPointId: found.dataPoint.id,
      text: input.text,
      helpText: input.helpText ?? null,
      answerType: input.answerType,
      choices: input.answerType === 'single_choice' || input.answerType === 'multiple_choice' ? choices : [],
      required: input.required ?? false,
      position: n,
    })
    .returning();
  return { ...found, question };
}

export async function updateSurveyQuestion(db: Db, teamId: string, questionId: unknown, input: z.output<typeof updateSurveyQuestionSchema>) {
  const found = await findSurveyQuestion(db, teamId, questionId);
  const answerType = input.answerType ?? found.question.answerType;
  const choices = input.choices ?? found.question.choices;
  const ce = choicesError(answerType, choices);
  if (ce) throw new ValidationError({ choices: ce });
  const [question] = await db
    .update(surveyQuestions)
    .set({ ...input, choices: answerType === 'single_choice' || answerType === 'multiple_choice' ? choices : [], updatedAt: new Date() })
    .where(and(eq(surveyQuestions.id, found.question.id), eq(surveyQuestions.teamId, teamId)))
    .returning();
  return { ...found, question };
}

export async function deleteSurveyQuestion(db: Db, teamId: string, questionId: unknown) {
  const found = await findSurveyQuestion(db, teamId, questionId);
  await db.delete(surveyQuestions).where(and(eq(surveyQuestions.id, found.question.id), eq(surveyQuestions.teamId, teamId)));
  return found;
}
