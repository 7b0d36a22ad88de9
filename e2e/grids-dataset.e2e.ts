import { afterAll, beforeAll, expect, it } from 'vitest';
import { versionOfJob } from '../src/server/modules/datasets/index.js';
import { fileIdOf, sourcesWorld, uploadFile } from '../src/server/modules/sources/test-support.js';
import { shot } from './helpers/browser.js';
import { startJourney, type Journey } from './helpers/journey.js';

let journey: Journey;
beforeAll(async () => {
  journey = await startJourney({ worker: true, dataDir: true });
});
afterAll(() => journey?.close());

/** 12 households: meals 2,3,1,2,3,1…; water well on odd rows, tap on even ones */
const CSV = Buffer.from(
  `household,meals,water\n${Array.from({ length: 12 }, (_, k) => k + 1)
    .map((i) => `H${i},${(i % 3) + 1},${i % 2 ? 'well' : 'tap'}`)
    .join('\n')}\n`,
);

it('an intelligent grid over an imported dataset, reached from its data', async () => {
  const { t, base, browser } = journey;
  // an imported CSV, through the routes the upload page uses (the worker runs the import)
  const w = await sourcesWorld(t.app);
  const up = await uploadFile(w.client, w.project.id, CSV, 'households.csv');
  const fileId = fileIdOf(up.headers.location as string);
  const types = ['text', 'integer', 'category'];
  const res = await w.client.post(`/source-files/${fileId}/import`, {
    name: 'Households',
    sheet: null,
    stakeholderColumn: null,
    columns: ['household', 'meals', 'water'].map((label, index) => ({
      index,
      label,
      type: types[index],
      include: true,
    })),
  });
  const jobId = /\/jobs\/([0-9a-f-]{36})/.exec(res.headers.location as string)![1];
  await expect
    .poll(async () => (await versionOfJob(t.app.ctx.db, w.team.id, jobId)).status)
    .toBe('ready');
  const { datasetId } = await versionOfJob(t.app.ctx.db, w.team.id, jobId);

  await browser.addCookies(
    [...w.client.cookies].map(([name, value]) => ({ name, value, url: base })),
  );
  const page = browser.pages()[0] ?? (await browser.newPage());

  // from the dataset's rows to its grids
  await page.goto(`${base}/sources/${datasetId}/data`);
  await page.getByRole('link', { name: 'Intelligent grids' }).click();
  await page.getByRole('heading', { name: 'Intelligent grids', level: 1 }).waitFor();
  await page.getByText('No grid yet.').waitFor();

  // two dataset columns and a prompt over both
  await page.getByRole('textbox', { name: 'Name' }).fill('Households');
  await page.getByRole('button', { name: 'Add dataset column' }).click();
  await page.getByRole('textbox', { name: 'Column 1: title' }).fill('Meals');
  await page.getByRole('combobox', { name: 'Column', exact: true }).click();
  await page.getByRole('option', { name: 'meals' }).click();
  await page.getByRole('button', { name: 'Add prompt' }).click();
  await page.getByRole('textbox', { name: 'Column 2: title' }).fill('Food and water');
  await page
    .getByRole('textbox', { name: 'Question in words' })
    .fill('Is this household food secure?');
  await page.locator('.mantine-MultiSelect-input').click();
  await page.getByRole('option', { name: 'meals' }).click();
  await page.getByRole('option', { name: 'water' }).click();
  await page.keyboard.press('Escape');
  await shot(page, 'grids-dataset-form');
  await page.getByRole('button', { name: 'Create grid' }).click();

  // compute: one row per dataset row, the summary over all 12
  await page.getByRole('button', { name: 'Compute grid' }).click();
  await page.getByText('Latest run: done').waitFor();
  await page.getByRole('heading', { name: 'Summary across all 12 rows' }).waitFor();
  await page.getByText('mean 2 (n 12)').waitFor();
  const cells = page.getByRole('table', { name: 'Cells of Households' });
  await cells.getByText('Row 1', { exact: true }).waitFor();
  await page.getByText('Showing 1 to 10 of 12 entries').waitFor();
  await shot(page, 'grids-dataset-grid');

  // a prompt cell's sources: the row's cells it read
  await page.getByRole('button', { name: /^2 sources of Food and water, .*Row 1\b/ }).click();
  await page.getByText('“well”').waitFor();
  await shot(page, 'grids-dataset-sources');

  // a panel with a stakeholder id column: one grid row per household, its rows grouped
  const panel = await uploadFile(
    w.client,
    w.project.id,
    Buffer.from(
      'household,wave,meals\nH1,baseline,2\nH2,baseline,1\nH1,endline,3\nH2,endline,1\n,baseline,2\n',
    ),
    'panel.csv',
  );
  const panelRes = await w.client.post(
    `/source-files/${fileIdOf(panel.headers.location as string)}/import`,
    {
      name: 'Panel',
      sheet: null,
      stakeholderColumn: 0,
      columns: ['household', 'wave', 'meals'].map((label, index) => ({
        index,
        label,
        type: ['text', 'category', 'integer'][index],
        include: true,
      })),
    },
  );
  const panelJob = /\/jobs\/([0-9a-f-]{36})/.exec(panelRes.headers.location as string)![1];
  await expect
    .poll(async () => (await versionOfJob(t.app.ctx.db, w.team.id, panelJob)).status)
    .toBe('ready');
  const panelId = (await versionOfJob(t.app.ctx.db, w.team.id, panelJob)).datasetId;
  await page.goto(`${base}/datasets/${panelId}/grids`);
  await page.getByText('No grid yet.').waitFor();
  await page.getByRole('textbox', { name: 'Name' }).fill('Panel');
  await page.getByRole('checkbox', { name: 'One row per stakeholder' }).check();
  await page.getByRole('button', { name: 'Add prompt' }).click();
  await page.getByRole('textbox', { name: 'Column 1: title' }).fill('Change');
  await page
    .getByRole('textbox', { name: 'Question in words' })
    .fill('How did this household’s situation change between baseline and endline?');
  await page.locator('.mantine-MultiSelect-input').click();
  await page.getByRole('option', { name: 'wave' }).click();
  await page.getByRole('option', { name: 'meals' }).click();
  await page.keyboard.press('Escape');
  await shot(page, 'grids-dataset-stakeholder-form');
  await page.getByRole('button', { name: 'Create grid' }).click();
  await page.getByRole('button', { name: 'Compute grid' }).click();
  await page.getByText('Latest run: done').waitFor();
  const grouped = page.getByRole('table', { name: 'Cells of Panel' });
  await grouped.getByText('H1 · rows 1, 3', { exact: true }).waitFor();
  await grouped.getByText('Row 5', { exact: true }).waitFor();
  await page.getByText(/one row per stakeholder \(“household”\)/).waitFor();
  await page.getByRole('button', { name: /^4 sources of Change, .*H1 · rows 1, 3/ }).click();
  await page.getByText('“endline”').waitFor();
  await shot(page, 'grids-dataset-stakeholder-grid');
});
