// @postgres-pass (also run on the PostgreSQL pass): the recipe's CTE SQL and its run job
import { and, eq } from 'drizzle-orm';
import { type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type TestApp } from '../test/helpers/app.js';
import { problems, tocElements } from '../src/server/modules/problems/problems.tables.js';
import { dataPoints, metrics } from '../src/server/modules/metrics/metrics.tables.js';
import {
  transformationRuns,
  transformations,
} from '../src/server/modules/transformations/transformations.tables.js';
import { clickToVisit, shot } from './helpers/browser.js';
import { startJourney, type Journey } from './helpers/journey.js';
import { ownerWithProject } from './helpers/owner.js';

let t: TestApp;
let base: string;
let browser: BrowserContext;
let journey: Journey;

beforeAll(async () => {
  journey = await startJourney({ worker: true, dataDir: true });
  ({ t, base, browser } = journey);
});
afterAll(() => journey?.close());

/** Scrolled to the top (the editor keeps its scroll position across saves) */
const top = (page: Page) => page.evaluate(() => window.scrollTo(0, 0));

/** Add a step of a kind: the menu, then the kind */
async function addStep(page: Page, kind: string) {
  await page.getByRole('button', { name: 'Add a step' }).click();
  await page.getByRole('menuitem', { name: kind }).click();
  await page.getByRole('heading', { name: `New step: ${kind}` }).waitFor();
}

/** Toggle options of the multi-select labelled `label` */
async function pick(page: Page, label: string, options: string[]) {
  await page.getByLabel(label, { exact: true }).first().click();
  for (const o of options) await page.getByRole('option', { name: o, exact: true }).click();
  await page.keyboard.press('Escape');
}

async function saveStep(page: Page, n: number, counts: string) {
  await page.getByRole('button', { name: 'Save step' }).click();
  await page.getByTestId(`counts-${n}`).getByText(counts, { exact: false }).waitFor();
}

it('clean a messy imported CSV step by step, see previews and counts, run it, see the output', async () => {
  const { team, project, client } = await ownerWithProject(t, {
    user: 'Neema Mushi',
    team: 'Field Data',
    project: 'Baseline survey',
  });
  await browser.addCookies(
    [...client.cookies].map(([name, value]) => ({ name, value, url: base })),
  );
  const page = await browser.newPage();
  page.setDefaultTimeout(20_000);
  page.on('pageerror', (e) => console.log('page error', e.message));

  // the messy export, imported as it is (age stays text: one value is "unknown")
  await page.goto(`${base}/projects/${project.id}/sources/create`);
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Choose a file' }).click();
  await (
    await chooser
  ).setFiles({ name: 'survey.csv', mimeType: 'text/csv', buffer: Buffer.from(SURVEY_CSV, 'utf8') });
  await page.getByRole('button', { name: 'Start import' }).click();
  await page.getByText('The import finished').waitFor();

  await page.goto(`${base}/sources?project=${project.id}`);
  await page.getByRole('link', { name: 'Transformations' }).click();
  await page.getByText('Click “New transformation”, pick a dataset').waitFor();
  console.log('screenshot', await top(page).then(() => shot(page, 'transformations-index-empty')));
  await page.getByRole('link', { name: 'New transformation' }).click();
  await page.getByRole('heading', { name: 'New transformation' }).waitFor();
  console.log('screenshot', await top(page).then(() => shot(page, 'transformations-create')));
  await page.getByRole('button', { name: 'Create and add steps' }).click();
  await page.getByRole('heading', { name: 'survey (clean)' }).waitFor();
  await page.getByText('No steps yet: the output would be').waitFor();

  // 1. trim the text columns (all of them are picked to start with)
  await addStep(page, 'Clean up values');
  await saveStep(page, 1, 'Rows 7 → 7 · 3 values changed');

  // 2. recode sex with a mapping table
  await addStep(page, 'Clean up values');
  await page.getByRole('combobox', { name: 'Clean-up' }).click();
  await page.getByRole('option', { name: 'Replace values (mapping table)' }).click();
  await pick(page, 'Columns', ['name', 'age', 'village', 'visited']);
  const mapping: Array<[string, string]> = [
    ['M', 'male'],
    ['male', 'male'],
    ['F', 'female'],
    ['female', 'female'],
  ];
  for (const [i, [from, to]] of mapping.entries()) {
    await page.getByRole('button', { name: 'Add a value' }).click();
    await page.getByRole('textbox', { name: `Value ${i + 1}` }).fill(from);
    await page.getByRole('textbox', { name: `Replacement ${i + 1}` }).fill(to);
  }
  console.log('screenshot', await top(page).then(() => shot(page, 'transformations-step-editor')));
  await saveStep(page, 2, 'Rows 7 → 7 · 5 values changed');

  // 3. filter out the test rows (the condition builder's text mode)
  await addStep(page, 'Filter rows');
  await page.getByRole('button', { name: 'Edit as text' }).click();
  await page.getByRole('textbox', { name: 'Keep the rows where' }).fill("${name} != 'TEST'");
  await saveStep(page, 3, 'Rows 7 → 6 (1 removed)');

  // 4. remove duplicates on name, sex and age
  await addStep(page, 'Remove duplicates');
  await pick(page, 'Rows are duplicates when these columns are the same', [
    'id',
    'name',
    'sex',
    'age',
  ]);
  await saveStep(page, 4, 'Rows 6 → 5 (1 removed)');

  // 5. fix the visit date, written four ways: every value as YYYY-MM-DD, 05/03/2024 day first
  await addStep(page, 'Clean up values');
  await page.getByRole('combobox', { name: 'Clean-up' }).click();
  await page.getByRole('option', { name: 'Standardise dates (YYYY-MM-DD)' }).click();
  await pick(page, 'Columns', ['name', 'sex', 'age', 'village']);
  expect(
    await page.getByRole('combobox', { name: 'Read dates like 05/03/2024 as' }).inputValue(),
  ).toBe('Day first (5 March), else month first');
  console.log('screenshot', await shot(page, 'transformations-dates-editor'));
  await saveStep(page, 5, 'Rows 5 → 5 · 4 values changed');
  await page.getByRole('button', { name: 'Data after step 5' }).click();
  await page.getByText('The first 5 rows of the sample after step 5').waitFor();
  for (const d of ['2024-03-05', '2024-03-06', '2024-03-07'])
    await page.getByRole('cell', { name: d, exact: true }).first().waitFor();
  console.log('screenshot', await top(page).then(() => shot(page, 'transformations-dates-data')));

  // the data view after step 2: the recoded values
  await page.getByRole('button', { name: 'Data after step 2' }).click();
  await page.getByText('The first 7 rows of the sample after step 2').waitFor();
  console.log('screenshot', await top(page).then(() => shot(page, 'transformations-show')));

  // reorder with the keyboard-reachable buttons, then back
  // (the counts read the same before and after a move, so wait for the save to end: the step
  // buttons are disabled while it runs)
  await page.getByRole('button', { name: 'Move step 4 up' }).click();
  await expect
    .poll(() => page.getByRole('button', { name: 'Move step 3 down' }).isEnabled(), {
      timeout: 60_000,
    })
    .toBe(true);
  await page.getByTestId('counts-3').getByText('Rows 7 → 6 (1 removed)').waitFor();
  await page.getByRole('button', { name: 'Move step 3 down' }).click();
  await expect
    .poll(() => page.getByRole('button', { name: 'Move step 3 down' }).isEnabled(), {
      timeout: 60_000,
    })
    .toBe(true);
  await page.getByTestId('counts-4').getByText('Rows 6 → 5 (1 removed)').waitFor();

  // group and aggregate: the editor (looked at, not kept: the run below writes the cleaned rows)
  await addStep(page, 'Group and aggregate');
  await page.getByRole('button', { name: 'Add a figure' }).click();
  await page.getByRole('combobox', { name: 'Figure 2', exact: true }).click();
  await page.getByRole('option', { name: 'Count distinct', exact: true }).click();
  console.log('screenshot', await shot(page, 'transformations-aggregate-editor'));
  await page.getByRole('button', { name: 'Cancel' }).click();

  // join the survey to a dataset of the project (itself here) on the id: every row stays
  await addStep(page, 'Join another dataset');
  await page.getByRole('combobox', { name: 'Other dataset', exact: true }).click();
  await page.getByRole('option', { name: 'survey', exact: true }).click();
  await page.getByRole('combobox', { name: 'Key 1 in the other dataset' }).click();
  await page.getByRole('option', { name: 'id', exact: true }).click();
  console.log('screenshot', await shot(page, 'transformations-join-editor'));
  await saveStep(page, 6, 'Rows 5 → 5');

  await page.getByRole('tab', { name: 'SQL' }).click();
  await page.getByTestId('recipe-sql').getByText('WITH s0 AS', { exact: false }).waitFor();
  console.log('screenshot', await top(page).then(() => shot(page, 'transformations-sql')));

  await page.getByRole('button', { name: 'Run on all 7 rows' }).click();
  await page.getByRole('heading', { name: 'Run of “survey (clean)”' }).waitFor();
  await page.getByText('The run finished').waitFor();
  await page.getByText('5 rows written to “survey (clean)”').waitFor();
  console.log('screenshot', await top(page).then(() => shot(page, 'transformations-status')));

  await page.getByRole('link', { name: 'See the output dataset' }).click();
  await page.getByRole('heading', { name: 'survey (clean)', exact: true }).waitFor();
  await page.getByRole('cell', { name: 'Chausiku', exact: true }).first().waitFor();
  await page.getByRole('cell', { name: '2024-03-06', exact: true }).first().waitFor();
  console.log('screenshot', await top(page).then(() => shot(page, 'transformations-output')));

  // the output is a dataset like any other: a data point bound to it, the metric computed from it
  const db = t.app.ctx.db;
  const [problem] = await db
    .insert(problems)
    .values({ teamId: team.id, projectId: project.id, title: 'Households lack clean water' })
    .returning();
  const [element] = await db
    .insert(tocElements)
    .values({
      teamId: team.id,
      problemId: problem.id,
      kind: 'output',
      title: 'Households surveyed',
    })
    .returning();
  const year = new Date().getUTCFullYear();
  const [metric] = await db
    .insert(metrics)
    .values({
      teamId: team.id,
      problemId: problem.id,
      elementId: element.id,
      name: 'Respondents reached',
      type: 'count',
      period: 'annual',
      periodStart: `${year}-01-01`,
      periodEnd: `${year}-12-31`,
    })
    .returning();
  const [dp] = await db
    .insert(dataPoints)
    .values({
      teamId: team.id,
      problemId: problem.id,
      metricId: metric.id,
      key: 'respondents',
      name: 'Respondents',
      aggregation: 'count',
    })
    .returning();
  await page.goto(`${base}/data-points/${dp.id}`);
  await page.getByRole('button', { name: 'Bind to data' }).click();
  await page.getByText('A dataset column', { exact: true }).click();
  await page.getByPlaceholder('Choose a dataset').click();
  await page.getByRole('option', { name: 'survey (clean)', exact: true }).click();
  await page.getByPlaceholder('Choose a column').click();
  await page.getByRole('option', { name: 'id', exact: true }).click();
  await page.getByRole('button', { name: 'Save binding' }).click();
  await page.getByText('Binding saved').first().waitFor();
  await page.goto(`${base}/metrics/${metric.id}`);
  // the figure's rows page (a lost click is clicked again: clickToVisit)
  await clickToVisit(
    page,
    page.getByRole('link', { name: '5', exact: true }),
    page.getByRole('heading', { name: `Respondents, ${year}: 5` }),
  );
  console.log('screenshot', await top(page).then(() => shot(page, 'transformations-metric-rows')));

  // replay: the recipe re-runs by itself when the survey gets a new version, and shows the diff
  const [recipe] = await t.app.ctx.db
    .select()
    .from(transformations)
    .where(eq(transformations.projectId, project.id));
  await page.goto(`${base}/transformations/${recipe.id}`);
  const replay = page.getByRole('switch', {
    name: 'Re-run automatically when the source dataset gets a new version',
  });
  await replay.click({ force: true });
  await page.getByText('This recipe now runs again each time').waitFor();
  expect(await replay.isChecked()).toBe(true);

  await page.goto(
    `${base}/projects/${project.id}/sources/create?dataset=${recipe.sourceDatasetId}`,
  );
  const again = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Choose a file' }).click();
  await (
    await again
  ).setFiles({ name: 'survey.csv', mimeType: 'text/csv', buffer: Buffer.from(NEXT_CSV, 'utf8') });
  await page.getByRole('button', { name: 'Import as a new version' }).click();
  await page.getByText('The import finished').waitFor();
  await expect
    .poll(
      async () =>
        (
          await t.app.ctx.db
            .select({ status: transformationRuns.status })
            .from(transformationRuns)
            .where(
              and(
                eq(transformationRuns.transformationId, recipe.id),
                eq(transformationRuns.trigger, 'auto'),
              ),
            )
        )[0]?.status,
      { timeout: 60_000 },
    )
    .toBe('done');
  await page.goto(`${base}/transformations/${recipe.id}`);
  await page.getByRole('cell', { name: 'New source version' }).waitFor();
  await page.getByRole('cell', { name: '1 added, 2 removed, 1 changed' }).waitFor();
  console.log('screenshot', await top(page).then(() => shot(page, 'transformations-runs-replay')));
  await page
    .getByRole('row', { name: /New source version/ })
    .getByRole('link')
    .click();
  await page.getByRole('heading', { name: 'Compared with the previous run' }).waitFor();
  await page.getByText('This run removed 40% of rows').waitFor();
  console.log('screenshot', await top(page).then(() => shot(page, 'transformations-replay-diff')));
  await page.getByText('Changed (1)').click();
  await expect
    .poll(() => page.getByRole('table', { name: 'Rows that differ' }).getByRole('row').count())
    .toBe(2);
  await page.locator('[data-changed="true"]').first().getByText('35').waitFor();
  await page
    .getByRole('heading', { name: 'Compared with the previous run' })
    .scrollIntoViewIfNeeded();
  console.log('screenshot', await shot(page, 'transformations-replay-changed'));

  // the metric reads the new output: four rows now
  await page.goto(`${base}/metrics/${metric.id}`);
  await page.getByRole('link', { name: '4', exact: true }).waitFor();
});

/**
 * The messy survey export: spaces around names, sex written six ways, a test row, a duplicate,
 * an age that is not a number, and the visit date written four ways (ISO, day/month/year, a month
 * by name before and after the day)
 */
const SURVEY_CSV =
  'id,name,sex,age,village,visited\n' +
  '1, Amina ,F,34,North,2024-03-05\n' +
  '2,Bakari,male,41,South,05/03/2024\n' +
  '3,TEST,M,0,Test village,5 Mar 2024\n' +
  '4,Chausiku,Female ,29,North,"March 6, 2024"\n' +
  '5,Daudi, M,52,East,06/03/2024\n' +
  '6,Bakari,male,41,South,05/03/2024\n' +
  '7,Esther,f,unknown,East,7 March 2024\n';

/** The survey again: Amina's age corrected, Chausiku and Daudi now test rows, Faraji new */
const NEXT_CSV =
  'id,name,sex,age,village,visited\n' +
  '1, Amina ,F,35,North,2024-03-05\n' +
  '2,Bakari,male,41,South,05/03/2024\n' +
  '3,TEST,M,0,Test village,5 Mar 2024\n' +
  '4,TEST,Female ,29,North,"March 6, 2024"\n' +
  '5,TEST, M,52,East,06/03/2024\n' +
  '6,Bakari,male,41,South,05/03/2024\n' +
  '7,Esther,f,unknown,East,7 March 2024\n' +
  '8,Faraji,M,23,West,8 Mar 2024\n';
