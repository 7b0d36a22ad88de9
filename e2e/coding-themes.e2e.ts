import { type BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type TestApp } from '../test/helpers/app.js';
import { SCHOOL_BARRIERS } from '../test/fixtures/coding/school-barriers.data.js';
import { shot } from './helpers/browser.js';
import { startJourney, type Journey } from './helpers/journey.js';
import { seedOpenAnswerSurvey, signedInPage } from './helpers/open-answer-survey.js';

let t: TestApp;
let base: string;
let browser: BrowserContext;
let journey: Journey;

beforeAll(async () => {
  journey = await startJourney({ worker: true });
  ({ t, base, browser } = journey);
});
afterAll(() => journey?.close());

it('discover themes in open answers and turn one into a code of the codebook', async () => {
  // seeded through the routes: a survey with an open question and 60 answers on three topics
  const answers = ['distance', 'cost', 'illness'].flatMap((topic) =>
    SCHOOL_BARRIERS.filter((a) => a.codes.length === 1 && a.codes[0] === topic).slice(0, 20),
  );
  expect(answers).toHaveLength(60);
  const { client, formId } = await seedOpenAnswerSurvey(t, {
    person: 'Amina Diallo',
    team: 'Girls Education Mali',
    project: 'Back to school',
    form: 'Attendance survey',
    question: { key: 'barrier', label: 'What makes it hard to attend school?' },
    answers: answers.map((a) => ({ text: a.text })),
  });
  const col = await client.post(`/forms/${formId}/intelligent-columns`, {
    name: 'Barriers to attendance',
    questionKeys: ['barrier'],
  });
  const columnId = col.headers.location!.split('/')[2];
  const page = await signedInPage(browser, base, client);

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
  await shot(page, 'themes-discovered');

  // a theme about money becomes a code (word overlap on short answers mixes topics: the page says so)
  const feesRow = table
    .locator('tbody tr')
    .filter({ hasText: /money|fee|pay/ })
    .first();
  await feesRow.getByRole('button', { name: 'Turn into code' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'Code label' }).fill('Cost of schooling');
  await shot(page, 'themes-turn-into-code');
  await dialog.getByRole('button', { name: 'Add to the codebook' }).click();
  await page.getByText('“Cost of schooling” is in codebook version 1').waitFor();
  await feesRow.getByText('cost_of_schooling (codebook v1)').waitFor();
  await shot(page, 'themes-coded');

  // the codebook has it, with the theme's top words as include rules
  await page.getByRole('link', { name: 'Deductive inputs' }).click();
  await page.getByRole('heading', { name: 'Deductive inputs' }).waitFor();
  await expect
    .poll(() => page.getByRole('textbox', { name: 'Label' }).first().inputValue())
    .toBe('Cost of schooling');
  await expect
    .poll(() => page.getByRole('textbox', { name: 'Include rules' }).first().inputValue())
    .toMatch(/\w+/);
  await shot(page, 'themes-codebook');
});
