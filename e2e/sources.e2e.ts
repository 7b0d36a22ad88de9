// @postgres-pass (also run on the PostgreSQL pass): imports by COPY into a version table, as a job
import { type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type TestApp } from '../test/helpers/app.js';
import { createUser, signIn } from '../test/helpers/auth.js';
import { createTeamFor } from '../test/helpers/team-membership.js';
import { projects } from '../src/server/modules/projects/projects.tables.js';
import { problems } from '../src/server/modules/problems/problems.tables.js';
import { shot } from './helpers/browser.js';
import { startJourney, type Journey } from './helpers/journey.js';

let t: TestApp;
let base: string;
let browser: BrowserContext;
let journey: Journey;

beforeAll(async () => {
  journey = await startJourney({ worker: true, dataDir: true });
  ({ t, base, browser } = journey);
});
afterAll(() => journey?.close());

/** A phone-width screenshot of the current page, reloaded at that width (no layout transition caught half-way) */
async function phoneShot(page: Page, name: string, heading: string) {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.reload();
  await page.getByRole('heading', { name: heading, exact: true }).waitFor();
  console.log('screenshot', await shot(page, name));
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.reload();
  await page.getByRole('heading', { name: heading, exact: true }).waitFor();
}

const CSV = [
  'Code;Name;District;Score;Visited',
  ...Array.from({ length: 40 }, (_, i) =>
    [
      String(i + 1).padStart(4, '0'),
      `Household ${i + 1}`,
      ['Kano', 'Kaduna', 'Katsina'][i % 3],
      i === 7 ? 'n/a' : `${60 + (i % 30)}.5`,
      `2026-03-${String((i % 28) + 1).padStart(2, '0')}`,
    ].join(';'),
  ),
].join('\n');

it('upload a CSV, fix a column type in the preview, watch the import to the end, see the rows', async () => {
  const user = await createUser(t.app, { name: 'Amina Okafor' });
  const team = await createTeamFor(t.app, user.id, 'Learning Futures');
  const db = t.app.ctx.db;
  const [project] = await db
    .insert(projects)
    .values({ teamId: team.id, name: 'Household survey' })
    .returning();
  const [problem] = await db
    .insert(problems)
    .values({ teamId: team.id, projectId: project.id, title: 'Households lack clean water' })
    .returning();
  const client = await signIn(t.app, user);
  await browser.addCookies(
    [...client.cookies].map(([name, value]) => ({ name, value, url: base })),
  );
  const page = await browser.newPage();

  // the problem workspace's Sources tab: empty, with what to do
  await page.goto(`${base}/problems/${problem.id}?tab=sources`);
  await page.getByText('Click “Add source” to upload').waitFor();
  await page.getByRole('link', { name: 'Add source' }).click();
  await page.getByRole('heading', { name: 'Add source' }).waitFor();
  console.log('screenshot', await shot(page, 'sources-create'));

  // the normal file button (the dropzone's input)
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Choose a file' }).click();
  await (
    await chooser
  ).setFiles({
    name: 'households.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(CSV, 'utf8'),
  });
  await page.getByRole('heading', { name: 'Preview of households.csv' }).waitFor();
  await page.getByText('semicolon-separated').waitFor();
  // Code was read as whole numbers (0001 -> 1): keep it as text
  const code = page.getByRole('textbox', { name: 'Name', exact: true }).first();
  await expect(code.inputValue()).resolves.toBe('Code');
  const typeSelects = page.getByLabel('Type', { exact: true });
  await expect(typeSelects.first().inputValue()).resolves.toBe('Whole number');
  await typeSelects.first().click();
  await page.getByRole('option', { name: 'Text', exact: true }).click();
  await expect(typeSelects.first().inputValue()).resolves.toBe('Text');
  await page.getByText('1 of 40 sampled values would not convert').waitFor();
  console.log('screenshot', await shot(page, 'sources-preview'));
  await page.setViewportSize({ width: 375, height: 800 });
  await page.getByRole('button', { name: 'Start import' }).scrollIntoViewIfNeeded();
  console.log('screenshot', await shot(page, 'sources-preview-375'));
  await page.setViewportSize({ width: 1280, height: 900 });

  await page.getByRole('button', { name: 'Start import' }).click();
  await page.getByRole('heading', { name: 'Import of “households”' }).waitFor();
  await page.getByText('The import finished').waitFor();
  await page.getByText('40 rows imported; 1 value could not be converted').waitFor();
  await page.getByRole('cell', { name: 'n/a' }).waitFor();
  console.log('screenshot', await shot(page, 'sources-job-status'));
  await phoneShot(page, 'sources-job-status-375', 'Import of “households”');

  await page.getByRole('link', { name: 'See the data' }).click();
  await page.getByRole('heading', { name: 'households', exact: true }).waitFor();
  await page.getByRole('cell', { name: 'Household 1', exact: true }).waitFor();
  await page.getByRole('cell', { name: '0001', exact: true }).waitFor();
  console.log('screenshot', await shot(page, 'sources-show'));
  await phoneShot(page, 'sources-show-375', 'households');

  // the Sources tab now lists it
  await page.goto(`${base}/problems/${problem.id}?tab=sources`);
  await page.getByRole('link', { name: 'households' }).waitFor();
  console.log('screenshot', await shot(page, 'sources-tab'));
  await phoneShot(page, 'sources-tab-375', 'Households lack clean water');
});
