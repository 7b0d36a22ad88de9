import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../../test/helpers/app.js';
import { signedInUser, type TestUser } from '../../../../test/helpers/auth.js';
import { addMember, createTeamFor } from '../../../../test/helpers/team-membership.js';
import type { TestClient } from '../../../../test/helpers/client.js';
import { tocElements, tocLinks } from './problems.tables.js';
import { metrics } from '../metrics/read-model.js';
import { seedTheoryOfChange } from './toc-views.test-support.js';
import { diagramProps } from './diagram.props.js';
import { tableViewProps } from './table-view.props.js';
import { countingContext } from './query-counter.test-support.js';
import type { Diagram } from '../../../shared/toc/diagram.js';

let t: TestApp;
let owner: { user: TestUser; client: TestClient };
let viewer: { user: TestUser; client: TestClient };
let outsider: { user: TestUser; client: TestClient };
let team: { id: string };
let otherTeam: { id: string };
let mine: Awaited<ReturnType<typeof seedTheoryOfChange>>;
let theirs: Awaited<ReturnType<typeof seedTheoryOfChange>>;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signedInUser(t.app, { name: 'Olive Owner' });
  viewer = await signedInUser(t.app, { name: 'Vera Viewer' });
  outsider = await signedInUser(t.app, { name: 'Otto Outsider' });
  team = await createTeamFor(t.app, owner.user.id, 'Field Team');
  await addMember(t.app, team.id, viewer.user.id, 'viewer');
  otherTeam = await createTeamFor(t.app, outsider.user.id, 'Other Team');
  mine = await seedTheoryOfChange(t.app.ctx.db, { teamId: team.id, size: 12 });
  theirs = await seedTheoryOfChange(t.app.ctx.db, {
    teamId: otherTeam.id,
    size: 12,
    prefix: 'Theirs: ',
  });
});
afterAll(() => t.close());

describe('problems.diagram', () => {
  it('draws every element of the problem in its column with links and metric counts', async () => {
    const page = await viewer.client.page(`/problems/${mine.problemId}/diagram`);
    expect(page.component).toBe('problems/new-full-view');
    const { diagram, problem } = page.props as {
      diagram: Diagram;
      problem: { id: string; title: string; project: { id: string; name: string } };
    };
    expect(problem).toMatchObject({ id: mine.problemId, project: { id: mine.projectId } });
    expect(diagram.nodes).toHaveLength(12);
    expect(new Set(diagram.nodes.map((n) => n.id))).toEqual(new Set(mine.elementIds));
    expect(diagram.edges).toHaveLength(mine.linkCount);
    expect(
      diagram.edges.some((e) => e.assumptions === 'Schools release teachers for training'),
    ).toBe(true);
    const counted = diagram.nodes.filter((n) => n.metricsCount > 0);
    expect(counted.reduce((s, n) => s + n.metricsCount, 0)).toBe(mine.metricIds.length);
    // columns never decrease along the node list
    expect(diagram.nodes.map((n) => n.column)).toEqual(
      [...diagram.nodes.map((n) => n.column)].sort((a, b) => a - b),
    );
    for (const n of diagram.nodes)
      expect(Object.keys(n).sort()).toEqual([
        'assumptions',
        'column',
        'description',
        'horizon',
        'id',
        'kind',
        'metricsCount',
        'risks',
        'status',
        'title',
      ]);
  });

  it("another team's problem, an unknown id and a malformed id are all 404", async () => {
    expect((await owner.client.get(`/problems/${theirs.problemId}/diagram`)).statusCode).toBe(404);
    expect((await outsider.client.get(`/problems/${mine.problemId}/diagram`)).statusCode).toBe(404);
    expect((await owner.client.get(`/problems/${randomUUID()}/diagram`)).statusCode).toBe(404);
    expect((await owner.client.get(`/problems/not-a-uuid/diagram`)).statusCode).toBe(404);
  });

  it('never shows rows of another team even when they point at this problem', async () => {
    // a corrupt row: team B's element filed under team A's problem id
    await t.app.ctx.db.insert(tocElements).values({
      teamId: otherTeam.id,
      problemId: mine.problemId,
      kind: 'activity',
      title: 'Leaked activity',
    });
    const { diagram } = await diagramProps(t.app.ctx, team.id, mine.problemId);
    expect(diagram.nodes.map((n) => n.title)).not.toContain('Leaked activity');
  });

  it('a problem without links gives nodes and no edges', async () => {
    const empty = await seedTheoryOfChange(t.app.ctx.db, { teamId: team.id, size: 4 });
    await t.app.ctx.db.delete(tocLinks).where(eq(tocLinks.problemId, empty.problemId));
    const { diagram } = await diagramProps(t.app.ctx, team.id, empty.problemId);
    expect(diagram.edges).toEqual([]);
    expect(diagram.nodes).toHaveLength(4);
  });
});

describe('query count', () => {
  it('the diagram and table props take the same number of queries for 12 and 300 elements (no N+1)', async () => {
    const big = await seedTheoryOfChange(t.app.ctx.db, {
      teamId: team.id,
      size: 300,
      metricsPerElement: 2,
    });
    const counts: number[][] = [];
    for (const problemId of [mine.problemId, big.problemId]) {
      const d = countingContext(t.app.ctx);
      const { diagram } = await diagramProps(d.ctx, team.id, problemId);
      const tv = countingContext(t.app.ctx);
      await tableViewProps(tv.ctx, team.id, problemId);
      counts.push([d.count(), tv.count(), diagram.nodes.length]);
    }
    expect(counts[1][2]).toBe(300);
    expect(counts[0][0]).toBe(4);
    expect(counts[1][0]).toBe(counts[0][0]);
    expect(counts[1][1]).toBe(counts[0][1]);
  });
});

describe('problems.table', () => {
  it('lists every element, metric and data point with the columns of each layout', async () => {
    const page = await viewer.client.page(`/problems/${mine.problemId}/table`);
    expect(page.component).toBe('problems/table-full-view');
    const p = page.props as {
      elements: Array<Record<string, unknown>>;
      metrics: Array<Record<string, unknown>>;
      dataPoints: Array<Record<string, unknown>>;
    };
    expect(p.elements).toHaveLength(12);
    expect(p.metrics).toHaveLength(mine.metricIds.length);
    expect(p.dataPoints).toHaveLength(mine.dataPointIds.length);
    const activity = p.elements.find((e) => e.kind === 'activity')!;
    expect((activity.feedsInto as string[]).length).toBeGreaterThan(0);
    const outcome = p.elements.find((e) => e.kind === 'outcome')!;
    expect(['short', 'medium', 'long']).toContain(outcome.horizon);
    expect(p.metrics.find((m) => m.id === mine.metricIds[0])).toMatchObject({
      unit: expect.any(String),
      baselineValue: expect.any(Number),
      period: 'quarterly',
      elementTitle: expect.any(String),
      dataPointsCount: 1,
    });
    expect(p.dataPoints.find((d) => d.id === mine.dataPointIds[0])).toMatchObject({
      aggregation: 'sum',
      starred: true,
      metricName: expect.any(String),
      questionsCount: 1,
    });
    const [m] = await t.app.ctx.db
      .select({ elementId: metrics.elementId })
      .from(metrics)
      .where(eq(metrics.id, mine.metricIds[0]));
    expect(p.elements.find((e) => e.id === m.elementId)!.metricsCount).toBeGreaterThan(0);
  });

  it("another team's problem is 404", async () => {
    expect((await owner.client.get(`/problems/${theirs.problemId}/table`)).statusCode).toBe(404);
    expect((await outsider.client.get(`/problems/${mine.problemId}/table`)).statusCode).toBe(404);
  });
});
