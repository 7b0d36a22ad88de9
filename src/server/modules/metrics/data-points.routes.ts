import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { audit } from '../../platform/audit/audit.js';
import { parseInput } from '../../platform/http/validate.js';
import { createDataPointSchema, createSurveyQuestionSchema, updateDataPointSchema, updateSurveyQuestionSchema } from '../../../shared/metrics/metrics.schemas.js';
import {
  createDataPoint,
  createSurveyQuestion,
  deleteDataPoint,
  deleteSurveyQuestion,
  toggleStar,
  updateDataPoint,
  updateSurveyQuestion,
} from './data-points.service.js';
import { findDataPoint, findSurveyQuestion, listQuestions } from './metrics.queries.js';
import { dataPointProps, metricKindLabel, metricProps, questionProps } from './metrics.props.js';
import { teamOf } from './metrics.routes.js';

const view = { kind: 'team', permission: 'content.view' } as const;
const create = { kind: 'team', permission: 'content.create' } as const;
const update = { kind: 'team', permission: 'content.update' } as const;
const remove = { kind: 'team', permission: 'content.delete' } as const;
const param = (request: FastifyRequest, name: string) => (request.params as Record<string, string>)[name];

export function registerDataPointRoutes(app: FastifyInstance, ctx: AppContext) {
  app.post('/metrics/:metric/data-points', { config: { name: 'data-points.store', access: create } }, async (request, reply) => {
    const input = parseInput(createDataPointSchema, request.body);
    const { dataPoint, metric } = await createDataPoint(ctx.db, teamOf(request), param(request, 'metric'), input);
    await audit(ctx.db, request, { action: 'data_point.created', subjectType: 'data_point', subjectId: dataPoint.id, subjectLabel: dataPoint.name, details: { metric: metric.name, key: dataPoint.key } });
    reply.flash({ success: `Data point “${dataPoint.name}” added.` });
    return reply.redirect(ctx.routes.url('metrics.show', { metric: metric.id }), 303);
  });

  app.get('/data-points/:dataPoint', { config: { name: 'data-points.show', access: view } }, async (request, reply) => {
    const teamId = teamOf(request);
    const { dataPoint, metric, trail } = await findDataPoint(ctx.db, teamId, param(request, 'dataPoint'));
    const questions = await listQuestions(ctx.db, teamId, dataPoint.id);
    return reply.inertia('data-points/show', {
      dataPoint: dataPointProps(dataPoint),
      metric: metricProps(metric),
      metricKindLabel: metricKindLabel(trail.element.kind),
      trail,
      questions: questions.map(questionProps),
    });
  });

  app.put('/data-points/:dataPoint', { config: { name: 'data-points.update', access: update } }, async (request, reply) => {
    const input = parseInput(updateDataPointSchema, request.body);
    const { dataPoint, before } = await updateDataPoint(ctx.db, teamOf(request), param(request, 'dataPoint'), input);
    await audit(ctx.db, request, { action: 'data_point.updated', subjectType: 'data_point', subjectId: dataPoint.id, subjectLabel: dataPoint.name, details: { fields: Object.keys(input), previousKey: before.key } });
    reply.flash({ success: 'Data point saved.' });
    return reply.back(ctx.routes.url('data-points.show', { dataPoint: dataPoint.id }));
  });

  app.delete('/data-points/:dataPoint', { config: { name: 'data-points.destroy', access: remove } }, async (request, reply) => {
    const { dataPoint, metric } = await deleteDataPoint(ctx.db, teamOf(request), param(request, 'dataPoint'));
    await audit(ctx.db, request, { action: 'data_point.deleted', subjectType: 'data_point', subjectId: dataPoint.id, subjectLabel: dataPoint.name, details: { metric: metric.name, key: dataPoint.key } });
    reply.flash({ success: `Data point “${dataPoint.name}” deleted with its values.` });
    return reply.redirect(ctx.routes.url('metrics.show', { metric: metric.id }), 303);
  });

  app.post('/data-points/:dataPoint/star', { config: { name: 'data-points.star', access: update } }, async (request, reply) => {
    const { dataPoint, starred } = await toggleStar(ctx.db, teamOf(request), param(request, 'dataPoint'));
    await audit(ctx.db, request, { action: starred ? 'data_point.starred' : 'data_point.unstarred', subjectType: 'data_point', subjectId: dataPoint.id, subjectLabel: dataPoint.name });
    reply.flash({ success: starred ? `“${dataPoint.name}” marked as a key data point.` : `“${dataPoint.name}” is no longer a key data point.` });
    return reply.back(ctx.routes.url('data-points.show', { dataPoint: dataPoint.id }));
  });

  app.post('/data-points/:dataPoint/survey-questions', { config: { name: 'survey-questions.store', access: create } }, async (request, reply) => {
    const input = parseInput(createSurveyQuestionSchema, request.body);
    const { question, dataPoint } = await createSurveyQuestion(ctx.db, teamOf(request), param(request, 'dataPoint'), input);
    await audit(ctx.db, request, { action: 'survey_question.created', subjectType: 'survey_question', subjectId: question.id, subjectLabel: question.text, details: { dataPoint: dataPoint.name } });
    reply.flash({ success: 'Survey question added.' });
    return reply.redirect(ctx.routes.url('data-points.show', { dataPoint: dataPoint.id }), 303);
  });

  app.get('/survey-questions/:surveyQuestion', { config: { name: 'survey-questions.show', access: view } }, async (request, reply) => {
    const { question, dataPoint, metric, trail } = await findSurveyQuestion(ctx.db, teamOf(request), param(request, 'surveyQuestion'));
    return reply.inertia('survey-questions/show', {
      question: questionProps(question),
      dataPoint: dataPointProps(dataPoint),
      metric: metricProps(metric),
      metricKindLabel: metricKindLabel(trail.element.kind),
      trail,
    });
  });

  app.put('/survey-questions/:surveyQuestion', { config: { name: 'survey-questions.update', access: update } }, async (request, reply) => {
    const input = parseInput(updateSurveyQuestionSchema, request.body);
    const { question } = await updateSurveyQuestion(ctx.db, teamOf(request), param(request, 'surveyQuestion'), input);
    await audit(ctx.db, request, { action: 'survey_question.updated', subjectType: 'survey_question', subjectId: question.id, subjectLabel: question.text, details: { fields: Object.keys(input) } });
    reply.flash({ success: 'Survey question saved.' });
    return reply.back(ctx.routes.url('survey-questions.show', { surveyQuestion: question.id }));
  });

  app.delete('/survey-questions/:surveyQuestion', { config: { name: 'survey-questions.destroy', access: remove } }, async (request, reply) => {
    const { question, dataPoint } = await deleteSurveyQuestion(ctx.db, teamOf(request), param(request, 'surveyQuestion'));
    await audit(ctx.db, request, { action: 'survey_question.deleted', subjectType: 'survey_question', subjectId: question.id, subjectLabel: question.text, details: { dataPoint: dataPoint.name } });
    reply.flash({ success: 'Survey question deleted.' });
    return reply.redirect(ctx.routes.url('data-points.show', { dataPoint: dataPoint.id }), 303);
  });
}
