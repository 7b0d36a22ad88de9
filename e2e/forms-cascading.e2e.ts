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

it('set a choice filter and a required condition in the builder, then answer the cascade and a slider on a phone', async () => {
  const { project, client } = await ownerWithProject(t, {
    user: 'Ngozi Eze',
    team: 'Clean Cities',
    project: 'Waste collection',
  });
  const res = await client.post(`/projects/${project.id}/forms`, {
    name: 'Collection points',
    kind: 'survey',
  });
  const formId = res.headers.location!.split('/')[2];
  const add = (q: Record<string, unknown>) => client.post(`/forms/${formId}/questions`, q);
  await add({ key: 'age', type: 'integer', label: 'Your age' });
  await add({
    key: 'state',
    type: 'single_choice',
    label: 'State',
    choices: [
      { value: 'lagos', label: 'Lagos' },
      { value: 'kano', label: 'Kano' },
    ],
  });
  await add({
    key: 'city',
    type: 'dropdown',
    label: 'City',
    choices: ['Ikeja', 'Epe', 'Fagge'].map((l) => ({ value: l.toLowerCase(), label: l })),
  });
  await add({
    key: 'distance',
    type: 'range',
    label: 'Distance to the nearest bin (km)',
    required: true,
    validation: { min: '0', max: '5', step: '0.5' },
  });
  // a read-only calculation: shown, never typed
  await add({
    key: 'metres',
    type: 'decimal',
    label: 'The same in metres',
    readOnly: true,
    calculation: '${distance} * 1000',
  });
  await add({
    key: 'country',
    type: 'short_text',
    label: 'Country',
    defaultValue: 'Nigeria',
    readOnly: true,
  });
  // a note that shows earlier answers (XLSForm's ${name} in a label)
  await add({ key: 'check', type: 'note', label: 'Your collection point: ${city}, ${state}.' });
  await browser.addCookies(
    [...client.cookies].map(([name, value]) => ({ name, value, url: base })),
  );
  const page = browser.pages()[0] ?? (await browser.newPage());
  await page.goto(`${base}/forms/${formId}/fields`);
  await page.getByRole('heading', { name: 'Collection points' }).waitFor();

  // the city's panel: each choice gets its state, the filter reads it, required only for adults
  await page.getByRole('button', { name: /^3\. City/ }).click();
  const editor = page
    .locator('form')
    .filter({ has: page.getByRole('button', { name: 'Save question' }) })
    .filter({ has: page.getByRole('textbox', { name: 'Choice filter (optional)' }) })
    .first();
  await editor
    .getByRole('textbox', { name: 'Choices' })
    .fill('ikeja = Ikeja | state=lagos\nepe = Epe | state=lagos\nfagge = Fagge | state=kano');
  const filter = editor.getByRole('textbox', { name: 'Choice filter (optional)' });
  // a name no choice has is refused on the field, saying what the choices have
  await filter.fill('region = ${state}');
  await editor.getByRole('button', { name: 'Save question' }).click();
  await editor
    .getByText(/No choice has a property `region`: a bare name reads the choice/)
    .waitFor();
  await filter.fill('state = ${state}');
  await editor.getByRole('checkbox', { name: 'An answer is required' }).check();
  await editor.getByRole('textbox', { name: 'Required only when (optional)' }).fill('${age} >= 18');
  await editor
    .getByRole('textbox', { name: 'Message when left empty (optional)' })
    .fill('Adults name their city.');
  await editor.getByRole('button', { name: 'Save question' }).click();
  await page.getByText('Question “City” saved.').waitFor();
  console.log('screenshot', await shot(page, 'forms-cascading-builder'));
  await checkAccessibility(page);

  // the draft on a phone, beside the builder: its test link in a phone-sized frame
  await page.getByRole('button', { name: 'Make a test link' }).click();
  await page.getByRole('button', { name: 'Preview on a phone' }).click();
  const dialog = page.getByRole('dialog', { name: 'Preview on a phone' });
  const preview = dialog.frameLocator('iframe[title="The draft on a phone (its test link)"]');
  await preview.getByRole('group', { name: 'State' }).getByRole('radio', { name: 'Kano' }).check();
  await expect
    .poll(() => preview.getByRole('combobox', { name: 'City' }).locator('option').allTextContents())
    .toEqual(['Choose…', 'Fagge']);
  console.log('screenshot', await shot(page, 'forms-cascading-preview-dialog'));
  await checkAccessibility(page);
  await dialog.getByRole('button', { name: 'Close the preview' }).click();
  await dialog.waitFor({ state: 'detached' });
  // a wide screen keeps the phone beside the questions
  await page.setViewportSize({ width: 1600, height: 1000 });
  await page.getByText('On a phone', { exact: true }).locator('..').locator('iframe').waitFor();
  console.log('screenshot', await shot(page, 'forms-cascading-preview-side'));
  await page.setViewportSize({ width: 1280, height: 900 });

  // drag and drop: the country's handle dropped on the second question moves it there (the
  // city's panel closed and a tall window, so neither end scrolls away while dragging)
  await page.getByRole('button', { name: /^3\. City/ }).click();
  await page.setViewportSize({ width: 1280, height: 1400 });
  await page
    .locator('[data-drag-handle="country"]')
    .dragTo(page.getByRole('button', { name: /^2\. State/ }));
  await page.getByText('Question “Country” moved to place 2.').waitFor();
  await page.getByRole('button', { name: /^2\. Country/ }).waitFor();
  await page.getByRole('button', { name: /^3\. State/ }).waitFor();
  await page.setViewportSize({ width: 1280, height: 900 });

  await page.getByRole('button', { name: 'Publish version 1' }).click();
  await page.getByText('Public link', { exact: true }).waitFor();
  const publicPath = (await page.locator('code').first().textContent())!.trim();

  // on a phone: the cities follow the state; the country is shown and cannot be changed
  const phone = await browser.newPage();
  await phone.setViewportSize({ width: 375, height: 800 });
  await phone.goto(`${base}${publicPath}`);
  const state = phone.getByRole('group', { name: 'State' });
  const city = phone.getByRole('combobox', { name: 'City' });
  const cities = () => city.locator('option').allTextContents();
  await state.waitFor();
  const country = phone.getByRole('textbox', { name: 'Country' });
  await expect(country.inputValue()).resolves.toBe('Nigeria');
  await expect(country.getAttribute('readonly')).resolves.not.toBeNull();
  await phone.getByRole('textbox', { name: 'Your age' }).fill('34');
  await state.getByRole('radio', { name: 'Lagos' }).check();
  await expect.poll(cities).toEqual(['Choose…', 'Ikeja', 'Epe']);
  await state.getByRole('radio', { name: 'Kano' }).check();
  await expect.poll(cities).toEqual(['Choose…', 'Fagge']);
  await city.selectOption('fagge');
  // the slider: unanswered until touched; a key on the thumb where it stands answers the start
  const slider = phone.getByRole('slider', { name: 'Distance to the nearest bin (km)' });
  const said = phone.locator('output[for="q-distance"]');
  await expect(said.textContent()).resolves.toBe('Not answered yet: move the slider.');
  await slider.focus();
  await phone.keyboard.press('Home');
  await expect.poll(() => said.textContent()).toBe('0');
  for (let i = 0; i < 3; i++) await phone.keyboard.press('ArrowRight');
  await expect.poll(() => said.textContent()).toBe('1.5');
  await expect
    .poll(() => phone.getByRole('textbox', { name: 'The same in metres' }).inputValue())
    .toBe('1500');
  console.log('screenshot', await shot(phone, 'forms-cascading-375'));
  await checkAccessibility(phone);
  // back to Lagos: Fagge is no longer offered, so the adult's city is missing
  await state.getByRole('radio', { name: 'Lagos' }).check();
  await expect.poll(cities).toEqual(['Choose…', 'Ikeja', 'Epe']);
  await phone.getByRole('button', { name: 'Send' }).click();
  await phone.getByText('Adults name their city.').first().waitFor();
  await city.selectOption('epe');
  await phone.getByText('Your collection point: Epe, Lagos.').waitFor();
  await phone.getByRole('button', { name: 'Send' }).click();
  await phone.getByText('Thank you: your answers were received.').waitFor();
  const stored = await t.app.ctx.db
    .select()
    .from(formResponses)
    .where(eq(formResponses.formId, formId));
  expect(stored.map((r) => r.answers)).toEqual([
    { age: 34, state: 'lagos', city: 'epe', distance: 1.5, metres: 1500, country: 'Nigeria' },
  ]);
  await phone.close();
});
