import { mkdirSync } from 'node:fs';
import { type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { type TestApp } from '../test/helpers/app.js';
import { createUser, signIn } from '../test/helpers/auth.js';
import { createTeamFor } from '../test/helpers/team-membership.js';
import { insightsWorld } from '../src/server/modules/insights/insights.test-support.js';
import { rowFiltersWorld } from '../src/server/modules/insights/insights.filters.test-support.js';
import { canvasesSettled } from './helpers/browser.js';
import type { ChartElement } from '../src/client/features/insights/echart-figure.js';
import { startJourney, type Journey } from './helpers/journey.js';

let t: TestApp;
let base: string;
let browser: BrowserContext;
let journey: Journey;
const SHOTS = '/tmp/shots-insights';

beforeAll(async () => {
  journey = await startJourney();
  ({ t, base, browser } = journey);
});
afterAll(() => journey?.close());

async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

it('insights of a problem with a filter, the IPTT exported, a learning recorded', async () => {
  const user = await createUser(t.app, { name: 'Amina Okafor' });
  const team = await createTeamFor(t.app, user.id, 'Learning Futures');
  const w = await insightsWorld(t.app, team.id, user.id);
  const client = await signIn(t.app, user);
  await browser.addCookies(
    [...client.cookies].map(([name, value]) => ({ name, value, url: base })),
  );
  const page = browser.pages()[0] ?? (await browser.newPage());
  page.setDefaultTimeout(15_000);
  page.on('console', (m) => m.type() === 'error' && console.log('console error:', m.text()));
  page.on('pageerror', (e) => console.log('page error:', e.message));

  await page.goto(`${base}/problems/${w.problem.id}?tab=insights`);
  await page.getByRole('heading', { name: 'Indicator performance tracking table' }).waitFor();
  await page.getByTestId('achievement-chart').locator('canvas').waitFor();
  await expect(page.getByText('Off track: 1').isVisible()).resolves.toBe(true);
  await canvasesSettled(page);
  await shot(page, 'insights-tab');

  // filter: up to Q2, kept in the URL; the status follows the latest period shown
  await page.getByLabel('To period', { exact: true }).first().click();
  await page.getByRole('option', { name: 'Q2 2026', exact: true }).click();
  await page.waitForURL(/to=2026-Q2/);
  await page.getByText('At risk: 1').waitFor();
  const iptt = page.getByTestId('iptt');
  await expect(iptt.getByRole('columnheader', { name: 'Q3 2026' }).count()).resolves.toBe(0);
  await canvasesSettled(page);
  await shot(page, 'insights-filtered');

  // the IPTT as XLSX, with the filter
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Export XLSX' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('Girls drop out IPTT.xlsx');
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile((await download.path())!);
  const row = wb.getWorksheet('IPTT')!.getRow(6).values as unknown[];
  expect(row.slice(1, 2)).toEqual(['Girls passing']);
  expect(row.slice(7, 13)).toEqual([50, 49, 0.98, 60, 52, 52 / 60]);

  // each chart exports itself: SVG through ECharts' SVG renderer, PNG from the canvas
  const [svg] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download Girls passing: trend as SVG' }).click(),
  ]);
  expect(svg.suggestedFilename()).toBe('Girls-passing-trend.svg');
  const { readFile } = await import('node:fs/promises');
  expect(await readFile((await svg.path())!, 'utf8')).toMatch(/^<svg[\s\S]*Q2 2026[\s\S]*<\/svg>$/);
  const [png] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download Girls passing: trend as PNG' }).click(),
  ]);
  expect((await readFile((await png.path())!)).subarray(1, 4).toString()).toBe('PNG');

  // a figure clicks through to its metric
  await page.getByTestId('iptt').getByRole('link', { name: 'Girls passing', exact: true }).click();
  await page.getByRole('heading', { name: 'Girls passing' }).waitFor();

  // learnings: a question, then a learning that answers it
  await page.goto(`${base}/problems/${w.problem.id}?tab=learnings`);
  await page.getByLabel('New learning question').fill('Why do girls drop out after grade 6?');
  await page.getByRole('button', { name: 'Add question' }).click();
  await page.getByText('Not answered yet').waitFor();
  await page.getByRole('button', { name: 'Answer' }).click();
  const dialog = page.getByRole('dialog');
  await dialog
    .getByLabel('What was learned')
    .fill('Girls who attend after-school tutoring pass more often.');
  await dialog.getByLabel('Recorded against', { exact: true }).first().click();
  await page.getByRole('option', { name: 'Metric: Girls passing' }).click();
  await dialog.getByLabel('Confidence', { exact: true }).first().click();
  await page.getByRole('option', { name: 'High' }).click();
  await dialog.getByRole('button', { name: 'Add evidence' }).click();
  await dialog.getByLabel('Evidence 1: what it is').fill('Q2 exam results');
  await dialog.getByLabel('Evidence 1: link').fill(`/metrics/${w.passing.id}`);
  await dialog.getByLabel('What changes as a result').fill('Move the sessions after school hours');
  await dialog.getByRole('button', { name: 'Record learning' }).click();
  await dialog.waitFor({ state: 'hidden' });
  await page.getByTestId('learning').getByText('High confidence').waitFor();
  await page.getByText('Answered by 1 learning', { exact: false }).waitFor();
  await shot(page, 'learnings-tab');

  // the project's insights, from the project page
  await page.goto(`${base}/projects/${w.project.id}`);
  await page.getByRole('link', { name: 'Insights' }).click();
  await page.getByRole('heading', { name: 'Insights', level: 1 }).waitFor();
  await page.getByTestId('achievement-chart').locator('canvas').waitFor();
  await canvasesSettled(page);
  await shot(page, 'insights-project');
}, 120_000);

it('a wave filter recomputes the figures, then a figure opens the rows behind it', async () => {
  const user = await createUser(t.app, { name: 'Kofi Mensah' });
  const team = await createTeamFor(t.app, user.id, 'Harvest Aid');
  const w = await rowFiltersWorld(t.app, team.id);
  const client = await signIn(t.app, user);
  await browser.clearCookies();
  await browser.addCookies(
    [...client.cookies].map(([name, value]) => ({ name, value, url: base })),
  );
  const page = browser.pages()[0] ?? (await browser.newPage());
  page.setDefaultTimeout(15_000);

  await page.goto(`${base}/problems/${w.problem.id}?tab=insights`);
  const iptt = page.getByTestId('iptt');
  await iptt.getByRole('link', { name: 'Households reached, Q1 2026 actual 20' }).waitFor();

  // the wave filter: in the URL, a chip, the figure recomputed from that wave's responses
  await page.getByLabel('Wave', { exact: true }).first().click();
  await page.getByRole('option', { name: 'Baseline', exact: true }).click();
  await page.waitForURL(/wave=Baseline/);
  await page.getByRole('button', { name: 'Clear Wave: Baseline' }).waitFor();
  const figure = iptt.getByRole('link', { name: /Households reached, Q1 2026 actual 14/ });
  await figure.waitFor();
  await expect(iptt.getByText('Food distributed').count()).resolves.toBe(0);
  await page.getByText('2 metrics are left out').waitFor();
  await canvasesSettled(page);
  await shot(page, 'insights-wave-filter');

  // a click on the trend chart's Q1 point (on the canvas, at the pixel ECharts places it) opens
  // the same rows as the table's figure
  const trend = page.getByTestId('trend-chart').first();
  await trend.scrollIntoViewIfNeeded();
  const at = await trend.evaluate((el) => {
    const c = (el as ChartElement).echartsInstance!;
    const opt = c.getOption() as {
      xAxis: Array<{ data: string[] }>;
      series: Array<{ data: Array<number | null> }>;
    };
    const i = opt.xAxis[0].data.indexOf('Q1 2026');
    return c.convertToPixel({ seriesIndex: 0 }, [i, opt.series[0].data[i]!]) as number[];
  });
  const box = (await trend.boundingBox())!;
  await page.mouse.click(box.x + at[0], box.y + at[1]);
  await page.getByRole('heading', { name: /Households reached, Q1 2026: 14/ }).waitFor();
  await page.getByText('Wave: Baseline').waitFor();
  await shot(page, 'insights-chart-drill-rows');
  await page.goBack();

  // the keyboard way: the breakdown chart's Table button lists its bars as links
  const toggle = page.getByRole('button', {
    name: 'The figures of Households reached: by location as a table',
  });
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('true');
  const north = page.getByRole('link', {
    name: /Households reached, Location North, Q1 2026 \d+: show the rows behind it/,
  });
  await north.focus();
  await shot(page, 'insights-chart-table');
  await page.keyboard.press('Enter');
  await page.getByRole('heading', { name: /Households reached, Q1 2026/ }).waitFor();
  await page.getByText('Location: North').waitFor();
  await page.getByText('Wave: Baseline').waitFor();
  await page.goBack();
  await figure.waitFor();

  // the figure opens the rows behind it, with the same filter: 3 + 5 + 6 = 14
  await figure.click();
  await page.getByRole('heading', { name: /Households reached, Q1 2026: 14/ }).waitFor();
  await page.getByText('Wave: Baseline').waitFor();
  const rows = page.getByRole('table', { name: /Rows behind/ }).locator('tbody tr');
  await expect(rows.count()).resolves.toBe(3);
  await shot(page, 'insights-drill-rows');

  // a filter nothing matches says what to change; the chip clears it
  await page.goto(
    `${base}/problems/${w.problem.id}?tab=insights&wave=Baseline&source=${w.food.id}`,
  );
  await page.getByText('No metric matches these filters').waitFor();
  await shot(page, 'insights-no-match');
  await page.getByRole('button', { name: 'Clear Source: Food ledger' }).click();
  await page.waitForURL((u) => !u.search.includes('source='));
  await iptt.getByRole('link', { name: /Households reached, Q1 2026 actual 14/ }).waitFor();
}, 120_000);
