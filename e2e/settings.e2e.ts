// @postgres-pass (also run on the PostgreSQL pass): the team export job and retention purge
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { type TestApp } from '../test/helpers/app.js';
import { createUser, signIn } from '../test/helpers/auth.js';
import { createTeamFor } from '../test/helpers/team-membership.js';
import { projects } from '../src/server/modules/projects/projects.tables.js';
import { formLinks } from '../src/server/modules/forms/forms.tables.js';
import { problems, tocElements } from '../src/server/modules/problems/problems.tables.js';
import { metrics } from '../src/server/modules/metrics/metrics.tables.js';
import { launchBrowser } from './helpers/browser.js';
import { startJourney, type Journey } from './helpers/journey.js';

let t: TestApp;
let base: string;
let browser: BrowserContext;
let journey: Journey;

const SHOTS = '/tmp/shots-settings';
async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  const file = path.join(SHOTS, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  console.log('screenshot', file);
}

beforeAll(async () => {
  journey = await startJourney({ worker: true, dataDir: true });
  ({ t, base, browser } = journey);
});
afterAll(() => journey?.close());

it('a new team gets started with its video text; the owner turns public forms off and the form refuses; every settings page', async () => {
  const user = await createUser(t.app, { name: 'Amina Okafor' });
  const team = await createTeamFor(t.app, user.id, 'Learning Futures');
  const [project] = await t.app.ctx.db
    .insert(projects)
    .values({ teamId: team.id, name: 'Nutrition programme' })
    .returning();
  // a published form with its public link, through the app's own routes
  const client = await signIn(t.app, user);
  const made = await client.post(`/projects/${project.id}/forms`, {
    name: 'Household survey',
    kind: 'survey',
    anonymous: true,
  });
  const formId = made.headers.location!.split('/')[2];
  await client.post(`/forms/${formId}/questions`, {
    key: 'name',
    type: 'short_text',
    label: 'Name',
  });
  expect((await client.post(`/forms/${formId}/versions`)).statusCode).toBe(303);
  const [link] = await t.app.ctx.db.select().from(formLinks).where(eq(formLinks.formId, formId));

  await browser.addCookies(
    [...client.cookies].map(([name, value]) => ({ name, value, url: base })),
  );
  const page = await browser.newPage();

  // Settings is in the sidebar; its home lists the sections
  await page.goto(`${base}/dashboard`);
  await page.getByRole('link', { name: 'Settings' }).click();
  await page.getByRole('heading', { name: 'Settings', exact: true }).waitFor();
  await shot(page, 'settings-index');

  // video text
  await page.getByRole('link', { name: 'Video text' }).first().click();
  await page.getByRole('heading', { name: 'Video text', exact: true }).waitFor();
  await page.getByLabel('Video address').fill('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
  await page.getByLabel('Transcript').fill('Welcome to Learning Futures. Start with your project.');
  await page.getByLabel('Captions text').fill('WEBVTT\n\n00:00.000 --> 00:03.000\nWelcome');
  await page.getByRole('button', { name: 'Save video text' }).click();
  await page.getByText('What members see on the dashboard').waitFor();
  await page.locator('iframe[title="Onboarding video (preview)"]').waitFor();
  await shot(page, 'settings-video-text');

  // the dashboard's getting-started variant shows the team's steps and video text
  await page.goto(`${base}/dashboard`);
  await page.getByRole('heading', { name: 'Getting started', exact: true }).waitFor();
  await page.getByText('2 of 6 done').waitFor();
  await page.locator('iframe[title="Your team’s welcome video"]').waitFor();
  await page.getByText('Transcript').click();
  await page.getByText('Welcome to Learning Futures. Start with your project.').waitFor();
  await page.getByRole('link', { name: 'Browse the library' }).waitFor();
  await shot(page, 'dashboard-getting-started');

  // general
  await page.goto(`${base}/settings/general`);
  await page.getByRole('heading', { name: 'General', exact: true }).waitFor();
  await page.getByLabel('Keep deleted responses for (days)').fill('0');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await page.getByText('The retention period is at least 1.').waitFor();
  await page.getByLabel('Keep deleted responses for (days)').fill('60');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await page.getByText('General settings saved.').waitFor();
  await shot(page, 'settings-general');

  // team features: public forms off
  await page.getByRole('link', { name: 'Team feature settings' }).click();
  await page.getByRole('heading', { name: 'Team feature settings', exact: true }).waitFor();
  await page.getByRole('switch', { name: 'Public forms' }).uncheck({ force: true });
  await page.getByRole('button', { name: 'Save features' }).click();
  await page.getByText('Team features saved.').waitFor();
  expect(await page.getByRole('switch', { name: 'Public forms' }).isChecked()).toBe(false);
  await shot(page, 'settings-team-features');

  // the public form refuses, and the builder says why
  // a visitor without the owner's cookies: a browser of its own, watched by axe-core like every other
  const visitor = await launchBrowser();
  const pub = visitor.page;
  await pub.goto(`${base}/f/${link.token}`);
  await pub.getByText('This form is not accepting responses').waitFor();
  await shot(pub, 'public-form-refused');
  await visitor.close();
  await page.goto(`${base}/forms/${formId}/fields`);
  await page.getByText('Public forms are turned off for this team').waitFor();

  // request review limit
  await page.goto(`${base}/settings/limits`);
  await page.getByRole('heading', { name: 'Request review limit', exact: true }).waitFor();
  await page.getByText('No model requests this month yet', { exact: false }).waitFor();
  await page.getByLabel('Public responses per form a month').fill('500');
  await page.getByRole('button', { name: 'Save limits' }).click();
  await page.getByText('Monthly limits saved.').waitFor();
  await page.getByText('0 of 500').waitFor();
  await shot(page, 'settings-request-review-limit');

  // export of all the team's data, followed live to its download link
  await page.getByRole('link', { name: 'Export all data' }).click();
  await page.getByRole('heading', { name: 'Export all data', exact: true }).waitFor();
  await page.getByRole('button', { name: 'Export all data' }).click();
  await page.getByRole('link', { name: 'Download zip' }).waitFor();
  await shot(page, 'settings-exports');

  // with a metric the team has data: the working dashboard
  const [problem] = await t.app.ctx.db
    .insert(problems)
    .values({ teamId: team.id, projectId: project.id, title: 'Child stunting' })
    .returning();
  const [element] = await t.app.ctx.db
    .insert(tocElements)
    .values({ teamId: team.id, problemId: problem.id, kind: 'output', title: 'Meals served' })
    .returning();
  await t.app.ctx.db.insert(metrics).values({
    teamId: team.id,
    problemId: problem.id,
    elementId: element.id,
    name: 'Children reached',
    type: 'count',
    period: 'quarterly',
    periodStart: '2026-01-01',
    periodEnd: '2026-12-31',
  });
  await page.goto(`${base}/dashboard`);
  await page.getByRole('heading', { name: 'Key metrics across projects' }).waitFor();
  await page.getByRole('link', { name: 'Children reached' }).waitFor();
  await page.getByText('No responses in the last 30 days').waitFor();
  await page.getByRole('heading', { name: 'Finish setting up' }).waitFor();
  await shot(page, 'dashboard-working');
  await page.close();
});
