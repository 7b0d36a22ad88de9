import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deflateRawSync } from 'node:zlib';
import { and, count, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { createTestApp, type TestApp } from '../../../../test/helpers/app.js';
import { multipartFile } from '../logframe/test-support.js';
import { auditLogs } from '../../platform/audit/audit.tables.js';
import { formQuestions, forms } from './forms.tables.js';
import { ALL_TYPES, formsTestKit, type KitState } from './test-support.js';
import { FULL_XLSFORM, xlsformBuffer } from './xlsform.test-support.js';
import type { XlsformReport } from '../../../shared/forms/xlsform.js';

/** XLSForm import (the report, the created draft) and export (round trip) through the routes. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
const { setup, newForm, add, addMembersRepeat, addVisitsRepeat, publish } = formsTestKit(() => t);

const upload = (s: KitState, path: string, buffer: Buffer, filename = 'household.xlsx') => {
  const { payload, headers } = multipartFile(buffer, { filename });
  return s.client.request('POST', `/projects/${s.project.id}/forms/xlsform${path}`, payload, {
    ...headers,
    referer: `/projects/${s.project.id}/forms/xlsform`,
  });
};
const reportOf = async (s: KitState, buffer: Buffer) => {
  const res = await upload(s, '', buffer);
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  const page = res.json() as { component: string; props: { report: XlsformReport } };
  expect(page.component).toBe('surveyholders/xlsform');
  return page.props.report;
};
const fileError = async (s: KitState, buffer: Buffer, filename?: string) => {
  const res = await upload(s, '', buffer, filename);
  expect(res.statusCode).toBeGreaterThanOrEqual(300);
  expect(res.statusCode).toBeLessThan(500);
  const page = await s.client.page(`/projects/${s.project.id}/forms/xlsform`);
  return page.props.errors?.file as string;
};
const byName = (r: XlsformReport, name: string) => r.rows.filter((x) => x.name === name);

describe('XLSForm import', () => {
  let s: KitState;
  beforeAll(async () => {
    s = await setup();
  });

  it('reports every row: imported, converted with the warning, skipped, not supported', async () => {
    const r = await reportOf(s, await xlsformBuffer(FULL_XLSFORM));
    expect(r.formTitle).toBe('Household baseline');
    expect(r.language).toBe('en');
    expect(r.notes.join(' ')).toMatch(/Translations imported: fr/);
    const status = (n: string) => byName(r, n)[0]?.status;
    for (const n of [
      'intro',
      'household',
      'hh_name',
      'income',
      'guardian',
      'region',
      'district',
      'visit',
      'visit_time',
      'ended',
      'consent',
      'slider',
      'voice',
      'kids',
      // a repeat group and its question (begin_repeat ... end_repeat)
      'members',
      'member_name',
    ])
      expect(status(n), n).toBe('imported');
    expect(status('start')).toBe('skipped');
    expect(byName(r, 'deviceid')[0].messages[0]).toMatch(/metadata/);
    // hidden and geopoint are question types now (section 29); a calculate needs its calculation,
    // a rank its choice list
    expect(status('where')).toBe('imported');
    // an ODK image is a photo question (file/photo upload)
    expect(status('photo')).toBe('imported');
    expect(status('secret')).toBe('converted');
    for (const n of ['total', 'ranked', 'magic', 'lost']) expect(status(n), n).toBe('unsupported');
    expect(byName(r, 'magic')[0].messages[0]).toBe('Unknown question type “magic_box”.');
    expect(byName(r, 'lost')[0].messages[0]).toMatch(
      /choice list “missing_list” is not in the choices sheet/,
    );
    expect(byName(r, 'total')[0].messages.join(' ')).toMatch(/calculation: Write the calculation/);
    expect(byName(r, 'ranked')[0].messages[0]).toMatch(/“rank” needs a choice list name/);
    // converted, each with its reason
    const crops = byName(r, 'crops')[0];
    expect(crops.status).toBe('converted');
    expect(crops.messages.join(' ')).toMatch(/Curly quotes/);
    expect(byName(r, 'water')[0].messages).toEqual([
      'This question follows a page (a field-list group) but is outside any group: it is shown on that page.',
    ]);
    expect(byName(r, 'water2')[0].messages.join(' ')).toMatch(/“other” is left out/);
    expect(byName(r, 'story')[0].messages.join(' ')).toMatch(/“read_only” without a default/);
    expect(byName(r, 'broken')[0].messages.join(' ')).toMatch(
      /skip logic \(relevant\) “\$\{age\} >” is not imported/,
    );
    expect(byName(r, 'ghost')[0].messages.join(' ')).toMatch(/nobody/);
    const dup = byName(r, 'age');
    expect(dup[1].status).toBe('converted');
    expect(dup[1].key).toBe('age_2');
    expect(dup[1].messages[0]).toMatch(/used twice/);
    expect(byName(r, 'HouseholdSize')[0].key).toBe('household_size');
    expect(byName(r, 'big_hh')[0].messages.join(' ')).toMatch(/\$\{household_size\} > 8/);
    expect(byName(r, 'scan')[0]).toMatchObject({
      status: 'converted',
      messages: [expect.stringMatching(/^“barcode” is imported as a text question/)],
    });
    expect(r.counts.unsupported).toBe(4);
    // nothing is created by checking
    const [{ n }] = await t.app.ctx.db
      .select({ n: count() })
      .from(forms)
      .where(eq(forms.projectId, s.project.id));
    expect(n).toBe(0);
  });

  it('creates the draft form (audited) with the report’s questions, then opens the builder', async () => {
    const res = await upload(s, '/store', await xlsformBuffer(FULL_XLSFORM));
    expect(res.statusCode, res.body.slice(0, 300)).toBe(303);
    const formId = res.headers.location!.split('/')[2];
    expect(res.headers.location).toBe(`/forms/${formId}/fields`);
    const page = await s.client.page(res.headers.location!);
    expect(page.component).toBe('surveyholders/fields');
    expect(page.props.form.name).toBe('Household baseline');
    const qs = page.props.questions as Array<Record<string, unknown> & { key: string }>;
    const k = (key: string) => qs.find((q) => q.key === key)!;
    expect(qs.map((q) => q.key)).toEqual([
      'intro',
      'household',
      'hh_name',
      'age',
      'income',
      'guardian',
      'water',
      'water2',
      'crops',
      'region',
      'story',
      'district',
      'visit',
      'visit_time',
      'ended',
      'consent',
      'secret',
      'slider',
      'where',
      'photo',
      'scan',
      'voice',
      'members',
      'member_name',
      'broken',
      'ghost',
      'age_2',
      'household_size',
      'big_hh',
      'kids',
    ]);
    expect(qs.map((q) => q.type)).toEqual([
      'note',
      'page',
      'short_text',
      'integer',
      'decimal',
      'short_text',
      'single_choice',
      'single_choice',
      'multiple_choice',
      'dropdown',
      'long_text',
      'short_text',
      'date',
      'time',
      'datetime',
      'acknowledge',
      'hidden',
      'range',
      'geopoint',
      'file',
      'short_text',
      'file',
      'repeat',
      'short_text',
      'short_text',
      'short_text',
      'short_text',
      'integer',
      'short_text',
      'integer',
    ]);
    expect(k('household').label).toBe('Household');
    expect(k('member_name').repeatKey).toBe('members');
    expect(k('hh_name')).toMatchObject({
      hint: 'As on the ID card',
      required: true,
      requiredMessage: 'Give the name.',
      defaultValue: 'Unknown',
    });
    expect(k('age')).toMatchObject({
      constraint: '. >= 0 and . <= 120',
      constraintMessage: 'Between 0 and 120.',
    });
    expect(k('income').required).toBe(true);
    expect(k('income').requiredWhen).toBeUndefined();
    expect(k('guardian')).toMatchObject({ required: true, requiredWhen: '${age} < 18' });
    expect(k('region')).toMatchObject({
      choiceFilter: 'country = ${water}',
      choices: [
        { value: 'north', label: 'North', properties: { country: 'well' } },
        { value: 'south', label: 'South', properties: { country: 'tap' } },
        { value: 'east', label: 'East', properties: { country: 'well' } },
      ],
    });
    expect(k('district')).toMatchObject({ readOnly: true, defaultValue: 'D01' });
    expect(k('slider').validation).toEqual({ min: '0', max: '100', step: '5' });
    expect(k('voice').validation).toEqual({ fileKinds: 'audio' });
    expect(k('story').readOnly).toBeUndefined();
    // the other lists carry no properties (only a filtered question keeps them)
    expect(k('water').choices).toEqual([
      { value: 'well', label: 'Well' },
      { value: 'tap', label: 'Tap' },
      { value: 'other', label: 'Other' },
    ]);
    expect(k('water2')).toMatchObject({
      allowOther: true,
      choices: [
        { value: 'well', label: 'Well' },
        { value: 'tap', label: 'Tap' },
      ],
    });
    expect(k('crops').relevant).toBe('${water} = "well"');
    expect(k('broken').relevant).toBeNull();
    expect(k('big_hh').relevant).toBe('${household_size} > 8');
    expect(k('kids').relevant).toBe('${age} > 17');
    const audits = await t.app.ctx.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.teamId, s.team.id), eq(auditLogs.action, 'form.imported_xlsform')));
    expect(audits).toHaveLength(1);
  });

  it('refuses bad files with clear messages and creates nothing', async () => {
    const before = await t.app.ctx.db.select({ n: count() }).from(forms);
    expect(await fileError(s, Buffer.from('type,name\ntext,a\n'), 'form.xlsx')).toBe(
      'The file is not an Excel workbook (.xlsx).',
    );
    const noSurvey = new ExcelJS.Workbook();
    noSurvey.addWorksheet('Sheet1').addRow(['a']);
    expect(await fileError(s, Buffer.from(await noSurvey.xlsx.writeBuffer()))).toMatch(
      /no “survey” sheet, so it is not an XLSForm \(its sheets: Sheet1\)/,
    );
    expect(await fileError(s, zipBomb())).toMatch(/unpacks to more than 50 MB|zip bomb/);
    const res = await upload(
      s,
      '/store',
      await xlsformBuffer({
        survey: [
          ['type', 'name', 'label'],
          ['magic', 'x', 'X'],
        ],
      }),
    );
    expect(res.statusCode).toBeLessThan(500);
    const page = await s.client.page(`/projects/${s.project.id}/forms/xlsform`);
    expect(page.props.errors.file).toBe('No question of this file can be imported.');
    expect(await t.app.ctx.db.select({ n: count() }).from(forms)).toEqual(before);
  });

  it('round trip: export a form as XLSForm, import it, get the same questions', async () => {
    const formId = await newForm(s);
    await add(s, formId, { key: 'p1', type: 'page', label: 'First page' });
    for (const q of ALL_TYPES) await add(s, formId, q);
    await add(s, formId, { key: 'p2', type: 'page', label: 'Second page' });
    // a key that reads as an OOXML escape (_x0041_) stays literal, on the survey and choices sheets
    await add(s, formId, { key: 'treated_x0041_', type: 'yes_no', label: 'Treated?' });
    // a cascading select, a conditionally required and a read-only question
    await add(s, formId, {
      key: 'district',
      type: 'dropdown',
      label: 'District',
      choices: [
        { value: 'd1', label: 'D1', properties: { source: 'well', zone: 'n' } },
        { value: 'd2', label: 'D2', properties: { source: 'tap' } },
      ],
      choiceFilter: 'source = ${water}',
      required: true,
      requiredWhen: '${age} > 3',
    });
    await add(s, formId, {
      key: 'country',
      type: 'short_text',
      label: 'Country',
      defaultValue: 'Kenya',
      readOnly: true,
    });
    await add(s, formId, {
      key: 'age_months',
      type: 'integer',
      label: 'Age in months',
      readOnly: true,
      calculation: '${age} * 12',
    });
    await add(s, formId, {
      key: 'later',
      type: 'integer',
      label: '=1+1 looks like a formula',
      relevant: "${water} = 'well' and ${age} > 3",
      constraint: '. > 1',
      constraintMessage: 'More than 1.',
    });
    await publish(s, formId);
    const draft = await s.client.get(`/forms/${formId}/xlsform.xlsx`);
    expect(draft.statusCode).toBe(200);
    expect(draft.headers['content-type']).toMatch(/spreadsheetml/);
    expect(draft.headers['content-disposition']).toMatch(
      /attachment; filename="Household survey \(xlsform draft\)\.xlsx"/,
    );
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(draft.rawPayload as unknown as ExcelJS.Buffer);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['survey', 'choices', 'settings']);
    const labels = wb.getWorksheet('survey')!.getColumn(3).values;
    expect(labels).toContain("'=1+1 looks like a formula"); // escaped as the other exports do
    const lists = wb.getWorksheet('choices')!.getColumn(1).values;
    expect(lists.filter((v) => v === 'treated_x0041_')).toHaveLength(2);
    const v1 = await s.client.get(`/forms/${formId}/xlsform.xlsx?version=1`);
    expect(v1.statusCode).toBe(200);
    expect((await s.client.get(`/forms/${formId}/xlsform.xlsx?version=7`)).statusCode).toBe(404);

    const created = await upload(s, '/store', v1.rawPayload, 'again.xlsx');
    expect(created.statusCode, created.body.slice(0, 300)).toBe(303);
    const copyId = created.headers.location!.split('/')[2];
    const strip = (rows: Array<typeof formQuestions.$inferSelect>) =>
      rows.map((q) => ({
        key: q.key,
        type: q.type,
        label: q.label,
        hint: q.hint,
        required: q.required,
        requiredMessage: q.requiredMessage,
        defaultValue: q.defaultValue,
        choices: q.choices,
        allowOther: q.allowOther,
        scale: q.scale,
        validation: q.validation,
        relevant: q.relevant,
        constraint: q.constraint,
        constraintMessage: q.constraintMessage,
        requiredWhen: q.requiredWhen,
        readOnly: q.readOnly,
        choiceFilter: q.choiceFilter,
        calculation: q.calculation,
      }));
    const questions = (id: string) =>
      t.app.ctx.db
        .select()
        .from(formQuestions)
        .where(eq(formQuestions.formId, id))
        .orderBy(formQuestions.position);
    const norm = (rows: ReturnType<typeof strip>) =>
      rows.map((q) => ({
        ...q,
        validation: Object.fromEntries(
          Object.entries(q.validation ?? {}).filter(([, v]) => v != null),
        ),
      }));
    expect(norm(strip(await questions(copyId)))).toEqual(norm(strip(await questions(formId))));
    const [copy] = await t.app.ctx.db.select().from(forms).where(eq(forms.id, copyId));
    expect(copy.name).toBe('Household survey');
  });

  it('round trip of nested repeats: members > visits > doses, exported nested and imported back', async () => {
    const formId = await newForm(s);
    await addMembersRepeat(s, formId, 4);
    await add(s, formId, {
      key: 'n_visits',
      type: 'integer',
      label: 'Clinic visits this year',
      repeatKey: 'members',
    });
    await addVisitsRepeat(s, formId, { repeatCount: '${n_visits}' });
    await add(s, formId, {
      key: 'doses',
      type: 'repeat',
      label: 'Doses',
      repeatKey: 'visits',
      relevant: "${vaccinated} = 'yes'",
      validation: { min: '1', max: '2' },
    });
    await add(s, formId, {
      key: 'vaccine',
      type: 'short_text',
      label: 'Vaccine',
      repeatKey: 'doses',
    });
    await add(s, formId, { key: 'notes', type: 'long_text', label: 'Notes', repeatKey: 'members' });
    await add(s, formId, {
      key: 'visit_count',
      type: 'calculate',
      label: 'Visits',
      calculation: 'count(${visits})',
    });
    // a translation on a nested question only: its language's columns are still written
    expect((await s.client.put(`/forms/${formId}`, { languages: ['fr'] })).statusCode).toBe(303);
    const saved = await s.client.put(`/forms/${formId}/translations`, {
      language: 'fr',
      questions: { clinic: { label: 'Centre de santé' } },
    });
    expect(saved.statusCode, saved.body).toBe(303);
    await publish(s, formId);

    const v1 = await s.client.get(`/forms/${formId}/xlsform.xlsx?version=1`);
    expect(v1.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(v1.rawPayload as unknown as ExcelJS.Buffer);
    const ws = wb.getWorksheet('survey')!;
    const header = (ws.getRow(1).values as unknown[]).slice(1);
    const col = (name: string) =>
      (ws.getColumn(header.indexOf(name) + 1).values as unknown[]).slice(2);
    expect(col('type').map((v, i) => [v, col('name')[i] ?? null])).toEqual([
      ['begin_repeat', 'members'],
      ['text', 'name'],
      ['integer', 'age'],
      ['select_one school', 'school'],
      ['integer', 'n_visits'],
      ['begin_repeat', 'visits'],
      ['text', 'clinic'],
      ['select_one vaccinated', 'vaccinated'],
      ['begin_repeat', 'doses'],
      ['text', 'vaccine'],
      ['end_repeat', null],
      ['end_repeat', null],
      ['text', 'notes'],
      ['end_repeat', null],
      ['calculate', 'visit_count'],
    ]);
    expect(col('repeat_count')[5]).toBe('${n_visits}');
    expect(col('pathways_item')[5]).toBe('visit');
    expect(col('label::French (fr)')[6]).toBe('Centre de santé');

    const created = await upload(s, '/store', v1.rawPayload, 'nested.xlsx');
    expect(created.statusCode, created.body.slice(0, 300)).toBe(303);
    const copyId = created.headers.location!.split('/')[2];
    const questions = async (id: string) =>
      (
        await t.app.ctx.db
          .select()
          .from(formQuestions)
          .where(eq(formQuestions.formId, id))
          .orderBy(formQuestions.position)
      ).map((q) => ({
        key: q.key,
        type: q.type,
        repeatKey: q.repeatKey,
        repeatCount: q.repeatCount,
        relevant: q.relevant,
        required: q.required,
        itemLabel: q.itemLabel,
        validation: q.validation,
        translations: q.translations,
      }));
    const original = await questions(formId);
    expect(original.map((q) => [q.key, q.repeatKey])).toEqual([
      ['members', null],
      ['name', 'members'],
      ['age', 'members'],
      ['school', 'members'],
      ['n_visits', 'members'],
      ['visits', 'members'],
      ['clinic', 'visits'],
      ['vaccinated', 'visits'],
      ['doses', 'visits'],
      ['vaccine', 'doses'],
      ['notes', 'members'],
      ['visit_count', null],
    ]);
    expect(await questions(copyId)).toEqual(original);
  });

  it('answers 404 for another team’s form and project', async () => {
    const other = await setup();
    const formId = await newForm(other);
    expect((await s.client.get(`/forms/${formId}/xlsform.xlsx`)).statusCode).toBe(404);
    const { payload, headers } = multipartFile(await xlsformBuffer(FULL_XLSFORM));
    const res = await s.client.request(
      'POST',
      `/projects/${other.project.id}/forms/xlsform/store`,
      payload,
      headers,
    );
    expect(res.statusCode).toBe(404);
  });
});

/** A small zip whose one part inflates to 60 MB of zeros (an "xl/workbook.xml" bomb). */
function zipBomb(): Buffer {
  const name = Buffer.from('xl/workbook.xml');
  const size = 60 * 1024 * 1024;
  const data = deflateRawSync(Buffer.alloc(size), { level: 9 });
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(size, 22);
  local.writeUInt16LE(name.length, 26);
  const cen = Buffer.alloc(46);
  cen.writeUInt32LE(0x02014b50, 0);
  cen.writeUInt16LE(20, 4);
  cen.writeUInt16LE(20, 6);
  cen.writeUInt16LE(8, 10);
  cen.writeUInt32LE(data.length, 20);
  cen.writeUInt32LE(size, 24);
  cen.writeUInt16LE(name.length, 28);
  cen.writeUInt32LE(0, 42);
  const cdOffset = 30 + name.length + data.length;
  const eocd = Buffer.alloc(22);
  eocd.writeUInt32LE(0x06054b50, 0);
  eocd.writeUInt16LE(1, 8);
  eocd.writeUInt16LE(1, 10);
  eocd.writeUInt32LE(46 + name.length, 12);
  eocd.writeUInt32LE(cdOffset, 16);
  return Buffer.concat([local, name, data, cen, name, eocd]);
}
