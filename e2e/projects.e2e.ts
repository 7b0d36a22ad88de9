import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { watchAccessibility } from './helpers/a11y.js';
import { createTestApp, type TestApp } from '../test/helpers/app.js';
import { createUser } from '../test/helpers/auth.js';
import { createTeamFor } from '../test/helpers/team-membership.js';
import { CHROMIUM_FLAGS, shot, cookiesFor } from './helpers/browser.js';
import { projectShowProps } from '../src/server/modules/projects/index.js';
import type { KeyMetric } from '../src/shared/metrics/metrics.pages.js';
import {
  dataPoints,
  metrics,
  metricValues,
  problems,
  projects,
  tocElements,
} from '../src/server/platform/db/schema.js';

/** Projects in a real browser: empty list, create, show, delete modal, filled list, phone width. */
let t: TestApp;
let base: string;
let ctx: BrowserContext;
let page: Page;
let profileDir: string;
let teamId: string;

beforeAll(async () => {
  t = await createTestApp({ build: { assets: undefined } });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const user = await createUser(t.app, { name: 'Ana Lima-Fernandes' });
  teamId = (await createTeamFor(t.app, user.id, 'Clean Water Initiative')).id;
  const { headers } = await t.app.ctx.auth.api.signInEmail({
    body: { email: user.email, password: user.password },
    returnHeaders: true,
  });
  profileDir = mkdtempSync(path.join(tmpdir(), 'pw-projects-'));
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

async function noSidewaysScroll() {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

describe('projects', () => {
  it('empty list says what to do, the form creates a project, the show page lists its parts', async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${base}/projects`, { waitUntil: 'networkidle' });
    await expect.poll(() => page.title()).toBe('Projects - Pathways');
    await page.getByRole('heading', { name: 'Create your first project' }).waitFor();
    await shot(page, 'projects-index-empty');
    await page.getByRole('link', { name: 'Create project' }).click();
    await page.getByLabel('Name').waitFor();
    await page.getByLabel('Name').fill('Girls’ secondary education');
    await page
      .getByLabel('Description')
      .fill(
        'Keep adolescent girls in Kisumu County in school through mentoring, bursaries and safe transport.',
      );
    await page.getByLabel('Funder').fill('Ford Foundation');
    await page.getByLabel('Location').fill('Kisumu, Kenya');
    await page.getByLabel('Start date').fill('2026-06-01');
    await page.getByLabel('End date').fill('2026-01-01');
    await page.getByRole('button', { name: 'Create project' }).click();
    await page.getByText('The end date must be on or after the start date.').waitFor();
    await shot(page, 'projects-create-error');
    await page.getByLabel('End date').fill('2028-12-31');
    await page.getByRole('button', { name: 'Create project' }).click();
    await page.waitForURL(/\/projects\/[0-9a-f-]{36}$/);
    await page.getByRole('heading', { name: 'Girls’ secondary education' }).waitFor();

    // a problem tree made straight in the database (the problems screens are another module's)
    const [project] = await t.app.ctx.db.select().from(projects).where(eq(projects.teamId, teamId));
    const db = t.app.ctx.db;
    const [p1] = await db
      .insert(problems)
      .values({
        teamId,
        projectId: project.id,
        title: 'Girls drop out before finishing secondary school',
        statement:
          'Two in five girls in the county leave school before Form 4, mostly because of fees, distance and early pregnancy.',
        status: 'active',
      })
      .returning();
    await db.insert(problems).values({
      teamId,
      projectId: project.id,
      title: 'Low transition from primary to secondary',
      status: 'draft',
    });
    const els = await db
      .insert(tocElements)
      .values([
        { teamId, problemId: p1.id, kind: 'activity', title: 'Mentoring clubs' },
        { teamId, problemId: p1.id, kind: 'activity', title: 'Bursaries' },
        { teamId, problemId: p1.id, kind: 'output', title: 'Girls mentored' },
        {
          teamId,
          problemId: p1.id,
          kind: 'outcome',
          horizon: 'short',
          title: 'Girls stay in school',
        },
      ])
      .returning();
    const [m] = await db
      .insert(metrics)
      .values({ teamId, problemId: p1.id, elementId: els[2].id, name: 'Girls mentored' })
      .returning();
    const [dp] = await db
      .insert(dataPoints)
      .values({ teamId, problemId: p1.id, metricId: m.id, key: 'girls', name: 'Girls' })
      .returning();
    await db
      .insert(metricValues)
      .values([{ teamId, metricId: m.id, dataPointId: dp.id, period: '2026-Q3', value: 120 }]);

    // the metrics module provides key metrics through projectShowProps(); a stand-in checks the card renders
    const provider = async (): Promise<{ keyMetrics: KeyMetric[] }> => ({
      keyMetrics: [
        {
          metricId: m.id,
          name: 'Girls mentored',
          unit: 'girls',
          type: 'count',
          currency: null,
          elementId: 'e1',
          elementKind: 'output',
          elementTitle: 'Girls mentored',
          problemId: 'p1',
          starred: true,
          baseline: 0,
          latestPeriod: '2026-Q3',
          latestLabel: 'Q3 2026',
          latestActual: 120,
          latestTarget: 200,
          progress: 0.6,
        },
        {
          metricId: 'x',
          name: 'Girls completing Form 4',
          unit: '%',
          type: 'percentage',
          currency: null,
          elementId: 'e2',
          elementKind: 'outcome',
          elementTitle: 'Girls stay in school',
          problemId: 'p1',
          starred: false,
          baseline: 58,
          latestPeriod: null,
          latestLabel: null,
          latestActual: null,
          latestTarget: 75,
          progress: null,
        },
      ],
    });
    projectShowProps(t.app.ctx).push(provider);
    await page.reload({ waitUntil: 'networkidle' });
    await page.getByText('Girls drop out before finishing secondary school').waitFor();
    await page.getByText('Key metrics').waitFor();
    await shot(page, 'projects-show');
    projectShowProps(t.app.ctx).splice(0);

    await page.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog');
    await dialog
      .getByText(
        'This deletes 2 problems, 4 theory-of-change elements, 1 metric and 1 recorded value.',
      )
      .waitFor();
    expect(await dialog.getByRole('button', { name: 'Delete project' }).isDisabled()).toBe(true);
    await dialog.getByLabel(/to confirm/).fill('Girls’ secondary education');
    expect(await dialog.getByRole('button', { name: 'Delete project' }).isDisabled()).toBe(false);
    await shot(page, 'projects-delete-modal');
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    await page.getByRole('button', { name: 'Archive' }).click();
    await page.getByText('This project is archived').waitFor();
    await shot(page, 'projects-show-archived');
    await page.getByRole('button', { name: 'Restore' }).click();
    await page.getByRole('button', { name: 'Archive' }).waitFor();
  });

  it('lists projects in the data table with the status filter', async () => {
    for (const [name, funder, location] of [
      ['Clean water for Tamale schools', 'UNICEF', 'Tamale, Ghana'],
      ['Smallholder climate resilience', 'IFAD', 'Sidama, Ethiopia'],
      ['Women’s savings groups', null, 'Gulu, Uganda'],
    ])
      await t.app.ctx.db.insert(projects).values({ teamId, name: name!, funder, location });
    await t.app.ctx.db
      .insert(projects)
      .values({ teamId, name: 'Pilot 2024 (closed)', status: 'archived', archivedAt: new Date() });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${base}/projects`, { waitUntil: 'networkidle' });
    await page.getByText('Showing 1 to 4 of 4 entries').waitFor();
    await shot(page, 'projects-index');
    await page.getByText('Archived (1)').click();
    await page.getByText('Pilot 2024 (closed)').waitFor();
    await page.getByText('Active (4)').click();
    await page.getByText('Showing 1 to 4 of 4 entries').waitFor();
  });

  it('fits a 375 px phone', async () => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto(`${base}/projects`, { waitUntil: 'networkidle' });
    await page.getByText('Showing 1 to 4 of 4 entries').waitFor();
    expect(await noSidewaysScroll()).toBeLessThanOrEqual(0);
    await shot(page, 'projects-index-phone');
    await page.getByRole('link', { name: 'Girls’ secondary education' }).click();
    await page.getByRole('heading', { name: 'Girls’ secondary education' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await noSidewaysScroll()).toBeLessThanOrEqual(0);
    await shot(page, 'projects-show-phone');
  });
});
