import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { watchAccessibility } from './helpers/a11y.js';
import { createTestApp, type TestApp } from '../test/helpers/app.js';
import { createUser } from '../test/helpers/auth.js';
import { createTeamFor } from '../test/helpers/team-membership.js';
import { CHROMIUM_FLAGS, shot, cookiesFor } from './helpers/browser.js';
import { eq } from 'drizzle-orm';
import {
  auditLogs,
  dataPoints,
  metrics,
  metricTargets,
  metricValues,
  problems,
  projects,
  teams,
  tocElements,
} from '../src/server/platform/db/schema.js';
import { EMPTY_TABLE_TEXT } from '../src/shared/table/table-query.js';

/**
 * Page layout on a desktop (1366 px) and a phone (375 px): long unbroken text never widens a page,
 * the problem tabs keep the active one in view, tables become cards on a phone, every empty table
 * says the spec's text, a table's search stays on its own problem, figures read the same everywhere.
 */
let t: TestApp;
let base: string;
let ctx: BrowserContext;
let page: Page;
let profileDir: string;
const ids = { project: '', problem: '', empty: '', element: '', metric: '' };

// a 300-character URL with no break opportunity
const URL300 = `https://example.org/${'a1b2c3d4e5'.repeat(28)}`.slice(0, 300);

beforeAll(async () => {
  t = await createTestApp({ build: { assets: undefined } });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const user = await createUser(t.app, { name: 'Ada Lovelace' });
  const teamId = (await createTeamFor(t.app, user.id, 'Layout Team')).id;
  const db = t.app.ctx.db;
  const [project] = await db
    .insert(projects)
    .values({
      teamId,
      name: `Project ${URL300}`,
      description: URL300,
      funder: URL300,
      location: URL300,
    })
    .returning();
  const [problem] = await db
    .insert(problems)
    .values({
      teamId,
      projectId: project.id,
      title: `Problem ${URL300}`,
      statement: URL300,
      rootCauses: URL300,
      populationWho: URL300,
      geography: URL300,
      evidence: URL300,
      status: 'active',
    })
    .returning();
  const [empty] = await db
    .insert(problems)
    .values({ teamId, projectId: project.id, title: 'A problem with nothing yet', status: 'draft' })
    .returning();
  const [el] = await db
    .insert(tocElements)
    .values({
      teamId,
      problemId: problem.id,
      kind: 'outcome',
      horizon: 'short',
      title: `Outcome ${URL300}`,
      description: URL300,
      assumptions: URL300,
      risks: URL300,
    })
    .returning();
  const [m] = await db
    .insert(metrics)
    .values({
      teamId,
      problemId: problem.id,
      elementId: el.id,
      name: `Girls enrolled ${URL300}`,
      definition: URL300,
      type: 'percentage',
      baselineValue: 60,
      standardRef: URL300,
      periodStart: '2026-01-01',
      periodEnd: '2026-12-31',
    })
    .returning();
  const [dp] = await db
    .insert(dataPoints)
    .values({
      teamId,
      problemId: problem.id,
      metricId: m.id,
      key: 'enrolled',
      name: `Enrolled ${URL300}`,
      description: URL300,
    })
    .returning();
  await db.insert(metricTargets).values({ teamId, metricId: m.id, period: '2026-Q1', value: 90 });
  await db.insert(metricValues).values({
    teamId,
    metricId: m.id,
    dataPointId: dp.id,
    period: '2026-Q1',
    value: 85.1485148515,
    note: URL300,
    enteredBy: user.id,
  });
  Object.assign(ids, {
    project: project.id,
    problem: problem.id,
    empty: empty.id,
    element: el.id,
    metric: m.id,
  });

  const { headers } = await t.app.ctx.auth.api.signInEmail({
    body: { email: user.email, password: user.password },
    returnHeaders: true,
  });
  profileDir = mkdtempSync(path.join(tmpdir(), 'pw-pages-'));
  ctx = await chromium.launchPersistentContext(profileDir, {
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: CHROMIUM_FLAGS,
  });
  await watchAccessibility(ctx);
  await ctx.addCookies(cookiesFor(headers, base));
  page = ctx.pages()[0] ?? (await ctx.newPage());
});

afterAll(async () => {
  await ctx?.close();
  if (profileDir) rmSync(profileDir, { recursive: true, force: true });
  await t?.close();
});

const WIDTHS = [1366, 375] as const;
const pageWidth = () =>
  page.evaluate(() => ({ doc: document.documentElement.scrollWidth, view: window.innerWidth }));

async function open(url: string, width: number) {
  await page.setViewportSize({ width, height: 900 });
  await page.goto(`${base}${url}`, { waitUntil: 'networkidle' });
  await page.locator('h1, h2').first().waitFor();
}

describe('page layout', () => {
  it('a 300-character URL in every text field never makes a page wider than the window', async () => {
    const pages = {
      project: `/projects/${ids.project}`,
      problem: `/problems/${ids.problem}`,
      activities: `/problems/${ids.problem}?tab=outcomes`,
      element: `/elements/${ids.element}`,
      metric: `/metrics/${ids.metric}`,
    };
    for (const width of WIDTHS)
      for (const [name, url] of Object.entries(pages)) {
        await open(url, width);
        const w = await pageWidth();
        await shot(page, `layout-${name}-${width}`);
        expect({ page: name, width, doc: w.doc }).toEqual({ page: name, width, doc: w.view });
      }
  });

  it('shows a figure the same way on the metric page, its table and the project card', async () => {
    await open(`/metrics/${ids.metric}`, 1366);
    const body = await page.locator('main').innerText();
    expect(body).toContain('85.15 %');
    expect(body).not.toMatch(/85\.14|85\.149|85\.1485/);
    await open(`/projects/${ids.project}`, 1366);
    const card = await page.locator('main').innerText();
    expect(card).toContain('85.15 %');
    expect(card).not.toMatch(/85\.149|85\.1485/);
  });

  it('keeps the active problem tab in view with a hint that there is more, at 1366 and 375 px', async () => {
    for (const width of WIDTHS) {
      await open(`/problems/${ids.problem}?tab=insights`, width);
      const active = page.getByRole('tab', { selected: true });
      expect(await active.innerText()).toContain('Insights');
      const region = page.getByRole('region', { name: 'Problem sections' });
      const r = (await region.boundingBox())!;
      const a = (await active.boundingBox())!;
      expect(a.x).toBeGreaterThanOrEqual(r.x);
      expect(a.x + a.width).toBeLessThanOrEqual(r.x + r.width + 0.5);
      // every tab is either fully shown or the bar says there is more on that side
      const frame = region.locator('..');
      const hidden = await page.getByRole('tab').evaluateAll(
        (tabs, box) =>
          tabs
            .map((el) => el.getBoundingClientRect())
            .filter((b) => b.left < box.x - 0.5 || b.right > box.x + box.width + 0.5)
            .map((b) => (b.left < box.x ? 'left' : 'right')),
        r,
      );
      for (const side of new Set(hidden))
        expect(await frame.getAttribute(`data-more-${side}`)).not.toBeNull();
      if (width === 375) expect(hidden.length).toBeGreaterThan(0);
      // every tab has something to show now (Integrations lists connector and database imports)
      expect(await page.getByRole('tab', { name: /Integrations/ }).count()).toBe(1);
      expect(await page.getByRole('tab', { name: /Learnings/ }).count()).toBe(1);
      await shot(page, `layout-problem-tabs-${width}`);
    }
    await open(`/problems/${ids.problem}?tab=sources`, 375);
    await page.getByText('Click “Add source” to upload a CSV, TSV or Excel file').waitFor();
    expect(await page.locator('main').innerText()).not.toMatch(/later release|will appear/i);
    await shot(page, 'layout-problem-sources-375');
  });

  it('on a 375 px phone, table rows are cards that show Actual and Status, and the empty text is whole', async () => {
    await open(`/metrics/${ids.metric}`, 375);
    const series = page.locator('[data-table-id^="metric-series-"]');
    for (const label of ['Actual', 'Status', 'Target']) {
      const cell = series.locator(`tbody td[data-label="${label}"]`).first();
      expect(await cell.isVisible()).toBe(true);
      const b = (await cell.boundingBox())!;
      expect(b.x).toBeGreaterThanOrEqual(0);
      expect(b.x + b.width).toBeLessThanOrEqual(375);
    }
    expect(await series.locator('tbody td[data-label="Actual"]').first().innerText()).toContain(
      '85.15 %',
    );
    expect((await pageWidth()).doc).toBe(375);
    await shot(page, 'layout-metric-phone-cards');

    await open(`/problems/${ids.empty}?tab=metrics`, 375);
    const empty = page.getByText(EMPTY_TABLE_TEXT, { exact: true });
    await empty.waitFor();
    const fits = await empty.evaluate((el) => {
      const b = el.getBoundingClientRect();
      return b.left >= 0 && b.right <= window.innerWidth && el.scrollWidth <= el.clientWidth;
    });
    expect(fits).toBe(true);
    await shot(page, 'layout-empty-table-375');
  });

  it('a table remembers its search per problem, not across problems', async () => {
    await open(`/problems/${ids.problem}?tab=metrics`, 1366);
    await page.getByRole('searchbox', { name: 'Search' }).fill('Girls');
    await page
      .getByText('(filtered from', { exact: false })
      .or(page.getByText('Showing 1 to 1 of 1 entries'))
      .first()
      .waitFor();
    // the debounced search has been saved once the summary reflects it
    await page.waitForFunction(() =>
      Object.keys(localStorage).some(
        (k) =>
          k.startsWith('pathways.table.problem-metrics@') &&
          localStorage.getItem(k)!.includes('Girls'),
      ),
    );
    await open(`/problems/${ids.empty}?tab=metrics`, 1366);
    expect(await page.getByRole('searchbox', { name: 'Search' }).inputValue()).toBe('');
    await open(`/problems/${ids.problem}?tab=metrics`, 1366);
    expect(await page.getByRole('searchbox', { name: 'Search' }).inputValue()).toBe('Girls');
  });

  it('role badges are whole and the audit log reads as sentences, at 1366 and 375 px', async () => {
    const [{ id: teamId }] = await t.app.ctx.db
      .select({ id: teams.id })
      .from(teams)
      .where(eq(teams.name, 'Layout Team'));
    for (const width of WIDTHS) {
      await open(`/teams/${teamId}`, width);
      await page.locator('.mantine-Badge-label').first().waitFor();
      const cut = await page
        .locator('.mantine-Badge-label')
        .evaluateAll((els) =>
          els.filter((el) => el.scrollWidth > el.clientWidth + 0.5).map((el) => el.textContent),
        );
      expect(cut).toEqual([]);
      await shot(page, `layout-team-${width}`);
    }
    await t.app.ctx.db.insert(auditLogs).values({
      teamId,
      action: 'metric.deleted',
      actorName: 'Ada Lovelace',
      subjectType: 'metric',
      subjectLabel: 'Girls enrolled',
      details: { metricId: ids.metric, before: { a: 1 } },
    });
    for (const width of WIDTHS) {
      await open('/logs', width);
      await page.getByText('Ada Lovelace deleted the metric “Girls enrolled”').waitFor();
      const text = await page.locator('main').innerText();
      expect(text).not.toContain('metric.deleted');
      expect(text).not.toContain(ids.metric);
      expect(text).not.toContain('{');
      await shot(page, `layout-logs-${width}`);
    }
  });

  it('the welcome page advertises only what exists', async () => {
    await ctx.clearCookies();
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto(`${base}/`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 1 }).waitFor();
    const text = await page.locator('body').innerText();
    expect(text).not.toMatch(/survey forms|stakeholder|transformation|cleaning|Collect data/i);
    await shot(page, 'layout-welcome-1366');
  });
});
