/**
 * Issue 3 end to end in Chromium, through the screens only: create a project and a problem,
 * build a small theory of change in the diagram (add three elements, link them by dragging), add
 * a metric with a baseline and targets, enter values for two periods and see the table and the
 * chart, copy a library problem into the project, and comment on the project while a teammate's
 * browser shows the comment arrive live.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/helpers/app.js';
import { createUser } from '../test/helpers/auth.js';
import { addMember, createTeamFor } from '../test/helpers/team-membership.js';
import { cookiesFor, dragLink, launchBrowser, shot, type Browser } from './helpers/browser.js';
import { SHIPPED_LIBRARY } from '../src/server/modules/libraries/content/index.js';
import { WAIT_GUARD_MS } from '../test/helpers/wait.js';

let t: TestApp;
let base: string;
let owner: Browser;
let teammate: Browser;
const WAIT = { timeout: WAIT_GUARD_MS };

async function signInBrowser(b: Browser, email: string, password: string) {
  const { headers } = await t.app.ctx.auth.api.signInEmail({
    body: { email, password },
    returnHeaders: true,
  });
  await b.context.addCookies(cookiesFor(headers, base));
}

beforeAll(async () => {
  t = await createTestApp({ build: { assets: 'built' } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
  const amina = await createUser(t.app, { name: 'Amina Okafor' });
  const joseph = await createUser(t.app, { name: 'Joseph Mwangi' });
  const team = await createTeamFor(t.app, amina.id, 'Girls Education Trust');
  await addMember(t.app, team.id, joseph.id, 'editor');
  owner = await launchBrowser({ viewport: { width: 1440, height: 900 } });
  teammate = await launchBrowser({ viewport: { width: 1280, height: 900 } });
  await signInBrowser(owner, amina.email, amina.password);
  await signInBrowser(teammate, joseph.email, joseph.password);
  for (const b of [owner, teammate])
    b.page.on('pageerror', (e) => console.error('page error:', e.message));
}, 120_000);

afterAll(async () => {
  await owner?.close();
  await teammate?.close();
  await t?.close();
});

async function addInDiagram(page: Page, column: string, title: string) {
  await page.getByRole('button', { name: `Add to ${column}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Add element' });
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByRole('button', { name: 'Add' }).click();
  await dialog.waitFor({ state: 'hidden', ...WAIT });
  const node = page.locator('.react-flow__node-element').filter({ hasText: title });
  await node.first().waitFor(WAIT);
  return node.first();
}

it('project -> problem -> diagram -> metric with targets and values -> library copy -> live comment', async () => {
  const page = owner.page;

  // 1. a project, through the create form
  await page.goto(`${base}/projects`, { waitUntil: 'networkidle' });
  await page.getByRole('heading', { name: 'Create your first project' }).waitFor(WAIT);
  await page.getByRole('link', { name: 'Create project' }).click();
  await page.getByLabel('Name').fill('Keeping girls in school');
  await page.getByLabel('Start date').fill('2026-01-01');
  await page.getByLabel('End date').fill('2027-12-31');
  await page.getByRole('button', { name: 'Create project' }).click();
  await page.getByRole('heading', { name: 'Keeping girls in school' }).waitFor(WAIT);
  const projectUrl = page.url();

  // 2. a problem in it
  await page
    .getByRole('link', { name: /New problem/ })
    .first()
    .click();
  await page.getByLabel('Title').first().fill('Girls drop out before finishing secondary school');
  await page.getByRole('button', { name: 'Create problem' }).click();
  await page
    .getByRole('heading', { name: 'Girls drop out before finishing secondary school' })
    .waitFor(WAIT);
  const problemUrl = page.url().split('?')[0];

  // 3. a small theory of change in the diagram: activity -> output -> outcome, linked by dragging
  await page.getByRole('link', { name: 'Diagram' }).click();
  await page.waitForURL(/\/diagram/, WAIT);
  const activity = await addInDiagram(page, 'Activities', 'Mentor girls weekly');
  const output = await addInDiagram(page, 'Outputs', 'Girls mentored');
  const outcome = await addInDiagram(page, 'Outcomes · Short term', 'Girls stay enrolled');
  await dragLink(page, activity, output);
  await expect.poll(() => page.locator('.react-flow__edge').count(), WAIT).toBe(1);
  await dragLink(page, output, outcome);
  await expect.poll(() => page.locator('.react-flow__edge').count(), WAIT).toBe(2);
  await shot(page, 'journey-diagram');

  // 4. a metric on the outcome, with a baseline and quarterly targets
  await page.goto(`${problemUrl}?tab=outcomes`, { waitUntil: 'networkidle' });
  await page.getByRole('link', { name: 'Girls stay enrolled' }).first().click();
  await page.getByRole('button', { name: 'Add metric' }).click();
  const metricForm = page.getByRole('dialog', { name: /^Add a metric/ });
  await metricForm
    .getByRole('textbox', { name: /^Name/ })
    .fill('Girls enrolled at the end of the term');
  await metricForm.getByLabel('Unit').fill('girls');
  await metricForm.getByLabel('Baseline value').fill('120');
  await metricForm.getByLabel('Baseline date').fill('2025-12-01');
  await metricForm.getByLabel('Reporting starts').fill('2026-01-01');
  await metricForm.getByLabel('Reporting ends').fill('2026-12-31');
  await metricForm.getByRole('button', { name: 'Add metric' }).click();
  // the new metric opens on its own page
  await page.waitForURL(/\/metrics\//, WAIT);
  await page.getByRole('heading', { name: 'Girls enrolled at the end of the term' }).waitFor(WAIT);
  for (const [period, target] of [
    ['Q1 2026', '130'],
    ['Q2 2026', '140'],
    ['Q3 2026', '150'],
    ['Q4 2026', '160'],
  ]) {
    await page.getByRole('textbox', { name: `Target for ${period}` }).fill(target);
  }
  await page.getByRole('button', { name: 'Save targets' }).click();
  await page
    .getByText(/Targets saved|saved/i)
    .first()
    .waitFor(WAIT);

  // 5. values for two periods, then the table and the chart
  const valueForm = page.getByRole('form', { name: 'Enter a value' });
  for (const [period, value] of [
    ['Q1 2026', '128'],
    ['Q2 2026', '141'],
  ]) {
    await valueForm.getByLabel('Period', { exact: true }).click();
    await page.getByRole('option', { name: period, exact: true }).click();
    await valueForm.getByRole('textbox', { name: 'Value' }).fill(value);
    await valueForm.getByRole('button', { name: 'Add value' }).click();
    await page
      .getByRole('cell', { name: new RegExp(`^${value}`) })
      .first()
      .waitFor(WAIT);
  }
  await page.getByTestId('metric-chart').locator('canvas').waitFor(WAIT);
  await shot(page, 'journey-metric');

  // 6. a library problem copied into the project (deep copy lands on the new problem)
  const libraryProblem = SHIPPED_LIBRARY.find((e) => e.kind === 'problem')!;
  await page.goto(`${base}/libraries/${libraryProblem.slug}`, { waitUntil: 'networkidle' });
  await page.getByTestId('copy-open').click();
  await page.getByRole('dialog', { name: 'Copy to a project' }).waitFor(WAIT);
  // the user's projects list: the team's only project is chosen already
  await expect
    .poll(() => page.getByTestId('copy-project').inputValue(), WAIT)
    .toContain('Keeping girls in school');
  await page.getByTestId('copy-submit').click();
  // the copy opens as a problem of the project
  await page.waitForURL((u) => u.pathname.startsWith('/problems/'), WAIT);
  await page.getByRole('heading', { name: libraryProblem.template.problem.title }).waitFor(WAIT);
  await page.goto(projectUrl, { waitUntil: 'networkidle' });
  await page.getByRole('link', { name: libraryProblem.template.problem.title }).waitFor(WAIT);
  await page
    .getByRole('link', { name: 'Girls drop out before finishing secondary school' })
    .waitFor(WAIT);
  await shot(page, 'journey-project');

  // 7. a comment on the project arrives live in the teammate's browser
  const other = teammate.page;
  const connected = other.waitForEvent('console', {
    predicate: (m) => m.text() === 'Live channel connected',
    timeout: WAIT_GUARD_MS,
  });
  await other.goto(projectUrl, { waitUntil: 'networkidle' });
  await connected;
  await other.getByText('No comments yet.', { exact: false }).waitFor(WAIT);
  await page.getByText('No comments yet.', { exact: false }).waitFor(WAIT);
  const composer = page.getByRole('textbox', { name: 'Write a comment…' });
  await composer.fill('Baseline confirmed with the county education office.');
  await page.getByRole('button', { name: 'Comment', exact: true }).click();
  await other
    .getByTestId('comment-body')
    .filter({ hasText: 'Baseline confirmed with the county education office.' })
    .waitFor(WAIT);
  await shot(other, 'journey-comment-live');
}, 300_000);
