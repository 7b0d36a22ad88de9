import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, asc, count, eq, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.js';
import { actorOf, runUseCase } from '../../platform/use-case/index.js';
import { apiRoute } from '../../platform/openapi/api-route.js';
import {
  createDataPointSchema,
  createMetricSchema,
  createSurveyQuestionSchema,
  createValueSchema,
  updateDataPointSchema,
  updateMetricSchema,
  updateSurveyQuestionSchema,
} from '../../../shared/metrics/metrics.schemas.js';
import { dataPoints, metricValues, metrics, surveyQuestions } from './metrics.tables.js';
import { createMetric, deleteMetric, updateMetric } from './metrics.use-cases.js';
import {
  createDataPoint,
  createSurveyQuestion,
  deleteDataPoint,
  deleteSurveyQuestion,
  updateDataPoint,
  updateSurveyQuestion,
} from './data-points.use-cases.js';
import { createValue, deleteValue } from './metric-values.use-cases.js';
import { findDataPoint, findSurveyQuestion } from './metrics.queries.js';
import { metricSeries } from './metrics.series.js';
import { dataPointProps, metricProps, questionProps } from './metrics.props.js';

const teamOf = (request: FastifyRequest) => request.actor!.team!.id;
const paging = {
  page: z.coerce.number().int().min(1).max(100000).default(1),
  perPage: z.coerce.number().int().min(1).max(100).default(25),
};
const meta = z.object({ page: z.number(), perPage: z.number(), total: z.number() });
const iso = z.string().nullable();

const metricOut = z
  .object({
    id: z.string(),
    elementId: z.string(),
    problemId: z.string(),
    name: z.string(),
    definition: z.string().nullable(),
    unit: z.string().nullable(),
    type: z.string(),
    currency: z.string().nullable(),
    direction: z.string(),
    baselineValue: z.number().nullable(),
    baselineDate: z.string().nullable(),
    period: z.string(),
    /** fiscal periods: the month (1-12) the fiscal year starts in, else null */
    fiscalStartMonth: z.number().int().nullable(),
    periodStart: z.string().nullable(),
    periodEnd: z.string().nullable(),
    customPeriods: z.array(
      z.object({ key: z.string(), label: z.string(), start: z.string(), end: z.string() }),
    ),
    disaggregations: z.array(
      z.object({ key: z.string(), label: z.string(), categories: z.array(z.string()) }),
    ),
    standardRef: z.string().nullable(),
    formula: z.string().nullable(),
    createdAt: iso,
    updatedAt: iso,
  })
  .meta({ id: 'Metric' });
const pointOut = z
  .object({
    period: z.string(),
    label: z.string(),
    target: z.number().nullable(),
    baseline: z.number().nullable(),
    actual: z.number().nullable(),
    sources: z.array(z.string()),
  })
  .meta({ id: 'MetricSeriesPoint' });
const metricWithSeries = metricOut
  .extend({ series: z.array(pointOut), targets: z.record(z.string(), z.number()) })
  .meta({ id: 'MetricWithSeries' });
const dataPointOut = z
  .object({
    id: z.string(),
    metricId: z.string(),
    key: z.string(),
    name: z.string(),
    description: z.string().nullable(),
    measurement: z.string(),
    binding: z.record(z.string(), z.unknown()),
    aggregation: z.string(),
    condition: z.record(z.string(), z.unknown()).nullable(),
    filter: z.array(z.record(z.string(), z.unknown())),
    starred: z.boolean(),
    createdAt: iso,
  })
  .meta({ id: 'DataPoint' });
const questionOut = z
  .object({
    id: z.string(),
    dataPointId: z.string(),
    text: z.string(),
    helpText: z.string().nullable(),
    answerType: z.string(),
    choices: z.array(z.string()),
    required: z.boolean(),
    createdAt: iso,
  })
  .meta({ id: 'SurveyQuestion' });
const valueOut = z
  .object({
    id: z.string(),
    metricId: z.string(),
    dataPointId: z.string(),
    period: z.string(),
    disaggregation: z.record(z.string(), z.string()),
    value: z.number(),
    note: z.string().nullable(),
    enteredBy: z.string().nullable(),
    createdAt: iso,
  })
  .meta({ id: 'MetricValue' });
type ValueRow = typeof metricValues.$inferSelect;
const valueProps = (v: ValueRow) => ({
  id: v.id,
  metricId: v.metricId,
  dataPointId: v.dataPointId,
  period: v.period,
  disaggregation: v.disaggregation,
  value: v.value,
  note: v.note,
  enteredBy: v.enteredBy,
  createdAt: v.createdAt.toISOString(),
});

async function pageOf<T>(
  ctx: AppContext,
  table: typeof metrics | typeof dataPoints | typeof surveyQuestions | typeof metricValues,
  where: SQL,
  order: SQL[],
  q: { page: number; perPage: number },
  map: (r: never) => T,
) {
  const [rows, [{ n }]] = await Promise.all([
    ctx.db
      .select()
      .from(table as typeof metrics)
      .where(where)
      .orderBy(...order)
      .limit(q.perPage)
      .offset((q.page - 1) * q.perPage),
    ctx.db
      .select({ n: count() })
      .from(table as typeof metrics)
      .where(where),
  ]);
  return {
    data: (rows as never[]).map(map),
    meta: { page: q.page, perPage: q.perPage, total: Number(n) },
  };
}

export function registerMetricsApi(app: FastifyInstance, ctx: AppContext) {
  const r = ctx.openapi;
  const tags = ['Metrics'];
  const read = { ability: 'read', permission: 'content.view' } as const;
  const make = { ability: 'create', permission: 'content.create' } as const;
  const change = { ability: 'update', permission: 'content.update' } as const;
  const del = { ability: 'delete', permission: 'content.delete' } as const;
  const metricParam = z.object({ metric: z.string() });
  const dpParam = z.object({ dataPoint: z.string() });
  const sqParam = z.object({ surveyQuestion: z.string() });

  // metrics
  apiRoute(
    app,
    r,
    {
      method: 'get',
      path: '/api/v1/metrics',
      name: 'api.metrics.index',
      listCache: true,
      summary: 'List metrics',
      tags,
      ...read,
      query: z.object({
        problemId: z.uuid().optional(),
        elementId: z.uuid().optional(),
        ...paging,
      }),
      response: z.object({ data: z.array(metricOut), meta }),
    },
    async ({ request, query }) => {
      const w = [eq(metrics.teamId, teamOf(request))];
      if (query.problemId) w.push(eq(metrics.problemId, query.problemId));
      if (query.elementId) w.push(eq(metrics.elementId, query.elementId));
      return pageOf(
        ctx,
        metrics,
        and(...w)!,
        [asc(metrics.problemId), asc(metrics.elementId), asc(metrics.position), asc(metrics.id)],
        query,
        metricProps as (r: never) => ReturnType<typeof metricProps>,
      );
    },
  );
  apiRoute(
    app,
    r,
    {
      method: 'get',
      path: '/api/v1/metrics/:metric',
      name: 'api.metrics.show',
      summary: 'A metric with actual vs baseline vs target per period',
      tags,
      ...read,
      params: metricParam,
      response: metricWithSeries,
    },
    async ({ request, params }) => {
      const s = await metricSeries(ctx, teamOf(request), params.metric);
      return {
        ...metricProps(s.metric),
        series: s.points,
        targets: Object.fromEntries(s.targets.map((t) => [t.period, t.value])),
      };
    },
  );
  apiRoute(
    app,
    r,
    {
      method: 'post',
      path: '/api/v1/metrics',
      name: 'api.metrics.store',
      summary: 'Create a metric on an element',
      tags,
      ...make,
      status: 201,
      body: createMetricSchema.extend({ elementId: z.string() }),
      response: metricOut,
    },
    async ({ request, body }) => {
      const { metric } = await runUseCase(ctx, actorOf(request), (uc) => createMetric(uc, body));
      return metricProps(metric);
    },
  );
  apiRoute(
    app,
    r,
    {
      method: 'put',
      path: '/api/v1/metrics/:metric',
      name: 'api.metrics.update',
      summary: 'Update a metric',
      tags,
      ...change,
      params: metricParam,
      body: updateMetricSchema,
      response: metricOut,
    },
    async ({ request, params, body }) => {
      const { metric } = await runUseCase(ctx, actorOf(request), (uc) =>
        updateMetric(uc, { ...body, metricId: params.metric }),
      );
      return metricProps(metric);
    },
  );
  apiRoute(
    app,
    r,
    {
      method: 'delete',
      path: '/api/v1/metrics/:metric',
      name: 'api.metrics.destroy',
      summary: 'Delete a metric with its data points and values',
      tags,
      ...del,
      params: metricParam,
    },
    async ({ request, params }) => {
      await runUseCase(ctx, actorOf(request), (uc) =>
        deleteMetric(uc, { metricId: params.metric }),
      );
    },
  );

  // data points
  apiRoute(
    app,
    r,
    {
      method: 'get',
      path: '/api/v1/data-points',
      name: 'api.data-points.index',
      listCache: true,
      summary: 'List data points',
      tags,
      ...read,
      query: z.object({ metricId: z.uuid().optional(), problemId: z.uuid().optional(), ...paging }),
      response: z.object({ data: z.array(dataPointOut), meta }),
    },
    async ({ request, query }) => {
      const w = [eq(dataPoints.teamId, teamOf(request))];
      if (query.metricId) w.push(eq(dataPoints.metricId, query.metricId));
      if (query.problemId) w.push(eq(dataPoints.problemId, query.problemId));
      return pageOf(
        ctx,
        dataPoints,
        and(...w)!,
        [asc(dataPoints.metricId), asc(dataPoints.position), asc(dataPoints.id)],
        query,
        dataPointProps as (r: never) => ReturnType<typeof dataPointProps>,
      );
    },
  );
  apiRoute(
    app,
    r,
    {
      method: 'get',
      path: '/api/v1/data-points/:dataPoint',
      name: 'api.data-points.show',
      summary: 'A data point',
      tags,
      ...read,
      params: dpParam,
      response: dataPointOut,
    },
    async ({ request, params }) =>
      dataPointProps((await findDataPoint(ctx.db, teamOf(request), params.dataPoint)).dataPoint),
  );
  apiRoute(
    app,
    r,
    {
      method: 'post',
      path: '/api/v1/data-points',
      name: 'api.data-points.store',
      summary: 'Add a data point to a metric',
      tags,
      ...make,
      status: 201,
      body: createDataPointSchema.extend({ metricId: z.string() }),
      response: dataPointOut,
    },
    async ({ request, body }) => {
      const { dataPoint } = await runUseCase(ctx, actorOf(request), (uc) =>
        createDataPoint(uc, body),
      );
      return dataPointProps(dataPoint);
    },
  );
  apiRoute(
    app,
    r,
    {
      method: 'put',
      path: '/api/v1/data-points/:dataPoint',
      name: 'api.data-points.update',
      summary: 'Update a data point',
      tags,
      ...change,
      params: dpParam,
      body: updateDataPointSchema,
      response: dataPointOut,
    },
    async ({ request, params, body }) => {
      const { dataPoint } = await runUseCase(ctx, actorOf(request), (uc) =>
        updateDataPoint(uc, { ...body, dataPointId: params.dataPoint }),
      );
      return dataPointProps(dataPoint);
    },
  );
  apiRoute(
    app,
    r,
    {
      method: 'delete',
      path: '/api/v1/data-points/:dataPoint',
      name: 'api.data-points.destroy',
      summary: 'Delete a data point with its values',
      tags,
      ...del,
      params: dpParam,
    },
    async ({ request, params }) => {
      await runUseCase(ctx, actorOf(request), (uc) =>
        deleteDataPoint(uc, { dataPointId: params.dataPoint }),
      );
    },
  );

  // survey questions
  apiRoute(
    app,
    r,
    {
      method: 'get',
      path: '/api/v1/survey-questions',
      name: 'api.survey-questions.index',
      listCache: true,
      summary: 'List survey questions',
      tags,
      ...read,
      query: z.object({
        dataPointId: z.uuid().optional(),
        problemId: z.uuid().optional(),
        ...paging,
      }),
      response: z.object({ data: z.array(questionOut), meta }),
    },
    async ({ request, query }) => {
      const w = [eq(surveyQuestions.teamId, teamOf(request))];
      if (query.dataPointId) w.push(eq(surveyQuestions.dataPointId, query.dataPointId));
      if (query.problemId) w.push(eq(surveyQuestions.problemId, query.problemId));
      return pageOf(
        ctx,
        surveyQuestions,
        and(...w)!,
        [asc(surveyQuestions.dataPointId), asc(surveyQuestions.position), asc(surveyQuestions.id)],
        query,
        questionProps as (r: never) => ReturnType<typeof questionProps>,
      );
    },
  );
  apiRoute(
    app,
    r,
    {
      method: 'get',
      path: '/api/v1/survey-questions/:surveyQuestion',
      name: 'api.survey-questions.show',
      summary: 'A survey question',
      tags,
      ...read,
      params: sqParam,
      response: questionOut,
    },
    async ({ request, params }) =>
      questionProps(
        (await findSurveyQuestion(ctx.db, teamOf(request), params.surveyQuestion)).question,
      ),
  );
  apiRoute(
    app,
    r,
    {
      method: 'post',
      path: '/api/v1/survey-questions',
      name: 'api.survey-questions.store',
      summary: 'Add a survey question to a data point',
      tags,
      ...make,
      status: 201,
      body: createSurveyQuestionSchema.extend({ dataPointId: z.string() }),
      response: questionOut,
    },
    async ({ request, body }) => {
      const { question } = await runUseCase(ctx, actorOf(request), (uc) =>
        createSurveyQuestion(uc, body),
      );
      return questionProps(question);
    },
  );
  apiRoute(
    app,
    r,
    {
      method: 'put',
      path: '/api/v1/survey-questions/:surveyQuestion',
      name: 'api.survey-questions.update',
      summary: 'Update a survey question',
      tags,
      ...change,
      params: sqParam,
      body: updateSurveyQuestionSchema,
      response: questionOut,
    },
    async ({ request, params, body }) => {
      const { question } = await runUseCase(ctx, actorOf(request), (uc) =>
        updateSurveyQuestion(uc, { ...body, surveyQuestionId: params.surveyQuestion }),
      );
      return questionProps(question);
    },
  );
  apiRoute(
    app,
    r,
    {
      method: 'delete',
      path: '/api/v1/survey-questions/:surveyQuestion',
      name: 'api.survey-questions.destroy',
      summary: 'Delete a survey question',
      tags,
      ...del,
      params: sqParam,
    },
    async ({ request, params }) => {
      await runUseCase(ctx, actorOf(request), (uc) =>
        deleteSurveyQuestion(uc, { surveyQuestionId: params.surveyQuestion }),
      );
    },
  );

  // values
  apiRoute(
    app,
    r,
    {
      method: 'get',
      path: '/api/v1/metric-values',
      name: 'api.metric-values.index',
      listCache: true,
      summary: 'List entered metric values',
      tags,
      ...read,
      query: z.object({
        metricId: z.uuid().optional(),
        period: z.string().max(40).optional(),
        ...paging,
      }),
      response: z.object({ data: z.array(valueOut), meta }),
    },
    async ({ request, query }) => {
      const w = [eq(metricValues.teamId, teamOf(request))];
      if (query.metricId) w.push(eq(metricValues.metricId, query.metricId));
      if (query.period) w.push(eq(metricValues.period, query.period));
      return pageOf(
        ctx,
        metricValues,
        and(...w)!,
        [
          asc(metricValues.metricId),
          asc(metricValues.period),
          asc(metricValues.createdAt),
          asc(metricValues.id),
        ],
        query,
        valueProps as (r: never) => ReturnType<typeof valueProps>,
      );
    },
  );
  apiRoute(
    app,
    r,
    {
      method: 'post',
      path: '/api/v1/metric-values',
      name: 'api.metric-values.store',
      summary: 'Enter a value for a period (and disaggregation)',
      tags,
      ...make,
      status: 201,
      body: createValueSchema.extend({ metricId: z.string() }),
      response: valueOut,
    },
    async ({ request, body }) => {
      const { value } = await runUseCase(ctx, actorOf(request), (uc) => createValue(uc, body));
      return valueProps(value);
    },
  );
  apiRoute(
    app,
    r,
    {
      method: 'delete',
      path: '/api/v1/metric-values/:metricValue',
      name: 'api.metric-values.destroy',
      summary: 'Delete an entered value',
      tags,
      ...del,
      params: z.object({ metricValue: z.string() }),
    },
    async ({ request, params }) => {
      await runUseCase(ctx, actorOf(request), (uc) =>
        deleteValue(uc, { metricValueId: params.metricValue }),
      );
    },
  );
}
