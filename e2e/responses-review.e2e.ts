// @postgres-pass (also run on the PostgreSQL pass): response edits with history, quality flags, the export dialog;
// a matrix and a repeat group edited on the response page
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type TestApp } from '../test/helpers/app.js';
import { TestClient } from '../test/helpers/client.js';
import { formLinks, formResponses } from '../src/server/modules/forms/forms.tables.js';
import { shot } from './helpers/browser.js';
import { startJourney, type Journey } from './helpers/journey.js';
import { ownerWithProject } from './helpers/owner.js';

let t: TestApp;
let base: string;
let journey: Journey;

beforeAll(async () => {
  journey = await startJourney();
  ({ t, base } = journey);
});
afterAll(() => journey?.close());

it('open a response, edit it, see its history, clear its data quality flag', async () => {
  // seeded through the routes: a survey with skip logic, published, answered on its public link
  const { project, client } = await ownerWithProject(t, {
    user: 'Halima Yusuf',
    team: 'Water Access Kano',
    project: 'Boreholes 2026',
  });
  const created = await client.post(`/projects/${project.id}/forms`, {
    name: 'Household check',
    kind: 'survey',
    waves: ['baseline'],
  });
  const formId = created.headers.location!.split('/')[2];
  for (const q of [
    { key: 'name', type: 'short_text', label: 'Respondent name', required: true },
    { key: 'people', type: 'integer', label: 'People in the household' },
    { key: 'has_kids', type: 'yes_no', label: 'Any children under five?' },
    { key: 'kids', type: 'integer', label: 'How many?', relevant: "${has_kids} = 'yes'" },
  ])
    expect((await client.post(`/forms/${formId}/questions`, q)).statusCode).toBe(303);
  expect((await client.post(`/forms/${formId}/versions`)).statusCode).toBe(303);
  // the builder's "published" flash is read here, not in the browser: a whole page (an Inertia
  // visit would be refused for its asset version, the journey's app serving the built client)
  await client.request('GET', '/dashboard', undefined, {}, false);
  const [link] = await t.app.ctx.db.select().from(formLinks).where(eq(formLinks.formId, formId));
  const respondent = new TestClient(t.app, { inertia: false });
  const send = (answers: Record<string, unknown>, durationMs: number) =>
    respondent.request(
      'POST',
      `/f/${link.token}`,
      { id: randomUUID(), version: 1, answers, durationMs },
      { accept: 'application/json' },
    );
  expect(
    (await send({ name: 'Musa Bello', people: '6', has_kids: 'yes', kids: '2' }, 95_000))
      .statusCode,
  ).toBe(201);
  // answered in 1.2 s: flagged as too fast
  expect((await send({ name: 'Aisha Sani', people: '4', has_kids: 'no' }, 1_200)).statusCode).toBe(
    201,
  );

  const page = await journey.browser.newPage();
  await journey.browser.addCookies(
    [...client.cookies].map(([name, value]) => ({ name, value, url: base })),
  );
  await page.goto(`${base}/forms/${formId}/responses`);
  await page.getByRole('link', { name: 'Review queue (1)' }).click();
  await page.getByText('Answered in 1.2 s').waitFor();
  console.log('screenshot', await shot(page, 'responses-review-queue'));
  await page.getByRole('link', { name: '#2' }).click();
  await page.getByRole('heading', { name: 'Response #2' }).waitFor();
  await page.getByRole('cell', { name: 'Aisha Sani' }).waitFor();

  // edit: a new name, and children after all (the skip logic shows "How many?")
  await page.getByRole('button', { name: 'Edit answers' }).click();
  await page.getByRole('textbox', { name: 'Respondent name (name)' }).fill('Aisha M. Sani');
  await page.getByRole('combobox', { name: 'Any children under five? (has_kids)' }).click();
  await page.getByRole('option', { name: 'Yes', exact: true }).click();
  await page.getByRole('textbox', { name: 'How many? (kids)' }).fill('1');
  console.log('screenshot', await shot(page, 'responses-edit'));
  await page.getByRole('button', { name: 'Save answers' }).click();
  await page.getByText('Revision 2: Halima Yusuf').waitFor();
  await page.getByRole('cell', { name: 'Aisha M. Sani' }).first().waitFor();

  // the flag: reviewed, kept
  await page.getByRole('button', { name: 'Reviewed: keep (Too fast)' }).click();
  await page.getByText(/Cleared \(reviewed: keep\) by Halima Yusuf/).waitFor();
  console.log('screenshot', await shot(page, 'responses-detail-after'));

  // the export dialog: XLSX with labels, the edited answers in it
  await page.goto(`${base}/forms/${formId}/responses`);
  await page.getByRole('button', { name: 'Export…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Export responses' });
  await dialog.getByRole('radio', { name: 'Excel (XLSX)' }).check();
  await dialog.getByRole('radio', { name: 'Labels' }).check();
  // the dialog's fade-in has ended
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running'),
  );
  console.log('screenshot', await shot(page, 'responses-export-dialog'));
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('button', { name: 'Export', exact: true }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('Household check responses.xlsx');
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile((await download.path())!);
  const sheet = wb.getWorksheet('responses')!;
  const header = (sheet.getRow(1).values as unknown[]).slice(1);
  expect(header.slice(7)).toEqual(['name', 'people', 'has_kids', 'kids']);
  const rows = [2, 3].map((i) => (sheet.getRow(i).values as unknown[]).slice(8, 12));
  expect(rows).toEqual([
    ['Musa Bello', 6, 'Yes', 2],
    ['Aisha M. Sani', 4, 'Yes', 1],
  ]);
});

it('edit a matrix row and a repeat cell on the response page, a bad cell refused on that cell', async () => {
  // seeded through the routes: an anonymous survey (a repeat needs one) with a matrix and a repeat
  const { project, client } = await ownerWithProject(t, {
    user: 'Grace Wanjiru',
    team: 'Kisumu Health Watch',
    project: 'Clinics 2026',
  });
  const created = await client.post(`/projects/${project.id}/forms`, {
    name: 'Household roster',
    kind: 'survey',
    anonymous: true,
  });
  expect(created.statusCode).toBe(303);
  const formId = created.headers.location!.split('/')[2];
  const scale = ['1', '2', '3'].map((v) => ({ value: v, label: `Level ${v}` }));
  for (const q of [
    { key: 'village', type: 'short_text', label: 'Village' },
    {
      key: 'sat',
      type: 'matrix',
      label: 'Satisfaction with services',
      choices: scale,
      rows: [
        { value: 'food', label: 'Food' },
        { value: 'water', label: 'Water' },
      ],
    },
    {
      key: 'members',
      type: 'repeat',
      label: 'Household members',
      itemLabel: 'member',
      validation: { min: '1', max: '4' },
    },
    { key: 'name', type: 'short_text', label: 'Name', required: true, repeatKey: 'members' },
    { key: 'age', type: 'integer', label: 'Age', repeatKey: 'members' },
  ])
    expect((await client.post(`/forms/${formId}/questions`, q)).statusCode).toBe(303);
  expect((await client.post(`/forms/${formId}/versions`)).statusCode).toBe(303);
  // the builder's "published" flash is read here, not in the browser: a whole page (an Inertia
  // visit would be refused for its asset version, the journey's app serving the built client)
  await client.request('GET', '/dashboard', undefined, {}, false);
  const [link] = await t.app.ctx.db.select().from(formLinks).where(eq(formLinks.formId, formId));
  const sent = await new TestClient(t.app, { inertia: false }).request(
    'POST',
    `/f/${link.token}`,
    {
      id: randomUUID(),
      version: 1,
      answers: {
        village: 'Kondele',
        sat: { food: '1', water: '2' },
        members: [
          { name: 'Achieng Otieno', age: '41' },
          { name: 'Baraka Otieno', age: '9' },
        ],
      },
    },
    { accept: 'application/json' },
  );
  expect(sent.statusCode, sent.body).toBe(201);
  const [response] = await t.app.ctx.db
    .select({ id: formResponses.id })
    .from(formResponses)
    .where(eq(formResponses.formId, formId));

  const page = await journey.browser.newPage();
  await journey.browser.addCookies(
    [...client.cookies].map(([name, value]) => ({ name, value, url: base })),
  );
  await page.goto(`${base}/form-responses/${response.id}`);
  await page.getByRole('heading', { name: 'Response #1' }).waitFor();
  // the repeat: a nested table, one row per member
  const roster = page.getByRole('table', { name: 'Household members: one row per member' });
  await roster.getByRole('cell', { name: 'Baraka Otieno' }).waitFor();
  await expect(roster.getByRole('cell', { name: '41' }).count()).resolves.toBe(1);
  await expect(roster.getByRole('cell', { name: '9', exact: true }).count()).resolves.toBe(1);
  console.log('screenshot', await shot(page, 'responses-repeat-detail'));

  // edit: water up to level 3, member 2 is 10 now; first a bad age, refused on its cell
  await page.getByRole('button', { name: 'Edit answers' }).click();
  await page
    .getByRole('radiogroup', { name: 'Water' })
    .getByRole('radio', { name: 'Level 3' })
    .check();
  const age2 = page.getByRole('textbox', { name: 'Member 2: Age' });
  await age2.fill('abc');
  await page.getByRole('button', { name: 'Save answers' }).click();
  await expect.poll(() => age2.getAttribute('aria-invalid')).toBe('true');
  await page.getByText('Enter a whole number, e.g. 12.').waitFor();
  // the error is the cell's description (said with the cell's name "Member 2: Age")
  await expect(
    age2.evaluate((el) =>
      (el.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent ?? '')
        .join(' '),
    ),
  ).resolves.toContain('Enter a whole number, e.g. 12.');
  await expect(
    page.getByRole('textbox', { name: 'Member 1: Age' }).getAttribute('aria-invalid'),
  ).resolves.not.toBe('true');
  console.log('screenshot', await shot(page, 'responses-repeat-edit'));
  await age2.fill('10');
  await page.getByRole('button', { name: 'Save answers' }).click();
  await page.getByText('Revision 2: Grace Wanjiru').waitFor();

  // the history: the matrix with its rows, the repeat cell by its label and path
  const revision = page.getByRole('table', { name: 'The answers changed in revision 2' });
  await revision.getByRole('cell', { name: 'Household members 2: Age members[2].age' }).waitFor();
  await revision.getByRole('cell', { name: /^Satisfaction with services sat$/ }).waitFor();
  await expect(
    revision
      .getByRole('row', { name: /members\[2\]\.age/ })
      .getByRole('cell')
      .allInnerTexts(),
  ).resolves.toEqual(['Household members 2: Age members[2].age', '9', '10']);
  await page
    .getByRole('table', { name: 'Household members: one row per member' })
    .getByRole('cell', { name: '10', exact: true })
    .waitFor();
  console.log('screenshot', await shot(page, 'responses-repeat-history'));
  const [after] = await t.app.ctx.db
    .select({ answers: formResponses.answers })
    .from(formResponses)
    .where(eq(formResponses.id, response.id));
  expect(after.answers).toMatchObject({
    sat: { food: '1', water: '3' },
    members: [
      { name: 'Achieng Otieno', age: 41 },
      { name: 'Baraka Otieno', age: 10 },
    ],
  });
});
