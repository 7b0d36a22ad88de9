import { randomUUID } from 'node:crypto';
import { type BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type TestApp } from '../test/helpers/app.js';
import { gridsTestKit } from '../src/server/modules/grids/grids.test-support.js';
import { formLinks } from '../src/server/modules/forms/forms.tables.js';
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
  await shot(page, 'grids-form');
  await page.getByRole('button', { name: 'Create grid' }).click();

  // compute it: the job runs in the worker, the page follows its progress
  await page.getByRole('button', { name: 'Compute grid' }).click();
  await page.getByText('Latest run: done').waitFor();
  await page.getByRole('button', { name: 'Re-run' }).waitFor();
  await page.getByText('Meals a day: 1 (baseline) → 3 (endline), +2').waitFor();
  await page.getByRole('heading', { name: 'Summary across all 3 rows' }).waitFor();
  await page.getByText('mean 2.33 (n 3)').waitFor();
  await page.getByText('Crops: gained Beans ×1').waitFor();
  await shot(page, 'grids-grid');

  // a cell's sources: the answers it quoted
  await page.getByRole('button', { name: /^\d+ sources? of Change, .*Amina/ }).click();
  await page.getByText('“Maize; Beans”').waitFor();
  await shot(page, 'grids-sources');
  await page.keyboard.press('Escape');

  await page.getByRole('link', { name: 'Export XLSX' }).waitFor();
  const gridUrl = page.url();
  await page.goto(`${base}/forms/${s.formId}/grids`);
  await page.getByRole('link', { name: 'Household change' }).waitFor();
  await shot(page, 'grids-list');

  // ten more answers at baseline with no stakeholder (as a form server's pull leaves them): each
  // its own row; re-run, then page through all 13 rows, the summary over all of them
  const token = `open-${randomUUID()}`;
  await t.app.ctx.db.insert(formLinks).values({ teamId: s.team.id, formId: s.formId, token });
  for (let i = 1; i <= 10; i++) {
    const res = await kit.submit(kit.publicClient(), token, {
      id: randomUUID(),
      version: 1,
      wave: 'baseline',
      answers: { meals: String(i) },
    });
    expect(res.statusCode, res.body).toBe(201);
  }
  await page.goto(gridUrl);
  await page.getByRole('button', { name: 'Re-run' }).click();
  await page.getByText('13 of 13 rows').waitFor();
  await page.getByRole('heading', { name: 'Summary across all 13 rows' }).waitFor();
  // (1 + 2 + 4 + 1..10) / 13
  await page.getByText('mean 4.77 (n 13)').waitFor();
  await page.getByText('Showing 1 to 10 of 13 entries').waitFor();
  await page.getByRole('button', { name: '2', exact: true }).click();
  await page.getByText('Showing 11 to 13 of 13 entries').waitFor();
  const cells = page.getByRole('table', { name: 'Cells of Household change' });
  await cells.getByText('Response #15').waitFor();
  await expect.poll(() => cells.getByText(/Amina/).count()).toBe(0);
  await page.getByText('mean 4.77 (n 13)').waitFor();
  await shot(page, 'grids-paged');

  // delete the grid: a confirmation first, then back to the form's grids
  await page.getByRole('button', { name: 'Delete grid' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete the grid “Household change”?' });
  await dialog.getByText('every computed cell are removed').waitFor();
  await shot(page, 'grids-delete');
  await dialog.getByRole('button', { name: 'Delete grid' }).click();
  await page.getByText('Grid “Household change” deleted.').waitFor();
  await page.getByText('No grid yet.').waitFor();
  await expect.poll(() => page.getByRole('link', { name: 'Household change' }).count()).toBe(0);
});
