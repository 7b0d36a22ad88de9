import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../../test/helpers/app.js';
import ExcelJS from 'exceljs';
import { multipartFile } from '../logframe/test-support.js';
import { formLinks, formQuestions, formVersions, forms } from './forms.tables.js';
import { formsTestKit } from './test-support.js';

/** Multilingual forms: languages, translations saved on the draft, snapshotted, served by ?lang=. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const { setup, newForm, add, fieldErrors, publish, openToken, publicClient, submit, publicPage } =
  formsTestKit(() => t);

async function translatedForm() {
  const s = await setup();
  const formId = await newForm(s, { name: 'Water survey', language: 'en' });
  await add(s, formId, {
    key: 'village',
    type: 'single_choice',
    label: 'Village',
    hint: 'Where you live',
    required: true,
    requiredMessage: 'Say where you live.',
    choices: [
      { value: 'a', label: 'Alpha' },
      { value: 'b', label: 'Beta' },
    ],
  });
  await add(s, formId, { key: 'notes', type: 'short_text', label: 'Notes' });
  const langs = await s.client.put(`/forms/${formId}`, {
    languages: ['ar', 'fr-ca'],
    thankYou: 'Thanks!',
  });
  expect(langs.statusCode, langs.body).toBe(303);
  const saved = await s.client.put(`/forms/${formId}/translations`, {
    language: 'ar',
    questions: {
      village: {
        label: 'القرية',
        hint: '',
        requiredMessage: 'قل أين تعيش.',
        choices: { a: 'ألف', b: '', zzz: 'ignored' },
      },
    },
    thankYou: 'شكرا',
  });
  expect(saved.statusCode, saved.body).toBe(303);
  expect(await fieldErrors(s, formId)).toEqual({});
  return { s, formId };
}

describe('form translations', () => {
  it('saves languages (canonical codes) and translations on the draft; blank texts and unknown choices are left out', async () => {
    const { s, formId } = await translatedForm();
    const page = await s.client.page(`/forms/${formId}/fields`);
    const props = page.props as {
      form: { languages: string[]; settings: { thankYouTranslations?: Record<string, string> } };
      questions: Array<{ key: string; translations?: unknown }>;
    };
    expect(props.form.languages).toEqual(['ar', 'fr-CA']);
    expect(props.form.settings.thankYouTranslations).toEqual({ ar: 'شكرا' });
    expect(props.questions[0].translations).toEqual({
      ar: { label: 'القرية', requiredMessage: 'قل أين تعيش.', choices: { a: 'ألف' } },
    });
    expect(props.questions[1].translations).toBeUndefined();
  });

  it('snapshots translations on publish; a translation-only change is a new version', async () => {
    const { s, formId } = await translatedForm();
    await publish(s, formId);
    const again = await s.client.put(`/forms/${formId}/translations`, {
      language: 'fr-CA',
      questions: { notes: { label: 'Remarques' } },
    });
    expect(again.statusCode).toBe(303);
    await publish(s, formId);
    const versions = await t.app.ctx.db
      .select()
      .from(formVersions)
      .where(eq(formVersions.formId, formId))
      .orderBy(formVersions.number);
    expect(versions.map((v) => v.number)).toEqual([1, 2]);
    expect(versions[0].questions[0].translations?.ar?.label).toBe('القرية');
    expect(versions[0].questions[1].translations).toBeUndefined();
    expect(versions[1].questions[1].translations).toEqual({ 'fr-CA': { label: 'Remarques' } });
  });

  it('renders the document in ?lang=, else Accept-Language, else the default, with dir from the code', async () => {
    const { s, formId } = await translatedForm();
    await publish(s, formId);
    const token = await openToken(formId);
    const ar = await publicPage(`/f/${token}?lang=ar`);
    expect(ar.res.body).toContain('<html lang="ar" dir="rtl">');
    expect(ar.props!.form).toMatchObject({
      language: 'ar',
      dir: 'rtl',
      defaultLanguage: 'en',
      languages: ['ar', 'fr-CA'],
      thankYouTranslations: { ar: 'شكرا' },
    });
    // the texts of every language travel with the questions: the page switches without a reload
    expect(ar.props!.questions[0].translations?.ar?.label).toBe('القرية');
    expect(ar.props!.questions[0].label).toBe('Village');

    const c = publicClient();
    const browser = await c.request('GET', `/f/${token}`, undefined, {
      'accept-language': 'fr-BE,fr;q=0.9,en;q=0.5',
    });
    expect(browser.body).toContain('<html lang="fr-CA" dir="ltr">');
    const unknown = await publicPage(`/f/${token}?lang=<zz>`);
    expect(unknown.res.body).toContain('<html lang="en" dir="ltr">');
    void s;
  });

  it('gives the question’s own messages and thank-you text in the language answered in', async () => {
    const { s, formId } = await translatedForm();
    await publish(s, formId);
    const token = await openToken(formId);
    const c = publicClient();
    const missing = await submit(c, token, {
      id: randomUUID(),
      version: 1,
      answers: {},
      lang: 'ar',
    });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({ village: 'قل أين تعيش.' });
    const english = await submit(c, token, { id: randomUUID(), version: 1, answers: {} });
    expect(english.json().errors).toEqual({ village: 'Say where you live.' });
    const ok = await submit(c, token, {
      id: randomUUID(),
      version: 1,
      answers: { village: 'a' },
      lang: 'ar',
    });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().thankYou).toBe('شكرا');
    void s;
  });

  it('gives the built-in messages in the language answered in (a form’s own still wins)', async () => {
    const s = await setup();
    const formId = await newForm(s, { name: 'Enquête eau', language: 'en' });
    await add(s, formId, { key: 'name', type: 'short_text', label: 'Name', required: true });
    await add(s, formId, { key: 'age', type: 'integer', label: 'Age' });
    await add(s, formId, {
      key: 'village',
      type: 'short_text',
      label: 'Village',
      required: true,
      requiredMessage: 'Say where you live.',
    });
    expect((await s.client.put(`/forms/${formId}`, { languages: ['fr'] })).statusCode).toBe(303);
    const saved = await s.client.put(`/forms/${formId}/translations`, {
      language: 'fr',
      questions: { village: { requiredMessage: 'Dites où vous habitez.' } },
    });
    expect(saved.statusCode, saved.body).toBe(303);
    await publish(s, formId);
    const token = await openToken(formId);
    const c = publicClient();
    const send = (lang?: string) =>
      submit(c, token, { id: randomUUID(), version: 1, answers: { age: 'abc' }, lang });
    const fr = await send('fr');
    expect(fr.statusCode).toBe(422);
    expect(fr.json().errors).toEqual({
      name: 'Cette question est obligatoire.',
      age: 'Saisissez un nombre entier, ex. 12.',
      village: 'Dites où vous habitez.',
    });
    // a language the page has no words for: English
    expect((await send('de')).json().errors).toEqual({
      name: 'This question needs an answer.',
      age: 'Enter a whole number, e.g. 12.',
      village: 'Say where you live.',
    });
    // the document's loading line comes in the page's language too
    const page = await publicPage(`/f/${token}?lang=fr`);
    expect(page.res.body).toContain('Chargement du formulaire…');
    // the refusal's heading, an unknown version, a round the form does not have, a withdrawn link
    expect(fr.json().detail).toBe('Certaines réponses sont à revoir.');
    const good = { name: 'Awa', village: 'Thiès' };
    const version = await submit(c, token, {
      id: randomUUID(),
      version: 7,
      answers: good,
      lang: 'fr',
    });
    expect(version.json().errors).toEqual({
      version: 'La version 7 de ce formulaire n’existe pas.',
    });
    const wave = await submit(c, token, {
      id: randomUUID(),
      version: 1,
      answers: good,
      wave: 'round9',
      lang: 'fr',
    });
    expect(wave.statusCode, wave.body).toBe(422);
    expect(wave.json().errors).toEqual({
      wave: '« round9 » n’est pas une vague de ce formulaire.',
    });
    await t.app.ctx.db
      .update(formLinks)
      .set({ revokedAt: new Date() })
      .where(eq(formLinks.token, token));
    const withdrawn = await submit(c, token, {
      id: randomUUID(),
      version: 1,
      answers: good,
      lang: 'fr',
    });
    expect(withdrawn.statusCode).toBe(404);
    expect(withdrawn.json().detail).toBe(
      'Ce lien a été retiré. Demandez-en un nouveau à l’expéditeur.',
    );
    // no language asked: the form's default (English here)
    const english = await submit(c, token, { id: randomUUID(), version: 1, answers: good });
    expect(english.json().detail).toBe('This link was withdrawn. Ask the sender for a new one.');
  });

  it('refuses bad input on the field', async () => {
    const { s, formId } = await translatedForm();
    const put = (body: unknown) => s.client.put(`/forms/${formId}/translations`, body);
    await put({ language: 'de', questions: {} });
    expect((await fieldErrors(s, formId)).language).toMatch(/Add de to the form's languages/);
    await put({ language: 'ar', questions: { nope: { label: 'x' } } });
    expect((await fieldErrors(s, formId))['questions.nope']).toMatch(/not a question/);
    await put({ language: 'not a code', questions: {} });
    expect((await fieldErrors(s, formId)).language).toMatch(/is not a language code/);
    await put({ language: 'ar', questions: { village: { label: 'x'.repeat(1001) } } });
    expect((await fieldErrors(s, formId))['questions.village.label']).toMatch(/at most 1000/);
    await s.client.put(`/forms/${formId}`, { languages: ['en'] });
    expect((await fieldErrors(s, formId)).languages).toMatch(/default language/);
    await s.client.put(`/forms/${formId}`, { languages: ['ar', 'ar'] });
    expect((await fieldErrors(s, formId)).languages).toMatch(/Each language once/);
    const [row] = await t.app.ctx.db.select().from(forms).where(eq(forms.id, formId));
    expect(row.languages).toEqual(['ar', 'fr-CA']);
  });

  it('another team’s form is a 404', async () => {
    const { formId } = await translatedForm();
    const other = await setup();
    const res = await other.client.put(`/forms/${formId}/translations`, {
      language: 'ar',
      questions: {},
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('XLSForm translations', () => {
  it('round trip: label::Arabic (ar) columns out, the same translations and languages back in', async () => {
    const { s, formId } = await translatedForm();
    await s.client.put(`/forms/${formId}/translations`, {
      language: 'fr-CA',
      questions: { notes: { label: 'Remarques', hint: 'Ce que vous voulez' } },
    });
    const file = await s.client.get(`/forms/${formId}/xlsform.xlsx`);
    expect(file.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file.rawPayload as unknown as ExcelJS.Buffer);
    const header = (wb.getWorksheet('survey')!.getRow(1).values as string[]).filter(Boolean);
    expect(header).toContain('label::Arabic (ar)');
    expect(header).toContain('required_message::Arabic (ar)');
    expect(header).toContain('hint::Canadian French (fr-CA)');
    expect((wb.getWorksheet('choices')!.getRow(1).values as string[]).filter(Boolean)).toEqual([
      'list_name',
      'name',
      'label',
      'label::Arabic (ar)',
      'label::Canadian French (fr-CA)',
    ]);

    const { payload, headers } = multipartFile(file.rawPayload, { filename: 'again.xlsx' });
    const created = await s.client.request(
      'POST',
      `/projects/${s.project.id}/forms/xlsform/store`,
      payload,
      { ...headers, referer: `/projects/${s.project.id}/forms/xlsform` },
    );
    expect(created.statusCode, created.body.slice(0, 300)).toBe(303);
    const copyId = created.headers.location!.split('/')[2];
    const translationsOf = async (id: string) =>
      (
        await t.app.ctx.db
          .select()
          .from(formQuestions)
          .where(eq(formQuestions.formId, id))
          .orderBy(formQuestions.position)
      ).map((q) => [q.key, q.translations]);
    expect(await translationsOf(copyId)).toEqual(await translationsOf(formId));
    const [copy] = await t.app.ctx.db.select().from(forms).where(eq(forms.id, copyId));
    expect(copy.language).toBe('en');
    expect(copy.languages).toEqual(['ar', 'fr-CA']);
  });
});
