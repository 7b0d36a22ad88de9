import { randomUUID } from 'node:crypto';
import { copyFileSync, mkdirSync } from 'node:fs';
import { type BrowserContext } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type TestApp } from '../test/helpers/app.js';
import { createUser, signIn } from '../test/helpers/auth.js';
import { TestClient } from '../test/helpers/client.js';
import { createTeamFor } from '../test/helpers/team-membership.js';
import { projects } from '../src/server/modules/projects/projects.tables.js';
import { formLinks } from '../src/server/modules/forms/forms.tables.js';
import { SCHOOL_BARRIERS } from '../test/fixtures/coding/school-barriers.data.js';
import { shot } from './helpers/browser.js';
import { startJourney, type Journey } from './helpers/journey.js';

let t: TestApp;
let base: string;
let browser: BrowserContext;
let journey: Journey;

beforeAll(async () => {
  journey = await startJourney({ worker: true });
  ({ t, base, browser } = journey);
});
afterAll(() => journey?.close());

const keep = async (page: Parameters<typeof shot>[0], name: string) => {
  const file = await shot(page, name);
  mkdirSync('/tmp/shots-coding-themes', { recursive: true });
  copyFileSync(file, `/tmp/shots-coding-themes/${name}.png`);
};

it('discover themes in open answers and turn one into a code of the codebook', async () => {
  // seeded through the routes: a survey with an open question and 60 answers on three topics
  const user = await createUser(t.app, { name: 'Amina Diallo' });
  const team = await createTeamFor(t.app, user.id, 'Girls Education Mali');
  const [project] = await t.app.ctx.db
    .insert(projects)
    .values({ teamId: team.id, name: 'Back to school' })
    .returning();
  const client = await signIn(t.app, user);
  const created = await client.post(`/projects/${project.id}/forms`, {
    name: 'Attendance survey',
    kind: 'survey',
  });
  const formId = created.headers.location!.split('/')[2];
  await client.post(`/forms/${formId}/questions`, {
    key: 'barrier',
    type: 'long_text',
    label: 'What makes it hard to attend school?',
  });
  await client.post(`/forms/${formId}/versions`);
  const [link] = await t.app.ctx.db.select().from(formLinks).where(eq(formLinks.formId, formId));
  const respondent = new TestClient(t.app, { inertia: false });
  const answers = ['distance', 'cost', 'illness'].flatMap((topic) =>
    SCHOOL_BARRIERS.filter((a) => a.codes.length === 1 && a.codes[0] === topic).slice(0, 20),
  );
  expect(answers).toHaveLength(60);
  for (const a of answers) {
    const res = await respondent.request(
      'POST',
      `/f/${link.token}`,
      { id: randomUUID(), version: 1, answers: { barrier: a.text } },
      { accept: 'application/json' },
    );
    expect(res.statusCode).toBeLessThan(300);
  }
  const col = await client.post(`/forms/${formId}/intelligent-columns`, {
    name: 'Barriers to attendance',
    questionKeys: ['barrier'],
  });
  const columnId = col.headers.location!.split('/')[2];

  await browser.addCookies(
    [...client.cookies].map(([name, value]) => ({ name, value, url: base })),
  );
  const page = browser.pages()[0] ?? (await browser.newPage());

  // the column page: themes are said to be machine-suggested; discover with 3 themes
  await page.goto(`${base}/intelligent-columns/${columnId}`);
  await page.getByRole('heading', { name: 'Themes (discovered)' }).waitFor();
  await page.getByText('Machine-suggested from word overlap').waitFor();
  await page.getByLabel('Number of themes', { exact: true }).first().click();
  await page.getByRole('option', { name: '3 themes' }).click();
  await page.getByRole('button', { name: 'Discover themes' }).click();
  const table = page.getByRole('table', { name: 'Discovered themes' });
  await table.waitFor();
  await expect.poll(() => table.locator('tbody tr').count()).toBe(3);
  await page.getByText(/answers grouped into 3 themes/).waitFor();
  await keep(page, 'themes-discovered');

  // a theme about money becomes a code (word overlap on short answers mixes topics: the page says so)
  const feesRow = table
    .locator('tbody tr')
    .filter({ hasText: /money|fee|pay/ })
    .first();
  await feesRow.getByRole('button', { name: 'Turn into code' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'Code label' }).fill('Cost of schooling');
  await keep(page, 'themes-turn-into-code');
  await dialog.getByRole('button', { name: 'Add to the codebook' }).click();
  await page.getByText('“Cost of schooling” is in codebook version 1').waitFor();
  await feesRow.getByText('cost_of_schooling (codebook v1)').waitFor();
  await keep(page, 'themes-coded');

  // the codebook has it, with the theme's top words as include rules
  await page.getByRole('link', { name: 'Deductive inputs' }).click();
  await page.getByRole('heading', { name: 'Deductive inputs' }).waitFor();
  await expect
    .poll(() => page.getByRole('textbox', { name: 'Label' }).first().inputValue())
    .toBe('Cost of schooling');
  await expect
    .poll(() => page.getByRole('textbox', { name: 'Include rules' }).first().inputValue())
    .toMatch(/\w+/);
  await keep(page, 'themes-codebook');
});
