import { eq } from 'drizzle-orm';
import { type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type TestApp } from '../test/helpers/app.js';
import { createUser, signIn } from '../test/helpers/auth.js';
import { createTeamFor } from '../test/helpers/team-membership.js';
import { projects } from '../src/server/modules/projects/projects.tables.js';
import { problems, tocElements } from '../src/server/modules/problems/problems.tables.js';
import { metricValues } from '../src/server/modules/metrics/metrics.tables.js';
import { TOKEN_NAME_MAX } from '../src/shared/api-tokens/api-tokens.schemas.js';
import { shot } from './helpers/browser.js';
import { startJourney, type Journey } from './helpers/journey.js';

/** Issue 8's form items, as a person meets them in Chromium. */
let t: TestApp;
let base: string;
let browser: BrowserContext;
let journey: Journey;

beforeAll(async () => {
  journey = await startJourney();
  ({ t, base, browser } = journey);
});
afterAll(() => journey?.close());

async function signedInPage(name: string) {
  const user = await createUser(t.app, { name });
  const team = await createTeamFor(t.app, user.id, `${name}’s team`);
  const client = await signIn(t.app, user);
  await browser.clearCookies();
  await browser.addCookies(
    [...client.cookies].map(([n, value]) => ({ name: n, value, url: base })),
  );
  const page = browser.pages()[0] ?? (await browser.newPage());
  return { user, team, client, page };
}

async function pickOption(page: Page, label: string, option: string) {
  await page
    .getByRole('form', { name: 'Enter a value' })
    .getByLabel(label, { exact: true })
    .click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

it('re-picking the chosen disaggregation category keeps it: the value is stored for Female, not as the total', async () => {
  const { team, client, page } = await signedInPage('Amina Okafor');
  const db = t.app.ctx.db;
  const [project] = await db
    .insert(projects)
    .values({ teamId: team.id, name: 'Girls’ education' })
    .returning();
  const [problem] = await db
    .insert(problems)
    .values({ teamId: team.id, projectId: project.id, title: 'Girls leave school early' })
    .returning();
  const [element] = await db
    .insert(tocElements)
    .values({
      teamId: team.id,
      problemId: problem.id,
      kind: 'outcome',
      horizon: 'medium',
      title: 'More girls complete primary',
    })
    .returning();
  const res = await client.post(`/elements/${element.id}/metrics`, {
    name: 'Pupils completing primary',
    type: 'count',
    direction: 'increase',
    period: 'quarterly',
    periodStart: '2026-01-01',
    periodEnd: '2026-12-31',
    disaggregations: [{ key: 'sex', label: 'Sex', categories: ['Female', 'Male'] }],
  });
  const metricUrl = res.headers.location!;
  const metricId = metricUrl.split('/').pop()!;

  await page.goto(`${base}${metricUrl}`);
  const form = page.getByRole('form', { name: 'Enter a value' });
  await form.waitFor();
  const sex = form.getByLabel('Sex', { exact: true });
  await expect(sex.inputValue()).resolves.toBe('Total (all)');
  await pickOption(page, 'Sex', 'Female');
  await expect(sex.inputValue()).resolves.toBe('Female');
  // the bug: clicking the already chosen option again emptied the select (and saved the total)
  await pickOption(page, 'Sex', 'Female');
  await expect(sex.inputValue()).resolves.toBe('Female');
  await form.getByRole('textbox', { name: 'Value' }).fill('12');
  await shot(page, 'forms-disaggregation-repicked');
  await form.getByRole('button', { name: 'Add value' }).click();
  await page.getByText('Value for').first().waitFor();

  const rows = await db.select().from(metricValues).where(eq(metricValues.metricId, metricId));
  expect(rows.map((r) => [r.value, r.disaggregation])).toEqual([[12, { sex: 'Female' }]]);
});

it('an API token name of 60 characters is created; a pasted name over the limit is kept whole and the field says by how much', async () => {
  const { page } = await signedInPage('Bola Adeyemi');
  await page.goto(`${base}/user/api-tokens`);
  const name = page.getByRole('textbox', { name: 'Name', exact: true });
  await name.waitFor();
  // the app's own inline error, not the browser's "Please fill out this field" (the form has noValidate)
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await page.getByText('Give the token a name.').waitFor();
  await expect(name.evaluate((el) => (el as HTMLInputElement).form?.noValidate)).resolves.toBe(
    true,
  );

  const long = 'x'.repeat(TOKEN_NAME_MAX + 20);
  await name.focus();
  await page.evaluate((text) => document.execCommand('insertText', false, text), long);
  await expect(name.inputValue()).resolves.toBe(long);
  await page.getByText(`20 characters over the limit of ${TOKEN_NAME_MAX}.`).waitFor();
  await shot(page, 'forms-over-limit');

  const sixty = 'Nightly export of the girls’ education indicators to the MoE'.padEnd(60, '.');
  await name.fill(sixty);
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await page.getByTestId('token-list').getByText(sixty).waitFor();
  await expect(page.getByText('Bad request').count()).resolves.toBe(0);
});

it('two-factor set-up continues by itself after the password is confirmed (no second click)', async () => {
  const { user, page } = await signedInPage('Chidi Eze');
  await page.goto(`${base}/user/profile`);
  await page.getByTestId('two-factor-enable').click();
  const dialog = page.getByRole('dialog', { name: 'Confirm your password' });
  await dialog.locator('input[type=password]').fill('not my password');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await dialog.getByText('The provided password is incorrect.').waitFor();
  await dialog.locator('input[type=password]').fill(user.password);
  await shot(page, 'forms-two-factor-confirm');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await page.getByTestId('two-factor-qr').waitFor();
  await expect(page.getByTestId('two-factor-status').textContent()).resolves.toBe(
    'Finish setting up two-factor authentication.',
  );
});

it('a required field left empty gets the app’s message on the field, and nothing is sent (every form, item 18)', async () => {
  const { team, client, page } = await signedInPage('Dayo Bello');
  const sent: string[] = [];
  const onRequest = (r: { method(): string; url(): string }) => {
    const path = new URL(r.url()).pathname;
    // the live channel's own sign-in is not a form
    if (r.method() !== 'GET' && path !== '/broadcasting/auth') sent.push(`${r.method()} ${path}`);
  };
  page.on('request', onRequest);
  try {
    // the team's invitation form (it relied on the server alone before)
    await page.goto(`${base}/teams/${team.id}`);
    await page.getByRole('button', { name: 'Send invitation' }).click();
    await page.getByText('Please enter an email address.').waitFor();

    // a metric's value form: an empty number is a required field too
    const db = t.app.ctx.db;
    const [project] = await db
      .insert(projects)
      .values({ teamId: team.id, name: 'Clean water' })
      .returning();
    const [problem] = await db
      .insert(problems)
      .values({ teamId: team.id, projectId: project.id, title: 'Wells run dry' })
      .returning();
    const [element] = await db
      .insert(tocElements)
      .values({
        teamId: team.id,
        problemId: problem.id,
        kind: 'output',
        title: 'Wells repaired',
      })
      .returning();
    const res = await client.post(`/elements/${element.id}/metrics`, {
      name: 'Wells working',
      type: 'count',
      direction: 'increase',
      period: 'quarterly',
      periodStart: '2026-01-01',
      periodEnd: '2026-12-31',
    });
    await page.goto(`${base}${res.headers.location!}`);
    const form = page.getByRole('form', { name: 'Enter a value' });
    await form.getByRole('button', { name: 'Add value' }).click();
    await form.getByText('The value must be a number.').waitFor();
    await expect(
      form.getByRole('textbox', { name: 'Value' }).getAttribute('aria-invalid'),
    ).resolves.toBe('true');
    expect(sent).toEqual([]);
  } finally {
    page.off('request', onRequest);
  }
});
