import { eq } from 'drizzle-orm';
import { type BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type TestApp } from '../test/helpers/app.js';
import { formResponses } from '../src/server/modules/forms/forms.tables.js';
import { shot } from './helpers/browser.js';
import { startJourney, type Journey } from './helpers/journey.js';
import { ownerWithProject } from './helpers/owner.js';

let t: TestApp;
let base: string;
let browser: BrowserContext;
let journey: Journey;

beforeAll(async () => {
  journey = await startJourney();
  ({ t, base, browser } = journey);
});
afterAll(() => journey?.close());

it('set skip logic with the condition builder and a constraint, publish, and answer on a phone', async () => {
  const { project, client } = await ownerWithProject(t, {
    user: 'Halima Yusuf',
    team: 'Family Health',
    project: 'Child health',
  });
  const res = await client.post(`/projects/${project.id}/forms`, {
    name: 'Household visit',
    kind: 'survey',
  });
  const formId = res.headers.location!.split('/')[2];
  await client.post(`/forms/${formId}/questions`, {
    key: 'has_children',
    type: 'yes_no',
    label: 'Do children live in your household?',
    required: true,
  });
  await client.post(`/forms/${formId}/questions`, {
    key: 'children',
    type: 'integer',
    label: 'How many children?',
    required: true,
  });
  await browser.addCookies(
    [...client.cookies].map(([name, value]) => ({ name, value, url: base })),
  );
  const page = browser.pages()[0] ?? (await browser.newPage());
  await page.goto(`${base}/forms/${formId}/fields`);
  await page.getByRole('heading', { name: 'Household visit' }).waitFor();

  // the second question's panel: its skip logic reads the first question
  await page.getByRole('button', { name: /^2\. How many children\?/ }).click();
  const editor = page
    .locator('form')
    .filter({ has: page.getByRole('button', { name: 'Save question' }) })
    .filter({ has: page.getByRole('button', { name: 'Add a condition' }) })
    .first();
  // a click landing while the panel opens can be lost: click again only if no row came in 5 s
  const firstRow = editor.getByLabel('Question 1', { exact: true }).first();
  for (let i = 0; i < 5; i++) {
    if ((await firstRow.count()) > 0) break;
    await editor.getByRole('button', { name: 'Add a condition' }).click();
    await firstRow.waitFor({ timeout: 5_000 }).catch(() => undefined);
  }
  await firstRow.click();
  await page.getByRole('option', { name: /Do children live in your household\?/ }).click();
  await editor.getByLabel('Answer 1', { exact: true }).first().click();
  await page.getByRole('option', { name: 'Yes', exact: true }).click();

  // a constraint that does not parse is refused on the field, with its position
  const constraint = editor.getByRole('textbox', {
    name: 'Accept the answer only when (optional)',
  });
  await constraint.fill('. >= 1 and');
  await editor.getByRole('button', { name: 'Save question' }).click();
  await editor.getByText(/The expression ends too early \(at character 11\)/).waitFor();
  // the error is linked to the input, so a screen reader announces it with the field
  await expect(constraint.getAttribute('aria-invalid')).resolves.toBe('true');
  const describedBy = (await constraint.getAttribute('aria-describedby'))!.split(/\s+/);
  const descriptions = await Promise.all(
    describedBy.map((id) => page.locator(`[id="${id}"]`).textContent()),
  );
  expect(descriptions.join(' ')).toMatch(/The expression ends too early \(at character 11\)/);
  await constraint.fill('. >= 1 and . <= 20');
  await editor
    .getByRole('textbox', { name: 'Message when the constraint fails' })
    .fill('Between 1 and 20 children.');
  await editor.getByRole('button', { name: 'Save question' }).click();
  await page.getByText('Question “How many children?” saved.').waitFor();
  console.log('screenshot', await shot(page, 'forms-skip-logic-builder'));
  await page.setViewportSize({ width: 375, height: 800 });
  await editor.getByRole('button', { name: 'Add a condition' }).scrollIntoViewIfNeeded();
  console.log('screenshot', await shot(page, 'forms-skip-logic-builder-375'));
  await page.setViewportSize({ width: 1280, height: 900 });

  await page.getByRole('button', { name: 'Publish version 1' }).click();
  await page.getByText('Public link', { exact: true }).waitFor();
  const publicPath = (await page.locator('code').first().textContent())!.trim();

  // on a phone: the dependent question appears only after the answer that shows it
  const phone = await browser.newPage();
  await phone.setViewportSize({ width: 375, height: 800 });
  await phone.goto(`${base}${publicPath}`);
  const children = phone.getByRole('textbox', { name: 'How many children?' });
  const hasChildren = phone.getByRole('group', { name: 'Do children live in your household?' });
  await hasChildren.waitFor();
  await expect(children.count()).resolves.toBe(0);
  await hasChildren.getByRole('radio', { name: 'No' }).check();
  await expect(children.count()).resolves.toBe(0);
  console.log('screenshot', await shot(phone, 'forms-skip-logic-hidden-375'));
  await hasChildren.getByRole('radio', { name: 'Yes' }).check();
  await children.waitFor();
  await children.fill('25');
  await phone.getByRole('button', { name: 'Send' }).click();
  await phone.getByText('Between 1 and 20 children.').first().waitFor();
  console.log('screenshot', await shot(phone, 'forms-skip-logic-constraint-375'));
  await children.fill('3');
  // switched back to No: the answer typed into the now hidden question is not sent
  await hasChildren.getByRole('radio', { name: 'No' }).check();
  await children.waitFor({ state: 'detached' });
  await phone.getByRole('button', { name: 'Send' }).click();
  await phone.getByText('Thank you: your answers were received.').waitFor();
  const stored = await t.app.ctx.db
    .select()
    .from(formResponses)
    .where(eq(formResponses.formId, formId));
  expect(stored.map((r) => r.answers)).toEqual([{ has_children: 'no' }]);
  await phone.close();
});
