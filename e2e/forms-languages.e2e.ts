import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { until } from '../test/helpers/wait.js';
import { formLinks, formResponses } from '../src/server/modules/forms/forms.tables.js';
import { shot } from './helpers/browser.js';
import { journeyForFile } from './helpers/journey.js';
import { createForm, ownerWithProject } from './helpers/owner.js';

const j = journeyForFile();

it('translate a form into Arabic in the builder, open it with ?lang=fr and ?lang=ar on a phone (the page’s own words too; RTL), switch to English, send; closed, its message in French, switched to Arabic', async () => {
  const { t, base, browser } = j;
  const { project, client } = await ownerWithProject(t, {
    user: 'Layla Haddad',
    team: 'Water Access',
    project: 'Clean water',
  });
  const formId = await createForm(client, project.id, {
    name: 'Water point visit',
    kind: 'survey',
  });
  for (const q of [
    {
      key: 'source',
      type: 'single_choice',
      label: 'Main water source',
      hint: 'Where most of your water comes from',
      required: true,
      choices: [
        { value: 'well', label: 'Well' },
        { value: 'tap', label: 'Tap' },
      ],
    },
    { key: 'home', type: 'page', label: 'Household' },
    { key: 'people', type: 'integer', label: 'How many people live here?' },
  ])
    expect((await client.post(`/forms/${formId}/questions`, q)).statusCode).toBe(303);

  await browser.addCookies(
    [...client.cookies].map(([name, value]) => ({ name, value, url: base })),
  );
  const page = browser.pages()[0] ?? (await browser.newPage());
  await page.goto(`${base}/forms/${formId}/fields`);
  await page.getByRole('heading', { name: 'Translations' }).waitFor();
  await page.getByRole('textbox', { name: 'Add a language (code)' }).fill('ar');
  await page.getByRole('button', { name: 'Add language' }).click();
  const label = page.getByRole('textbox', { name: 'Label in Arabic (ar)' }).first();
  await label.waitFor();
  await page.getByText('6 texts of 6 still to translate.').waitFor();
  await label.fill('مصدر المياه الرئيسي');
  await page.getByRole('textbox', { name: 'Hint in Arabic (ar)' }).fill('من أين تأتي معظم مياهك');
  await page.getByRole('textbox', { name: 'Choice “well” in Arabic (ar)' }).fill('بئر');
  await page.getByRole('textbox', { name: 'Choice “tap” in Arabic (ar)' }).fill('صنبور');
  await page.getByText('2 texts of 6 still to translate.').waitFor();
  await page.getByRole('button', { name: 'Save translations' }).click();
  await page.getByText(/ar translations saved \(1 question changed\)/).waitFor();
  await page
    .getByRole('textbox', { name: 'Label in Arabic (ar)' })
    .first()
    .scrollIntoViewIfNeeded();
  console.log('screenshot', await shot(page, 'forms-languages-builder'));
  // French too (no translated texts: the questions stay English, the page's own words are French)
  expect((await client.put(`/forms/${formId}`, { languages: ['ar', 'fr'] })).statusCode).toBe(303);
  expect((await client.post(`/forms/${formId}/versions`)).statusCode).toBe(303);
  const [link] = await t.app.ctx.db.select().from(formLinks).where(eq(formLinks.formId, formId));

  const french = await browser.newPage();
  await french.setViewportSize({ width: 375, height: 812 });
  await french.goto(`${base}/f/${link.token}?lang=fr`);
  await french.getByText('Page 1 sur 2').waitFor();
  expect(
    await french.evaluate(() => [document.documentElement.lang, document.documentElement.dir]),
  ).toEqual(['fr', 'ltr']);
  await french.getByText('Les questions marquées * sont obligatoires.').waitFor();
  await french.getByRole('button', { name: 'Suivant' }).click();
  await french.getByRole('heading', { name: 'Une réponse est à corriger' }).waitFor();
  await french.locator('#q-source-error', { hasText: 'Cette question est obligatoire.' }).waitFor();
  await french.getByRole('radio', { name: 'Well' }).check();
  await french.getByRole('button', { name: 'Suivant' }).click();
  await french.getByRole('textbox', { name: 'How many people live here?' }).fill('many');
  await french.getByRole('button', { name: 'Envoyer' }).click();
  await french
    .locator('#q-people-error', { hasText: 'Saisissez un nombre entier, ex. 12.' })
    .waitFor();
  await french.getByRole('button', { name: 'Retour' }).waitFor();
  console.log('screenshot', await shot(french, 'forms-languages-french-375'));
  // sent: the draft leaves the device (the Arabic page below starts afresh)
  await french.getByRole('textbox', { name: 'How many people live here?' }).fill('3');
  await french.getByRole('button', { name: 'Envoyer' }).click();
  await french.getByText('Merci : vos réponses ont bien été reçues.').waitFor();
  await french.getByRole('button', { name: 'Envoyer une autre réponse' }).waitFor();
  await french.close();

  const phone = await browser.newPage();
  await phone.setViewportSize({ width: 375, height: 812 });
  await phone.goto(`${base}/f/${link.token}?lang=ar`);
  await phone.getByRole('group', { name: /مصدر المياه الرئيسي/ }).waitFor();
  expect(
    await phone.evaluate(() => [document.documentElement.lang, document.documentElement.dir]),
  ).toEqual(['ar', 'rtl']);
  // the page's own words in Arabic: progress, buttons, the built-in message and the error summary
  await phone.getByText('الصفحة 1 من 2').waitFor();
  await phone.getByText('الأسئلة التي عليها علامة * مطلوبة.').waitFor();
  await phone.getByRole('button', { name: 'التالي' }).click();
  await phone.getByRole('heading', { name: 'إجابة واحدة تحتاج إلى مراجعة' }).waitFor();
  await phone.locator('#q-source-error', { hasText: 'هذا السؤال يحتاج إلى إجابة.' }).waitFor();
  // mirrored: the radio stands right of its label, the Next button at the right edge
  const radio = await phone.getByRole('radio', { name: 'بئر' }).boundingBox();
  const choice = await phone.getByText('بئر', { exact: true }).boundingBox();
  expect(radio!.x).toBeGreaterThan(choice!.x);
  const next = await phone.getByRole('button', { name: 'التالي' }).boundingBox();
  expect(next!.x + next!.width).toBeGreaterThan(375 / 2);
  console.log('screenshot', await shot(phone, 'forms-languages-arabic-375'));
  await phone.getByRole('radio', { name: 'بئر' }).check();
  await phone.getByRole('button', { name: 'التالي' }).click();
  // a missing translation shows the default text
  await phone.getByRole('textbox', { name: 'How many people live here?' }).waitFor();
  await phone.getByText('الصفحة 2 من 2').waitFor();
  const back = await phone.getByRole('button', { name: 'السابق' }).boundingBox();
  const send = await phone.getByRole('button', { name: 'إرسال' }).boundingBox();
  // right to left: Back comes first, on the right; Send after it, to its left
  expect(back!.x).toBeGreaterThan(send!.x);
  console.log('screenshot', await shot(phone, 'forms-languages-arabic-page2-375'));

  await phone.getByRole('button', { name: 'English' }).click();
  await phone.getByRole('button', { name: 'Back' }).click();
  await phone.getByRole('group', { name: /Main water source/ }).waitFor();
  expect(
    await phone.evaluate(() => [document.documentElement.lang, document.documentElement.dir]),
  ).toEqual(['en', 'ltr']);
  expect(new URL(phone.url()).searchParams.get('lang')).toBe('en');
  await phone.getByRole('radio', { name: 'Tap' }).check();
  await phone.getByRole('button', { name: 'Next' }).click();
  await phone.getByRole('textbox', { name: 'How many people live here?' }).fill('4');
  await phone.getByRole('button', { name: 'Send' }).click();
  await phone.getByText('Thank you: your answers were received.').waitFor();
  console.log('screenshot', await shot(phone, 'forms-languages-sent-375'));
  const responses = () =>
    t.app.ctx.db.select().from(formResponses).where(eq(formResponses.formId, formId));
  await until(async () => (await responses()).length === 2, 'both responses stored');
  expect((await responses()).map((r) => r.answers.source).sort()).toEqual(['tap', 'well']);

  // closed: the message page in the page's language (?lang=fr), with the switcher; a switch re-says it
  expect(
    (await client.put(`/forms/${formId}`, { opensAt: '2020-01-01', closesAt: '2021-01-01' }))
      .statusCode,
  ).toBe(303);
  const closed = await browser.newPage();
  await closed.setViewportSize({ width: 375, height: 812 });
  await closed.goto(`${base}/f/${link.token}?lang=fr`);
  await closed.getByText('Ce formulaire a fermé le 1 janvier 2021.').waitFor();
  await closed.getByRole('navigation', { name: 'Langue' }).waitFor();
  expect(await closed.evaluate(() => document.documentElement.lang)).toBe('fr');
  console.log('screenshot', await shot(closed, 'forms-languages-closed-french-375'));
  await closed.getByRole('button', { name: 'العربية' }).click();
  // the date in the browser's own Arabic (its ICU picks the digits)
  const arabicDate = await closed.evaluate(() =>
    new Intl.DateTimeFormat('ar', { dateStyle: 'long', timeZone: 'UTC' }).format(
      new Date(Date.UTC(2021, 0, 1)),
    ),
  );
  await closed.getByText(`أُغلق هذا النموذج في ${arabicDate}.`).waitFor();
  expect(await closed.evaluate(() => document.documentElement.dir)).toBe('rtl');
  await closed.close();
});
