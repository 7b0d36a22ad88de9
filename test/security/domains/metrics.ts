import { randomUUID } from 'node:crypto';
import { projects } from '../../../src/server/modules/projects/projects.tables.js';
import { problems, tocElements } from '../../../src/server/modules/problems/problems.tables.js';
import {
  dataPoints,
  metricValues,
  metrics,
  surveyQuestions,
} from '../../../src/server/modules/metrics/metrics.tables.js';
import type { FixtureContext } from '../route-fixtures.js';
import type { DomainSecurity } from './index.js';

/**
 * Records of team A for the metrics routes: a project > problem > outcome element > metric
 * (quarterly, 2026) > data point `value` > survey question, and an entered value. Rows are
 * inserted directly (the routes under test must not be needed to build their own fixtures).
 */
export async function metricsWorld({ world, self }: FixtureContext) {
  const db = world.app.ctx.db;
  const teamId = world.teamA.id;
  const [project] = await db
    .insert(projects)
    .values({ teamId, name: `Fixture project ${randomUUID().slice(0, 6)}` })
    .returning();
  const [problem] = await db
    .insert(problems)
    .values({ teamId, projectId: project.id, title: 'Fixture problem' })
    .returning();
  const [element] = await db
    .insert(tocElements)
    .values({
      teamId,
      problemId: problem.id,
      kind: 'outcome',
      horizon: 'short',
      title: 'Fixture outcome',
    })
    .returning();
  const [metric] = await db
    .insert(metrics)
    .values({
      teamId,
      problemId: problem.id,
      elementId: element.id,
      name: 'Fixture metric',
      type: 'count',
      period: 'quarterly',
      periodStart: '2026-01-01',
      periodEnd: '2026-12-31',
    })
    .returning();
  const [dataPoint] = await db
    .insert(dataPoints)
    .values({
      teamId,
      problemId: problem.id,
      metricId: metric.id,
      key: 'value',
      name: 'Fixture data point',
    })
    .returning();
  const [question] = await db
    .insert(surveyQuestions)
    .values({
      teamId,
      problemId: problem.id,
      dataPointId: dataPoint.id,
      text: 'How many?',
      answerType: 'number',
    })
    .returning();
  const [value] = await db
    .insert(metricValues)
    .values({
      teamId,
      metricId: metric.id,
      dataPointId: dataPoint.id,
      period: '2026-Q1',
      value: 3,
      enteredBy: self.id,
    })
    .returning();
  return { project, problem, element, metric, dataPoint, question, value };
}

const metricBody = {
  name: 'Girls completing primary school',
  type: 'count',
  direction: 'increase',
  period: 'quarterly',
  periodStart: '2026-01-01',
  periodEnd: '2026-12-31',
};

const bodies: DomainSecurity['bodies'] = {
  'metrics.store': () => metricBody,
  'metrics.update': () => ({ name: 'Renamed by the matrix' }),
  'metrics.targets': () => ({ targets: [{ period: '2026-Q1', value: 10 }] }),
  'data-points.store': () => ({ key: `extra_${randomUUID().slice(0, 6)}`, name: 'Extra' }),
  'data-points.update': () => ({ name: 'Renamed by the matrix' }),
  'data-points.binding': () => ({ kind: 'manual' }),
  'survey-questions.store': () => ({ text: 'How many girls passed?', answerType: 'number' }),
  'survey-questions.update': () => ({ text: 'Edited by the matrix' }),
  // a data point of another metric: the handler finds the URL's metric (or 404s) before it checks the body's data point
  'metric-values.store': () => ({ dataPointId: randomUUID(), period: '2026-Q1', value: 4 }),
  'metric-values.update': () => ({ dataPointId: randomUUID(), period: '2026-Q1', value: 5 }),
  'api.metrics.store': async (c: FixtureContext) => ({
    ...metricBody,
    elementId: (await metricsWorld(c)).element.id,
  }),
  'api.metrics.update': () => ({ name: 'Renamed by the matrix' }),
  'api.data-points.store': async (c: FixtureContext) => ({
    key: 'extra',
    name: 'Extra',
    metricId: (await metricsWorld(c)).metric.id,
  }),
  'api.data-points.update': () => ({ name: 'Renamed by the matrix' }),
  'api.survey-questions.store': async (c: FixtureContext) => ({
    text: 'How many?',
    answerType: 'number',
    dataPointId: (await metricsWorld(c)).dataPoint.id,
  }),
  'api.survey-questions.update': () => ({ text: 'Edited by the matrix' }),
  'api.metric-values.store': async (c: FixtureContext) => {
    const w = await metricsWorld(c);
    return { metricId: w.metric.id, dataPointId: w.dataPoint.id, period: '2026-Q2', value: 7 };
  },
};

export const metricsSecurity: DomainSecurity = {
  expectations: {
    'metrics.store': { access: 'team:content.create' },
    'metrics.show': { access: 'team:content.view' },
    'metrics.update': { access: 'team:content.update' },
    'metrics.destroy': {
      access: 'team:content.delete',
      noBody: 'deletes the metric named in the URL',
    },
    'metrics.targets': { access: 'team:content.update' },
    'data-points.store': { access: 'team:content.create' },
    'data-points.show': { access: 'team:content.view' },
    'data-points.update': { access: 'team:content.update' },
    'data-points.destroy': {
      access: 'team:content.delete',
      noBody: 'deletes the data point named in the URL',
    },
    'data-points.star': {
      access: 'team:content.update',
      noBody: 'toggles the star of the data point named in the URL',
    },
    'data-points.binding': { access: 'team:content.update' },
    'data-points.rows': { access: 'team:content.view' },
    'survey-questions.store': { access: 'team:content.create' },
    'survey-questions.show': { access: 'team:content.view' },
    'survey-questions.update': { access: 'team:content.update' },
    'survey-questions.destroy': {
      access: 'team:content.delete',
      noBody: 'deletes the survey question named in the URL',
    },
    'metric-values.store': { access: 'team:content.create' },
    'metric-values.update': { access: 'team:content.update' },
    'metric-values.destroy': {
      access: 'team:content.delete',
      noBody: 'deletes the value named in the URL',
    },
    'api.metrics.index': { access: 'api:read:content.view' },
    'api.metrics.show': { access: 'api:read:content.view' },
    'api.metrics.store': {
      access: 'api:create:content.create',
      overrides: {
        reason: 'the body names a record of team A (an element): a token of another team gets 404',
        'token-outsider': 'not-found',
      },
    },
    'api.metrics.update': { access: 'api:update:content.update' },
    'api.metrics.destroy': {
      access: 'api:delete:content.delete',
      noBody: 'deletes the metric named in the URL',
    },
    'api.data-points.index': { access: 'api:read:content.view' },
    'api.data-points.show': { access: 'api:read:content.view' },
    'api.data-points.store': {
      access: 'api:create:content.create',
      overrides: {
        reason: 'the body names a record of team A (a metric): a token of another team gets 404',
        'token-outsider': 'not-found',
      },
    },
    'api.data-points.update': { access: 'api:update:content.update' },
    'api.data-points.destroy': {
      access: 'api:delete:content.delete',
      noBody: 'deletes the data point named in the URL',
    },
    'api.survey-questions.index': { access: 'api:read:content.view' },
    'api.survey-questions.show': { access: 'api:read:content.view' },
    'api.survey-questions.store': {
      access: 'api:create:content.create',
      overrides: {
        reason:
          'the body names a record of team A (a data point): a token of another team gets 404',
        'token-outsider': 'not-found',
      },
    },
    'api.survey-questions.update': { access: 'api:update:content.update' },
    'api.survey-questions.destroy': {
      access: 'api:delete:content.delete',
      noBody: 'deletes the survey question named in the URL',
    },
    'api.metric-values.index': { access: 'api:read:content.view' },
    'api.metric-values.store': {
      access: 'api:create:content.create',
      overrides: {
        reason: 'the body names a record of team A (a metric): a token of another team gets 404',
        'token-outsider': 'not-found',
      },
    },
    'api.metric-values.destroy': {
      access: 'api:delete:content.delete',
      noBody: 'deletes the value named in the URL',
    },
  },
  bodies,
};
