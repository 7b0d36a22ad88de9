// @postgres-pass (also run on the PostgreSQL pass): connector pulls imported as a job
import { copyFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, it } from 'vitest';
import { type TestApp } from '../test/helpers/app.js';
import { createUser, signIn } from '../test/helpers/auth.js';
import { createTeamFor } from '../test/helpers/team-membership.js';
import { projects } from '../src/server/modules/projects/projects.tables.js';
import { problems } from '../src/server/modules/problems/problems.tables.js';
import {
  fakeKobo,
  KOBO_TOKEN,
  type FakeService,
} from '../src/server/modules/connectors/test-support.js';
import { shot } from './helpers/browser.js';
import { startJourney, type Journey } from './helpers/journey.js';

let t: TestApp;
let base: string;
let browser: BrowserContext;
let journey: Journey;
let kobo: FakeService;

beforeAll(async () => {
  kobo = await fakeKobo();
  journey = await startJourney({ worker: true });
  ({ t, base, browser } = journey);
});
afterAll(async () => {
  await journey?.close();
  await kobo?.close();
});

const SHOTS = '/tmp/shots-connectors';
async function snap(page: Page, name: string) {
  const file = await shot(page, name);
  mkdirSync(SHOTS, { recursive: true });
  copyFileSync(file, path.join(SHOTS, path.basename(file)));
}

it('create a Kobo connector against a fake server, import a form, see the dataset', async () => {
  const user = await createUser(t.app, { name: 'Amina Okafor' });
  const team = await createTeamFor(t.app, user.id, 'Learning Futures');
  const [project] = await t.app.ctx.db
    .insert(projects)
    .values({ teamId: team.id, name: 'Household survey' })
    .returning();
  const [problem] = await t.app.ctx.db
    .insert(problems)
    .values({ teamId: team.id, projectId: project!.id, title: 'Unsafe drinking water' })
    .returning();
  const client = await signIn(t.app, user);
  await browser.addCookies(
    [...client.cookies].map(([name, value]) => ({ name, value, url: base })),
  );
  const page = await browser.newPage();

  await page.goto(`${base}/integrations`);
  await page.getByRole('heading', { name: 'Integrations', exact: true }).waitFor();
  await page.getByText('Click “Create connector” to connect').waitFor();
  await snap(page, 'integrations-index-empty');
  await page.getByRole('link', { name: 'Create connector' }).click();

  await page.getByRole('heading', { name: 'Create connector' }).waitFor();
  await page.getByRole('textbox', { name: 'Name' }).fill('Kobo field office');
  await page.getByRole('textbox', { name: 'Server address' }).fill(kobo.url);
  await page.getByLabel('API token').fill(KOBO_TOKEN);
  await snap(page, 'integrations-create');
  await page.getByRole('button', { name: 'Save and test' }).click();

  await page.getByRole('heading', { name: 'Kobo field office' }).waitFor();
  await page.getByText('Connected: 1 form readable.').first().waitFor();
  await page.getByRole('cell', { name: 'Household survey', exact: true }).waitFor();
  await page.getByRole('button', { name: 'Import Household survey' }).click();
  await page.getByRole('dialog').getByRole('textbox', { name: 'Dataset name' }).fill('Households');
  await snap(page, 'integrations-import-modal');
  await page.getByRole('button', { name: 'Import submissions' }).click();
  await page.getByText('3 submissions imported.').waitFor();
  await snap(page, 'integrations-show');

  await page.getByRole('link', { name: 'Households' }).click();
  await page.getByRole('heading', { name: 'Households', exact: true }).waitFor();
  await page.getByRole('cell', { name: 'Amina', exact: true }).waitFor();
  await snap(page, 'integrations-dataset');

  await page.goto(`${base}/integrations`);
  await page.getByRole('link', { name: 'Kobo field office' }).waitFor();
  await snap(page, 'integrations-index');

  // the problem workspace's Integrations tab shows what feeds the project
  await page.goto(`${base}/problems/${problem!.id}?tab=integrations`);
  const pulled = page.getByRole('table', { name: 'Forms pulled from KoboToolbox and ODK Central' });
  await pulled.getByRole('link', { name: 'Households' }).waitFor();
  await pulled.getByRole('link', { name: 'Kobo field office' }).waitFor();
  await page.getByText('Connect a PostgreSQL or MySQL database, then import').waitFor();
  await snap(page, 'problem-integrations-tab');

  // Settings → Sources authentication: rotate the token (tested first), then revoke it
  await page.goto(`${base}/settings/sources-authentication`);
  await page.getByRole('heading', { name: 'Sources authentication', level: 1 }).waitFor();
  const creds = page.getByRole('table', { name: 'Connector tokens and passwords' });
  const row = creds.getByRole('row', { name: /Kobo field office/ });
  await row.getByText('Active').waitFor();
  await row.getByText('API token').waitFor();
  await snap(page, 'sources-authentication-connectors');
  await page.getByRole('button', { name: 'Rotate the API token of Kobo field office' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('New API token').fill('not-the-token');
  await dialog.getByRole('button', { name: 'Test and store' }).click();
  await dialog.getByText('The service refused the credentials (HTTP 401)').waitFor();
  await dialog.getByRole('button', { name: 'Test and store' }).waitFor();
  await snap(page, 'sources-authentication-rotate-refused');
  await dialog.getByLabel('New API token').fill(KOBO_TOKEN);
  await dialog.getByRole('button', { name: 'Test and store' }).click();
  await page.getByText('New credential stored for “Kobo field office”').waitFor();
  await dialog.waitFor({ state: 'detached' });
  await row.getByRole('cell', { name: 'never' }).waitFor({ state: 'detached' });
  await snap(page, 'sources-authentication-rotated');
  await page.getByRole('button', { name: 'Revoke the API token of Kobo field office' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Revoke' }).click();
  await row.getByText('Revoked').waitFor();
  await row.getByRole('button', { name: 'Add the API token of Kobo field office' }).waitFor();
  await page.getByRole('dialog').waitFor({ state: 'detached' });
  await snap(page, 'sources-authentication-revoked');

  await page.goto(`${base}/integrations`);
  await page
    .getByRole('row', { name: /Kobo field office/ })
    .getByText('Revoked')
    .waitFor();
  await snap(page, 'integrations-index-revoked');
});
