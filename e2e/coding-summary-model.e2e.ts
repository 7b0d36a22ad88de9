import { type BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type TestApp } from '../test/helpers/app.js';
import {
  startFakeModelServer,
  type FakeModelServer,
} from '../src/server/modules/assistant/fake-model-server.js';
import { shot } from './helpers/browser.js';
import { checkAccessibility } from './helpers/a11y.js';
import { startJourney, type Journey } from './helpers/journey.js';
import { seedOpenAnswerSurvey, signedInPage } from './helpers/open-answer-survey.js';

/**
 * A summary column written by a configured model (a local fake chat completions server): one part
 * per wave, the waves' statements merged by one more request (a merged statement citing a quote it
 * was not given refused and listed), then a merge refused: the statements listed, and why.
 */
let t: TestApp;
let base: string;
let browser: BrowserContext;
let journey: Journey;
let fake: FakeModelServer;

beforeAll(async () => {
  fake = await startFakeModelServer();
  journey = await startJourney({
    worker: true,
    ai: { baseUrl: fake.baseUrl, apiKey: 'sk-test-key', model: 'fake-model' },
  });
  ({ t, base, browser } = journey);
});
afterAll(async () => {
  await journey?.close();
  await fake?.close();
});

const BASELINE = [
  'We still skip meals when the rains fail.',
  'The children go hungry some days.',
  'We have no income since the harvest failed.',
];
const ENDLINE = [
  'The savings group paid the school fees on time.',
  'My wife sells vegetables at the market now.',
  'A small loan from the group paid the school fees this year.',
];
const reply = (statements: unknown) => ({ text: JSON.stringify({ statements }) });
const batches = () => [
  reply([
    {
      statement: 'Households at baseline go hungry.',
      quotes: [
        { id: 1, quote: 'skip meals when the rains fail' },
        { id: 2, quote: 'go hungry some days' },
      ],
    },
    { statement: 'Incomes failed with the harvest.', quotes: [{ id: 3, quote: 'no income' }] },
  ]),
  reply([
    {
      statement: 'The savings group pays school fees.',
      quotes: [
        { id: 1, quote: 'savings group paid the school fees' },
        { id: 3, quote: 'loan from the group paid the school fees' },
      ],
    },
    {
      statement: 'Some started selling at the market.',
      quotes: [{ id: 2, quote: 'sells vegetables' }],
    },
  ]),
];

it('a summary column written by the model: per-wave parts, merged, then listed when the merge is refused', async () => {
  const { client, formId } = await seedOpenAnswerSurvey(t, {
    person: 'Grace Achieng',
    team: 'Livelihoods Kenya',
    project: 'Graduation programme',
    form: 'Household follow-up',
    question: { key: 'change', label: 'What has changed for your household?' },
    answers: [
      ...BASELINE.map((text) => ({ text, wave: 'baseline' })),
      ...ENDLINE.map((text) => ({ text, wave: 'endline' })),
    ],
  });
  const col = await client.post(`/forms/${formId}/intelligent-columns`, {
    name: 'What households say',
    kind: 'summary',
    questionKeys: ['change'],
  });
  const id = col.headers.location!.split('/')[2];
  const engine = await client.put(`/intelligent-columns/${id}`, {
    name: 'What households say',
    threshold: 0.6,
    samplePercent: 20,
    engine: 'model',
  });
  expect(engine.statusCode).toBe(303);
  const page = await signedInPage(browser, base, client);

  // the waves' statements (quotes 1 to 3 from baseline, 4 to 6 from endline) merged
  fake.replies = [
    ...batches(),
    reply([
      {
        statement:
          'Hunger at baseline gave way to school fees paid by the savings group at endline.',
        quotes: [
          { id: 2, quote: 'go hungry some days' },
          { id: 4, quote: 'savings group paid the school fees' },
        ],
      },
      {
        statement: 'Without income at baseline, some sell at the market by endline.',
        quotes: [
          { id: 3, quote: 'no income' },
          { id: 6, quote: 'sells vegetables' },
        ],
      },
      { statement: 'Everyone is better off.', quotes: [{ id: 9, quote: 'better off' }] },
    ]),
  ];
  await page.goto(`${base}/intelligent-columns/${id}`);
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await page.getByText('Merged by one more request from the statements of 2 waves').waitFor();
  await page.getByRole('heading', { name: 'Wave baseline (3 responses)' }).waitFor();
  await page.getByRole('heading', { name: 'Wave endline (3 responses)' }).waitFor();
  // the subtitle names who wrote the summary
  await page.getByText('summary written by the model fake-model').waitFor();
  await page.getByText('Without income at baseline, some sell at the market by endline.').waitFor();
  await page.getByText(/quote 9, which is not among the statements merged/).waitFor();
  await page.getByRole('cell', { name: 'the merge', exact: true }).waitFor();
  expect(await page.getByText('Everyone is better off.', { exact: true }).count()).toBe(0);
  const quotes = await page.locator('blockquote').allInnerTexts();
  expect(quotes.length).toBeGreaterThan(0);
  for (const q of quotes) {
    const words = q.split('\n')[0].replace(/^“|”$/g, '');
    expect([...BASELINE, ...ENDLINE].some((a) => a.includes(words))).toBe(true);
  }
  await shot(page, 'summary-model-merged');

  // a merge reply that is not JSON: the waves' statements listed, and why
  fake.replies = [...batches(), { text: 'Things got better.' }];
  await page.getByRole('button', { name: 'Run again', exact: true }).click();
  await page.getByTestId('summary-not-merged').waitFor();
  await expect
    .poll(() => page.getByTestId('summary-not-merged').innerText())
    .toContain('Not merged: The model did not answer a JSON object.');
  // the warning's colour is scanned now, not left to the watcher's timing (orange.9 was 4.3:1)
  await checkAccessibility(page);
  await shot(page, 'summary-model-listed');
});
