import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../../test/helpers/app.js';
import { signedInUser } from '../../../../test/helpers/auth.js';
import { addMember, createTeamFor } from '../../../../test/helpers/team-membership.js';
import { auditLogs } from '../../platform/audit/audit.tables.js';
import { dataPoints, metrics, metricValues } from '../metrics/read-model.js';
import { problems, tocElements, tocLinks } from '../problems/read-model.js';
import { projects } from './projects.tables.js';
import { denial } from '../../platform/use-case/index.js';
import { findProject, projectShowProps } from './index.js';
import type { KeyMetric } from '../../../shared/metrics/metrics.pages.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function owner() {
  const { user, client } = await signedInUser(t.app);
  const team = await createTeamFor(t.app, user.id);
  return { user, client, team };
}

async function createThroughPage(
  client: Awaited<ReturnType<typeof owner>>['client'],
  body: Record<string, unknown>,
) {
  const res = await client.post('/projects', body);
  expect(res.statusCode).toBe(303);
  const id = res.headers.location!.split('/').pop()!;
  return id;
}

/** A problem with two elements, a link, a metric with a data point and three values. */
async function seedTree(teamId: string, projectId: string) {
  const db = t.app.ctx.db;
  const [p] = await db
    .insert(problems)
    .values({ teamId, projectId, title: 'Girls drop out of school' })
    .returning();
  const [a] = await db
    .insert(tocElements)
    .values({ teamId, problemId: p.id, kind: 'activity', title: 'Mentoring' })
    .returning();
  const [o] = await db
    .insert(tocElements)
    .values({ teamId, problemId: p.id, kind: 'output', title: 'Girls mentored' })
    .returning();
  await db.insert(tocLinks).values({ teamId, problemId: p.id, fromId: a.id, toId: o.id });
  const [m] = await db
    .insert(metrics)
    .values({ teamId, problemId: p.id, elementId: o.id, name: 'Girls mentored' })
    .returning();
  const [dp] = await db
    .insert(dataPoints)
    .values({ teamId, problemId: p.id, metricId: m.id, key: 'girls', name: 'Girls' })
    .returning();
  await db.insert(metricValues).values(
    [1, 2, 3].map((v) => ({
      teamId,
      metricId: m.id,
      dataPointId: dp.id,
      period: `2026-Q${v}`,
      value: v,
    })),
  );
  return p;
}

describe('projects pages', () => {
  it('creates, lists, shows, edits a project and audits each change', async () => {
    const { user, client } = await owner();
    let list = await client.page('/projects');
    expect(list.component).toBe('projects/index');
    expect(list.props.projects.total).toBe(0);
    expect(list.props.counts).toEqual({ active: 0, archived: 0 });
    expect(list.props.can.create).toBe(true);

    const id = await createThroughPage(client, {
      name: '  Girls’ education  ',
      description: 'Keep girls in school',
      funder: 'Ford',
      location: 'Kisumu',
      startDate: '2026-01-01',
      endDate: '2026-12-31',
    });
    const show = await client.page(`/projects/${id}`);
    expect(show.component).toBe('projects/show');
    expect(show.props.project).toMatchObject({
      id,
      name: 'Girls’ education',
      funder: 'Ford',
      startDate: '2026-01-01',
      endDate: '2026-12-31',
      status: 'active',
    });
    expect(show.props.flash.success).toMatch(/created/);
    expect(show.props.problems).toEqual([]);
    expect(show.props.deletionImpact).toEqual({ problems: 0, elements: 0, metrics: 0, values: 0 });
    expect(show.props.activity.map((a: { action: string }) => a.action)).toEqual([
      'project.created',
    ]);

    list = await client.page('/projects?search=girls');
    expect(list.props.projects.rows).toEqual([
      expect.objectContaining({ id, name: 'Girls’ education', problemsCount: 0, status: 'active' }),
    ]);
    expect((await client.page('/projects?search=nothing-like-it')).props.projects.total).toBe(0);

    const edit = await client.page(`/projects/${id}/edit`);
    expect(edit.component).toBe('projects/edit');
    const put = await client.put(`/projects/${id}`, {
      name: 'Girls’ education 2026',
      description: '',
      funder: 'Ford',
      location: 'Kisumu',
      startDate: '2026-01-01',
      endDate: '',
    });
    expect(put.statusCode).toBe(303);
    const after = await findProject(
      t.app.ctx.db,
      (await t.app.ctx.db.select().from(projects).where(eq(projects.id, id)))[0].teamId,
      id,
    );
    expect(after).toMatchObject({
      name: 'Girls’ education 2026',
      description: null,
      endDate: null,
    });
    const rows = await t.app.ctx.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.userId, user.id), eq(auditLogs.subjectId, id)));
    const updated = rows.find((r) => r.action === 'project.updated')!;
    expect(updated.details).toMatchObject({
      projectId: id,
      changed: ['name', 'description', 'endDate'],
      previousName: 'Girls’ education',
    });
  });

  it('puts validation errors on the field and stores nothing', async () => {
    const { client, team } = await owner();
    await client.post('/projects', { name: '   ' });
    let page = await client.page('/projects/create');
    expect(page.props.errors.name).toBe('Give the project a name.');
    await client.post('/projects', {
      name: 'Dates',
      startDate: '2026-06-01',
      endDate: '2026-05-31',
    });
    page = await client.page('/projects/create');
    expect(page.props.errors.endDate).toBe('The end date must be on or after the start date.');
    await client.post('/projects', { name: 'Dates', startDate: '2026-02-30' });
    page = await client.page('/projects/create');
    expect(page.props.errors.startDate).toMatch(/valid date/);
    await client.post('/projects', { name: 'x', owner: 'someone' });
    page = await client.page('/projects/create');
    expect(page.props.errors.owner).toMatch(/Unknown field/);
    expect(
      await t.app.ctx.db.select().from(projects).where(eq(projects.teamId, team.id)),
    ).toHaveLength(0);
  });

  it('filters by status and sorts by problems count', async () => {
    const { client, team } = await owner();
    const a = await createThroughPage(client, { name: 'Alpha' });
    const b = await createThroughPage(client, { name: 'Beta' });
    await seedTree(team.id, b);
    await client.post(`/projects/${a}/archive`);
    let page = await client.page('/projects');
    expect(page.props.status).toBe('active');
    expect(page.props.projects.rows.map((r: { name: string }) => r.name)).toEqual(['Beta']);
    expect(page.props.counts).toEqual({ active: 1, archived: 1 });
    page = await client.page('/projects?status=archived');
    expect(page.props.projects.rows.map((r: { name: string }) => r.name)).toEqual(['Alpha']);
    page = await client.page('/projects?status=all&sort=problems&dir=desc');
    expect(
      page.props.projects.rows.map((r: { name: string; problemsCount: number }) => [
        r.name,
        r.problemsCount,
      ]),
    ).toEqual([
      ['Beta', 1],
      ['Alpha', 0],
    ]);
    expect((await client.page('/projects?status=bogus')).props.status).toBe('active');
  });

  it('answers 404 for another team’s project on every route, and leaves it alone', async () => {
    const a = await owner();
    const id = await createThroughPage(a.client, { name: 'Private' });
    const b = await owner();
    expect((await b.client.get(`/projects/${id}`)).statusCode).toBe(404);
    expect((await b.client.get(`/projects/${id}/edit`)).statusCode).toBe(404);
    expect((await b.client.put(`/projects/${id}`, { name: 'Stolen' })).statusCode).toBe(404);
    expect((await b.client.post(`/projects/${id}/archive`)).statusCode).toBe(404);
    expect((await b.client.post(`/projects/${id}/restore`)).statusCode).toBe(404);
    expect((await b.client.delete(`/projects/${id}`, { confirm: 'Private' })).statusCode).toBe(404);
    expect((await b.client.get(`/projects/not-a-uuid`)).statusCode).toBe(404);
    expect((await b.client.page('/projects')).props.projects.total).toBe(0);
    const [row] = await t.app.ctx.db.select().from(projects).where(eq(projects.id, id));
    expect(row).toMatchObject({ name: 'Private', status: 'active' });
    await expect(findProject(t.app.ctx.db, b.team.id, id)).rejects.toMatchObject({ status: 404 });
  });

  it('lets a viewer read but not write (403)', async () => {
    const a = await owner();
    const id = await createThroughPage(a.client, { name: 'Shared' });
    const viewer = await signedInUser(t.app);
    await addMember(t.app, a.team.id, viewer.user.id, 'viewer');
    const show = await viewer.client.page(`/projects/${id}`);
    expect(show.props.can).toEqual({ update: false, delete: false, create: false });
    expect((await viewer.client.page('/projects')).props.can.create).toBe(false);
    expect((await viewer.client.get('/projects/create')).statusCode).toBe(403);
    expect((await viewer.client.post('/projects', { name: 'Nope' })).statusCode).toBe(403);
    expect((await viewer.client.put(`/projects/${id}`, { name: 'Nope' })).statusCode).toBe(403);
    expect((await viewer.client.post(`/projects/${id}/archive`)).statusCode).toBe(403);
    expect((await viewer.client.delete(`/projects/${id}`, { confirm: 'Shared' })).statusCode).toBe(
      403,
    );
  });

  it('archived projects are read-only until restored', async () => {
    const { client } = await owner();
    const id = await createThroughPage(client, { name: 'Closed programme' });
    expect((await client.post(`/projects/${id}/archive`)).statusCode).toBe(303);
    const show = await client.page(`/projects/${id}`);
    expect(show.props.project.status).toBe('archived');
    expect(show.props.project.archivedAt).not.toBeNull();
    const put = await client.put(`/projects/${id}`, { name: 'Edited anyway' });
    expect(put.statusCode).toBe(409);
    expect(put.json().props.message).toMatch(/archived and read-only/);
    // the edit page sends the user back to the project with the reason
    const edit = await client.get(`/projects/${id}/edit`);
    expect(edit.statusCode).toBe(303);
    expect((await client.page(`/projects/${id}`)).props.flash.error).toMatch(/archived/);
    // the rule is the policy's: every content write under an archived project is refused
    expect(
      denial({ userId: 'u', role: 'owner' }, 'content.update', { project: { status: 'archived' } }),
    ).toMatchObject({ code: 'PROJECT_ARCHIVED', status: 409 });
    expect(
      denial({ userId: 'u', role: 'owner' }, 'content.update', { project: { status: 'active' } }),
    ).toBeNull();
    await client.post(`/projects/${id}/restore`);
    expect((await client.put(`/projects/${id}`, { name: 'Edited after restore' })).statusCode).toBe(
      303,
    );
    const actions = (await client.page(`/projects/${id}`)).props.activity.map(
      (a: { action: string }) => a.action,
    );
    expect(actions).toEqual([
      'project.updated',
      'project.restored',
      'project.archived',
      'project.created',
    ]);
  });

  it('recent activity includes the changes inside its problems: elements, links and metrics', async () => {
    const { client } = await owner();
    const id = await createThroughPage(client, { name: 'Watched' });
    expect(
      (await client.post(`/projects/${id}/problems`, { title: 'Girls leave school early' }))
        .statusCode,
    ).toBe(303);
    const [problem] = await t.app.ctx.db.select().from(problems).where(eq(problems.projectId, id));
    await client.post(`/problems/${problem.id}/elements`, {
      kind: 'activity',
      title: 'Mentor girls',
    });
    const [activity] = await t.app.ctx.db
      .select()
      .from(tocElements)
      .where(eq(tocElements.problemId, problem.id));
    await client.post(`/problems/${problem.id}/elements`, {
      kind: 'output',
      title: 'Girls mentored',
      parentId: activity.id,
    });
    const [output] = await t.app.ctx.db
      .select()
      .from(tocElements)
      .where(and(eq(tocElements.problemId, problem.id), eq(tocElements.kind, 'output')));
    expect(
      (
        await client.post(`/elements/${output.id}/metrics`, {
          name: 'Girls mentored',
          type: 'count',
          direction: 'increase',
          period: 'quarterly',
          periodStart: '2026-01-01',
          periodEnd: '2026-12-31',
        })
      ).statusCode,
    ).toBe(303);
    expect(
      await t.app.ctx.db.select().from(metrics).where(eq(metrics.elementId, output.id)),
    ).toHaveLength(1);
    const actions = (await client.page(`/projects/${id}`)).props.activity.map(
      (a: { action: string }) => a.action,
    );
    expect(actions).toEqual(
      expect.arrayContaining([
        'metric.created',
        'element.created',
        'problem.created',
        'project.created',
      ]),
    );
    expect(actions.filter((a: string) => a === 'element.created')).toHaveLength(2);

    // the logs page's sentences, never the old action labels (issue 8 item 22)
    const sentences = (await client.page(`/projects/${id}`)).props.activity.map(
      (a: { sentence: string }) => a.sentence,
    );
    expect(sentences).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/ added the metric “Girls mentored”$/),
        expect.stringMatching(/ added “Mentor girls” to the theory of change$/),
        expect.stringMatching(/ created the problem “Girls leave school early”$/),
        expect.stringMatching(/ created the project “Watched”$/),
      ]),
    );
    expect(sentences.join('\n')).not.toMatch(/\b(metric|element|problem|project)\.created\b/);
  });

  it('counts what a delete takes, asks for the exact name, then cascades', async () => {
    const { client, team } = await owner();
    const id = await createThroughPage(client, { name: 'Doomed' });
    const keep = await createThroughPage(client, { name: 'Kept' });
    const problem = await seedTree(team.id, id);
    await seedTree(team.id, keep);
    const show = await client.page(`/projects/${id}`);
    expect(show.props.deletionImpact).toEqual({ problems: 1, elements: 2, metrics: 1, values: 3 });
    expect(show.props.problems).toEqual([
      expect.objectContaining({
        id: problem.id,
        title: 'Girls drop out of school',
        status: 'draft',
        counts: { activity: 1, output: 1, outcome: 0, impact: 0, metrics: 1 },
      }),
    ]);

    await client.delete(`/projects/${id}`, { confirm: 'doomed' });
    expect((await client.page(`/projects/${id}`)).props.errors.confirm).toMatch(/exactly/);
    const res = await client.delete(`/projects/${id}`, { confirm: 'Doomed' });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/projects');
    expect(
      await t.app.ctx.db.select().from(problems).where(eq(problems.projectId, id)),
    ).toHaveLength(0);
    expect(
      await t.app.ctx.db.select().from(tocElements).where(eq(tocElements.problemId, problem.id)),
    ).toHaveLength(0);
    expect(
      await t.app.ctx.db.select().from(metrics).where(eq(metrics.problemId, problem.id)),
    ).toHaveLength(0);
    expect(
      await t.app.ctx.db.select().from(metricValues).where(eq(metricValues.teamId, team.id)),
    ).toHaveLength(3); // the kept project's
    expect((await client.get(`/projects/${id}`)).statusCode).toBe(404);
    const [entry] = await t.app.ctx.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'project.deleted'), eq(auditLogs.subjectId, id)));
    expect(entry.details).toMatchObject({
      name: 'Doomed',
      deleted: { problems: 1, elements: 2, metrics: 1, values: 3 },
    });
  });

  it('takes extra props for the project page from other modules', async () => {
    const { client } = await owner();
    const id = await createThroughPage(client, { name: 'With metrics' });
    const providers = projectShowProps(t.app.ctx);
    // the provider is told which project (the stand-in names its metric after it)
    const keyMetric = (projectId: string): KeyMetric => ({
      metricId: 'm1',
      name: projectId,
      unit: null,
      type: 'count',
      currency: null,
      elementId: 'e1',
      elementKind: 'outcome',
      elementTitle: 'E',
      problemId: 'p1',
      starred: false,
      baseline: null,
      latestPeriod: null,
      latestLabel: null,
      latestActual: null,
      latestTarget: null,
      progress: null,
    });
    const provider = async ({ projectId }: { projectId: string }) => ({
      keyMetrics: [keyMetric(projectId)],
    });
    providers.push(provider);
    try {
      const page = await client.page(`/projects/${id}`);
      expect(page.props.keyMetrics).toEqual([keyMetric(id)]);
      expect(page.props.project.id).toBe(id);
    } finally {
      providers.splice(providers.indexOf(provider), 1);
    }
  });

  it('ticks the getting-started step once the team has a project', async () => {
    const { client } = await owner();
    const step = async () =>
      (
        (await client.page('/dashboard')).props.steps as Array<{
          key: string;
          done: boolean;
          href: string | null;
        }>
      ).find((x) => x.key === 'create-project');
    expect(await step()).toMatchObject({ done: false, href: '/projects' });
    await createThroughPage(client, { name: 'First' });
    expect((await step())?.done).toBe(true);
  });
});
