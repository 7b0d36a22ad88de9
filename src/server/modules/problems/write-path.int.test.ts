import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../../test/helpers/app.js';
import { auditLogs } from '../../platform/audit/audit.tables.js';
import { createApiToken } from '../api-tokens/index.js';
import { comments } from '../comments/index.js';
import { tocElements, tocLinks } from './problems.tables.js';
import {
  archiveProject,
  insertLink,
  ownerWithProject,
  smallChain,
} from './problems.test-support.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function owner() {
  const o = await ownerWithProject(t.app);
  const token = (
    await createApiToken(t.app.ctx, {
      userId: o.user.id,
      teamId: o.team.id,
      name: 'api test',
      abilities: ['read', 'create', 'update', 'delete'],
    })
  ).plainText;
  const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: {
        authorization: `Bearer ${token}`,
        ...(payload ? { 'content-type': 'application/json' } : {}),
      },
      payload: payload ? JSON.stringify(payload) : undefined,
    });
  return { ...o, api };
}

const commentOn = (teamId: string, subjectType: string, subjectId: string) =>
  t.app.ctx.db
    .insert(comments)
    .values({ teamId, subjectType, subjectId, body: 'Is this assumption right?' });
const commentsOn = (subjectId: string) =>
  t.app.ctx.db.select().from(comments).where(eq(comments.subjectId, subjectId));

describe('deleting a link', () => {
  it('takes its comment thread with it, from the page and from the API', async () => {
    const o = await owner();
    const { problem, activity, output, outcome } = await smallChain(t.app, o.team.id, o.project.id);
    const [viaPage] = await t.app.ctx.db
      .select()
      .from(tocLinks)
      .where(and(eq(tocLinks.fromId, activity.id), eq(tocLinks.toId, output.id)));
    const viaApi = await insertLink(t.app, problem, activity.id, outcome.id);
    await commentOn(o.team.id, 'link', viaPage.id);
    await commentOn(o.team.id, 'link', viaApi.id);
    expect((await o.client.delete(`/links/${viaPage.id}`)).statusCode).toBe(303);
    expect((await o.api('DELETE', `/api/v1/links/${viaApi.id}`)).statusCode).toBe(204);
    expect(await commentsOn(viaPage.id)).toHaveLength(0);
    expect(await commentsOn(viaApi.id)).toHaveLength(0);
  });
});

describe('page and API record the same audit details', () => {
  it('element.created and link.deleted', async () => {
    const o = await owner();
    const { problem, output, outcome } = await smallChain(t.app, o.team.id, o.project.id);
    await o.client.post(`/problems/${problem.id}/elements`, { kind: 'activity', title: 'By page' });
    await o.api('POST', '/api/v1/elements', {
      problemId: problem.id,
      kind: 'activity',
      title: 'By API',
    });
    const logs = await t.app.ctx.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.teamId, o.team.id), eq(auditLogs.action, 'element.created')));
    expect(logs).toHaveLength(2);
    expect(logs[0].details).toEqual(logs[1].details);
    expect(logs[0].details).toMatchObject({ problemId: problem.id, kind: 'activity' });

    const [link] = await t.app.ctx.db
      .select()
      .from(tocLinks)
      .where(and(eq(tocLinks.fromId, output.id), eq(tocLinks.toId, outcome.id)));
    await o.client.delete(`/links/${link.id}`);
    const [again] = await t.app.ctx.db
      .insert(tocLinks)
      .values({ teamId: o.team.id, problemId: problem.id, fromId: output.id, toId: outcome.id })
      .returning();
    await o.api('DELETE', `/api/v1/links/${again.id}`);
    const deleted = await t.app.ctx.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.teamId, o.team.id), eq(auditLogs.action, 'link.deleted')));
    expect(deleted).toHaveLength(2);
    expect(deleted[0].details).toEqual(deleted[1].details);
  });
});

describe('an archived project is read-only through the policy', () => {
  it('refuses problem, element and link writes, from the page and the API, and changes nothing', async () => {
    const o = await owner();
    const { problem, activity, output, outcome } = await smallChain(t.app, o.team.id, o.project.id);
    const [link] = await t.app.ctx.db
      .select()
      .from(tocLinks)
      .where(eq(tocLinks.fromId, activity.id));
    await archiveProject(t.app, o.project.id);
    const refused = [
      await o.client.post(`/projects/${o.project.id}/problems`, { title: 'New' }),
      await o.client.put(`/problems/${problem.id}`, { title: 'Changed' }),
      await o.client.delete(`/problems/${problem.id}`),
      await o.client.post(`/problems/${problem.id}/elements`, { kind: 'activity', title: 'New' }),
      await o.client.put(`/elements/${activity.id}`, { title: 'Changed' }),
      await o.client.delete(`/elements/${activity.id}`),
      await o.client.put(`/problems/${problem.id}/elements/order`, {
        kind: 'activity',
        ids: [activity.id],
      }),
      await o.client.post(`/problems/${problem.id}/links`, {
        fromId: activity.id,
        toId: outcome.id,
      }),
      await o.client.put(`/links/${link.id}`, { assumptions: 'Changed' }),
      await o.client.delete(`/links/${link.id}`),
      await o.api('POST', '/api/v1/problems', { projectId: o.project.id, title: 'New' }),
      await o.api('PUT', `/api/v1/problems/${problem.id}`, { title: 'Changed' }),
      await o.api('DELETE', `/api/v1/problems/${problem.id}`),
      await o.api('POST', '/api/v1/elements', {
        problemId: problem.id,
        kind: 'activity',
        title: 'New',
      }),
      await o.api('PUT', `/api/v1/elements/${output.id}`, { title: 'Changed' }),
      await o.api('DELETE', `/api/v1/elements/${output.id}`),
      await o.api('POST', '/api/v1/links', {
        problemId: problem.id,
        fromId: activity.id,
        toId: outcome.id,
      }),
      await o.api('DELETE', `/api/v1/links/${link.id}`),
    ];
    for (const res of refused) {
      expect(res.statusCode).toBe(409);
      expect(res.body).toMatch(/archived/);
    }
    expect(
      await t.app.ctx.db.select().from(tocElements).where(eq(tocElements.problemId, problem.id)),
    ).toHaveLength(4);
    expect(
      await t.app.ctx.db.select().from(tocLinks).where(eq(tocLinks.problemId, problem.id)),
    ).toHaveLength(3);
  });
});
