import { type BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type TestApp } from '../test/helpers/app.js';
import { createUser, signIn } from '../test/helpers/auth.js';
import { createTeamFor } from '../test/helpers/team-membership.js';
import { projects } from '../src/server/modules/projects/projects.tables.js';
import { problems, tocElements } from '../src/server/modules/problems/problems.tables.js';
import { canvasesSettled, shot } from './helpers/browser.js';
import { startJourney, type Journey } from './helpers/journey.js';

let t: TestApp;
let base: string;
let browser: BrowserContext;
let journey: Journey;

beforeAll(async () => {
  journey = await startJourney();
  ({ t, base, browser } = journey);
});
afterAll(() => journey?.close());

it('a metric with a baseline and targets: values for two periods, the chart, the entries behind a figure', async () => {
  const user = await createUser(t.app, { name: 'Amina Okafor' });
  const team = await createTeamFor(t.app, user.id, 'Learning Futures');
  const db = t.app.ctx.db;
  const [project] = await db
    .insert(projects)
    .values({ teamId: team.id, name: 'Girls’ secondary education' })
    .returning();
  const [problem] = await db
    .insert(problems)
    .values({
      teamId: team.id,
      projectId: project.id,
      title: 'Girls leave school before completing primary',
    })
    .returning();
  const [element] = await db
    .insert(tocElements)
    .values({
      teamId: team.id,
      problemId: problem.id,
      kind: 'outcome',
      horizon: 'medium',
      title: 'More girls pass the end-of-primary exam',
    })
    .returning();
  const client = await signIn(t.app, user);
  const res = await client.post(`/elements/${element.id}/metrics`, {
    name: 'Girls passing the end-of-primary exam',
    definition:
      'Share of girls sitting the national end-of-primary exam in partner schools who pass it.',
    type: 'percentage',
    direction: 'increase',
    baselineValue: 42,
    baselineDate: '2025-12-31',
    period: 'quarterly',
    periodStart: '2026-01-01',
    periodEnd: '2026-12-31',
    standardRef: 'SDG 4.1.1',
    formula: 'percent(girls_passing, girls_tested)',
    disaggregations: [{ key: 'location', label: 'Location', categories: ['Kano', 'Kaduna'] }],
  });
  const metricUrl = res.headers.location!;
  await client.put(`${metricUrl}/targets`, {
    targets: [
      { period: '2026-Q1', value: 45 },
      { period: '2026-Q2', value: 50 },
      { period: '2026-Q3', value: 55 },
      { period: '2026-Q4', value: 60 },
    ],
  });

  await browser.addCookies(
    [...client.cookies].map(([name, value]) => ({ name, value, url: base })),
  );
  const page = browser.pages()[0] ?? (await browser.newPage());
  await page.goto(`${base}${metricUrl}`);
  await page.getByRole('heading', { name: 'Girls passing the end-of-primary exam' }).waitFor();
  await expect(page.getByText('Outcome metric').first().isVisible()).resolves.toBe(true);

  // every toast the page shows, recorded as it appears (a toast closes by itself after 3 s, and
  // a waiting test could otherwise take an earlier toast with the same text for the new one)
  await page.evaluate(() => {
    const w = window as unknown as { __toasts: string[] };
    w.__toasts = [];
    new MutationObserver((records) => {
      for (const r of records)
        for (const n of r.addedNodes)
          if (n instanceof HTMLElement)
            for (const t of [n, ...n.querySelectorAll('*')])
              if (t.classList.contains('mantine-Notification-root'))
                w.__toasts.push(t.textContent ?? '');
    }).observe(document.body, { childList: true, subtree: true });
  });
  const toastsShown = (text: string) =>
    page.evaluate(
      (text) =>
        (window as unknown as { __toasts: string[] }).__toasts.filter((t) => t.includes(text))
          .length,
      text,
    );
  const form = page.getByRole('form', { name: 'Enter a value' });
  let saved = 0;
  const enter = async (dataPoint: string, period: string, value: string) => {
    await form.getByLabel('Data point', { exact: true }).click();
    await page.getByRole('option', { name: dataPoint }).click();
    await form.getByLabel('Period', { exact: true }).click();
    await page.getByRole('option', { name: period, exact: true }).click();
    await form.getByRole('textbox', { name: 'Value' }).fill(value);
    await form.getByRole('button', { name: 'Add value' }).click();
    // each save says so, even when its message is the one before's ("Value for Q2 2026 saved.")
    saved += 1;
    await expect.poll(() => toastsShown('Value for')).toBe(saved);
    await page.waitForLoadState('networkidle');
  };
  // a non-number is refused on the field
  await form.getByRole('textbox', { name: 'Value' }).fill('many');
  await form.getByRole('button', { name: 'Add value' }).click();
  await page.getByText('The value must be a number.').waitFor();

  await enter('Girls tested', 'Q1 2026', '200');
  await enter('Girls passing', 'Q1 2026', '94');
  await enter('Girls tested', 'Q2 2026', '210');
  await enter('Girls passing', 'Q2 2026', '109.2');
  await expect(toastsShown('Value for Q2 2026 saved.')).resolves.toBe(2);
  await page.getByRole('cell', { name: '47 %' }).waitFor();
  await page.getByRole('cell', { name: '52 %' }).waitFor();
  await page.getByTestId('metric-chart').locator('canvas').waitFor();
  await canvasesSettled(page);
  console.log('screenshot', await shot(page, 'metrics-show'));

  // traceability: the Q2 actual lists its two entries with who entered them
  await page.getByRole('button', { name: '52 %' }).click();
  const dialog = page.getByRole('dialog');
  await dialog
    .getByText('Computed with percent(girls_passing, girls_tested) from these 2 entries:')
    .waitFor();
  await expect(dialog.getByText('Amina Okafor').count()).resolves.toBe(2);
  console.log('screenshot', await shot(page, 'metrics-traceability'));
  await page.keyboard.press('Escape');

  // the data point page: star it, add the survey question that will measure it
  await page.getByRole('link', { name: 'Girls passing', exact: true }).click();
  await page.getByRole('heading', { name: 'Girls passing' }).waitFor();
  await page.getByRole('button', { name: 'Star', exact: true }).click();
  await page.getByText('Key data point', { exact: true }).waitFor();
  await page.getByRole('button', { name: 'Add question' }).click();
  await page
    .getByRole('dialog')
    .locator('input')
    .first()
    .fill('Did you pass the end-of-primary exam?');
  await page.getByRole('dialog').getByLabel('Answer type').click();
  await page.getByRole('option', { name: 'Yes / no' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Add question' }).click();
  await page.getByRole('link', { name: 'Did you pass the end-of-primary exam?' }).waitFor();
  await page.getByRole('dialog').waitFor({ state: 'hidden' });
  console.log('screenshot', await shot(page, 'metrics-data-point'));
  await page.goto(`${base}${metricUrl}`);

  await page.setViewportSize({ width: 375, height: 800 });
  await canvasesSettled(page);
  console.log('screenshot', await shot(page, 'metrics-show-mobile'));
});

it('fiscal year from July in the settings, a metric reporting fiscal quarters shows FY periods', async () => {
  const user = await createUser(t.app, { name: 'Joseph Mwangi' });
  const team = await createTeamFor(t.app, user.id, 'Clean Water Kenya');
  const db = t.app.ctx.db;
  const [project] = await db
    .insert(projects)
    .values({ teamId: team.id, name: 'Water points' })
    .returning();
  const [problem] = await db
    .insert(problems)
    .values({ teamId: team.id, projectId: project.id, title: 'Households walk hours for water' })
    .returning();
  const [element] = await db
    .insert(tocElements)
    .values({ teamId: team.id, problemId: problem.id, kind: 'output', title: 'Wells built' })
    .returning();
  const client = await signIn(t.app, user);
  await browser.addCookies(
    [...client.cookies].map(([name, value]) => ({ name, value, url: base })),
  );
  const page = browser.pages()[0] ?? (await browser.newPage());
  await page.setViewportSize({ width: 1280, height: 900 });

  await page.goto(`${base}/settings/general`);
  await page.getByRole('heading', { name: 'General', exact: true }).waitFor();
  await page.getByRole('combobox', { name: 'Fiscal year starts in' }).click();
  await page.getByRole('option', { name: 'July', exact: true }).click();
  await page.getByRole('button', { name: 'Save settings' }).click();
  await page.getByText('General settings saved.').waitFor();
  console.log('screenshot', await shot(page, 'metrics-fiscal-settings'));

  await page.goto(`${base}/elements/${element.id}`);
  await page.getByRole('button', { name: 'Add metric' }).click();
  const metricForm = page.getByRole('dialog', { name: /^Add a metric/ });
  await metricForm.getByRole('textbox', { name: /^Name/ }).fill('Wells completed');
  await metricForm.getByRole('combobox', { name: 'Reporting period' }).click();
  await page.getByRole('option', { name: 'Fiscal quarterly', exact: true }).click();
  await metricForm.getByText('Fiscal year starts in July (team setting)').waitFor();
  await metricForm.getByLabel('Reporting starts').fill('2026-07-01');
  await metricForm.getByLabel('Reporting ends').fill('2027-06-30');
  console.log('screenshot', await shot(page, 'metrics-fiscal-form'));
  await metricForm.getByRole('button', { name: 'Add metric' }).click();
  await page.waitForURL(/\/metrics\//);
  await page.getByRole('heading', { name: 'Wells completed' }).waitFor();
  await page
    .getByText(
      'Fiscal quarterly (year from July), FY2027 Q1 (Jul–Sep 2026) – FY2027 Q4 (Apr–Jun 2027)',
    )
    .waitFor();
  await page.getByRole('cell', { name: 'FY2027 Q3 (Jan–Mar 2027)' }).first().waitFor();
  console.log('screenshot', await shot(page, 'metrics-fiscal-show'));
});
