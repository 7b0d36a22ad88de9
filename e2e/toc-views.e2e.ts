/**
 * The problem's diagram ("new full view"), its table full view and the playground search in
 * Chromium, on rows seeded straight in the database (12 elements and 2,000 elements), with
 * screenshots of each screen.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { buildApp } from '../src/server/app.js';
import { TEST_APP_KEY, type TestApp } from '../test/helpers/app.js';
import { freshDatabase } from '../test/helpers/database.js';
import { createUser } from '../test/helpers/auth.js';
import { createTeamFor } from '../test/helpers/team-membership.js';
import { seedTheoryOfChange } from '../src/server/modules/problems/toc-views.test-support.js';
import { launchBrowser, shot, type Browser, cookiesFor, dragLink } from './helpers/browser.js';
import { WAIT_GUARD_MS } from '../test/helpers/wait.js';

let t: TestApp;
let base: string;
let browser: Browser;
let page: Page;
let small: Awaited<ReturnType<typeof seedTheoryOfChange>>;
let large: Awaited<ReturnType<typeof seedTheoryOfChange>>;
const WAIT = { timeout: WAIT_GUARD_MS };

beforeAll(async () => {
  const database = await freshDatabase();
  const app = await buildApp({
    database,
    migrate: false,
    logger: false,
    env: { NODE_ENV: 'test', APP_URL: 'http://localhost:3000' },
    config: { appKey: TEST_APP_KEY },
  });
  await app.ready();
  t = { app, close: async () => (await app.close(), await database.close()) };
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const user = await createUser(t.app, { name: 'Amina Okafor' });
  const team = await createTeamFor(t.app, user.id, 'Field Research');
  small = await seedTheoryOfChange(t.app.ctx.db, { teamId: team.id, size: 12 });
  large = await seedTheoryOfChange(t.app.ctx.db, {
    teamId: team.id,
    size: 2000,
    projectName: 'National scale-up',
    problemTitle: 'Learning outcomes lag in 2,000 schools',
    prefix: 'L ',
  });
  const { headers } = await t.app.ctx.auth.api.signInEmail({
    body: { email: user.email, password: user.password },
    returnHeaders: true,
  });
  browser = await launchBrowser({ viewport: { width: 1440, height: 900 } });
  await browser.context.addCookies(cookiesFor(headers, base));
  page = browser.page;
  page.on('pageerror', (e) => console.error('page error:', e.message));
});

afterAll(async () => {
  await browser?.close();
  await t?.close();
});

describe('diagram (new full view)', () => {
  it('draws the 12-element theory of change in columns, and a click opens the side panel', async () => {
    await page.goto(`${base}/problems/${small.problemId}/diagram`, { waitUntil: 'networkidle' });
    await page.locator('.react-flow__node-element').first().waitFor(WAIT);
    // Fit keeps text readable (never below 0.8), so a 6-column diagram may not all fit and only the
    // visible nodes are in the page: zoom out with the controls until all 12 are drawn
    // (the controls zoom without a transition: wait for the new transform, not for a pause)
    const viewport = page.locator('.react-flow__viewport');
    for (let i = 0; i < 6 && (await page.locator('.react-flow__node-element').count()) < 12; i++) {
      const before = await viewport.getAttribute('style');
      await page.locator('.react-flow__controls-zoomout').click();
      await expect.poll(() => viewport.getAttribute('style'), WAIT).not.toBe(before);
    }
    await expect.poll(() => page.locator('.react-flow__node-element').count(), WAIT).toBe(12);
    expect(await page.locator('.react-flow__edge').count()).toBe(small.linkCount);
    expect(await page.locator('.react-flow__node-column').count()).toBe(6);
    await shot(page, 'diagram-12');
    await page
      .locator('.react-flow__node-element')
      .filter({ hasText: 'Teachers trained' })
      .first()
      .click();
    await page.getByRole('dialog').getByLabel('Title').waitFor(WAIT);
    expect(await page.getByRole('dialog').getByLabel('Title').inputValue()).toBe(
      'Teachers trained',
    );
    await shot(page, 'diagram-12-panel');
    // while it slides out the panel keeps its name (a blank title left a nameless dialog: axe)
    await page.evaluate(() => {
      const w = window as unknown as { nameless: number };
      w.nameless = 0;
      const check = () => {
        for (const d of document.querySelectorAll('[role=dialog]'))
          if (!document.getElementById(d.getAttribute('aria-labelledby') ?? '')?.textContent)
            w.nameless++;
      };
      new MutationObserver(check).observe(document.body, {
        subtree: true,
        childList: true,
        attributes: true,
      });
    });
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'hidden', ...WAIT });
    expect(await page.evaluate(() => (window as unknown as { nameless: number }).nameless)).toBe(0);
    // keyboard: focus a node and press Enter
    await page
      .locator('.react-flow__node-element')
      .filter({ hasText: 'More girls complete secondary school' })
      .focus();
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: 'Impact' }).waitFor(WAIT);
    await page.keyboard.press('Escape');
  });

  it('adds an element, links it by dragging, refuses a cycle with the reason, and deletes with the Delete key', async () => {
    await page.goto(`${base}/problems/${small.problemId}/diagram`, { waitUntil: 'networkidle' });
    const nodes = page.locator('.react-flow__node-element');
    await nodes.first().waitFor(WAIT);
    const edgesBefore = await page.locator('.react-flow__edge').count();
    await page.getByRole('button', { name: 'Add to Outcomes · Short term' }).click();
    await page
      .getByRole('dialog', { name: 'Add element' })
      .getByLabel('Title')
      .fill('Girls stay enrolled');
    await page
      .getByRole('dialog', { name: 'Add element' })
      .getByRole('button', { name: 'Add' })
      .click();
    const added = nodes.filter({ hasText: 'Girls stay enrolled' });
    await added.waitFor(WAIT);
    const attend = nodes.filter({ hasText: 'Girls attend school regularly' });
    // the diagram re-lays out after a change: wait until a handle stops moving before grabbing it
    const drag = (from: typeof added, to: typeof added) => dragLink(page, from, to);
    await drag(attend, added);
    await expect.poll(() => page.locator('.react-flow__edge').count(), WAIT).toBe(edgesBefore + 1);
    await shot(page, 'diagram-12-linked');
    await drag(added, attend);
    await page
      .locator('.mantine-Notification-root')
      .filter({ hasText: /cycle|loop/i })
      .first()
      .waitFor(WAIT);
    expect(await page.locator('.react-flow__edge').count()).toBe(edgesBefore + 1);
    await shot(page, 'diagram-12-cycle-refused');
    await added.click();
    await page.getByRole('dialog').getByLabel('Title').waitFor(WAIT);
    await page
      .locator('.react-flow__pane')
      .focus()
      .catch(() => undefined);
    await page.mouse.click(5, 400);
    await added.click();
    await page.locator('body').press('Delete');
    await page
      .getByRole('dialog', { name: 'Delete outcome?' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await added.waitFor({ state: 'detached', ...WAIT });
    expect(await page.locator('.react-flow__edge').count()).toBe(edgesBefore);
  });

  it('keeps 2,000 elements usable: only the visible nodes are in the page', async () => {
    await page.goto(`${base}/problems/${large.problemId}/diagram`, { waitUntil: 'networkidle' });
    await page.locator('.react-flow__node-element').first().waitFor(WAIT);
    const rendered = await page.locator('.react-flow__node-element').count();
    expect(rendered).toBeGreaterThan(0);
    expect(rendered).toBeLessThan(400);
    expect(await page.getByText('2000 elements').count()).toBe(1);
    await shot(page, 'diagram-2000');
  });

  it('exports the diagram as SVG and PNG', async () => {
    await page.goto(`${base}/problems/${small.problemId}/diagram`, { waitUntil: 'networkidle' });
    await page.locator('.react-flow__node-element').first().waitFor(WAIT);
    for (const [item, ext] of [
      ['SVG image', 'svg'],
      ['PNG image', 'png'],
    ] as const) {
      await page.getByRole('button', { name: 'Export' }).click();
      const download = page.waitForEvent('download', WAIT);
      await page.getByRole('menuitem', { name: item }).click();
      expect((await download).suggestedFilename()).toBe(
        `girls-drop-out-of-secondary-school-diagram.${ext}`,
      );
    }
  });

  it('fits a 375 px phone', async () => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto(`${base}/problems/${small.problemId}/diagram`, { waitUntil: 'networkidle' });
    await page.locator('.react-flow__node-element').first().waitFor(WAIT);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    await shot(page, 'diagram-phone');
    await page.setViewportSize({ width: 1440, height: 900 });
  });
});

describe('table full view', () => {
  it('lists everything, with a layout per type', async () => {
    await page.goto(`${base}/problems/${small.problemId}/table`, { waitUntil: 'networkidle' });
    await page.getByRole('table').waitFor(WAIT);
    await shot(page, 'table-all');
    await page.getByText(/^Outcomes \(\d+\)$/).click();
    await page.getByRole('columnheader', { name: /Horizon/ }).waitFor(WAIT);
    await shot(page, 'table-outcomes');
    await page.getByText(/^Metrics \(\d+\)$/).click();
    await page
      .getByRole('columnheader', { name: /Baseline/ })
      .first()
      .waitFor(WAIT);
    await shot(page, 'table-metrics');
    await page.getByText(/^Data points \(\d+\)$/).click();
    await page.getByRole('columnheader', { name: /Aggregation/ }).waitFor(WAIT);
    await shot(page, 'table-data-points');
  });

  it('a row’s title is a real link to its page (issue 8 item 22): element, metric and data point', async () => {
    const layouts: Array<[string, RegExp]> = [
      ['activity', /^\/elements\/[0-9a-f-]{36}$/],
      ['metric', /^\/metrics\/[0-9a-f-]{36}$/],
      ['data_point', /^\/data-points\/[0-9a-f-]{36}$/],
    ];
    for (const [layout, path] of layouts) {
      await page.goto(`${base}/problems/${small.problemId}/table?layout=${layout}`);
      const link = page.getByRole('table').getByRole('row').nth(1).getByRole('link').first();
      await link.waitFor(WAIT);
      expect(await link.getAttribute('href')).toMatch(path);
    }
    // following it opens the data point's page, not a row action
    const link = page.getByRole('table').getByRole('row').nth(1).getByRole('link').first();
    const name = (await link.textContent())!;
    await link.click();
    await page.getByRole('heading', { name, exact: true }).waitFor(WAIT);
    expect(new URL(page.url()).pathname).toMatch(/^\/data-points\//);
  });

  it('pages 2,000 elements', async () => {
    await page.goto(`${base}/problems/${large.problemId}/table?layout=activity`, {
      waitUntil: 'networkidle',
    });
    await page.getByRole('table').waitFor(WAIT);
    expect(await page.locator('tbody tr').count()).toBeLessThanOrEqual(100);
    await shot(page, 'table-2000-activities');
  });
});

describe('playground', () => {
  it('finds by typing; arrows and Enter open a result', async () => {
    await page.goto(`${base}/playground`, { waitUntil: 'networkidle' });
    await page.keyboard.type('teachers');
    await page.getByRole('option').first().waitFor(WAIT);
    await shot(page, 'playground');
    await page.keyboard.press('ArrowDown');
    const second = await page.getByRole('option').nth(1).getAttribute('aria-selected');
    expect(second).toBe('true');
    await page.keyboard.press('Escape');
    expect(await page.getByLabel('Search the team').inputValue()).toBe('');
    await page.keyboard.type('register');
    await page.getByRole('option').first().waitFor(WAIT);
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/data-points\//, WAIT);
  });

  it('Ctrl+K opens the spotlight anywhere in the app', async () => {
    await page.goto(`${base}/problems/${small.problemId}/table`, { waitUntil: 'networkidle' });
    await page.keyboard.press('Control+k');
    await page.getByPlaceholder('Search projects, problems, elements, metrics…').waitFor(WAIT);
    await page.keyboard.type('attendance');
    await page.getByText('Attendance rate of girls', { exact: false }).first().waitFor(WAIT);
    await shot(page, 'spotlight');
  });
});
