import { randomUUID } from 'node:crypto';
import { projects } from '../../src/server/modules/projects/projects.tables.js';
import { problems, tocElements } from '../../src/server/modules/problems/problems.tables.js';
import { dataPoints, metricValues, metrics, surveyQuestions } from '../../src/server/modules/metrics/metrics.tables.js';
import type { FixtureContext } from './route-fixtures.js';

/**
 * Records of team A for the metrics routes: a project > problem > outcome element > metric
 * (quarterly, 2026) > data point `value` > survey question, and an entered value. Rows are
 * inserted directly (the routes under test must not be needed to build their own fixtures).
 */
export async function metricsWorld({ world, self }: FixtureContext) {
  const db = world.app.ctx.db;
  const teamId = world.teamA.id;
  const [project] = await db.insert(projects).values({ teamId, name: `Fixture project ${randomUUID().slice(0, 6)}` }).returning();
  const [problem] = await db.insert(problems).values({ teamId, projectId: project.id, title: 'Fixture problem' }).returning();
  const [element] = await db.insert(tocElements).values({ teamId, problemId: problem.id, kind: 'outcome', horizon: 'short', title: 'Fixture outcome' }).returning();
  const [metric] = await db
    .insert(metrics)
    .values({ teamId, problemId: problem.id, elementId: element.id, name: 'Fixture metric', type: 'count', period: 'quarterly', periodStart: '2026-01-01', periodEnd: '2026-12-31' })
    .returning();
  const [dataPoint] = await db.insert(dataPoints).values({ teamId, problemId: problem.id, metricId: metric.id, key: 'value', name: 'Fixture data point' }).returning();
  const [question] = await db.insert(surveyQuestions).values({ teamId, problemId: problem.id, dataPointId: dataPoint.id, text: 'How many?', answerType: 'number' }).returning();
  const [value] = await db.insert(metricValues).values({ teamId, metricId: metric.id, dataPointId: dataPoint.id, period: '2026-Q1', value: 3, enteredBy: self.id }).returning();
  return { project, problem, element, metric, dataPoint, question, value };
}

export const METRICS_PARAM_FIXTURES = {
  /** a theory-of-change element of team A (also defined by the problems module: either works) */
  element: async (c: FixtureContext) => (await metricsWorld(c)).element.id,
  metric: async (c: FixtureContext) => (await metricsWorld(c)).metric.id,
  dataPoint: async (c: FixtureContext) => (await metricsWorld(c)).dataPoint.id,
  surveyQuestion: async (c: FixtureContext) => (await metricsWorld(c)).question.id,
  metricValue: async (c: FixtureContext) => (await metricsWorld(c)).value.id,
};

const metricBody = { name: 'Girls completing primary school', type: 'count', direction: 'increase', period: 'quarterly', periodStart: '2026-01-01', periodEnd: '2026-12-31' };

export const METRICS_ROUTE_BODIES = {
  'metrics.store': () => metricBody,
  'metrics.update': () => ({ name: 'Renamed by the matrix' }),
  'metrics.targets': () => ({ targets: [{ period: '2026-Q1', value: 10 }] }),
  'data-points.store': () => ({ key: `extra_${randomUUID().slice(0, 6)}`, name: 'Extra' }),
  'data-points.update': () => ({ name: 'Renamed by the matrix' }),
  'survey-questions.store': () => ({ text: 'How many girls passed?', answerType: 'number' }),
  'survey-questions.update': () => ({ text: 'Edited by the matrix' }),
  // a data point of another metric: the handler finds the URL's metric (or 404s) before it checks the body's data point
  'metric-values.store': () => ({ dataPointId: randomUUID(), period: '2026-Q1', value: 4 }),
  'metric-values.update': () => ({ dataPointId: randomUUID(), period: '2026-Q1', value: 5 }),
  'api.metrics.store': async (c: FixtureContext) => ({ ...metricBody, elementId: (await metricsWorld(c)).element.id }),
  'api.metrics.update': () => ({ name: 'Renamed by the matrix' }),
  'api.data-points.store': async (c: FixtureContext) => ({ key: 'extra', name: 'Extra', metricId: (await metricsWorld(c)).metric.id }),
  'api.data-points.update': () => ({ name: 'Renamed by the matrix' }),
  'api.survey-questions.store': async (c: FixtureContext) => ({ text: 'How many?', answerType: 'number', dataPointId: (await metricsWorld(c)).dataPoint.id }),
  'api.survey-questions.update': () => ({ text: 'Edited by the matrix' }),
  'api.metric-values.store': async (c: FixtureContext) => {
    const w = await metricsWorld(c);
    return { metricId: w.metric.id, dataPointId: w.dataPoint.id, period: '2026-Q2', value: 7 };
  },
};
