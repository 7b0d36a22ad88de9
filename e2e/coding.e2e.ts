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

it('code an open question with a codebook, verify a sample blind, see kappa', async () => {
  // seeded through the routes: a survey with an open question and 20 answers in two waves
  const { client, formId } = await seedOpenAnswerSurvey(t, {
    person: 'Amina Diallo',
    team: 'Girls Education Mali',
    project: 'Back to school',
    form: 'Attendance survey',
    question: { key: 'barrier', label: 'What makes it hard to attend school?' },
    answers: SCHOOL_BARRIERS.filter((a) => a.codes.length <= 1)
      .slice(0, 20)
      .map((a, i) => ({ text: a.text, wave: i % 2 ? 'endline' : 'baseline' })),
  });
  const col = await client.post(`/forms/${formId}/intelligent-columns`, {
    name: 'Barriers to attendance',
    questionKeys: ['barrier'],
  });
  const columnId = col.headers.location!.split('/')[2];
  const page = await signedInPage(browser, base, client);

  // the deductive inputs screen: two codes
  await page.goto(`${base}/intelligent-columns/${columnId}/codebook`);
  await page.getByRole('heading', { name: 'Deductive inputs' }).waitFor();
  const fill = async (i: number, key: string, label: string, include: string) => {
    const card = page.locator('.mantine-Card-root').nth(i);
    await card.getByRole('textbox', { name: 'Key' }).fill(key);
    await card.getByRole('textbox', { name: 'Label' }).fill(label);
    await card
      .getByRole('textbox', { name: 'Definition' })
      .fill(`Answers about ${label.toLowerCase()}.`);
    await card.getByRole('textbox', { name: 'Include rules' }).fill(include);
  };
  await fill(0, 'distance', 'Distance', 'far\nlong way\nwalk\ndistance\nkm');
  await page.getByRole('button', { name: 'Add a code' }).click();
  await fill(1, 'cost', 'Cost', 'fee\nmoney\npay\nafford\nexpensive\ncost');
  await shot(page, 'coding-deductive-inputs');
  await page.getByRole('button', { name: 'Save codebook as version 1' }).click();

  // the column page: run, wait for the job, verify answers blind until a code has been both ticked
  // and left unticked (the sample is drawn from the column's random id: kappa needs both kinds)
  await page.getByRole('button', { name: 'Run coding' }).click();
  await page.getByText('Latest run: done').waitFor();
  await page.getByRole('heading', { name: 'Verification (blind)' }).waitFor();
  const seen = { distance: new Set<boolean>(), cost: new Set<boolean>() };
  for (let i = 0; i < 10; i++) {
    const quote = (await page.locator('blockquote').first().innerText()).toLowerCase();
    const verify = page
      .locator('form')
      .filter({ has: page.getByRole('button', { name: 'Save and next' }) });
    const distance = /far|walk|long way|km|distance/.test(quote);
    const cost = /fee|money|pay|afford|expensive|cost/.test(quote);
    if (distance) await verify.getByRole('checkbox', { name: 'Distance' }).check();
    if (cost) await verify.getByRole('checkbox', { name: 'Cost' }).check();
    seen.distance.add(distance);
    seen.cost.add(cost);
    await verify.getByRole('button', { name: 'Save and next' }).click();
    await page.getByText(`${i + 1} of 10 sampled answers coded by people`).waitFor();
    if (i >= 2 && (seen.distance.size === 2 || seen.cost.size === 2)) break;
  }
  await expect
    .poll(() => page.getByRole('cell', { name: 'not measurable yet' }).count())
    .toBeLessThan(2);
  await page.getByRole('heading', { name: 'Coded answers' }).waitFor();
  await shot(page, 'coding-column');
  // the settings say, per code, how many more human codes the classifier needs
  const training = page.getByLabel('Classifier training');
  await training.getByText('Distance').waitFor();
  await expect.poll(() => training.getByText(/needs \d+ more coded answers?/).count()).toBe(2);
  await shot(page, 'coding-classifier-training');

  await page.goto(`${base}/forms/${formId}/intelligent-columns`);
  await page.getByRole('link', { name: 'Barriers to attendance' }).waitFor();
  await shot(page, 'coding-columns-list');
});
