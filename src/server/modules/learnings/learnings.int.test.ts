import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../../test/helpers/app.js';
import { signedInUser } from '../../../../test/helpers/auth.js';
import { addMember, createTeamFor } from '../../../../test/helpers/team-membership.js';
import { auditLogs } from '../../platform/audit/audit.tables.js';
import { insightsWorld } from '../insights/insights.test-support.js';
import { learningQuestions, learnings } from './learnings.tables.js';
import type { LearningsTab } from '../../../shared/learnings/learnings.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function setup() {
  const { user, client } = await signedInUser(t.app);
  const team = await createTeamFor(t.app, user.id);
  const w = await insightsWorld(t.app, team.id, user.id);
  return { user, client, team, ...w };
}
const tabOf = async (s: Awaited<ReturnType<typeof setup>>) =>
  (await s.client.page(`/problems/${s.problem.id}?tab=learnings`)).props.learnings as LearningsTab;
const actions = async (id: string) =>
  (await t.app.ctx.db.select().from(auditLogs).where(eq(auditLogs.subjectId, id))).map(
    (a) => a.action,
  );

describe('learnings', () => {
  it('records, edits and deletes learnings and questions, each audited; a learning answers a question', async () => {
    const s = await setup();
    const referer = { referer: `http://localhost/problems/${s.problem.id}?tab=learnings` };
    const q = await s.client.post(
      `/problems/${s.problem.id}/learning-questions`,
      { text: 'Why do girls drop out after grade 6?', elementId: s.outcome.id },
      referer,
    );
    expect(q.statusCode, q.body).toBe(303);
    let tab = await tabOf(s);
    expect(tab.questions).toEqual([
      expect.objectContaining({
        text: 'Why do girls drop out after grade 6?',
        element: expect.objectContaining({ id: s.outcome.id }),
        answeredBy: [],
      }),
    ]);
    const questionId = tab.questions[0].id;

    const body = {
      summary: 'Tutoring works only where sessions are after school.',
      metricId: s.passing.id,
      questionId,
      evidence: [
        { label: 'Q2 results', url: `/metrics/${s.passing.id}` },
        { label: 'Field report', url: 'https://example.org/report' },
      ],
      confidence: 'high',
      action: 'Move sessions after school',
      actionOwnerId: s.user.id,
      actionDue: '2026-09-01',
      status: 'in_progress',
    };
    const created = await s.client.post(`/problems/${s.problem.id}/learnings`, body, referer);
    expect(created.statusCode, created.body).toBe(303);
    tab = await tabOf(s);
    const l = tab.learnings[0];
    expect(l).toMatchObject({
      summary: body.summary,
      metric: { id: s.passing.id, name: 'Girls passing' },
      // a metric brings its element along
      element: expect.objectContaining({ id: s.outcome.id }),
      questionId,
      evidence: body.evidence,
      confidence: 'high',
      actionOwner: { id: s.user.id },
      actionDue: '2026-09-01',
      status: 'in_progress',
    });
    expect(tab.questions[0].answeredBy).toEqual([l.id]);
    expect(tab.options.metrics.map((m) => m.name)).toEqual(['Girls passing', 'Sessions held']);

    const upd = await s.client.put(`/learnings/${l.id}`, { ...body, status: 'done' }, referer);
    expect(upd.statusCode, upd.body).toBe(303);
    expect((await tabOf(s)).learnings[0].status).toBe('done');

    await s.client.put(
      `/learning-questions/${questionId}`,
      { text: 'Why do girls leave?' },
      referer,
    );
    expect((await tabOf(s)).questions[0]).toMatchObject({
      text: 'Why do girls leave?',
      element: null,
    });
    // deleting the question keeps the learning that answered it
    await s.client.delete(`/learning-questions/${questionId}`, undefined, referer);
    tab = await tabOf(s);
    expect(tab.questions).toEqual([]);
    expect(tab.learnings[0].questionId).toBeNull();
    await s.client.delete(`/learnings/${l.id}`, undefined, referer);
    expect((await tabOf(s)).learnings).toEqual([]);
    expect(await actions(l.id)).toEqual([
      'learning.created',
      'learning.updated',
      'learning.deleted',
    ]);
    expect(await actions(questionId)).toEqual([
      'learning_question.created',
      'learning_question.updated',
      'learning_question.deleted',
    ]);
  });

  it('puts errors on the fields: empty summary, bad evidence link, records of another problem or team', async () => {
    const s = await setup();
    const other = await setup();
    const referer = { referer: `http://localhost/problems/${s.problem.id}?tab=learnings` };
    const errorsOf = async (body: Record<string, unknown>) => {
      const res = await s.client.post(`/problems/${s.problem.id}/learnings`, body, referer);
      expect(res.statusCode).toBe(303);
      return (await s.client.page(`/problems/${s.problem.id}?tab=learnings`)).props.errors;
    };
    const ok = { summary: 'x', confidence: 'low', status: 'open' };
    expect(await errorsOf({ ...ok, summary: ' ' })).toMatchObject({
      summary: 'Write what was learned.',
    });
    expect(
      await errorsOf({ ...ok, evidence: [{ label: 'x', url: 'javascript:alert(1)' }] }),
    ).toHaveProperty(['evidence.0.url']);
    expect(await errorsOf({ ...ok, metricId: other.passing.id })).toMatchObject({
      metricId: 'Choose a metric of this problem.',
    });
    expect(await errorsOf({ ...ok, elementId: other.outcome.id })).toMatchObject({
      elementId: 'Choose an element of this problem.',
    });
    expect(await errorsOf({ ...ok, actionOwnerId: other.user.id })).toMatchObject({
      actionOwnerId: 'Choose a member of this team.',
    });
    const rows = await t.app.ctx.db
      .select()
      .from(learnings)
      .where(eq(learnings.problemId, s.problem.id));
    expect(rows).toEqual([]);
  });

  it('keeps teams apart and follows the roles: a viewer reads, another team gets 404', async () => {
    const s = await setup();
    const referer = { referer: `http://localhost/problems/${s.problem.id}?tab=learnings` };
    await s.client.post(
      `/problems/${s.problem.id}/learnings`,
      { summary: 'Secret learning', confidence: 'low', status: 'open' },
      referer,
    );
    const [row] = await t.app.ctx.db
      .select()
      .from(learnings)
      .where(eq(learnings.problemId, s.problem.id));
    const outsider = await signedInUser(t.app);
    await createTeamFor(t.app, outsider.user.id);
    expect(
      (
        await outsider.client.put(`/learnings/${row.id}`, {
          summary: 'x',
          confidence: 'low',
          status: 'open',
        })
      ).statusCode,
    ).toBe(404);
    expect((await outsider.client.delete(`/learnings/${row.id}`)).statusCode).toBe(404);
    expect(
      (
        await outsider.client.post(`/problems/${s.problem.id}/learnings`, {
          summary: 'x',
          confidence: 'low',
          status: 'open',
        })
      ).statusCode,
    ).toBe(404);
    const viewer = await signedInUser(t.app);
    await addMember(t.app, s.team.id, viewer.user.id, 'viewer');
    expect((await tabOf({ ...s, client: viewer.client })).learnings.map((l) => l.summary)).toEqual([
      'Secret learning',
    ]);
    expect((await viewer.client.delete(`/learnings/${row.id}`)).statusCode).toBe(403);
    expect(
      (await viewer.client.post(`/problems/${s.problem.id}/learning-questions`, { text: 'Q?' }))
        .statusCode,
    ).toBe(403);
    const [still] = await t.app.ctx.db.select().from(learnings).where(eq(learnings.id, row.id));
    expect(still.summary).toBe('Secret learning');
  });

  it('cascades: a removed metric or element leaves the learning on the problem; a removed problem takes them', async () => {
    const s = await setup();
    const referer = { referer: `http://localhost/problems/${s.problem.id}?tab=learnings` };
    await s.client.post(
      `/problems/${s.problem.id}/learning-questions`,
      { text: 'Q?', elementId: s.outcome.id },
      referer,
    );
    await s.client.post(
      `/problems/${s.problem.id}/learnings`,
      { summary: 'On the metric', metricId: s.passing.id, confidence: 'low', status: 'open' },
      referer,
    );
    expect((await s.client.delete(`/metrics/${s.passing.id}`)).statusCode).toBe(303);
    let [row] = await t.app.ctx.db
      .select()
      .from(learnings)
      .where(eq(learnings.problemId, s.problem.id));
    expect([row.metricId, row.elementId]).toEqual([null, s.outcome.id]);
    expect((await s.client.delete(`/elements/${s.outcome.id}`)).statusCode).toBe(303);
    [row] = await t.app.ctx.db
      .select()
      .from(learnings)
      .where(eq(learnings.problemId, s.problem.id));
    expect(row.elementId).toBeNull();
    const [q] = await t.app.ctx.db
      .select()
      .from(learningQuestions)
      .where(eq(learningQuestions.problemId, s.problem.id));
    expect(q.elementId).toBeNull();
    expect((await s.client.delete(`/problems/${s.problem.id}`)).statusCode).toBe(303);
    expect(
      await t.app.ctx.db
        .select()
        .from(learnings)
        .where(and(eq(learnings.teamId, s.team.id))),
    ).toEqual([]);
    expect(
      await t.app.ctx.db
        .select()
        .from(learningQuestions)
        .where(eq(learningQuestions.teamId, s.team.id)),
    ).toEqual([]);
  });
});
