import { mkdtempSync, writeFileSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { type BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type TestApp } from '../test/helpers/app.js';
import { solidPng } from '../test/helpers/png.js';
import { formFiles, formResponses } from '../src/server/modules/forms/forms.tables.js';
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

it('add a photo question, attach a PNG on a phone, see its thumbnail on the response page and download it; edit the ranking, location and photo there', async () => {
  const { project, client } = await ownerWithProject(t, {
    user: 'Amina Diallo',
    team: 'Water Points',
    project: 'Pump repairs',
  });
  const res = await client.post(`/projects/${project.id}/forms`, {
    name: 'Pump check',
    kind: 'survey',
  });
  const formId = res.headers.location!.split('/')[2];
  // seeded through the routes: a ranking and a location, edited on the response page below
  for (const q of [
    {
      key: 'first_fix',
      type: 'ranking',
      label: 'What to fix first',
      choices: ['Seal', 'Handle', 'Pipe'].map((l) => ({ value: l.toLowerCase(), label: l })),
    },
    { key: 'where', type: 'geopoint', label: 'Pump location' },
    { key: 'voice', type: 'file', label: 'Voice note', validation: { fileKinds: 'audio' } },
  ])
    expect((await client.post(`/forms/${formId}/questions`, q)).statusCode).toBe(303);
  await browser.addCookies(
    [...client.cookies].map(([name, value]) => ({ name, value, url: base })),
  );
  const page = browser.pages()[0] ?? (await browser.newPage());
  await page.goto(`${base}/forms/${formId}/fields`);
  await page.getByRole('heading', { name: 'Pump check' }).waitFor();

  // the builder: a "File or photo" question, photos up to 5 MB
  const form = page
    .locator('form')
    .filter({ has: page.getByRole('button', { name: 'Add question', exact: true }) });
  await form.getByLabel('Type', { exact: true }).click();
  await page.getByRole('option', { name: 'File or photo', exact: true }).click();
  await form.getByRole('textbox', { name: 'Question' }).fill('Photo of the pump');
  await form.getByRole('textbox', { name: /Largest file \(MB/ }).fill('5');
  console.log('screenshot', await shot(page, 'forms-files-builder'));
  await form.getByRole('button', { name: 'Add question', exact: true }).click();
  await page.getByRole('button', { name: /\d+\. Photo of the pump/ }).waitFor();
  await page.getByRole('button', { name: 'Publish version 1' }).click();
  await page.getByText('Public link', { exact: true }).waitFor();
  const publicPath = (await page.locator('code').first().textContent())!.trim();

  // on a phone: attach a PNG, see its preview, send
  const phone = await browser.newPage();
  await phone.setViewportSize({ width: 375, height: 812 });
  await phone.goto(`${base}${publicPath}`);
  const input = phone.getByLabel('Photo of the pump');
  await input.waitFor();
  await expect(input.getAttribute('accept')).resolves.toBe('image/*');
  await expect(input.getAttribute('capture')).resolves.toBe('environment');
  const dir = mkdtempSync(path.join(tmpdir(), 'pump-'));
  const file = path.join(dir, 'pump.png');
  writeFileSync(file, solidPng(120, 80, [30, 140, 90]));
  await input.setInputFiles(file);
  await phone.getByRole('img', { name: 'Preview of pump.png' }).waitFor();
  // an audio question offers the phone's recorder (audio/*), and takes a WAV
  const voice = phone.getByLabel('Voice note');
  await expect(voice.getAttribute('accept')).resolves.toBe('audio/*');
  const note = path.join(dir, 'note.wav');
  writeFileSync(note, wavOf(800));
  await voice.setInputFiles(note);
  await phone.getByText(/^note\.wav · /).waitFor();
  console.log('screenshot', await shot(phone, 'forms-files-public-375'));
  // the ranking and the location stay unanswered here: the reviewer fills them in
  await phone.getByRole('button', { name: 'Send' }).click();
  await phone.getByText('Thank you: your answers were received.').waitFor();
  const [stored] = await t.app.ctx.db
    .select()
    .from(formResponses)
    .where(eq(formResponses.formId, formId));
  const files = await t.app.ctx.db.select().from(formFiles).where(eq(formFiles.formId, formId));
  const row = files.find((f) => f.name === 'pump.png')!;
  expect(row).toMatchObject({ responseId: stored.id, name: 'pump.png', contentType: 'image/png' });
  expect(files.find((f) => f.name === 'note.wav')).toMatchObject({
    responseId: stored.id,
    contentType: 'audio/wav',
  });
  await phone.close();

  // the response page: the thumbnail, and the download
  await page.goto(`${base}/form-responses/${stored.id}`);
  const thumb = page.getByRole('img', { name: 'Photo: pump.png' });
  await thumb.waitFor();
  // the recording plays in the page
  await page.locator('audio[aria-label="Recording: note.wav"]').waitFor();
  await expect
    .poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBe(120);
  console.log('screenshot', await shot(page, 'forms-files-response'));
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download pump.png' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('pump.png');
  const saved = path.join(dir, 'downloaded.png');
  await download.saveAs(saved);
  expect(readFileSync(saved).equals(solidPng(120, 80, [30, 140, 90]))).toBe(true);

  // edit on the response page: the ranking moved with the arrows, a location typed, the photo replaced
  await page.getByRole('button', { name: 'Edit answers' }).click();
  const edit = page.getByRole('form', { name: 'Edit answers' });
  const ranking = edit.getByRole('group', { name: 'What to fix first' });
  await ranking.getByRole('button', { name: 'Move “Pipe” up' }).click();
  await ranking.getByText('Pipe is now number 2 of 3.').waitFor();
  await ranking.getByRole('button', { name: 'Move “Pipe” up' }).click();
  await ranking.getByRole('button', { name: 'Move “Seal” down' }).click();
  await expect
    .poll(() => ranking.getByRole('listitem').allTextContents())
    .toEqual(['Pipe↑↓', 'Handle↑↓', 'Seal↑↓']);
  const where = edit.getByRole('group', { name: 'Pump location' });
  await where.getByLabel('Latitude').fill('-1.2921');
  await where.getByLabel('Longitude').fill('36.8219');
  await where.getByLabel('Accuracy in metres (optional)').fill('12');
  const photo = edit.getByRole('group', { name: 'Photo of the pump' });
  const newer = path.join(dir, 'pump-after.png');
  writeFileSync(newer, solidPng(60, 40, [200, 60, 40]));
  const [chooser] = await Promise.all([
    page.waitForEvent('filechooser'),
    photo.getByRole('button', { name: 'Replace file' }).click(),
  ]);
  await chooser.setFiles(newer);
  await photo.getByText(/New file: pump-after\.png/).waitFor();
  console.log('screenshot', await shot(page, 'forms-files-response-edit'));
  await edit.getByRole('button', { name: 'Save answers' }).click();
  await page.getByRole('img', { name: 'Photo: pump-after.png' }).waitFor();
  await page
    .getByRole('region', { name: 'The answers of this response' })
    .getByRole('cell', { name: '1. Pipe, 2. Handle, 3. Seal' })
    .waitFor();
  // the history names the change: the new order
  console.log('screenshot', await shot(page, 'forms-files-response-edited'));
  const [edited] = await t.app.ctx.db
    .select()
    .from(formResponses)
    .where(eq(formResponses.id, stored.id));
  expect(edited.answers).toMatchObject({
    first_fix: ['pipe', 'handle', 'seal'],
    where: { lat: -1.2921, lon: 36.8219, accuracy: 12 },
  });
  // the photo question's key is the builder's (from its label): found by its answer
  expect(Object.values(edited.answers)).toContainEqual(
    expect.objectContaining({ name: 'pump-after.png', type: 'image/png' }),
  );
  expect(edited.revision).toBe(2);
});

/** A mono 8 kHz 16-bit WAV of `samples` samples of a quiet tone. */
function wavOf(samples: number): Buffer {
  const data = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i++) data.writeInt16LE(Math.round(2000 * Math.sin(i / 4)), i * 2);
  const h = Buffer.alloc(44);
  h.write('RIFF', 0);
  h.writeUInt32LE(36 + data.length, 4);
  h.write('WAVEfmt ', 8);
  h.writeUInt32LE(16, 16);
  h.writeUInt16LE(1, 20);
  h.writeUInt16LE(1, 22);
  h.writeUInt32LE(8000, 24);
  h.writeUInt32LE(16000, 28);
  h.writeUInt16LE(2, 32);
  h.writeUInt16LE(16, 34);
  h.write('data', 36);
  h.writeUInt32LE(data.length, 40);
  return Buffer.concat([h, data]);
}
