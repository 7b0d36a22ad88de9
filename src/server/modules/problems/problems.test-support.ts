import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { signedInUser } from '../../../../test/helpers/auth.js';
import { addMember, createTeamFor } from '../../../../test/helpers/team-membership.js';
import { dataPoints, metrics, metricValues } from '../metrics/read-model.js';
import { projects } from '../projects/read-model.js';
import type { Role } from '../../../shared/permissions.js';
import { problems, tocElements, tocLinks } from './problems.tables.js';

/** A signed-in owner of a fresh team with one active project. */
export async function ownerWithProject(app: FastifyInstance) {
  const { user, client } = await signedInUser(app);
  const team = await createTeamFor(app, user.id);
  const [project] = await app.ctx.db
    .insert(projects)
    .values({ teamId: team.id, name: 'Girls’ education, Kisumu' })
    .returning();
  return { user, client, team, project };
}

/** Another signed-in user in the same team with a role. */
export async function memberOf(app: FastifyInstance, teamId: string, role: Role) {
  const { user, client } = await signedInUser(app);
  await addMember(app, teamId, user.id, role);
  return { user, client };
}

export async function archiveProject(app: FastifyInstance, projectId: string) {
  await app.ctx.db
    .update(projects)
    .set({ status: 'archived', archivedAt: new Date() })
    .where(eq(projects.id, projectId));
}

export async function insertProblem(
  app: FastifyInstance,
  teamId: string,
  projectId: string,
  title = 'Girls drop out of secondary school',
) {
  const [row] = await app.ctx.db.insert(problems).values({ teamId, projectId, title }).returning();
  return row;
}

type Kind = 'activity' | 'output' | 'outcome' | 'impact';
export async function insertElement(
  app: FastifyInstance,
  p: { teamId: string; id: string },
  kind: Kind,
  title: string,
  extra: Partial<typeof tocElements.$inferInsert> = {},
) {
  const [row] = await app.ctx.db
    .insert(tocElements)
    .values({
      teamId: p.teamId,
      problemId: p.id,
      kind,
      title,
      horizon: kind === 'outcome' ? 'short' : null,
      ...extra,
    })
    .returning();
  return row;
}

export async function insertLink(
  app: FastifyInstance,
  p: { teamId: string; id: string },
  fromId: string,
  toId: string,
) {
  const [row] = await app.ctx.db
    .insert(tocLinks)
    .values({ teamId: p.teamId, problemId: p.id, fromId, toId })
    .returning();
  return row;
}

/** A metric on an element with one data point, one survey-less value. */
export async function insertMetric(
  app: FastifyInstance,
  el: { teamId: string; problemId: string; id: string },
  name = 'Girls enrolled',
) {
  const [metric] = await app.ctx.db
    .insert(metrics)
    .values({ teamId: el.teamId, problemId: el.problemId, elementId: el.id, name, unit: 'girls' })
    .returning();
  const [dp] = await app.ctx.db
    .insert(dataPoints)
    .values({
      teamId: el.teamId,
      problemId: el.problemId,
      metricId: metric.id,
      key: 'enrolled',
      name: 'Enrolled girls',
    })
    .returning();
  await app.ctx.db.insert(metricValues).values({
    teamId: el.teamId,
    metricId: metric.id,
    dataPointId: dp.id,
    period: '2026-Q1',
    value: 120,
  });
  return { metric, dataPoint: dp };
}

/** A small chain: activity -> output -> short outcome -> impact. */
export async function smallChain(app: FastifyInstance, teamId: string, projectId: string) {
  const problem = await insertProblem(app, teamId, projectId);
  const activity = await insertElement(app, problem, 'activity', 'Train teachers');
  const output = await insertElement(app, problem, 'output', 'Teachers trained');
  const outcome = await insertElement(app, problem, 'outcome', 'Girls stay in school');
  const impact = await insertElement(app, problem, 'impact', 'Girls finish secondary school');
  await insertLink(app, problem, activity.id, output.id);
  await insertLink(app, problem, output.id, outcome.id);
  await insertLink(app, problem, outcome.id, impact.id);
  return { problem, activity, output, outcome, impact };
}
