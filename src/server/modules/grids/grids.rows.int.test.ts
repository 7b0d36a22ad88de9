import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { formLinks } from '../forms/forms.tables.js';
import { createTestApp, type TestApp } from '../../../../test/helpers/app.js';
import { signedInUser } from '../../../../test/helpers/auth.js';
import { createTeamFor } from '../../../../test/helpers/team-membership.js';
import { drainJobs } from '../../../../test/helpers/jobs.js';
import { auditLogs } from '../../platform/audit/audit.tables.js';
import { auditSentence } from '../../../shared/audit-logs/sentences.js';
import type { IntelligentGridProps } from '../../../shared/grids/grids.pages.js';
import { gridsTestKit, finishedRunShape } from './grids.test-support.js';
import { gridCells, gridRuns, intelligentGrids } from './grids.tables.js';
import { latestGridRun } from './grids.queries.js';
import { runGrid } from './grids.job.js';
import { gridTable } from './grids.export.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
const kit = gridsTestKit(() => t);

type Page = IntelligentGridProps & { errors: Record<string, string> };

describe('the intelligent grid’s rows', () => {
  it('includes responses with no stakeholder as their own rows, pages through all rows by keyset, keeps the summary over all, and deletes', async () => {
    const s = await kit.world();
    await kit.answer(s, 'Amina', 'baseline', { meals: '1', story: 'The school is far.' });
    await kit.answer(s, 'Juma', 'baseline', { meals: '2' });
    // 21 responses with no stakeholder (as a form server's pull or a removed person leaves them),
    // sent through a link that names nobody (meals 1..21)
    const token = `open-${randomUUID()}`;
    await t.app.ctx.db.insert(formLinks).values({ teamId: s.team.id, formId: s.formId, token });
    for (let i = 1; i <= 21; i++) {
      const res = await kit.submit(kit.publicClient(), token, {
        id: randomUUID(),
        version: 1,
        wave: 'baseline',
        answers: { meals: String(i) },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const created = await s.client.post(`/forms/${s.formId}/grids`, {
      name: 'Meals',
      waves: [],
      columns: [{ kind: 'question', title: 'Meals', question: 'meals' }],
    });
    expect(created.statusCode, created.body).toBe(303);
    const gridId = created.headers.location!.split('/')[2];
    expect((await s.client.post(`/grids/${gridId}/runs`)).statusCode).toBe(303);
    await drainJobs(t.app);

    const page = async (query = '') =>
      (await s.client.page(`/grids/${gridId}${query}`)).props as Page;
    const first = await page();
    // 2 stakeholders + 21 responses without one = 23 rows; the stakeholders first, by code
    expect(first.run).toMatchObject({ status: 'done', total: 23 });
    expect(first.totalRows).toBe(23);
    expect(first.rows).toMatchObject({ page: 1, perPage: 10, total: 23 });
    expect(first.rows.rows).toHaveLength(10);
    expect(first.rows.rows.slice(0, 2).map((r) => r.key)).toEqual(
      [s.people.Amina, s.people.Juma].sort((a, b) => a.code.localeCompare(b.code)).map((p) => p.id),
    );
    expect(first.rows.rows.slice(2).map((r) => r.label)).toEqual(
      [1, 2, 3, 4, 5, 6, 7, 8].map((n) => `Response #${n + 2}`),
    );
    // the open-link responses carry their own answers
    expect(first.rows.rows[2].cells.c1.value).toEqual({
      kind: 'question',
      byWave: { baseline: 1 },
    });

    // the same grid read 2 rows at a time (stakeholders, then responses with none, by keyset):
    // the same rows, positions, cells and summary as one page
    const twin = await s.client.post(`/forms/${s.formId}/grids`, {
      name: 'Meals again',
      waves: [],
      columns: [{ kind: 'question', title: 'Meals', question: 'meals' }],
    });
    const twinId = twin.headers.location!.split('/')[2];
    expect((await s.client.post(`/grids/${twinId}/runs`)).statusCode).toBe(303);
    await runGrid(t.app.ctx, (await latestGridRun(t.app.ctx.db, twinId))!.id, { pageSize: 2 });
    await drainJobs(t.app);
    const shape = (gid: string) => finishedRunShape(t.app.ctx.db, gid);
    const paged = await shape(twinId);
    expect(paged.cells).toHaveLength(23);
    expect(paged).toEqual(await shape(gridId));
    // the export reads the run's rows a page at a time too: pages of 10 write the same lines
    const [grid] = await t.app.ctx.db
      .select()
      .from(intelligentGrids)
      .where(eq(intelligentGrids.id, gridId));
    const done = (await latestGridRun(t.app.ctx.db, gridId, 'done'))!;
    const lines = async (pageSize?: number) => {
      const out: unknown[][] = [];
      for await (const p of gridTable(t.app.ctx.db, grid, done, ['baseline'], pageSize))
        out.push(...p);
      return out;
    };
    const tens = await lines(10);
    expect(tens).toHaveLength(25);
    expect(tens.map((l) => l[0])).toContain('Response #23');
    expect(tens).toEqual(await lines());

    // the last page: the 3 remaining rows; a page past the end is the last page
    const third = await page('?page=3');
    expect(third.rows).toMatchObject({ page: 3, total: 23 });
    expect(third.rows.rows.map((r) => r.label)).toEqual([
      'Response #21',
      'Response #22',
      'Response #23',
    ]);
    expect((await page('?page=9')).rows.page).toBe(3);
    const all = [...first.rows.rows, ...(await page('?page=2')).rows.rows, ...third.rows.rows].map(
      (r) => r.key,
    );
    expect(new Set(all).size).toBe(23);
    const big = await page('?perPage=25');
    expect(big.rows.rows).toHaveLength(23);
    // a search on the row's label, paged over the matching rows
    const found = await page('?search=%2312');
    expect(found.rows.total).toBe(1);
    expect(found.rows.rows.map((r) => r.label)).toEqual(['Response #12']);

    // the summary is over ALL 23 rows on every page: mean of 1, 2 and 1..21
    const mean = (1 + 2 + (21 * 22) / 2) / 23;
    const line = `mean ${Math.round(mean * 100) / 100} (n 23)`;
    expect(first.summary['c1:baseline']).toEqual([line]);
    expect(third.summary['c1:baseline']).toEqual([line]);

    // delete: another team gets 404 and nothing goes (roles: the security matrix)
    const { user: other, client: otherClient } = await signedInUser(t.app);
    await createTeamFor(t.app, other.id);
    expect((await otherClient.delete(`/grids/${gridId}`)).statusCode).toBe(404);
    const runIds = (
      await t.app.ctx.db.select().from(gridRuns).where(eq(gridRuns.gridId, gridId))
    ).map((r) => r.id);
    expect(runIds).toHaveLength(1);
    expect(
      (await t.app.ctx.db.select().from(gridCells).where(eq(gridCells.runId, runIds[0]))).length,
    ).toBe(23);

    const del = await s.client.delete(`/grids/${gridId}`);
    expect(del.statusCode).toBe(303);
    expect(del.headers.location).toBe(`/forms/${s.formId}/grids`);
    // the grid, its runs and their cells are gone
    expect(
      await t.app.ctx.db.select().from(intelligentGrids).where(eq(intelligentGrids.id, gridId)),
    ).toEqual([]);
    expect(await t.app.ctx.db.select().from(gridRuns).where(eq(gridRuns.gridId, gridId))).toEqual(
      [],
    );
    expect(
      await t.app.ctx.db.select().from(gridCells).where(eq(gridCells.runId, runIds[0])),
    ).toEqual([]);
    expect((await s.client.get(`/grids/${gridId}`)).statusCode).toBe(404);
    expect(
      (await s.client.page(`/forms/${s.formId}/grids`)).props.grids.map(
        (g: { name: string }) => g.name,
      ),
    ).toEqual(['Meals again']);
    // audited, with a sentence naming the grid
    const [audit] = await t.app.ctx.db
      .select()
      .from(auditLogs)
      .where(
        and(eq(auditLogs.subjectId, gridId), eq(auditLogs.action, 'intelligent_grid.deleted')),
      );
    expect(audit).toMatchObject({ teamId: s.team.id, userId: s.user.id, subjectLabel: 'Meals' });
    expect(auditSentence({ action: audit.action, actorName: 'Ada', subjectLabel: 'Meals' })).toBe(
      'Ada deleted the intelligent grid “Meals”',
    );
  });
});

describe('audit sentences of started runs', () => {
  it('name the kind of run', () => {
    const of = (action: string) =>
      auditSentence({ action, actorName: 'Ada', subjectLabel: 'Barriers' });
    expect(of('coding_run.started')).toBe(
      'Ada started coding the answers of “Barriers” with its codebook',
    );
    expect(of('themes.discovery_started')).toBe('Ada started discovering themes in “Barriers”');
    expect(of('sentiment_run.started')).toBe(
      'Ada started scoring the sentiment of the answers of “Barriers”',
    );
    expect(of('rubric_run.started')).toBe(
      'Ada started rubric scoring of the answers of “Barriers”',
    );
    expect(of('summary_run.started')).toBe('Ada started summarising the answers of “Barriers”');
  });
});
