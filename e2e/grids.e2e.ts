import { copyFileSync, mkdirSync } from 'node:fs';
import { type BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, it } from 'vitest';
import { type TestApp } from '../test/helpers/app.js';
import { gridsTestKit } from '../src/server/modules/grids/grids.test-support.js';
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
  mkdirSync('/tmp/shots-grids', { recursive: true });
  copyFileSync(file, `/tmp/shots-grids/${name}.png`);
};

it('an intelligent grid over two waves', async () => {
  // seeded through the routes: three registered people, a survey answered at baseline and endline,
  // an intelligent column over the story, coded once
  const kit = gridsTestKit(() => t);
  const s = await kit.world();
  await kit.answer(s, 'Amina', 'baseline', {
    meals: '1',
    water: 'well',
    crops: ['maize'],
    story: 'The school is far away.',
  });
  await kit.answer(s, 'Amina', 'endline', {
    meals: '3',
    water: 'tap',
    crops: ['maize', 'beans'],
    story: 'We cannot pay the fees.',
  });
  await kit.answer(s, 'Juma', 'baseline', { meals: '2', water: 'tap', story: 'We walk far.' });
  await kit.answer(s, 'Juma', 'endline', { meals: '2', water: 'tap', story: 'We walk far.' });
  await kit.answer(s, 'Peter', 'baseline', { meals: '4', water: 'well' });
  await kit.codedColumn(s);

  await browser.addCookies(
    [...s.client.cookies].map(([name, value]) => ({ name, value, url: base })),
  );
  const page = browser.pages()[0] ?? (await browser.newPage());

  // reached from the survey builder, beside the intelligent columns
  await page.goto(`${base}/forms/${s.formId}/fields`);
  await page.getByRole('link', { name: 'Intelligent grids' }).click();
  await page.getByRole('heading', { name: 'Intelligent grids', level: 1 }).waitFor();
  await page.getByText('No grid yet.').waitFor();

  // the grid form: two waves, a question, the intelligent column and a prompt column
  await page.getByRole('textbox', { name: 'Name' }).fill('Household change');
  await page.getByRole('checkbox', { name: 'baseline' }).check();
  await page.getByRole('checkbox', { name: 'endline' }).check();
  await page.getByRole('button', { name: 'Add question' }).click();
  await page.getByRole('textbox', { name: 'Column 1: title' }).fill('Meals a day');
  await page.getByRole('button', { name: 'Add intelligent column' }).click();
  await page.getByRole('textbox', { name: 'Column 2: title' }).fill('Barriers');
  await page.getByRole('button', { name: 'Add prompt' }).click();
  await page.getByRole('textbox', { name: 'Column 3: title' }).fill('Change');
  await page
    .getByRole('textbox', { name: 'Question in words' })
    .fill('How did this person’s situation change between baseline and endline?');
  await page.locator('.mantine-MultiSelect-input').click();
  await page.getByRole('option', { name: 'Meals a day' }).click();
  await page.getByRole('option', { name: 'Water source' }).click();
  await page.getByRole('option', { name: 'Crops' }).click();
  await page.keyboard.press('Escape');
  await keep(page, 'grids-form');
  await page.getByRole('button', { name: 'Create grid' }).click();

  // compute it: the job runs in the worker, the page follows its progress
  await page.getByRole('button', { name: 'Compute grid' }).click();
  await page.getByText('Latest run: done').waitFor();
  await page.getByRole('button', { name: 'Re-run' }).waitFor();
  await page.getByText('Meals a day: 1 (baseline) → 3 (endline), +2').waitFor();
  await page.getByRole('heading', { name: 'Summary across rows' }).waitFor();
  await page.getByText('mean 2.33 (n 3)').waitFor();
  await page.getByText('Crops: gained Beans ×1').waitFor();
  await keep(page, 'grids-grid');

  // a cell's sources: the answers it quoted
  await page.getByRole('button', { name: /^Sources of Change, .*Amina/ }).click();
  await page.getByText('“Maize; Beans”').waitFor();
  await keep(page, 'grids-sources');
  await page.keyboard.press('Escape');

  await page.getByRole('link', { name: 'Export XLSX' }).waitFor();
  await page.goto(`${base}/forms/${s.formId}/grids`);
  await page.getByRole('link', { name: 'Household change' }).waitFor();
  await keep(page, 'grids-list');
});
