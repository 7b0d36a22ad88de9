import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../../test/helpers/app.js';
import { dataPoints, metrics, metricValues } from '../metrics/read-model.js';
import { tocElements, tocLinks } from './problems.tables.js';
import {
  insertElement,
  insertLink,
  insertMetric,
  insertProblem,
  memberOf,
  ownerWithProject,
  smallChain,
} from './problems.test-support.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const linksFrom = (id: string) =>
  t.app.ctx.db.select().from(tocLinks).where(eq(tocLinks.fromId, id));

describe('adding elements', () => {
  it('adds an element at the end of its level; with parentId it is linked in the same request ("add child")', async () => {
    const { client, team, project } = await ownerWithProject(t.app);
    const { problem, activity } = await smallChain(t.app, team.id, project.id);
    const res = await client.post(`/problems/${problem.id}/elements`, {
      kind: 'output',
      title: 'Materials delivered',
      parentId: activity.id,
      status: 'in_progress',
      startDate: '2026-01-10',
      endDate: '2026-03-31',
    });
    expect(res.statusCode).toBe(303);
    const [created] = await t.app.ctx.db
      .select()
      .from(tocElements)
      .where(eq(tocElements.title, 'Materials delivered'));
    expect(created).toMatchObject({
      kind: 'output',
      horizon: null,
      position: 1,
      status: 'in_progress',
      startDate: '2026-01-10',
      endDate: '2026-03-31',
    });
    expect((await linksFrom(activity.id)).map((l) => l.toId)).toContain(created.id);
    const page = await client.page(`/problems/${problem.id}?tab=outputs`);
    expect(page.props.flash.success).toBe('Output “Materials delivered” added and linked.');
  });

  it('checks the fields: horizon for outcomes only, owner in the team, dates in order', async () => {
    const { client, team, project } = await ownerWithProject(t.app);
    const problem = await insertProblem(t.app, team.id, project.id);
    const stranger = await ownerWithProject(t.app);
    const cases: Array<[Record<string, unknown>, string, RegExp]> = [
      [{ kind: 'outcome', title: 'x' }, 'horizon', /short, medium or long/],
      [{ kind: 'activity', title: 'x', horizon: 'short' }, 'horizon', /Only outcomes/],
      [{ kind: 'activity', title: '' }, 'title', /title/],
      [{ kind: 'goal', title: 'x' }, 'kind', /activity, output, outcome or impact/],
      [
        { kind: 'activity', title: 'x', ownerId: stranger.user.id },
        'ownerId',
        /member of this team/,
      ],
      [
        { kind: 'activity', title: 'x', startDate: '2026-05-01', endDate: '2026-04-01' },
        'endDate',
        /on or after the start date/,
      ],
      [{ kind: 'activity', title: 'x', startDate: '2026-02-30' }, 'startDate', /YYYY-MM-DD/],
      [{ kind: 'activity', title: 'x', status: 'finished' }, 'status', /status/],
    ];
    for (const [body, field, message] of cases) {
      await client.post(`/problems/${problem.id}/elements`, body);
      const page = await client.page(`/problems/${problem.id}?tab=activities`);
      expect(page.props.errors[field], JSON.stringify(body)).toMatch(message);
    }
    expect(
      await t.app.ctx.db.select().from(tocElements).where(eq(tocElements.problemId, problem.id)),
    ).toHaveLength(0);
    // a member of the team may own it
    const member = await memberOf(t.app, team.id, 'editor');
    await client.post(`/problems/${problem.id}/elements`, {
      kind: 'activity',
      title: 'Owned',
      ownerId: member.user.id,
    });
    const [owned] = await t.app.ctx.db
      .select()
      .from(tocElements)
      .where(eq(tocElements.problemId, problem.id));
    expect(owned.ownerId).toBe(member.user.id);
  });

  it('a wrong-level parent is refused on parentId and nothing is created (one transaction)', async () => {
    const { client, team, project } = await ownerWithProject(t.app);
    const { problem, activity, outcome } = await smallChain(t.app, team.id, project.id);
    await client.post(`/problems/${problem.id}/elements`, {
      kind: 'outcome',
      horizon: 'medium',
      title: 'Orphan',
      parentId: activity.id,
    });
    const page = await client.page(`/problems/${problem.id}`);
    expect(page.props.errors.parentId).toBe(
      'An activity can only lead to an output, not to an outcome.',
    );
    expect(
      await t.app.ctx.db.select().from(tocElements).where(eq(tocElements.title, 'Orphan')),
    ).toHaveLength(0);
    // a child that would close a loop is refused on childId
    const o2 = await insertElement(t.app, problem, 'outcome', 'Families value education');
    await insertLink(t.app, problem, outcome.id, o2.id);
    await client.post(`/problems/${problem.id}/elements`, {
      kind: 'outcome',
      horizon: 'long',
      title: 'Looping',
      parentId: o2.id,
      childId: outcome.id,
    });
    const again = await client.page(`/problems/${problem.id}`);
    expect(again.props.errors.childId).toBe(
      'This link would create a loop: Looping → Girls stay in school → Families value education → Looping',
    );
    expect(
      await t.app.ctx.db.select().from(tocElements).where(eq(tocElements.title, 'Looping')),
    ).toHaveLength(0);
  });
});

describe('links', () => {
  it('refuses wrong levels, self links, duplicates and loops on toId', async () => {
    const { client, team, project } = await ownerWithProject(t.app);
    const { problem, activity, output, outcome, impact } = await smallChain(
      t.app,
      team.id,
      project.id,
    );
    const o2 = await insertElement(t.app, problem, 'outcome', 'Parents support');
    const url = `/problems/${problem.id}/links`;
    const errorOf = async (body: Record<string, unknown>) => {
      const res = await client.post(url, body);
      expect(res.statusCode).toBe(303);
      return (await client.page(`/problems/${problem.id}`)).props.errors.toId as string | undefined;
    };
    expect(await errorOf({ fromId: activity.id, toId: outcome.id })).toBe(
      'An activity can only lead to an output, not to an outcome.',
    );
    expect(await errorOf({ fromId: impact.id, toId: outcome.id })).toMatch(/end of the chain/);
    expect(await errorOf({ fromId: output.id, toId: activity.id })).toMatch(
      /An output can only lead to an outcome/,
    );
    expect(await errorOf({ fromId: outcome.id, toId: outcome.id })).toBe(
      'An element cannot lead to itself.',
    );
    expect(await errorOf({ fromId: activity.id, toId: output.id })).toBe(
      '“Train teachers” already leads to “Teachers trained”.',
    );
    expect(await errorOf({ fromId: outcome.id, toId: o2.id })).toBeUndefined();
    expect(await errorOf({ fromId: o2.id, toId: outcome.id })).toBe(
      'This link would create a loop: Parents support → Girls stay in school → Parents support',
    );
    expect((await linksFrom(o2.id)).length).toBe(0);
  });

  it('elements of another problem or team answer 404; links of another team too', async () => {
    const a = await ownerWithProject(t.app);
    const one = await smallChain(t.app, a.team.id, a.project.id);
    const two = await smallChain(t.app, a.team.id, a.project.id);
    expect(
      (
        await a.client.post(`/problems/${one.problem.id}/links`, {
          fromId: one.activity.id,
          toId: two.output.id,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await a.client.post(`/problems/${one.problem.id}/elements`, {
          kind: 'output',
          title: 'x',
          parentId: two.activity.id,
        })
      ).statusCode,
    ).toBe(404);
    const b = await ownerWithProject(t.app);
    const [link] = await linksFrom(one.activity.id);
    expect(
      (
        await b.client.post(`/problems/${one.problem.id}/links`, {
          fromId: one.activity.id,
          toId: one.output.id,
        })
      ).statusCode,
    ).toBe(404);
    expect((await b.client.put(`/links/${link.id}`, { assumptions: 'x' })).statusCode).toBe(404);
    expect((await b.client.delete(`/links/${link.id}`)).statusCode).toBe(404);
    expect((await b.client.put(`/elements/${one.activity.id}`, { title: 'x' })).statusCode).toBe(
      404,
    );
    expect((await b.client.delete(`/elements/${one.activity.id}`)).statusCode).toBe(404);
    expect(
      (
        await b.client.put(`/problems/${one.problem.id}/elements/order`, {
          kind: 'activity',
          ids: [one.activity.id],
        })
      ).statusCode,
    ).toBe(404);
  });

  it('edits a link’s assumptions and removes it', async () => {
    const { client, team, project } = await ownerWithProject(t.app);
    const { activity } = await smallChain(t.app, team.id, project.id);
    const [link] = await linksFrom(activity.id);
    expect(
      (
        await client.put(`/links/${link.id}`, {
          assumptions: 'Teachers attend the training',
          risks: '',
        })
      ).statusCode,
    ).toBe(303);
    expect((await linksFrom(activity.id))[0]).toMatchObject({
      assumptions: 'Teachers attend the training',
      risks: null,
    });
    expect((await client.delete(`/links/${link.id}`)).statusCode).toBe(303);
    expect(await linksFrom(activity.id)).toHaveLength(0);
  });
});

describe('changing, reordering and deleting elements', () => {
  it('updates fields; a kind change that breaks its links is refused on kind; end before start refused', async () => {
    const { client, team, project } = await ownerWithProject(t.app);
    const { output, outcome } = await smallChain(t.app, team.id, project.id);
    expect(
      (
        await client.put(`/elements/${outcome.id}`, {
          horizon: 'long',
          assumptions: 'Fees stay low',
        })
      ).statusCode,
    ).toBe(303);
    const [row] = await t.app.ctx.db
      .select()
      .from(tocElements)
      .where(eq(tocElements.id, outcome.id));
    expect(row).toMatchObject({
      horizon: 'long',
      assumptions: 'Fees stay low',
      title: 'Girls stay in school',
    });
    await client.put(`/elements/${output.id}`, { kind: 'activity' });
    let page = await client.page(`/elements/${output.id}`);
    expect(page.props.errors.kind).toMatch(/Remove them first/);
    await client.put(`/elements/${output.id}`, { startDate: '2026-06-01', endDate: '2026-01-01' });
    page = await client.page(`/elements/${output.id}`);
    expect(page.props.errors.endDate).toMatch(/on or after/);
    await t.app.ctx.db
      .update(tocElements)
      .set({ endDate: '2026-01-01' })
      .where(eq(tocElements.id, output.id));
    await client.put(`/elements/${output.id}`, { startDate: '2026-06-01' });
    page = await client.page(`/elements/${output.id}`);
    expect(page.props.errors.endDate).toMatch(/on or after/);
  });

  it('reorders the elements of one level; foreign ids are refused', async () => {
    const { client, team, project } = await ownerWithProject(t.app);
    const problem = await insertProblem(t.app, team.id, project.id);
    const a = await insertElement(t.app, problem, 'activity', 'A', { position: 0 });
    const b = await insertElement(t.app, problem, 'activity', 'B', { position: 1 });
    const c = await insertElement(t.app, problem, 'activity', 'C', { position: 2 });
    const out = await insertElement(t.app, problem, 'output', 'O');
    expect(
      (
        await client.put(`/problems/${problem.id}/elements/order`, {
          kind: 'activity',
          ids: [c.id, a.id],
        })
      ).statusCode,
    ).toBe(303);
    const order = async () =>
      (
        await t.app.ctx.db
          .select()
          .from(tocElements)
          .where(and(eq(tocElements.problemId, problem.id), eq(tocElements.kind, 'activity')))
          .orderBy(asc(tocElements.position))
      ).map((e) => `${e.title}${e.position}`);
    expect(await order()).toEqual(['C0', 'A1', 'B2']);
    await client.put(`/problems/${problem.id}/elements/order`, { kind: 'activity', ids: [out.id] });
    const page = await client.page(`/problems/${problem.id}?tab=activities`);
    expect(page.props.errors.ids).toMatch(/Only activity elements/);
    expect(await order()).toEqual(['C0', 'A1', 'B2']);
    void b;
  });

  it('the element page shows links both ways, its metrics and what deleting takes with it; delete cascades', async () => {
    const { client, team, project } = await ownerWithProject(t.app);
    const { problem, activity, output, outcome } = await smallChain(t.app, team.id, project.id);
    const { metric, dataPoint } = await insertMetric(t.app, output, 'Teachers trained');
    const page = await client.page(`/elements/${output.id}`);
    expect(page.component).toBe('elements/show');
    expect(page.props.element).toMatchObject({
      id: output.id,
      kind: 'output',
      title: 'Teachers trained',
    });
    expect(page.props.incoming.map((l: { id: string }) => l.id)).toEqual([activity.id]);
    expect(page.props.outgoing.map((l: { id: string }) => l.id)).toEqual([outcome.id]);
    expect(page.props.metrics).toEqual([
      expect.objectContaining({ id: metric.id, dataPointCount: 1 }),
    ]);
    expect(page.props.consequences).toEqual({
      elements: 1,
      links: 2,
      metrics: 1,
      dataPoints: 1,
      surveyQuestions: 0,
      values: 1,
    });
    expect(page.props.childKinds).toEqual(['outcome']);
    expect(page.props.candidates.children).toEqual([]);
    expect(page.props.problem.id).toBe(problem.id);

    const res = await client.delete(`/elements/${output.id}`, undefined, {
      referer: `http://localhost/elements/${output.id}`,
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/problems/${problem.id}?tab=outputs`);
    const db = t.app.ctx.db;
    expect(await db.select().from(tocElements).where(eq(tocElements.id, output.id))).toHaveLength(
      0,
    );
    expect(await linksFrom(activity.id)).toHaveLength(0);
    expect(await db.select().from(metrics).where(eq(metrics.id, metric.id))).toHaveLength(0);
    expect(await db.select().from(dataPoints).where(eq(dataPoints.id, dataPoint.id))).toHaveLength(
      0,
    );
    expect(
      await db.select().from(metricValues).where(eq(metricValues.metricId, metric.id)),
    ).toHaveLength(0);
    const after = await client.page(`/problems/${problem.id}?tab=outputs`);
    expect(after.props.flash.success).toBe(
      'Output “Teachers trained” deleted, with 2 links, 1 metric, 1 data point and 1 recorded value.',
    );
  });

  it('an editor may change elements, a viewer may not', async () => {
    const { team, project } = await ownerWithProject(t.app);
    const { problem, activity } = await smallChain(t.app, team.id, project.id);
    const viewer = await memberOf(t.app, team.id, 'viewer');
    expect(
      (
        await viewer.client.post(`/problems/${problem.id}/elements`, {
          kind: 'activity',
          title: 'x',
        })
      ).statusCode,
    ).toBe(403);
    expect((await viewer.client.delete(`/elements/${activity.id}`)).statusCode).toBe(403);
    expect((await viewer.client.get(`/elements/${activity.id}`)).statusCode).toBe(200);
    const editor = await memberOf(t.app, team.id, 'editor');
    expect(
      (await editor.client.put(`/elements/${activity.id}`, { title: 'Coach teachers' })).statusCode,
    ).toBe(303);
  });
});
