import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../../test/helpers/app.js';
import { auditLogs } from '../../platform/audit/audit.tables.js';
import { dataPoints, metrics, metricValues } from '../metrics/read-model.js';
import { problems, tocElements, tocLinks } from './problems.tables.js';
import {
  archiveProject,
  insertElement,
  insertLink,
  insertMetric,
  memberOf,
  ownerWithProject,
  smallChain,
} from './problems.test-support.js';
import { problemFullViewProps } from './index.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('creating and editing a problem', () => {
  it('creates a problem in the project and opens its full view; audits it', async () => {
    const { client, project, user } = await ownerWithProject(t.app);
    const form = await client.page(`/projects/${project.id}/problems/create`);
    expect(form.component).toBe('problems/create');
    expect(form.props.project).toMatchObject({
      id: project.id,
      name: project.name,
      archived: false,
    });
    const res = await client.post(`/projects/${project.id}/problems`, {
      title: ' Girls drop out ',
      statement: 'Many girls leave school after grade 8.',
      populationWho: 'Girls aged 13-18',
      populationCount: '4200',
      geography: 'Kisumu county',
      status: 'active',
    });
    expect(res.statusCode).toBe(303);
    const [row] = await t.app.ctx.db
      .select()
      .from(problems)
      .where(eq(problems.projectId, project.id));
    expect(res.headers.location).toBe(`/problems/${row.id}`);
    expect(row).toMatchObject({
      title: 'Girls drop out',
      populationCount: 4200,
      status: 'active',
      rootCauses: null,
      createdBy: user.id,
    });
    const page = await client.page(`/problems/${row.id}`);
    expect(page.component).toBe('problems/full-view');
    expect(page.props.problem).toMatchObject({
      title: 'Girls drop out',
      geography: 'Kisumu county',
    });
    expect(page.props.flash.success).toMatch(/created/);
    const [log] = await t.app.ctx.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'problem.created'), eq(auditLogs.subjectId, row.id)));
    expect(log.subjectLabel).toBe('Girls drop out');
  });

  it('puts validation errors on the fields and creates nothing', async () => {
    const { client, project } = await ownerWithProject(t.app);
    await client.post(`/projects/${project.id}/problems`, {
      title: '  ',
      populationCount: -3,
      status: 'open',
    });
    const page = await client.page(`/projects/${project.id}/problems/create`);
    expect(page.props.errors.title).toBe('Give the problem a title.');
    expect(page.props.errors.populationCount).toMatch(/whole number/);
    expect(page.props.errors.status).toMatch(/draft, active or closed/);
    await client.post(`/projects/${project.id}/problems`, {
      title: 'x',
      populationCount: '12.5',
      owner: 'me',
    });
    const again = await client.page(`/projects/${project.id}/problems/create`);
    expect(again.props.errors.populationCount).toMatch(/whole number/);
    expect(again.props.errors.owner).toMatch(/Unknown field/);
    expect(
      await t.app.ctx.db.select().from(problems).where(eq(problems.projectId, project.id)),
    ).toHaveLength(0);
  });

  it('edits a problem; fields left out stay as they were', async () => {
    const { client, team, project } = await ownerWithProject(t.app);
    const { problem } = await smallChain(t.app, team.id, project.id);
    const edit = await client.page(`/problems/${problem.id}/edit`);
    expect(edit.component).toBe('problems/edit');
    expect(edit.props.problem.title).toBe(problem.title);
    const res = await client.put(`/problems/${problem.id}`, {
      statement: 'New statement',
      populationCount: null,
      status: 'closed',
    });
    expect(res.statusCode).toBe(303);
    const [row] = await t.app.ctx.db.select().from(problems).where(eq(problems.id, problem.id));
    expect(row).toMatchObject({
      title: problem.title,
      statement: 'New statement',
      status: 'closed',
      populationCount: null,
    });
  });

  it('refuses changes in an archived project with a clear message', async () => {
    const { client, team, project } = await ownerWithProject(t.app);
    const { problem } = await smallChain(t.app, team.id, project.id);
    await archiveProject(t.app, project.id);
    const put = await client.put(`/problems/${problem.id}`, { title: 'Changed' });
    expect(put.statusCode).toBe(409);
    expect(put.json().props.message).toMatch(/is archived and read-only\. Restore it/);
    expect(
      (await client.post(`/projects/${project.id}/problems`, { title: 'New' })).statusCode,
    ).toBe(409);
    expect(
      (await client.post(`/problems/${problem.id}/elements`, { kind: 'activity', title: 'New' }))
        .statusCode,
    ).toBe(409);
    // still readable
    const page = await client.page(`/problems/${problem.id}`);
    expect(page.props.project.archived).toBe(true);
  });
});

describe('scoping and roles', () => {
  it('another team’s problem, project and elements answer 404', async () => {
    const a = await ownerWithProject(t.app);
    const chain = await smallChain(t.app, a.team.id, a.project.id);
    const b = await ownerWithProject(t.app);
    for (const [method, url] of [
      ['GET', `/problems/${chain.problem.id}`],
      ['GET', `/problems/${chain.problem.id}/edit`],
      ['PUT', `/problems/${chain.problem.id}`],
      ['DELETE', `/problems/${chain.problem.id}`],
      ['GET', `/projects/${a.project.id}/problems/create`],
      ['POST', `/projects/${a.project.id}/problems`],
      ['GET', `/elements/${chain.activity.id}`],
      ['GET', `/problems/not-a-uuid`],
    ] as const) {
      const res = await b.client.request(
        method,
        url,
        method === 'GET' || method === 'DELETE' ? undefined : { title: 'Mine now' },
      );
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    expect(
      (await t.app.ctx.db.select().from(problems).where(eq(problems.id, chain.problem.id)))[0]
        .title,
    ).toBe(chain.problem.title);
  });

  it('a viewer reads but cannot create, edit or delete', async () => {
    const a = await ownerWithProject(t.app);
    const chain = await smallChain(t.app, a.team.id, a.project.id);
    const viewer = await memberOf(t.app, a.team.id, 'viewer');
    expect((await viewer.client.get(`/problems/${chain.problem.id}`)).statusCode).toBe(200);
    expect(
      (await viewer.client.post(`/projects/${a.project.id}/problems`, { title: 'x' })).statusCode,
    ).toBe(403);
    expect(
      (await viewer.client.put(`/problems/${chain.problem.id}`, { title: 'x' })).statusCode,
    ).toBe(403);
    expect((await viewer.client.delete(`/problems/${chain.problem.id}`)).statusCode).toBe(403);
  });
});

describe('the full view', () => {
  it('overview: counts per level and the compact results chain', async () => {
    const { client, team, project } = await ownerWithProject(t.app);
    const { problem, activity } = await smallChain(t.app, team.id, project.id);
    await insertMetric(t.app, activity);
    const page = await client.page(`/problems/${problem.id}`);
    expect(page.props.tab).toBe('overview');
    expect(page.props.counts).toMatchObject({
      activity: 1,
      output: 1,
      outcome: 1,
      outcomeShort: 1,
      impact: 1,
      links: 3,
      metrics: 1,
      dataPoints: 1,
    });
    expect(
      page.props.chain.map((c: { level: string; total: number }) => `${c.level}:${c.total}`),
    ).toEqual([
      'activity:1',
      'output:1',
      'outcome:short:1',
      'outcome:medium:0',
      'outcome:long:0',
      'impact:1',
    ]);
    expect(page.props.elements).toBeUndefined();
    expect(page.props.deletion).toBeUndefined();
  });

  it('list tabs carry only their level, with links both ways; outcomes has sub-tabs and the outcome output list', async () => {
    const { client, team, project } = await ownerWithProject(t.app);
    const { problem, activity, output, outcome } = await smallChain(t.app, team.id, project.id);
    await insertMetric(t.app, activity);
    const acts = await client.page(`/problems/${problem.id}?tab=activities`);
    expect(acts.props.elements.map((e: { id: string }) => e.id)).toEqual([activity.id]);
    expect(acts.props.elements[0]).toMatchObject({
      metricCount: 1,
      to: [{ id: output.id, title: 'Teachers trained' }],
      from: [],
    });
    expect(acts.props.members.length).toBeGreaterThan(0);
    expect(acts.props.chain).toBeUndefined();
    const outs = await client.page(`/problems/${problem.id}?tab=outcomes`);
    expect(outs.props.sub).toBe('all');
    expect(outs.props.elements.map((e: { kind: string }) => e.kind).sort()).toEqual([
      'impact',
      'outcome',
    ]);
    expect(outs.props.outcomeOutputs).toEqual([
      {
        outcome: expect.objectContaining({ id: outcome.id }),
        outputs: [expect.objectContaining({ id: output.id })],
      },
    ]);
    const long = await client.page(`/problems/${problem.id}?tab=outcomes&sub=long`);
    expect(long.props.elements).toEqual([]);
    const impact = await client.page(`/problems/${problem.id}?tab=outcomes&sub=impact`);
    expect(impact.props.elements.map((e: { kind: string }) => e.kind)).toEqual(['impact']);
    const bogus = await client.page(`/problems/${problem.id}?tab=nope`);
    expect(bogus.props.tab).toBe('overview');
  });

  it('metrics, data points and survey questions tabs read the metric tables; insights lists every metric; other tabs carry none of their data', async () => {
    const { client, team, project } = await ownerWithProject(t.app);
    const { problem, activity, outcome } = await smallChain(t.app, team.id, project.id);
    await insertMetric(t.app, activity, 'Teachers trained count');
    await insertMetric(t.app, outcome, 'Retention rate');
    const all = await client.page(`/problems/${problem.id}?tab=metrics`);
    expect(all.props.metrics.map((m: { name: string }) => m.name).sort()).toEqual([
      'Retention rate',
      'Teachers trained count',
    ]);
    expect(all.props.metrics[0]).toMatchObject({ dataPointCount: 1 });
    const outcomeOnly = await client.page(`/problems/${problem.id}?tab=metrics&sub=outcome`);
    expect(outcomeOnly.props.metrics.map((m: { name: string }) => m.name)).toEqual([
      'Retention rate',
    ]);
    const dps = await client.page(`/problems/${problem.id}?tab=data-points`);
    expect(dps.props.dataPoints).toHaveLength(2);
    expect(dps.props.dataPoints[0]).toMatchObject({ key: 'enrolled', questionCount: 0 });
    const sq = await client.page(`/problems/${problem.id}?tab=survey-questions`);
    expect(sq.props.surveyQuestions).toEqual([]);
    for (const tab of ['sources', 'integrations', 'learnings']) {
      const p = await client.page(`/problems/${problem.id}?tab=${tab}`);
      expect(p.props.tab).toBe(tab);
      expect(
        Object.keys(p.props).filter((k) =>
          ['elements', 'metrics', 'chain', 'dataPoints', 'insights'].includes(k),
        ),
      ).toEqual([]);
    }
    // insights (the insights module): every metric of the problem per period against baseline and target
    const insights = await client.page(`/problems/${problem.id}?tab=insights`);
    expect(insights.props.insights.metrics.map((m: { name: string }) => m.name).sort()).toEqual([
      'Retention rate',
      'Teachers trained count',
    ]);
    expect(insights.props.insights.metrics[0]).toMatchObject({
      id: expect.any(String),
      element: { title: expect.any(String) },
      baseline: expect.toBeOneOf([null, expect.any(Number)]),
    });
  });

  it('the delete dialog asks for the consequences by partial reload', async () => {
    const { client, team, project } = await ownerWithProject(t.app);
    const { problem, activity } = await smallChain(t.app, team.id, project.id);
    await insertMetric(t.app, activity);
    const res = await client.get(`/problems/${problem.id}`, {
      'x-inertia-partial-component': 'problems/full-view',
      'x-inertia-partial-data': 'deletion',
    });
    expect(res.json().props.deletion).toEqual({
      elements: 4,
      links: 3,
      metrics: 1,
      dataPoints: 1,
      surveyQuestions: 0,
      values: 1,
    });
  });

  it('builds every tab with the same number of queries for 4 or 64 elements (no query per element)', async () => {
    const { team, project } = await ownerWithProject(t.app);
    const small = await smallChain(t.app, team.id, project.id);
    const big = await smallChain(t.app, team.id, project.id);
    let prev = big.output;
    for (let i = 0; i < 20; i++) {
      const a = await insertElement(t.app, big.problem, 'activity', `Activity ${i}`);
      const o = await insertElement(t.app, big.problem, 'output', `Output ${i}`);
      const oc = await insertElement(t.app, big.problem, 'outcome', `Outcome ${i}`);
      await insertLink(t.app, big.problem, a.id, o.id);
      await insertLink(t.app, big.problem, o.id, oc.id);
      await insertMetric(t.app, prev, `Metric ${i}`);
      prev = o;
    }
    const counted = () => {
      let n = 0;
      const db = new Proxy(t.app.ctx.db, {
        get(target, key, receiver) {
          const v = Reflect.get(target, key, receiver);
          if (key === 'select' || key === 'execute')
            return (...args: unknown[]) => (
              n++,
              (v as (...a: unknown[]) => unknown).apply(target, args)
            );
          return v;
        },
      });
      return { ctx: { db }, n: () => n };
    };
    for (const tab of [
      'overview',
      'activities',
      'outputs',
      'outcomes',
      'metrics',
      'data-points',
      'survey-questions',
      'insights',
    ] as const) {
      const a = counted();
      await problemFullViewProps(a.ctx, team.id, small.problem.id, tab);
      const b = counted();
      const props = await problemFullViewProps(b.ctx, team.id, big.problem.id, tab);
      expect(a.n(), tab).toBeGreaterThanOrEqual(3);
      expect(b.n(), tab).toBe(a.n());
      if (tab === 'activities') expect(props.elements).toHaveLength(21);
    }
  });

  it('problemFullViewProps answers 404 for another team', async () => {
    const a = await ownerWithProject(t.app);
    const b = await ownerWithProject(t.app);
    const { problem } = await smallChain(t.app, a.team.id, a.project.id);
    await expect(
      problemFullViewProps(t.app.ctx, b.team.id, problem.id, 'overview'),
    ).rejects.toMatchObject({ status: 404 });
    expect(
      (await problemFullViewProps(t.app.ctx, a.team.id, problem.id, 'outputs')).elements,
    ).toHaveLength(1);
  });
});

describe('deleting a problem', () => {
  it('removes its elements, links, metrics, data points and values, says so, and goes back to the project', async () => {
    const { client, team, project } = await ownerWithProject(t.app);
    const { problem, activity } = await smallChain(t.app, team.id, project.id);
    const { metric } = await insertMetric(t.app, activity);
    const res = await client.delete(`/problems/${problem.id}`);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/projects/${project.id}`);
    const db = t.app.ctx.db;
    expect(await db.select().from(problems).where(eq(problems.id, problem.id))).toHaveLength(0);
    expect(
      await db.select().from(tocElements).where(eq(tocElements.problemId, problem.id)),
    ).toHaveLength(0);
    expect(await db.select().from(tocLinks).where(eq(tocLinks.problemId, problem.id))).toHaveLength(
      0,
    );
    expect(await db.select().from(metrics).where(eq(metrics.id, metric.id))).toHaveLength(0);
    expect(
      await db.select().from(dataPoints).where(eq(dataPoints.metricId, metric.id)),
    ).toHaveLength(0);
    expect(
      await db.select().from(metricValues).where(eq(metricValues.metricId, metric.id)),
    ).toHaveLength(0);
    const [log] = await db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'problem.deleted'), eq(auditLogs.subjectId, problem.id)));
    expect(log.details).toMatchObject({ elements: 4, links: 3, metrics: 1, values: 1 });
  });
});
