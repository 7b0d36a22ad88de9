import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helpers/app.js';
import { signedInUser, type TestUser } from '../../../../test/helpers/auth.js';
import { addMember, createTeamFor } from '../../../../test/helpers/team-membership.js';
import { TestClient } from '../../../../test/helpers/client.js';
import { projects } from '../projects/read-model.js';
import { seedTheoryOfChange } from '../problems/toc-views.test-support.js';
import { matchRank, type SearchResult } from '../../../shared/playground/playground.schemas.js';

let t: TestApp;
let owner: { user: TestUser; client: TestClient };
let viewer: { user: TestUser; client: TestClient };
let outsider: { user: TestUser; client: TestClient };
let team: { id: string };
let otherTeam: { id: string };
let mine: Awaited<ReturnType<typeof seedTheoryOfChange>>;

async function search(client: TestClient, qs: string) {
  const res = await client.request(
    'GET',
    `/playground/search?${qs}`,
    undefined,
    { accept: 'application/json' },
    false,
  );
  return {
    status: res.statusCode,
    body: res.json() as { results: SearchResult[]; errors?: Record<string, string> },
  };
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await signedInUser(t.app, { name: 'Olive Owner' });
  viewer = await signedInUser(t.app, { name: 'Vera Viewer' });
  outsider = await signedInUser(t.app, { name: 'Otto Outsider' });
  team = await createTeamFor(t.app, owner.user.id, 'Field Team');
  await addMember(t.app, team.id, viewer.user.id, 'viewer');
  otherTeam = await createTeamFor(t.app, outsider.user.id, 'Other Team');
  mine = await seedTheoryOfChange(t.app.ctx.db, { teamId: team.id, size: 12 });
  // the other team has rows with the same words
  await seedTheoryOfChange(t.app.ctx.db, {
    teamId: otherTeam.id,
    size: 12,
    projectName: 'Other team water project',
  });
  await t.app.ctx.db.insert(projects).values([
    { teamId: team.id, name: '100% literacy' },
    { teamId: team.id, name: '100 schools' },
    { teamId: team.id, name: 'snake_case project' },
    { teamId: team.id, name: 'snakeXcase project' },
    ...Array.from({ length: 60 }, (_, i) => ({
      teamId: team.id,
      name: `Bulk water project ${i + 1}`,
    })),
  ]);
});
afterAll(() => t.close());

describe('playground', () => {
  it('renders the page for a viewer', async () => {
    const page = await viewer.client.page('/playground?q=teachers');
    expect(page.component).toBe('problems/playground');
    expect(page.props.initialQuery).toBe('teachers');
  });

  it('finds elements, metrics, data points and questions of the team with their breadcrumb and page URL', async () => {
    const elements = (await search(viewer.client, 'q=teachers')).body.results;
    expect(elements.length).toBeGreaterThan(0);
    expect(elements.find((r) => r.type === 'element')).toMatchObject({
      subtitle: expect.stringContaining("Girls' education programme › Girls drop out"),
      url: expect.stringMatching(/^\/elements\/[0-9a-f-]{36}$/),
    });
    expect(
      (await search(viewer.client, 'q=attendance&kinds=metric')).body.results.every(
        (r) => r.type === 'metric',
      ),
    ).toBe(true);
    const dp = (await search(viewer.client, 'q=register&kinds=data_point')).body.results;
    expect(dp[0]).toMatchObject({
      type: 'data_point',
      url: `/data-points/${mine.dataPointIds[0]}`,
    });
    const q = (await search(viewer.client, 'q=daughter')).body.results;
    expect(q).toEqual([
      expect.objectContaining({
        type: 'survey_question',
        subtitle: expect.stringContaining(' › Girls counted in register'),
      }),
    ]);
  });

  it("never returns another team's rows", async () => {
    const mineOnly = (await search(owner.client, 'q=a')).body.results;
    expect(mineOnly.some((r) => r.title.includes('Other team'))).toBe(false);
    const theirs = (await search(outsider.client, 'q=Bulk water')).body.results;
    expect(theirs).toEqual([]);
    const other = (await search(outsider.client, 'q=water')).body.results;
    expect(other.map((r) => r.title)).toEqual(['Other team water project']);
  });

  it('takes % and _ literally', async () => {
    expect(
      (await search(owner.client, 'q=%25&kinds=project')).body.results.map((r) => r.title),
    ).toEqual(['100% literacy']);
    expect(
      (await search(owner.client, 'q=snake_&kinds=project')).body.results.map((r) => r.title),
    ).toEqual(['snake_case project']);
    expect((await search(owner.client, 'q=%5C&kinds=project')).body.results).toEqual([]);
  });

  it('ranks prefix matches first and caps the list at 50', async () => {
    const res = (await search(owner.client, 'q=water')).body.results;
    expect(res).toHaveLength(50);
    const ranks = res.map((r) => matchRank(r.title, 'water'));
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    const prefixed = (await search(owner.client, 'q=bulk')).body.results;
    expect(prefixed.every((r) => matchRank(r.title, 'bulk') === 0)).toBe(true);
    const schools = (await search(owner.client, 'q=100&kinds=project')).body.results.map(
      (r) => r.title,
    );
    expect(schools).toEqual(
      ['100% literacy', '100 schools'].sort((a, b) => a.length - b.length || a.localeCompare(b)),
    );
    const words = (await search(owner.client, 'q=case&kinds=project')).body.results.map(
      (r) => r.title,
    );
    expect(words[0]).toBe('snake_case project');
  });

  it('an empty query finds nothing; a bad kind is refused on the field', async () => {
    expect((await search(owner.client, 'q=')).body.results).toEqual([]);
    const bad = await search(owner.client, 'q=x&kinds=users');
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toHaveProperty('kinds');
  });

  it('needs a signed-in team member', async () => {
    const anon = new TestClient(t.app, { inertia: false });
    const res = await anon.request(
      'GET',
      '/playground/search?q=water',
      undefined,
      { accept: 'application/json' },
      false,
    );
    expect(res.statusCode).toBe(401);
  });
});
