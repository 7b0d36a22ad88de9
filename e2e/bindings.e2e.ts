import { copyFileSync, mkdirSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { BrowserContext } from 'playwright-core';
import { type TestApp } from '../test/helpers/app.js';
import { createUser, signIn } from '../test/helpers/auth.js';
import { createTeamFor } from '../test/helpers/team-membership.js';
import { projects } from '../src/server/modules/projects/projects.tables.js';
import { problems, tocElements } from '../src/server/modules/problems/problems.tables.js';
import {
  dataPoints,
  metrics,
  surveyQuestions,
} from '../src/server/modules/metrics/metrics.tables.js';
import { shot } from './helpers/browser.js';
import { startJourney, type Journey } from './helpers/journey.js';

let t: TestApp;
let base: string;
let browser: BrowserContext;
let journey: Journey;

beforeAll(async () => {
  journey = await startJourney();
  ({ t, base, browser } = journey);
});
afterAll(() => journey?.close());

const SHOTS = '/tmp/shots-bindings';
async function keep(page: Parameters<typeof shot>[0], name: string) {
  const file = await shot(page, name);
  mkdirSync(SHOTS, { recursive: true });
  copyFileSync(file, `${SHOTS}/${name}.png`);
  console.log('screenshot', file);
}

it('bind a data point to a form question, answer the form twice, see the computed actual and its responses', async () => {
  const user = await createUser(t.app, { name: 'Amina Hassan' });
  const team = await createTeamFor(t.app, user.id, 'Food Security Somalia');
  const db = t.app.ctx.db;
  const teamId = team.id;
  const [project] = await db.insert(projects).values({ teamId, name: 'School meals' }).returning();
  const [problem] = await db
    .insert(problems)
    .values({ teamId, projectId: project.id, title: 'Children skip meals' })
    .returning();
  const [element] = await db
    .insert(tocElements)
    .values({ teamId, problemId: problem.id, kind: 'output', title: 'Meals served' })
    .returning();
  const year = new Date().getUTCFullYear();
  const [metric] = await db
    .insert(metrics)
    .values({
      teamId,
      problemId: problem.id,
      elementId: element.id,
      name: 'Meals served',
      type: 'count',
      period: 'annual',
      periodStart: `${year}-01-01`,
      periodEnd: `${year}-12-31`,
    })
    .returning();
  const [dp] = await db
    .insert(dataPoints)
    .values({ teamId, problemId: problem.id, metricId: metric.id, key: 'meals', name: 'Meals' })
    .returning();
  const [sq] = await db
    .insert(surveyQuestions)
    .values({
      teamId,
      problemId: problem.id,
      dataPointId: dp.id,
      text: 'How many meals were served today?',
      answerType: 'integer',
    })
    .returning();
  // a survey form asking it ("add from theory of change"), published
  const client = await signIn(t.app, user);
  const res = await client.post(`/projects/${project.id}/forms`, {
    name: 'Daily kitchen report',
    kind: 'survey',
  });
  const formId = res.headers.location!.split('/')[2];
  await client.post(`/forms/${formId}/questions/from-toc`, { surveyQuestionId: sq.id });
  await client.post(`/forms/${formId}/versions`);

  await browser.addCookies(
    [...client.cookies].map(([name, value]) => ({ name, value, url: base })),
  );
  const page = browser.pages()[0] ?? (await browser.newPage());
  page.setDefaultTimeout(20_000);

  // bind on the data point's page
  await page.goto(`${base}/data-points/${dp.id}`);
  await page.getByRole('button', { name: 'Bind to data' }).click();
  await page.getByText('A form question', { exact: true }).click();
  await page.getByPlaceholder('Choose a form question').click();
  await page.getByRole('option', { name: /Daily kitchen report/ }).click();
  await keep(page, 'binding-form');
  await page.getByRole('button', { name: 'Save binding' }).click();
  await page.getByText('Binding saved').first().waitFor();
  await page.getByText(/Computed from the answers to/).waitFor();
  await keep(page, 'binding-saved');

  // two responses through the public form
  await page.goto(`${base}/forms/${formId}/fields`);
  const publicPath = (await page.locator('code').first().textContent())!.trim();
  const phone = await browser.newPage();
  await phone.setViewportSize({ width: 375, height: 800 });
  for (const n of ['40', '35']) {
    await phone.goto(`${base}${publicPath}`);
    await phone.getByRole('textbox', { name: 'How many meals were served today?' }).fill(n);
    await phone.getByRole('button', { name: 'Send' }).click();
    await phone.getByText('Thank you: your answers were received.').waitFor();
  }
  await phone.close();

  // the metric's actual is computed (40 + 35) and leads to the responses behind it
  await page.goto(`${base}/metrics/${metric.id}`);
  const figure = page.getByRole('link', { name: '75' });
  await figure.waitFor();
  await keep(page, 'binding-metric');
  await figure.click();
  await page.getByRole('heading', { name: `Meals, ${year}: 75` }).waitFor();
  await expect(page.getByRole('link', { name: 'Daily kitchen report' }).count()).resolves.toBe(2);
  await keep(page, 'binding-rows');
  await page.getByRole('link', { name: 'Daily kitchen report' }).first().click();
  await page.getByRole('heading', { name: 'Responses: Daily kitchen report' }).waitFor();
});
