// @postgres-pass (also run on the PostgreSQL pass): a real external PostgreSQL/MariaDB source and its import job
import { copyFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, it } from 'vitest';
import { type TestApp } from '../test/helpers/app.js';
import { createUser, signIn } from '../test/helpers/auth.js';
import { createTeamFor } from '../test/helpers/team-membership.js';
import { projects } from '../src/server/modules/projects/projects.tables.js';
import {
  createRemoteFixtures,
  type RemoteFixtures,
} from '../src/server/modules/databases/test-support.js';
import { shot } from './helpers/browser.js';
import { startJourney, type Journey } from './helpers/journey.js';

let t: TestApp;
let base: string;
let browser: BrowserContext;
let journey: Journey;
let fx: RemoteFixtures;

beforeAll(async () => {
  fx = await createRemoteFixtures();
  journey = await startJourney({ worker: true });
  ({ t, base, browser } = journey);
});
afterAll(async () => {
  await journey?.close();
  await fx?.drop();
});

const SHOTS = '/tmp/shots-dbsources';
async function snap(page: Page, name: string) {
  const file = await shot(page, name);
  mkdirSync(SHOTS, { recursive: true });
  copyFileSync(file, path.join(SHOTS, path.basename(file)));
  console.log('screenshot', file);
}

it('add the MariaDB database, test it, import a table, watch the job, see the dataset', async () => {
  const user = await createUser(t.app, { name: 'Amina Okafor' });
  const team = await createTeamFor(t.app, user.id, 'Learning Futures');
  await t.app.ctx.db.insert(projects).values({ teamId: team.id, name: 'Household survey' });
  const client = await signIn(t.app, user);
  await browser.addCookies(
    [...client.cookies].map(([name, value]) => ({ name, value, url: base })),
  );
  const page = await browser.newPage();

  // the sidebar's Databases area: empty, with what to do
  await page.goto(`${base}/dashboard`);
  await page.getByRole('link', { name: 'Databases' }).first().click();
  await page.getByRole('heading', { name: 'Databases', exact: true }).waitFor();
  await page.getByText('Click “Add database” to connect').waitFor();
  await page.getByRole('link', { name: 'Add database' }).click();

  await page.getByRole('heading', { name: 'Add a database' }).waitFor();
  await page.getByRole('textbox', { name: 'Name' }).fill('Field MIS');
  await page.getByRole('combobox', { name: 'Database type' }).click();
  await page.getByRole('option', { name: 'MySQL / MariaDB' }).click();
  await page.getByRole('combobox', { name: 'Encryption (TLS)' }).click();
  await page.getByRole('option', { name: 'No TLS' }).click();
  await page.getByRole('textbox', { name: 'Host' }).fill('127.0.0.1');
  await page.getByRole('textbox', { name: 'Database', exact: true }).fill('test');
  await page.getByRole('textbox', { name: 'User' }).fill(fx.reader);
  await page.getByRole('textbox', { name: 'Password' }).fill(fx.password);
  await snap(page, 'databases-create');
  await page.getByRole('button', { name: 'Save and test' }).click();

  // the test job's answer arrives live (the database creation notification)
  await page.getByRole('heading', { name: 'Field MIS' }).waitFor();
  // the page's own alert (the job's toast, outside #app, may say the same at the same time)
  await page
    .locator('#app')
    .getByText(/^Connected: (1 table or view|\d+ tables and views) readable\.$/)
    .waitFor();
  await page.getByRole('button', { name: 'Test connection' }).click();
  await page.getByRole('alert').filter({ hasText: 'Connected:' }).first().waitFor();

  // browse: pick the table, see its columns' types and first rows
  await page.getByRole('link', { name: fx.table }).click();
  await page.getByRole('heading', { name: `test.${fx.table}` }).waitFor();
  await page.getByRole('cell', { name: 'Anna', exact: true }).waitFor();
  await page.getByText('Decimal number').first().waitFor();
  // a viewport as tall as the page: the full-page shot then resizes nothing mid-transition
  await page.setViewportSize({ width: 1280, height: 1400 });
  await page.reload();
  await page.getByRole('cell', { name: 'Anna', exact: true }).waitFor();
  await snap(page, 'databases-show-preview');
  await page.setViewportSize({ width: 1280, height: 900 });

  await page.getByRole('textbox', { name: 'Dataset name' }).fill('People');
  await page.getByRole('button', { name: 'Import as a dataset' }).click();
  await page.getByRole('heading', { name: 'Import of “People”' }).waitFor();
  await page.getByText('The import finished').waitFor();
  await snap(page, 'databases-job-status');

  await page.getByRole('link', { name: 'See the data' }).click();
  await page.getByRole('heading', { name: 'People', exact: true }).waitFor();
  await page.getByRole('cell', { name: 'Chloé “C” O’Neil', exact: true }).waitFor();
  await page.getByText('Imported from a database · version 1 · 3 rows').waitFor();
  await page.setViewportSize({ width: 1280, height: 1600 });
  await page.reload();
  await page.getByRole('cell', { name: 'Anna', exact: true }).waitFor();
  await snap(page, 'databases-dataset');
  await page.setViewportSize({ width: 1280, height: 900 });

  await page.goto(`${base}/databases`);
  await page.getByRole('link', { name: 'Field MIS' }).waitFor();
  await page.getByText(/People, /).waitFor();
  await snap(page, 'databases-index');

  await page.getByRole('link', { name: 'Stored passwords' }).click();
  await page.getByRole('heading', { name: 'Sources authentication' }).waitFor();
  await page.getByRole('button', { name: 'Change password' }).waitFor();
  await snap(page, 'databases-sources-authentication');
});
