import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../../test/helpers/app.js';
import { signedInUser } from '../../../../test/helpers/auth.js';
import { addMember, createTeamFor } from '../../../../test/helpers/team-membership.js';
import { auditLogs } from '../../platform/audit/audit.tables.js';
import { projects } from '../projects/read-model.js';
import { problems, tocElements } from '../problems/read-model.js';
import { metrics } from '../metrics/read-model.js';
import { libraryItems } from './libraries.tables.js';
import { materializeProblem, SHIPPED_LIBRARY } from './index.js';
import { createApiToken } from '../api-tokens/index.js';
import {
  problemTemplateSchema,
  strategyTemplateSchema,
} from '../../../shared/toc/template.schemas.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const PROBLEM = SHIPPED_LIBRARY.find((e) => e.slug === 'girls-secondary-completion')!;
const STRATEGY = SHIPPED_LIBRARY.find((e) => e.slug === 'village-savings-groups')!;
// counts come from the templates, so the content can grow without touching these tests
const P = problemTemplateSchema.parse(PROBLEM.template);
const S = strategyTemplateSchema.parse(STRATEGY.template);
const P_ELEMENTS = P.elements.length;
const P_METRICS = P.elements.reduce((n, e) => n + e.metrics.length, 0);
const P_COUNTS = Object.fromEntries(
  ['activity', 'output', 'outcome', 'impact'].map((k) => [
    k,
    P.elements.filter((e) => e.kind === k).length,
  ]),
);

async function member(role: 'owner' | 'viewer' = 'owner') {
  const { user, client } = await signedInUser(t.app);
  const team = await createTeamFor(t.app, user.id);
  const [project] = await t.app.ctx.db
    .insert(projects)
    .values({ teamId: team.id, name: 'Girls’ education 2026' })
    .returning();
  return { user, client, team, project: project!, role };
}

async function problemIn(teamId: string, projectId: string, userId: string) {
  return t.app.ctx.db.transaction((tx) =>
    materializeProblem(tx, { teamId, projectId, userId, template: PROBLEM.template }),
  );
}

describe('libraries pages', () => {
  it('lists shipped entries with counts, filters by kind, sector and words, and explains the empty team library', async () => {
    const { client } = await member();
    const page = await client.page('/libraries');
    expect(page.component).toBe('libraries/index');
    const card = page.props.shipped.find((c: { id: string }) => c.id === PROBLEM.slug);
    expect(card).toMatchObject({
      source: 'shipped',
      kind: 'problem',
      sector: 'education',
      sectorLabel: 'Education',
      counts: P_COUNTS,
      metricCount: P_METRICS,
    });
    expect(page.props.team).toEqual([]);
    const strategies = await client.page('/libraries?kind=strategy');
    expect(strategies.props.shipped.every((c: { kind: string }) => c.kind === 'strategy')).toBe(
      true,
    );
    expect(strategies.props.shipped.map((c: { id: string }) => c.id)).toContain(STRATEGY.slug);
    const bySector = await client.page('/libraries?sector=financial-inclusion');
    expect(
      bySector.props.shipped.every((c: { sector: string }) => c.sector === 'financial-inclusion'),
    ).toBe(true);
    const search = await client.page('/libraries?q=bursary%20attendance');
    expect(search.props.shipped.map((c: { id: string }) => c.id)).toContain(PROBLEM.slug);
    expect((await client.page('/libraries?q=zzzz-no-such-words')).props.shipped).toEqual([]);
    const junk = await client.page('/libraries?kind=nonsense&sector=%00&page=3');
    expect(junk.props.filter).toEqual({ kind: null, sector: null, q: '' });
  });

  it('shows a shipped entry with its whole tree; unknown slugs and another team’s items answer 404', async () => {
    const a = await member();
    const page = await a.client.page(`/libraries/${PROBLEM.slug}`);
    expect(page.component).toBe('libraries/show');
    expect(page.props.item.template.elements).toHaveLength(P_ELEMENTS);
    expect(page.props.projects).toEqual([{ id: a.project.id, name: a.project.name }]);
    expect(page.props.can).toEqual({ copy: true, delete: false });
    expect((await a.client.get('/libraries/no-such-entry')).statusCode).toBe(404);
    const b = await member();
    const [item] = await t.app.ctx.db
      .insert(libraryItems)
      .values({
        teamId: b.team.id,
        kind: 'problem',
        sector: 'health',
        title: 'B’s item',
        template: { problem: { title: 'x' }, elements: [], links: [] },
      })
      .returning();
    expect((await a.client.get(`/libraries/${item!.id}`)).statusCode).toBe(404);
    const own = await b.client.page(`/libraries/${item!.id}`);
    expect(own.props.item).toMatchObject({
      source: 'team',
      title: 'B’s item',
      counts: { activity: 0, output: 0, outcome: 0, impact: 0 },
      metricCount: 0,
    });
    expect(own.props.can.delete).toBe(true);
  });
});

describe('copy', () => {
  it('copies a shipped problem into a project in one go, audits it, and marks the getting-started step', async () => {
    const { client, team, project, user } = await member();
    const step = async () =>
      (
        (await client.page('/dashboard')).props.steps as Array<{
          key: string;
          done: boolean;
          href: string | null;
        }>
      ).find((s) => s.key === 'library-problem');
    expect(await step()).toEqual(expect.objectContaining({ done: false, href: '/libraries' }));
    const res = await client.post(`/libraries/${PROBLEM.slug}/copy`, { projectId: project.id });
    expect(res.statusCode).toBe(303);
    const [copy] = await t.app.ctx.db.select().from(problems).where(eq(problems.teamId, team.id));
    expect(copy).toMatchObject({
      projectId: project.id,
      libraryItemId: PROBLEM.slug,
      title: P.problem.title,
      createdBy: user.id,
    });
    expect(res.headers.location).toMatch(
      new RegExp(`/(problems/${copy!.id}|projects/${project.id}|libraries)`),
    );
    expect(
      await t.app.ctx.db.select().from(tocElements).where(eq(tocElements.problemId, copy!.id)),
    ).toHaveLength(P_ELEMENTS);
    const [log] = await t.app.ctx.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'library.copied'), eq(auditLogs.subjectId, copy!.id)));
    expect(log).toMatchObject({ teamId: team.id, userId: user.id, subjectType: 'problem' });
    expect(log!.details).toMatchObject({
      libraryItem: PROBLEM.slug,
      projectId: project.id,
      newProject: false,
    });
    expect((await step())!.done).toBe(true);
  });

  it('creates the project on the spot when asked', async () => {
    const { client, team } = await member();
    const res = await client.post(`/libraries/${PROBLEM.slug}/copy`, {
      newProjectName: 'New from library',
    });
    expect(res.statusCode).toBe(303);
    const [p] = await t.app.ctx.db
      .select()
      .from(projects)
      .where(and(eq(projects.teamId, team.id), eq(projects.name, 'New from library')));
    expect(p).toBeTruthy();
    expect(
      await t.app.ctx.db.select().from(problems).where(eq(problems.projectId, p!.id)),
    ).toHaveLength(1);
  });

  it('refuses another team’s project (404), archived projects and missing choices (on the field), strategies, viewers (403)', async () => {
    const a = await member();
    const b = await member();
    expect(
      (await a.client.post(`/libraries/${PROBLEM.slug}/copy`, { projectId: b.project.id }))
        .statusCode,
    ).toBe(404);
    expect(
      await t.app.ctx.db.select().from(problems).where(eq(problems.projectId, b.project.id)),
    ).toHaveLength(0);
    await a.client.post(`/libraries/${PROBLEM.slug}/copy`, {});
    expect((await a.client.page(`/libraries/${PROBLEM.slug}`)).props.errors.projectId).toBe(
      'Choose a project or create a new one.',
    );
    await t.app.ctx.db
      .update(projects)
      .set({ status: 'archived' })
      .where(eq(projects.id, a.project.id));
    await a.client.post(`/libraries/${PROBLEM.slug}/copy`, { projectId: a.project.id });
    expect((await a.client.page(`/libraries/${PROBLEM.slug}`)).props.errors.projectId).toMatch(
      /archived/,
    );
    expect((await a.client.page(`/libraries/${PROBLEM.slug}`)).props.projects).toEqual([]);
    await a.client.post(`/libraries/${STRATEGY.slug}/copy`, { newProjectName: 'x' });
    expect((await a.client.page(`/libraries/${STRATEGY.slug}`)).props.errors.projectId).toMatch(
      /strategy/,
    );
    expect(
      await t.app.ctx.db
        .select()
        .from(projects)
        .where(and(eq(projects.teamId, a.team.id), eq(projects.name, 'x'))),
    ).toHaveLength(0);
    const viewer = await signedInUser(t.app);
    await addMember(t.app, a.team.id, viewer.user.id, 'viewer');
    expect(
      (await viewer.client.post(`/libraries/${PROBLEM.slug}/copy`, { newProjectName: 'y' }))
        .statusCode,
    ).toBe(403);
    expect((await viewer.client.page(`/libraries/${PROBLEM.slug}`)).props.can.copy).toBe(false);
  });

  it('copies a strategy into a problem of the team, and not into another team’s', async () => {
    const a = await member();
    const problemId = await problemIn(a.team.id, a.project.id, a.user.id);
    const res = await a.client.post(`/libraries/${STRATEGY.slug}/copy-strategy`, { problemId });
    expect(res.statusCode).toBe(303);
    const titles = (
      await t.app.ctx.db.select().from(tocElements).where(eq(tocElements.problemId, problemId))
    ).map((e) => e.title);
    expect(titles).toContain('Form and train savings groups');
    expect(titles).toHaveLength(P_ELEMENTS + S.elements.length);
    const b = await member();
    expect(
      (await b.client.post(`/libraries/${STRATEGY.slug}/copy-strategy`, { problemId })).statusCode,
    ).toBe(404);
    expect(
      await t.app.ctx.db.select().from(tocElements).where(eq(tocElements.problemId, problemId)),
    ).toHaveLength(P_ELEMENTS + S.elements.length);
    await a.client.post(`/libraries/${STRATEGY.slug}/copy-strategy`, { problemId: 'nope' });
    expect((await a.client.page(`/libraries/${STRATEGY.slug}`)).props.errors.problemId).toBe(
      'Choose a problem.',
    );
  });
});

describe('team library', () => {
  it('saves a problem without baselines, copies it back independently, deletes it; shipped entries cannot be deleted', async () => {
    const a = await member();
    const problemId = await problemIn(a.team.id, a.project.id, a.user.id);
    await t.app.ctx.db
      .update(metrics)
      .set({ baselineValue: 987654.25 })
      .where(eq(metrics.problemId, problemId));
    const res = await a.client.post(`/problems/${problemId}/save-to-library`, {
      kind: 'problem',
      sector: 'gender',
      title: 'Our tested approach',
    });
    expect(res.statusCode).toBe(303);
    const [item] = await t.app.ctx.db
      .select()
      .from(libraryItems)
      .where(eq(libraryItems.teamId, a.team.id));
    expect(item).toMatchObject({
      kind: 'problem',
      sector: 'gender',
      title: 'Our tested approach',
      createdBy: a.user.id,
    });
    expect(res.headers.location).toBe(`/libraries/${item!.id}`);
    expect(JSON.stringify(item!.template)).not.toContain('987654');
    const list = await a.client.page('/libraries');
    expect(list.props.team).toHaveLength(1);
    expect(list.props.team[0]).toMatchObject({
      id: item!.id,
      source: 'team',
      counts: P_COUNTS,
      metricCount: P_METRICS,
      sectorLabel: 'Gender equality',
    });
    // copy it back: independent of the source problem
    await a.client.post(`/libraries/${item!.id}/copy`, { projectId: a.project.id });
    const copies = await t.app.ctx.db
      .select()
      .from(problems)
      .where(eq(problems.libraryItemId, item!.id));
    expect(copies).toHaveLength(1);
    await t.app.ctx.db.delete(problems).where(eq(problems.id, problemId));
    expect(
      await t.app.ctx.db.select().from(tocElements).where(eq(tocElements.problemId, copies[0]!.id)),
    ).toHaveLength(P_ELEMENTS);
    // another team cannot save our problem, see or delete our item
    const b = await member();
    expect(
      (await b.client.post(`/problems/${copies[0]!.id}/save-to-library`, { sector: 'health' }))
        .statusCode,
    ).toBe(404);
    expect((await b.client.delete(`/libraries/${item!.id}`)).statusCode).toBe(404);
    expect((await a.client.delete(`/libraries/${PROBLEM.slug}`)).statusCode).toBe(404);
    await a.client.post(`/problems/${copies[0]!.id}/save-to-library`, {
      kind: 'problem',
      sector: 'nowhere',
    });
    expect((await a.client.page('/libraries')).props.errors.sector).toBe('Choose a sector.');
    const del = await a.client.delete(`/libraries/${item!.id}`);
    expect(del.statusCode).toBe(303);
    expect(
      await t.app.ctx.db.select().from(libraryItems).where(eq(libraryItems.teamId, a.team.id)),
    ).toHaveLength(0);
    const actions = (
      await t.app.ctx.db.select().from(auditLogs).where(eq(auditLogs.teamId, a.team.id))
    ).map((r) => r.action);
    expect(actions).toEqual(
      expect.arrayContaining(['library.saved', 'library.copied', 'library.deleted']),
    );
  });
});

describe('library API', () => {
  const api = (token: string, method: 'GET' | 'POST', url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: {
        authorization: `Bearer ${token}`,
        ...(payload ? { 'content-type': 'application/json' } : {}),
      },
      payload: payload ? JSON.stringify(payload) : undefined,
    });

  it('lists (filtered, paginated), shows and copies', async () => {
    const a = await member();
    const { plainText: token } = await createApiToken(t.app.ctx, {
      userId: a.user.id,
      teamId: a.team.id,
      name: 'lib',
      abilities: ['read', 'create'],
    });
    const list = await api(token, 'GET', '/api/v1/library?perPage=1');
    expect(list.statusCode).toBe(200);
    expect(list.json().data).toHaveLength(1);
    expect(list.json().meta).toMatchObject({ page: 1, perPage: 1, total: SHIPPED_LIBRARY.length });
    const strategies = await api(token, 'GET', '/api/v1/library?kind=strategy');
    expect(strategies.json().data.every((x: { kind: string }) => x.kind === 'strategy')).toBe(true);
    expect((await api(token, 'GET', '/api/v1/library?kind=nonsense')).statusCode).toBe(422);
    const show = await api(token, 'GET', `/api/v1/library/${PROBLEM.slug}`);
    expect(show.json().template.elements).toHaveLength(P_ELEMENTS);
    expect((await api(token, 'GET', '/api/v1/library/nothing-here')).statusCode).toBe(404);
    const copy = await api(token, 'POST', `/api/v1/library/${PROBLEM.slug}/copy`, {
      projectId: a.project.id,
    });
    expect(copy.statusCode).toBe(201);
    const [row] = await t.app.ctx.db
      .select()
      .from(problems)
      .where(eq(problems.id, copy.json().problemId));
    expect(row).toMatchObject({ teamId: a.team.id, projectId: a.project.id });
    const b = await member();
    expect(
      (
        await api(token, 'POST', `/api/v1/library/${PROBLEM.slug}/copy`, {
          projectId: b.project.id,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await api(token, 'POST', `/api/v1/library/${PROBLEM.slug}/copy`, { projectId: 'x' }))
        .statusCode,
    ).toBe(422);
    const doc = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/v1/library',
        '/api/v1/library/{libraryItem}',
        '/api/v1/library/{libraryItem}/copy',
      ]),
    );
  });

  it('a copy records the same audit details from the page and from the API', async () => {
    const a = await member();
    const { plainText: token } = await createApiToken(t.app.ctx, {
      userId: a.user.id,
      teamId: a.team.id,
      name: 'lib',
      abilities: ['read', 'create'],
    });
    expect(
      (await a.client.post(`/libraries/${PROBLEM.slug}/copy`, { projectId: a.project.id }))
        .statusCode,
    ).toBe(303);
    expect(
      (
        await api(token, 'POST', `/api/v1/library/${PROBLEM.slug}/copy`, {
          projectId: a.project.id,
        })
      ).statusCode,
    ).toBe(201);
    const logs = await t.app.ctx.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.teamId, a.team.id), eq(auditLogs.action, 'library.copied')));
    expect(logs).toHaveLength(2);
    expect(logs[0].details).toEqual(logs[1].details);
    expect(logs[0].details).toEqual({
      libraryItem: PROBLEM.slug,
      source: 'shipped',
      projectId: a.project.id,
      projectName: a.project.name,
      newProject: false,
    });
  });
});
