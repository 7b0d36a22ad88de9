import { eq } from 'drizzle-orm';
import { type BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type TestApp } from '../test/helpers/app.js';
import { formResponses } from '../src/server/modules/forms/forms.tables.js';
import { checkAccessibility } from './helpers/a11y.js';
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

it('put a repeat inside a repeat in the builder, then answer each member’s clinic visits on a phone', async () => {
  const { project, client } = await ownerWithProject(t, {
    user: 'Amina Yusuf',
    team: 'Mother and Child',
    project: 'Immunisation',
  });
  const res = await client.post(`/projects/${project.id}/forms`, {
    name: 'Household health',
    kind: 'survey',
  });
  const formId = res.headers.location!.split('/')[2];
  const add = async (q: Record<string, unknown>) =>
    expect((await client.post(`/forms/${formId}/questions`, q)).statusCode).toBe(303);
  await add({ key: 'village', type: 'short_text', label: 'Village' });
  await add({
    key: 'members',
    type: 'repeat',
    label: 'Household members',
    itemLabel: 'member',
    validation: { min: '1', max: '6' },
  });
  await add({
    key: 'name',
    type: 'short_text',
    label: 'Name',
    required: true,
    repeatKey: 'members',
  });
  await add({ key: 'age', type: 'integer', label: 'Age', repeatKey: 'members' });
  await browser.addCookies(
    [...client.cookies].map(([name, value]) => ({ name, value, url: base })),
  );
  const page = browser.pages()[0] ?? (await browser.newPage());
  await page.goto(`${base}/forms/${formId}/fields`);
  await page.getByRole('heading', { name: 'Household health' }).waitFor();

  // the builder: a repeat group inside the members' repeat
  const form = page
    .locator('form')
    .filter({ has: page.getByRole('button', { name: 'Add question', exact: true }) });
  await form.getByLabel('Type', { exact: true }).click();
  await page.getByRole('option', { name: /^Repeat group/ }).click();
  await form.getByRole('textbox', { name: 'Key' }).fill('visits');
  await form.getByRole('textbox', { name: 'Question' }).fill('Clinic visits of ${name}');
  await form.getByRole('textbox', { name: /One instance is called/ }).fill('visit');
  await form.getByLabel('Inside repeat group', { exact: true }).click();
  await page.getByRole('option', { name: 'Household members (members)' }).click();
  await form.getByRole('button', { name: 'Add question', exact: true }).click();
  await page.getByRole('button', { name: /^5\. Clinic visits of/ }).waitFor();
  await page
    .getByText('visits · Repeat group (e.g. household members) · in Household members')
    .waitFor();

  // its questions: the clinic, and a vaccination asked only of a child under 5
  await form.getByLabel('Type', { exact: true }).click();
  await page.getByRole('option', { name: 'Short text', exact: true }).click();
  await form.getByRole('textbox', { name: 'Key' }).fill('clinic');
  await form.getByRole('textbox', { name: 'Question' }).fill('Clinic');
  await form.getByRole('checkbox', { name: 'An answer is required' }).check();
  await form.getByLabel('Asked in repeat group', { exact: true }).click();
  await page
    .getByRole('option', { name: 'Household members › Clinic visits of ${name} (visits)' })
    .click();
  await form.getByRole('button', { name: 'Add question', exact: true }).click();
  await page
    .getByText(/clinic · Short text · required · in Household members › Clinic visits/)
    .waitFor();
  await add({
    key: 'vaccinated',
    type: 'yes_no',
    label: 'Vaccinated at this visit?',
    repeatKey: 'visits',
    relevant: '${age} < 5',
  });
  await add({
    key: 'all_visits',
    type: 'calculate',
    label: 'Visits',
    calculation: 'count(${visits})',
  });
  await page.reload();
  console.log('screenshot', await shot(page, 'forms-nested-builder'));
  await checkAccessibility(page);
  await page.getByRole('button', { name: 'Publish version 1' }).click();
  await page.getByText('Public link', { exact: true }).waitFor();
  const publicPath = (await page.locator('code').first().textContent())!.trim();

  // on a phone: a member, their visits inside their fieldset
  const phone = await browser.newPage();
  await phone.setViewportSize({ width: 375, height: 812 });
  await phone.goto(`${base}${publicPath}`);
  await phone.getByRole('textbox', { name: 'Village' }).fill('Kaduna');
  await phone.getByRole('button', { name: 'Add member' }).click();
  const member1 = phone.getByRole('group', { name: 'Member 1' });
  await member1.getByRole('textbox', { name: 'Name' }).fill('Zainab');
  await member1.getByRole('textbox', { name: 'Age' }).fill('3');
  const visits = member1.getByRole('group', { name: 'Clinic visits of Zainab' });
  await visits.getByText('No visit added yet.').waitFor();
  await visits.getByRole('button', { name: 'Add visit' }).click();
  await visits.getByRole('button', { name: 'Add visit' }).click();
  const visit1 = visits.getByRole('group', { name: 'Visit 1' });
  await visit1.getByRole('textbox', { name: 'Clinic' }).fill('Central');
  // the child is 3: asked about the vaccination, reading the member around the visit
  await visit1
    .getByRole('group', { name: 'Vaccinated at this visit?' })
    .getByRole('radio', { name: 'Yes' })
    .check();
  // a second member, an adult with one visit (no vaccination question)
  await phone.getByRole('button', { name: 'Add member' }).click();
  const member2 = phone.getByRole('group', { name: 'Member 2' });
  await member2.getByRole('textbox', { name: 'Name' }).fill('Musa');
  await member2.getByRole('textbox', { name: 'Age' }).fill('41');
  await member2.getByRole('button', { name: 'Add visit' }).click();
  await member2
    .getByRole('group', { name: 'Visit 1' })
    .getByRole('textbox', { name: 'Clinic' })
    .fill('North');
  await expect(
    member2.getByRole('group', { name: 'Vaccinated at this visit?' }).count(),
  ).resolves.toBe(0);

  // the second visit of the child has no clinic: the summary names it by its whole place
  await phone.getByRole('button', { name: 'Send' }).click();
  const summary = phone.getByRole('alert').filter({ hasText: 'Clinic (visit 2) (member 1)' });
  await summary.waitFor();
  console.log('screenshot', await shot(phone, 'forms-nested-375-error'));
  await summary.getByRole('link', { name: /Clinic \(visit 2\) \(member 1\)/ }).click();
  await expect
    .poll(() => phone.evaluate(() => document.activeElement?.id))
    .toBe('q-members[1].visits[2].clinic');
  await visits
    .getByRole('group', { name: 'Visit 2' })
    .getByRole('textbox', { name: 'Clinic' })
    .fill('Mobile unit');
  await checkAccessibility(phone);
  await phone.getByRole('button', { name: 'Send' }).click();
  await phone.getByText('Thank you: your answers were received.').waitFor();

  const stored = await t.app.ctx.db
    .select()
    .from(formResponses)
    .where(eq(formResponses.formId, formId));
  expect(stored.map((r) => r.answers)).toEqual([
    {
      village: 'Kaduna',
      members: [
        {
          name: 'Zainab',
          age: 3,
          visits: [{ clinic: 'Central', vaccinated: 'yes' }, { clinic: 'Mobile unit' }],
        },
        { name: 'Musa', age: 41, visits: [{ clinic: 'North' }] },
      ],
      all_visits: 3,
    },
  ]);
  await phone.close();

  // the staff's response page: the visits a table inside each member's row
  await page.goto(`${base}/form-responses/${stored[0].id}`);
  await page.getByRole('heading', { name: 'Response #1' }).waitFor();
  const roster = page.getByRole('table', { name: 'Household members: one row per member' });
  await roster.getByRole('cell', { name: 'Zainab', exact: true }).waitFor();
  const zainabVisits = page.getByRole('table', {
    // its label's ${name} filled from the member around it
    name: 'Clinic visits of Zainab (members[1]): one row per visit',
  });
  await zainabVisits.getByRole('cell', { name: 'Mobile unit' }).waitFor();
  console.log('screenshot', await shot(page, 'forms-nested-response'));
  await checkAccessibility(page);

  // edit the child's second visit; the other instances stay as they were
  await page.getByRole('button', { name: 'Edit answers' }).click();
  const clinic = page.getByRole('textbox', { name: 'Member 1, visit 2: Clinic' });
  await clinic.fill('Central');
  console.log('screenshot', await shot(page, 'forms-nested-edit'));
  await checkAccessibility(page);
  await page.getByRole('button', { name: 'Save answers' }).click();
  await page.getByText(/^Revision 2: Amina Yusuf/).waitFor();
  const revision = page.getByRole('table', { name: 'The answers changed in revision 2' });
  await expect(
    revision
      .getByRole('row', { name: /members\[1\]\.visits\[2\]\.clinic/ })
      .getByRole('cell')
      .allInnerTexts(),
  ).resolves.toEqual([
    'Household members 1: Clinic visits of ${name} 2: Clinic members[1].visits[2].clinic',
    'Mobile unit',
    'Central',
  ]);
  const [edited] = await t.app.ctx.db
    .select()
    .from(formResponses)
    .where(eq(formResponses.formId, formId));
  expect(edited.answers).toEqual({
    ...(stored[0].answers as object),
    members: [
      {
        name: 'Zainab',
        age: 3,
        visits: [{ clinic: 'Central', vaccinated: 'yes' }, { clinic: 'Central' }],
      },
      { name: 'Musa', age: 41, visits: [{ clinic: 'North' }] },
    ],
  });
});
