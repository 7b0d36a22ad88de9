import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { actorOf, runUseCase } from '../../platform/use-case/index.js';
import { parseInput } from '../../platform/http/validate.js';
import {
  createDataPointSchema,
  createSurveyQuestionSchema,
  updateDataPointSchema,
  updateSurveyQuestionSchema,
} from '../../../shared/metrics/metrics.schemas.js';
import {
  createDataPoint,
  createSurveyQuestion,
  deleteDataPoint,
  deleteSurveyQuestion,
  toggleStar,
  updateDataPoint,
  updateSurveyQuestion,
} from './data-points.use-cases.js';
import { findDataPoint, findSurveyQuestion, listQuestions } from './metrics.queries.js';
import { dataPointProps, metricKindLabel, metricProps, questionProps } from './metrics.props.js';
import { teamOf } from './metrics.routes.js';
import { bindingPanelProps } from './bindings.props.js';

const view = { kind: 'team', permission: 'content.view' } as const;
const create = { kind: 'team', permission: 'content.create' } as const;
const update = { kind: 'team', permission: 'content.update' } as const;
const remove = { kind: 'team', permission: 'content.delete' } as const;
const param = (request: FastifyRequest, name: string) =>
  (request.params as Record<string, string>)[name];

export function registerDataPointRoutes(app: FastifyInstance, ctx: AppContext) {
  app.post(
    '/metrics/:metric/data-points',
    { config: { name: 'data-points.store', access: create } },
    async (request, reply) => {
      const input = parseInput(createDataPointSchema, request.body);
      const { dataPoint, metric } = await runUseCase(ctx, actorOf(request), (uc) =>
        createDataPoint(uc, { ...input, metricId: param(request, 'metric') }),
      );
      reply.flash({ success: `Data point “${dataPoint.name}” added.` });
      return reply.redirect(ctx.routes.url('metrics.show', { metric: metric.id }), 303);
    },
  );

  app.get(
    '/data-points/:dataPoint',
    { config: { name: 'data-points.show', access: view } },
    async (request, reply) => {
      const teamId = teamOf(request);
      const { dataPoint, metric, trail } = await findDataPoint(
        ctx.db,
        teamId,
        param(request, 'dataPoint'),
      );
      const questions = await listQuestions(ctx.db, teamId, dataPoint.id);
      return reply.inertia('data-points/show', {
        dataPoint: dataPointProps(dataPoint),
        metric: metricProps(metric),
        metricKindLabel: metricKindLabel(trail.element.kind),
        trail,
        questions: questions.map(questionProps),
        binding: await bindingPanelProps(
          ctx.db,
          teamId,
          metric,
          dataPoint,
          questions,
          trail.project.id,
        ),
      });
    },
  );

  app.put(
    '/data-points/:dataPoint',
    { config: { name: 'data-points.update', access: update } },
    async (request, reply) => {
      const input = parseInput(updateDataPointSchema, request.body);
      const { dataPoint } = await runUseCase(ctx, actorOf(request), (uc) =>
        updateDataPoint(uc, { ...input, dataPointId: param(request, 'dataPoint') }),
      );
      reply.flash({ success: 'Data point saved.' });
      return reply.back(ctx.routes.url('data-points.show', { dataPoint: dataPoint.id }));
    },
  );

  app.delete(
    '/data-points/:dataPoint',
    { config: { name: 'data-points.destroy', access: remove } },
    async (request, reply) => {
      const { dataPoint, metric } = await runUseCase(ctx, actorOf(request), (uc) =>
        deleteDataPoint(uc, { dataPointId: param(request, 'dataPoint') }),
      );
      reply.flash({ success: `Data point “${dataPoint.name}” deleted with its values.` });
      return reply.redirect(ctx.routes.url('metrics.show', { metric: metric.id }), 303);
    },
  );

  app.post(
    '/data-points/:dataPoint/star',
    { config: { name: 'data-points.star', access: update } },
    async (request, reply) => {
      const { dataPoint, starred } = await runUseCase(ctx, actorOf(request), (uc) =>
        toggleStar(uc, { dataPointId: param(request, 'dataPoint') }),
      );
      reply.flash({
        success: starred
          ? `“${dataPoint.name}” marked as a key data point.`
          : `“${dataPoint.name}” is no longer a key data point.`,
      });
      return reply.back(ctx.routes.url('data-points.show', { dataPoint: dataPoint.id }));
    },
  );

  app.post(
    '/data-points/:dataPoint/survey-questions',
    { config: { name: 'survey-questions.store', access: create } },
    async (request, reply) => {
      const input = parseInput(createSurveyQuestionSchema, request.body);
      const { dataPoint } = await runUseCase(ctx, actorOf(request), (uc) =>
        createSurveyQuestion(uc, { ...input, dataPointId: param(request, 'dataPoint') }),
      );
      reply.flash({ success: 'Survey question added.' });
      return reply.redirect(ctx.routes.url('data-points.show', { dataPoint: dataPoint.id }), 303);
    },
  );

  app.get(
    '/survey-questions/:surveyQuestion',
    { config: { name: 'survey-questions.show', access: view } },
    async (request, reply) => {
      const { question, dataPoint, metric, trail } = await findSurveyQuestion(
        ctx.db,
        teamOf(request),
        param(request, 'surveyQuestion'),
      );
      return reply.inertia('survey-questions/show', {
        question: questionProps(question),
        dataPoint: dataPointProps(dataPoint),
        metric: metricProps(metric),
        metricKindLabel: metricKindLabel(trail.element.kind),
        trail,
      });
    },
  );

  app.put(
    '/survey-questions/:surveyQuestion',
    { config: { name: 'survey-questions.update', access: update } },
    async (request, reply) => {
      const input = parseInput(updateSurveyQuestionSchema, request.body);
      const { question } = await runUseCase(ctx, actorOf(request), (uc) =>
        updateSurveyQuestion(uc, { ...input, surveyQuestionId: param(request, 'surveyQuestion') }),
      );
      reply.flash({ success: 'Survey question saved.' });
      return reply.back(ctx.routes.url('survey-questions.show', { surveyQuestion: question.id }));
    },
  );

  app.delete(
    '/survey-questions/:surveyQuestion',
    { config: { name: 'survey-questions.destroy', access: remove } },
    async (request, reply) => {
      const { dataPoint } = await runUseCase(ctx, actorOf(request), (uc) =>
        deleteSurveyQuestion(uc, { surveyQuestionId: param(request, 'surveyQuestion') }),
      );
      reply.flash({ success: 'Survey question deleted.' });
      return reply.redirect(ctx.routes.url('data-points.show', { dataPoint: dataPoint.id }), 303);
    },
  );
}
