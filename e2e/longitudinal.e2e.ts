// @postgres-pass (also run on the PostgreSQL pass): the form dataset view rebuilt on publish
import { randomUUID } from 'node:crypto';
import { copyFileSync, mkdirSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { BrowserContext } from 'playwright-core';
import { type TestApp } from '../test/helpers/app.js';
import { createUser, signIn } from '../test/helpers/auth.js';
import { TestClient } from '../test/helpers/client.js';
import { createTeamFor } from '../test/helpers/team-membership.js';
import { projects } from '../src/server/modules/projects/projects.tables.js';
import { formLinks, stakeholders } from '../src/server/modules/forms/forms.tables.js';
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

const SHOTS = '/tmp/shots-longitudinal';
async function keep(page: Parameters<typeof shot>[0], name: string) {
  const file = await shot(page, name);
  mkdirSync(SHOTS, { recursive: true });
  copyFileSync(file, `${SHOTS}/${name}.png`);
}

it('baseline and endline side by side with the change, then the form responses and a repeat group in the data grid', async () => {
  const user = await createUser(t.app, { name: 'Amina Hassan' });
  const team = await createTeamFor(t.app, user.id, 'Food Security Somalia');
  const db = t.app.ctx.db;
  const [project] = await db
    .insert(projects)
    .values({ teamId: team.id, name: 'School meals' })
    .returning();
  const client = await signIn(t.app, user);
  const publicClient = new TestClient(t.app, { inertia: false });
  const submit = (token: string, answers: Record<string, unknown>) =>
    publicClient.request(
      'POST',
      `/f/${token}`,
      { id: randomUUID(), version: 1, answers },
      { accept: 'application/json' },
    );
  const formOf = async (body: Record<string, unknown>) =>
    (await client.post(`/projects/${project.id}/forms`, body)).headers.location!.split('/')[2];

  // a stakeholder form, two people registered through its open link
  const reg = await formOf({ name: 'Registration', kind: 'stakeholder' });
  await client.post(`/forms/${reg}/questions`, {
    key: 'full_name',
    type: 'short_text',
    label: 'Full name',
    required: true,
  });
  await client.post(`/forms/${reg}/versions`);
  const [open] = await db.select().from(formLinks).where(eq(formLinks.formId, reg));
  for (const name of ['Amina Odhiambo', 'Juma Ali'])
    expect((await submit(open.token, { full_name: name })).statusCode).toBe(201);
  const people = await db.select().from(stakeholders).where(eq(stakeholders.projectId, project.id));
  const idOf = (name: string) => people.find((p) => p.name === name)!.id;

  // a stakeholder-linked survey answered at baseline and endline through personal links
  const survey = await formOf({
    name: 'Household follow-up',
    kind: 'survey',
    anonymous: false,
    waves: ['baseline', 'endline'],
  });
  await client.post(`/forms/${survey}/questions`, {
    key: 'meals',
    type: 'integer',
    label: 'Meals a day',
  });
  // a repeat group: its instances are a dataset of their own
  await client.post(`/forms/${survey}/questions`, {
    key: 'children',
    type: 'repeat',
    label: 'Children',
    itemLabel: 'child',
    validation: { min: '0', max: '5' },
  });
  await client.post(`/forms/${survey}/questions`, {
    key: 'child_age',
    type: 'integer',
    label: 'Age',
    repeatKey: 'children',
  });
  await client.post(`/forms/${survey}/versions`);
  const answers: Array<[string, string, string, number]> = [
    ['Amina Odhiambo', 'baseline', '1', 2],
    ['Amina Odhiambo', 'endline', '3', 0],
    ['Juma Ali', 'baseline', '2', 1],
    ['Juma Ali', 'endline', '2', 0],
  ];
  for (const [name, wave, meals, kids] of answers) {
    await client.post(`/stakeholders/${idOf(name)}/links`, { formId: survey, wave });
    const [link] = await db
      .select()
      .from(formLinks)
      .where(and(eq(formLinks.stakeholderId, idOf(name)), eq(formLinks.wave, wave)));
    const children = Array.from({ length: kids }, (_, i) => ({ child_age: String(4 + i) }));
    expect((await submit(link.token, { meals, children })).statusCode).toBe(201);
  }

  await browser.addCookies(
    [...client.cookies].map(([name, value]) => ({ name, value, url: base })),
  );
  const page = browser.pages()[0] ?? (await browser.newPage());
  page.setDefaultTimeout(20_000);

  // from the stakeholders page to the longitudinal view
  await page.goto(`${base}/projects/${project.id}/stakeholders`);
  await page.getByRole('link', { name: 'Longitudinal view' }).click();
  await page.getByRole('heading', { name: 'Longitudinal view', level: 1 }).waitFor();
  const table = page.getByRole('table', { name: /Stakeholders by wave/ });
  await table
    .getByRole('columnheader', { name: 'Meals a day · Household follow-up · baseline' })
    .waitFor();
  await table
    .getByRole('columnheader', { name: 'Meals a day · Household follow-up · endline' })
    .waitFor();
  // a repeat group is no field here (several values per response: its own dataset, below)
  await expect(table.getByRole('columnheader', { name: /Children/ }).count()).resolves.toBe(0);
  const amina = table.getByRole('row').filter({ hasText: 'Amina Odhiambo' });
  await expect(amina.getByText('+2').count()).resolves.toBe(1);
  const juma = table.getByRole('row').filter({ hasText: 'Juma Ali' });
  await expect(juma.getByText('±0').count()).resolves.toBe(1);
  await keep(page, 'longitudinal-view');

  // the survey's responses as a dataset, in the data grid
  await page.goto(`${base}/forms/${survey}/responses`);
  await page.getByRole('link', { name: 'Open in the data grid' }).click();
  await page.getByRole('heading', { name: 'Household follow-up: data' }).waitFor();
  await page.getByText('Version 1 · 4 rows').waitFor();
  // the grid may first draw placeholder rows while its first block loads: wait for the
  // four rows of data instead of counting once
  await expect.poll(() => page.locator('.ag-row[row-id]').count(), { timeout: 20_000 }).toBe(4);
  await keep(page, 'longitudinal-form-datagrid');

  // the repeat group's instances, one row each, in a dataset of their own
  await page.goto(`${base}/forms/${survey}/responses`);
  await page.getByRole('link', { name: 'Children in the data grid' }).waitFor();
  await keep(page, 'longitudinal-responses-links');
  await page.getByRole('link', { name: 'Children in the data grid' }).click();
  await page.getByRole('heading', { name: 'Household follow-up — Children: data' }).waitFor();
  await page.getByText('Version 1 · 3 rows').waitFor();
  await expect.poll(() => page.locator('.ag-row[row-id]').count(), { timeout: 20_000 }).toBe(3);
  await keep(page, 'longitudinal-repeat-datagrid');
});
