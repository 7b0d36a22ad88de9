import { randomUUID } from 'node:crypto';
import { projects } from '../../../src/server/modules/projects/projects.tables.js';
import {
  problems,
  tocElements,
  tocLinks,
} from '../../../src/server/modules/problems/problems.tables.js';
import {
  dataPoints,
  metrics,
  metricValues,
  surveyQuestions,
} from '../../../src/server/modules/metrics/metrics.tables.js';
import { libraryItems } from '../../../src/server/modules/libraries/libraries.tables.js';
import { comments } from '../../../src/server/modules/comments/comments.tables.js';
import type { FixtureContext } from '../route-fixtures.js';

/**
 * Rows of team A for the results framework, straight in the database: the authorization matrix
 * and the bad-input tests act on them. One owner per parameter name (`project`, `problem`, ...).
 */
export const MATRIX_PROJECT = 'Matrix project';

export async function insertProject(c: FixtureContext, name = MATRIX_PROJECT) {
  const [row] = await c.world.app.ctx.db
    .insert(projects)
    .values({ teamId: c.world.teamA.id, name, createdBy: c.self.id })
    .returning({ id: projects.id });
  return row.id;
}

export async function insertProblem(c: FixtureContext, projectId?: string) {
  const pid = projectId ?? (await insertProject(c, `Fixture project ${randomUUID().slice(0, 6)}`));
  const [row] = await c.world.app.ctx.db
    .insert(problems)
    .values({
      teamId: c.world.teamA.id,
      projectId: pid,
      title: 'Fixture problem',
      createdBy: c.self.id,
    })
    .returning({ id: problems.id });
  return row.id;
}

export type Kind = 'activity' | 'output' | 'outcome' | 'impact';
export async function insertElement(
  c: FixtureContext,
  problemId: string,
  kind: Kind,
  title = `Fixture ${kind}`,
) {
  const [row] = await c.world.app.ctx.db
    .insert(tocElements)
    .values({
      teamId: c.world.teamA.id,
      problemId,
      kind,
      title,
      horizon: kind === 'outcome' ? 'short' : null,
    })
    .returning({ id: tocElements.id });
  return row.id;
}

export async function insertLink(c: FixtureContext, problemId?: string) {
  const pid = problemId ?? (await insertProblem(c));
  const [row] = await c.world.app.ctx.db
    .insert(tocLinks)
    .values({
      teamId: c.world.teamA.id,
      problemId: pid,
      fromId: await insertElement(c, pid, 'activity'),
      toId: await insertElement(c, pid, 'output'),
    })
    .returning({ id: tocLinks.id });
  return row.id;
}

/** A quarterly count metric on an output (2026-Q1..2026-Q4) with its default data point `value`. */
export async function insertMetric(c: FixtureContext) {
  const problemId = await insertProblem(c);
  const elementId = await insertElement(c, problemId, 'output');
  const db = c.world.app.ctx.db;
  const [m] = await db
    .insert(metrics)
    .values({
      teamId: c.world.teamA.id,
      problemId,
      elementId,
      name: 'Fixture metric',
      type: 'count',
      period: 'quarterly',
      periodStart: '2026-01-01',
      periodEnd: '2026-12-31',
    })
    .returning({ id: metrics.id });
  const [dp] = await db
    .insert(dataPoints)
    .values({
      teamId: c.world.teamA.id,
      problemId,
      metricId: m.id,
      key: 'value',
      name: 'Value',
      starred: true,
    })
    .returning({ id: dataPoints.id });
  return { metricId: m.id, dataPointId: dp.id, problemId, elementId };
}

export async function insertSurveyQuestion(c: FixtureContext) {
  const { dataPointId, problemId } = await insertMetric(c);
  const [row] = await c.world.app.ctx.db
    .insert(surveyQuestions)
    .values({
      teamId: c.world.teamA.id,
      problemId,
      dataPointId,
      text: 'How many?',
      answerType: 'integer',
    })
    .returning({ id: surveyQuestions.id });
  return row.id;
}

export async function insertMetricValue(c: FixtureContext) {
  const { metricId, dataPointId } = await insertMetric(c);
  const [row] = await c.world.app.ctx.db
    .insert(metricValues)
    .values({
      teamId: c.world.teamA.id,
      metricId,
      dataPointId,
      period: '2026-Q1',
      value: 12,
      enteredBy: c.self.id,
    })
    .returning({ id: metricValues.id });
  return row.id;
}

/** A library item of team A: a one-chain problem, or a one-activity strategy. */
export async function insertLibraryItem(
  c: FixtureContext,
  kind: 'problem' | 'strategy' = 'problem',
) {
  const activity = { ref: 'a', kind: 'activity' as const, title: 'Train teachers', metrics: [] };
  const output = { ref: 'o', kind: 'output' as const, title: 'Teachers trained', metrics: [] };
  const template =
    kind === 'problem'
      ? {
          problem: { title: 'Fixture library problem' },
          elements: [
            activity,
            output,
            {
              ref: 'c',
              kind: 'outcome' as const,
              horizon: 'short' as const,
              title: 'Better teaching',
              metrics: [],
            },
            { ref: 'i', kind: 'impact' as const, title: 'Children learn', metrics: [] },
          ],
          links: [
            { from: 'a', to: 'o' },
            { from: 'o', to: 'c' },
            { from: 'c', to: 'i' },
          ],
        }
      : { elements: [activity, output], links: [{ from: 'a', to: 'o' }] };
  const [row] = await c.world.app.ctx.db
    .insert(libraryItems)
    .values({
      teamId: c.world.teamA.id,
      kind,
      sector: 'education',
      title: `Fixture ${kind}`,
      template: template as never,
      createdBy: c.self.id,
    })
    .returning({ id: libraryItems.id });
  return row.id;
}

/** A comment of the acting user on a project of team A. */
export async function insertComment(c: FixtureContext) {
  const projectId = await insertProject(c, `Fixture project ${randomUUID().slice(0, 6)}`);
  const [row] = await c.world.app.ctx.db
    .insert(comments)
    .values({
      teamId: c.world.teamA.id,
      subjectType: 'project',
      subjectId: projectId,
      authorId: c.self.id,
      body: 'Fixture comment',
    })
    .returning({ id: comments.id });
  return row.id;
}

/** URL parameters of the results framework -> a record of team A. */
export const RESULTS_PARAM_FIXTURES = {
  /** an active project of team A named MATRIX_PROJECT (projects.destroy asks for the name) */
  project: (c: FixtureContext) => insertProject(c),
  problem: (c: FixtureContext) => insertProblem(c),
  element: async (c: FixtureContext) => insertElement(c, await insertProblem(c), 'output'),
  link: (c: FixtureContext) => insertLink(c),
  metric: async (c: FixtureContext) => (await insertMetric(c)).metricId,
  dataPoint: async (c: FixtureContext) => (await insertMetric(c)).dataPointId,
  surveyQuestion: (c: FixtureContext) => insertSurveyQuestion(c),
  metricValue: (c: FixtureContext) => insertMetricValue(c),
  libraryItem: (c: FixtureContext) => insertLibraryItem(c),
  comment: (c: FixtureContext) => insertComment(c),
};
