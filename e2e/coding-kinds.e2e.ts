import { type BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type TestApp } from '../test/helpers/app.js';
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

const ANSWERS = [
  'Nothing has changed for my family. We still skip meals when the rains fail.',
  'Life is the same as before, we still go hungry some days.',
  'No change at all. The children still skip meals.',
  'We are still hungry and have no income.',
  'We saved a little money in the savings group. It helped with school fees.',
  'The savings group lets us put money aside; we paid the school fees on time.',
  'A small loan from the group paid the school fees this year.',
  'Our savings are small, but the group helped with the fees.',
  'My wife opened a shop and sells vegetables at the market.',
  'I started a tailoring business. It now pays for everything.',
  'We run a small shop at the market and sell maize flour every week.',
  'Her vegetable business grew, she sells at two markets now.',
];

it('a rubric column scored, verified and compared; a summary column quoted', async () => {
  // seeded through the routes: a survey with an open question and 12 answers in two waves
  const { client, formId } = await seedOpenAnswerSurvey(t, {
    person: 'Grace Achieng',
    team: 'Livelihoods Kenya',
    project: 'Graduation programme',
    form: 'Household follow-up',
    question: { key: 'change', label: 'What has changed for your household?' },
    answers: ANSWERS.map((text, i) => ({ text, wave: i % 2 ? 'endline' : 'baseline' })),
  });
  const page = await signedInPage(browser, base, client);

  // create a rubric column on the list screen
  await page.goto(`${base}/forms/${formId}/intelligent-columns`);
  await page.getByRole('textbox', { name: 'Name' }).fill('Livelihood level');
  await page.getByRole('combobox', { name: 'What the column derives' }).click();
  await page.getByRole('option', { name: 'Rubric score' }).click();
  await page.getByRole('checkbox', { name: 'What has changed for your household?' }).check();
  await shot(page, 'kinds-create');
  await page.getByRole('button', { name: 'Create column' }).click();

  // write a 3-level rubric (the form starts with 5)
  await page.getByRole('heading', { name: 'Rubric', exact: true }).waitFor();
  await page.getByRole('button', { name: 'Remove level 5' }).click();
  await page.getByRole('button', { name: 'Remove level 4' }).click();
  const levels = [
    ['No change: the household still skips meals and has no income.', ''],
    [
      'Some savings: the savings group helps with school fees.',
      'We saved a little money in the group.',
    ],
    ['A new business: a shop or trade that sells at the market.', ''],
  ];
  for (const [i, [descriptor, example]] of levels.entries()) {
    await page.getByRole('textbox', { name: `Level ${i + 1} descriptor` }).fill(descriptor);
    if (example)
      await page
        .getByRole('textbox', { name: `Level ${i + 1} example answers (optional, one a line)` })
        .fill(example);
  }
  await shot(page, 'kinds-rubric');
  await page.getByRole('button', { name: 'Save rubric' }).click();

  // run it, then score two sampled answers blind (the machine's level is not on the page before);
  // after each decision the card says whether the machine agreed
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await page.getByText('Latest run: done').waitFor();
  await page.getByRole('heading', { name: 'Verification: blind scoring' }).waitFor();
  await page.getByText('the machine’s level is hidden until you have').waitFor();
  await expect.poll(() => page.getByRole('button', { name: /^Accept level/ }).count()).toBe(0);
  let agreed = 0;
  let compared = 0;
  for (const [n, level] of [
    [1, 1],
    [2, 3],
  ]) {
    await page.getByRole('combobox', { name: 'Your level' }).click();
    await page.getByRole('option', { name: new RegExp(`^${level}:`) }).click();
    await page.getByRole('button', { name: 'Save score' }).click();
    await page.getByText(`${n} of 10 sampled answers scored by people`).waitFor();
    const said = page.getByRole('status').filter({ hasText: `you scored level ${level};` });
    await said.waitFor();
    const saidText = await said.innerText();
    // an answer the machine did not score (an empty one may be sampled) is not compared
    if (!saidText.includes('the machine had not scored it')) compared++;
    if (saidText.includes('the machine agreed')) agreed++;
    if (n === 1) await shot(page, 'kinds-rubric-blind');
  }
  const exact =
    compared === 0 ? null : `Exact agreement: ${Math.round((agreed / compared) * 1000) / 10}%`;
  if (exact) await page.getByText(exact).waitFor();
  else await page.getByText('No scored answer yet').waitFor();
  await page.getByRole('heading', { name: 'Levels by wave' }).waitFor();
  await page.getByRole('heading', { name: 'Values per response' }).waitFor();
  await shot(page, 'kinds-rubric-column');

  // a summary column: run, central sentences quoted with links to their responses
  const col = await client.post(`/forms/${formId}/intelligent-columns`, {
    name: 'What households say',
    kind: 'summary',
    questionKeys: ['change'],
  });
  const summaryId = col.headers.location!.split('/')[2];
  await page.goto(`${base}/intelligent-columns/${summaryId}`);
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await page.getByRole('heading', { name: 'Summary of all answers' }).waitFor();
  const quotes = await page.locator('blockquote').allInnerTexts();
  expect(quotes.length).toBeGreaterThan(0);
  for (const q of quotes) {
    const sentence = q.split('\n')[0].replace(/^“|”$/g, '');
    expect(ANSWERS.some((a) => a.includes(sentence))).toBe(true);
  }
  await page.getByRole('heading', { name: 'Wave baseline (6 responses)' }).waitFor();
  await shot(page, 'kinds-summary-column');
  await page
    .getByRole('link', { name: /^Response #\d+$/ })
    .first()
    .click();
  await page.waitForURL(/\/form-responses\//);

  await page.goto(`${base}/forms/${formId}/intelligent-columns`);
  await page.getByRole('link', { name: 'What households say' }).waitFor();
  await shot(page, 'kinds-list');
});
