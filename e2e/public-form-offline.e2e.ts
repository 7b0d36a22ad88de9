// @postgres-pass (also run on the PostgreSQL pass): idempotent submit under the pool (unique index)
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { until } from '../test/helpers/wait.js';
import { formLinks, formResponses, forms } from '../src/server/modules/forms/forms.tables.js';
import { shot } from './helpers/browser.js';
import { journeyForFile } from './helpers/journey.js';
import { createForm, ownerWithProject } from './helpers/owner.js';

const j = journeyForFile();

const responsesOf = (formId: string) =>
  j.t.app.ctx.db.select().from(formResponses).where(eq(formResponses.formId, formId));

it('a phone opens the form once, loses the network, reloads, finishes, and the response arrives once when online', async () => {
  const { t, base, browser } = j;
  const { project, client } = await ownerWithProject(t, {
    user: 'Grace Atieno',
    team: 'Water Access',
    project: 'Clean water',
  });
  const formId = await createForm(client, project.id, {
    name: 'Water point visit',
    kind: 'survey',
  });
  for (const q of [
    { key: 'name', type: 'short_text', label: 'Your name', required: true },
    { key: 'people', type: 'integer', label: 'How many people live here?', required: true },
    { key: 'water_page', type: 'page', label: 'Water' },
    {
      key: 'source',
      type: 'single_choice',
      label: 'Main water source',
      required: true,
      choices: [
        { value: 'well', label: 'Well' },
        { value: 'tap', label: 'Tap' },
      ],
    },
  ])
    expect((await client.post(`/forms/${formId}/questions`, q)).statusCode).toBe(303);
  expect((await client.post(`/forms/${formId}/versions`)).statusCode).toBe(303);
  const [link] = await t.app.ctx.db.select().from(formLinks).where(eq(formLinks.formId, formId));

  const phone = await browser.newPage();
  await phone.setViewportSize({ width: 375, height: 812 });
  await phone.goto(`${base}/f/${link.token}`);
  await phone.getByRole('heading', { name: 'Water point visit' }).waitFor();
  // the service worker controls the page and has kept this document for offline use
  await phone.waitForFunction(
    async () =>
      !!navigator.serviceWorker.controller &&
      !!(await (await caches.open('pathways-form-pages')).match(location.href)),
  );

  // page 1 of 2: Next checks this page's answers first
  await phone.getByText('Page 1 of 2').waitFor();
  await phone.getByRole('button', { name: 'Next' }).click();
  await phone.getByRole('alert').filter({ hasText: '2 answers need attention' }).waitFor();
  // half the form; every change is saved on the device
  await phone.getByRole('textbox', { name: 'Your name' }).fill('Achieng Otieno');
  await phone.getByRole('textbox', { name: 'How many people live here?' }).fill('6');
  await phone.getByRole('status').filter({ hasText: 'Saved on this device' }).waitFor();
  await phone.getByRole('button', { name: 'Next' }).click();
  await phone.getByRole('heading', { name: 'Water', exact: true }).waitFor();
  await phone.getByText('Page 2 of 2').waitFor();
  // Next moved on without sending: no errors on the new page
  await expect(phone.getByText('This question needs an answer.').count()).resolves.toBe(0);
  console.log('screenshot', await shot(phone, 'public-form-page-2-375'));

  // the form is renamed on the server: a page served from the network would show the new name
  await t.app.ctx.db.update(forms).set({ name: 'Renamed' }).where(eq(forms.id, formId));
  await browser.setOffline(true);
  const reloaded = await phone.reload();
  expect(reloaded?.fromServiceWorker()).toBe(true);
  await phone.getByRole('heading', { name: 'Water point visit' }).waitFor();
  // the draft came back from IndexedDB, on the page it was left at
  await phone.getByText('Page 2 of 2').waitFor();
  await phone.getByRole('button', { name: 'Back' }).click();
  await expect(phone.getByRole('textbox', { name: 'Your name' }).inputValue()).resolves.toBe(
    'Achieng Otieno',
  );
  await expect(
    phone.getByRole('textbox', { name: 'How many people live here?' }).inputValue(),
  ).resolves.toBe('6');
  console.log('screenshot', await shot(phone, 'public-form-offline-restored-375'));
  await phone.getByRole('button', { name: 'Next' }).click();

  await phone
    .getByRole('group', { name: 'Main water source' })
    .getByRole('radio', { name: 'Well' })
    .check();
  await phone.getByRole('button', { name: 'Send' }).click();
  await phone.getByRole('status').filter({ hasText: 'Will send when online' }).waitFor();
  await phone
    .getByText('One response is saved on this device and will be sent when online.')
    .waitFor();
  console.log('screenshot', await shot(phone, 'public-form-offline-queued-375'));
  expect(await responsesOf(formId)).toHaveLength(0);

  // back online: the outbox sends it (the `online` event), the page says so, the server has it once
  await browser.setOffline(false);
  await phone.getByRole('status').filter({ hasText: 'Sent' }).waitFor();
  await phone.getByText('Thank you: your answers were received.').waitFor();
  await until(async () => (await responsesOf(formId)).length === 1, 'the response stored');
  console.log('screenshot', await shot(phone, 'public-form-offline-sent-375'));
  // a reload online sends nothing more: the outbox is empty
  await phone.reload();
  await phone.getByRole('heading', { name: 'Renamed' }).waitFor();
  await expect(
    phone.getByText('One response is saved on this device and will be sent when online.').count(),
  ).resolves.toBe(0);
  const stored = await responsesOf(formId);
  expect(stored).toHaveLength(1);
  expect(stored[0].answers).toEqual({ name: 'Achieng Otieno', people: 6, source: 'well' });
  await phone.close();
});
