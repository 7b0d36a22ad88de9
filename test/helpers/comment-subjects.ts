import type { FastifyInstance } from 'fastify';
import { projects } from '../../src/server/modules/projects/projects.tables.js';
import {
  problems,
  tocElements,
  tocLinks,
} from '../../src/server/modules/problems/problems.tables.js';
import {
  dataPoints,
  metrics,
  surveyQuestions,
} from '../../src/server/modules/metrics/metrics.tables.js';
import type { CommentSubject } from '../../src/shared/toc/vocabulary.js';

/**
 * For tests: one of everything a comment can be on, in a team (rows straight into the tables;
 * the modules that own them test their own flows).
 */
export async function seedSubjects(
  app: FastifyInstance,
  teamId: string,
  name = 'Girls in school',
): Promise<Record<CommentSubject, string>> {
  const db = app.ctx.db;
  const [project] = await db.insert(projects).values({ teamId, name }).returning();
  const [problem] = await db
    .insert(problems)
    .values({ teamId, projectId: project.id, title: 'Girls drop out after grade 6' })
    .returning();
  const [activity] = await db
    .insert(tocElements)
    .values({ teamId, problemId: problem.id, kind: 'activity', title: 'Train mentors' })
    .returning();
  const [output] = await db
    .insert(tocElements)
    .values({ teamId, problemId: problem.id, kind: 'output', title: 'Mentors trained' })
    .returning();
  const [link] = await db
    .insert(tocLinks)
    .values({ teamId, problemId: problem.id, fromId: activity.id, toId: output.id })
    .returning();
  const [metric] = await db
    .insert(metrics)
    .values({
      teamId,
      problemId: problem.id,
      elementId: output.id,
      name: 'Mentors trained (count)',
    })
    .returning();
  const [dataPoint] = await db
    .insert(dataPoints)
    .values({ teamId, problemId: problem.id, metricId: metric.id, key: 'mentors', name: 'Mentors' })
    .returning();
  const [question] = await db
    .insert(surveyQuestions)
    .values({
      teamId,
      problemId: problem.id,
      dataPointId: dataPoint.id,
      text: 'Did you finish the training?',
    })
    .returning();
  return {
    project: project.id,
    problem: problem.id,
    element: activity.id,
    link: link.id,
    metric: metric.id,
    data_point: dataPoint.id,
    survey_question: question.id,
  };
}
