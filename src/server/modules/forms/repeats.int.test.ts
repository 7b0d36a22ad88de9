import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import JSZip from 'jszip';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { createTestApp, type TestApp } from '../../../../test/helpers/app.js';
import { multipartFile } from '../logframe/test-support.js';
import { drainJobs } from '../../../../test/helpers/jobs.js';
import {
  formExports,
  formLinks,
  formQuestions,
  formResponses,
  stakeholders,
} from './forms.tables.js';
import { pruneResponseExports, responseExportPath } from './responses-export.job.js';
import { formsTestKit, workbookSheets, type KitState } from './test-support.js';
import { NESTED_XLSFORM, xlsformBuffer } from './xlsform.test-support.js';
import type { XlsformReport } from '../../../shared/forms/xlsform.js';

/** Repeat groups end to end: builder, publish, submit, stored answers, export sheets, XLSForm. */
let t: TestApp;
beforeAll(async () => {
  // a background export from 2 matching responses (its file in a data dir of its own)
  t = await createTestApp({
    config: {
      dataDir: mkdtempSync(path.join(tmpdir(), 'pw-repeats-')),
      responseExportJobThreshold: 1,
    },
  });
});
afterAll(() => t.close());
const kit = formsTestKit(() => t);

type Row = Record<string, unknown>;
/** The CSVs of a zip by file name, each parsed with its header (the BOM is checked, then dropped). */
async function zipCsvs(buf: Buffer) {
  const zip = await JSZip.loadAsync(buf);
  const out: Record<string, Array<Record<string, string>>> = {};
  for (const name of Object.keys(zip.files)) {
    const text = await zip.file(name)!.async('string');
    expect(text.startsWith('\ufeff'), name).toBe(true);
    out[name] = Papa.parse<Record<string, string>>(text.slice(1), {
      header: true,
      skipEmptyLines: true,
    }).data;
  }
  return out;
}

describe('repeat groups', () => {
  let s: KitState;
  let formId: string;
  let token: string;
  const send = (answers: Row) =>
    kit.submit(kit.publicClient(), token, { id: randomUUID(), version: 1, answers });

  beforeAll(async () => {
    s = await kit.setup();
    formId = await kit.newForm(s, { anonymous: true });
    await kit.add(s, formId, { key: 'village', type: 'short_text', label: 'Village' });
    await kit.addMembersRepeat(s, formId, 6);
    await kit.add(s, formId, {
      key: 'size',
      type: 'calculate',
      label: 'Size',
      calculation: 'count(${members})',
    });
  });

  it('refuses a question put in something that is not a repeat, or a page break in a repeat', async () => {
    const bad = await s.client.post(`/forms/${formId}/questions`, {
      key: 'x',
      type: 'short_text',
      label: 'X',
      repeatKey: 'village',
    });
    expect(bad.statusCode).toBe(303);
    expect(await kit.fieldErrors(s, formId)).toEqual({
      repeatKey: 'Choose a repeat group of this form.',
    });
    await s.client.post(`/forms/${formId}/questions`, {
      key: 'inner',
      type: 'page',
      label: 'Inner',
      repeatKey: 'members',
    });
    expect((await kit.fieldErrors(s, formId)).repeatKey).toMatch(/cannot be inside a repeat/);
    // an outer question may not read a repeat's question before the repeat... a child may read outer ones
    await s.client.post(`/forms/${formId}/questions`, {
      key: 'note2',
      type: 'short_text',
      label: 'N',
      repeatKey: 'members',
      relevant: '${size} > 1',
    });
    expect((await kit.fieldErrors(s, formId)).relevant).toMatch(/`size` comes after/);
  });

  it('stores the instances, drops answers hidden per instance, refuses bad paths', async () => {
    await kit.publish(s, formId);
    token = await kit.openToken(formId);
    const ok = await send({
      village: 'Kisumu',
      members: [
        { name: 'Ann', age: '40', school: 'no' },
        { name: 'Ben', age: '9', school: 'yes' },
      ],
      size: 99,
    });
    expect(ok.statusCode, ok.body).toBe(201);
    const [row] = await t.app.ctx.db
      .select()
      .from(formResponses)
      .where(eq(formResponses.formId, formId));
    expect(row.answers).toEqual({
      village: 'Kisumu',
      members: [
        { name: 'Ann', age: 40 },
        { name: 'Ben', age: 9, school: 'yes' },
      ],
      size: 2,
    });

    const bad = await send({
      members: [{ name: 'Ann', age: 'old', colour: 'red' }, { age: 3 }],
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({
      'members[1].colour': '“colour” is not a question of this form version.',
      'members[1].age': 'Enter a whole number, e.g. 12.',
      'members[2].name': 'This question needs an answer.',
    });
    const shape = await send({ members: 'Ann' });
    expect(shape.statusCode).toBe(422);
    expect(shape.json().errors).toEqual({
      members: 'Give the member answers as a list (one object per member).',
    });
    const none = await send({ village: 'X' });
    expect(none.json().errors).toEqual({ members: 'Add at least 1 member.' });
    const count = await t.app.ctx.db
      .select()
      .from(formResponses)
      .where(eq(formResponses.formId, formId));
    expect(count).toHaveLength(1);
  });

  it('exports the instances on a second XLSX sheet linked by _response_id, a count on the first', async () => {
    const res = await s.client.request(
      'GET',
      `/forms/${formId}/responses/export?format=xlsx`,
      undefined,
      { accept: '*/*' },
    );
    expect(res.statusCode).toBe(200);
    const book = await workbookSheets(res.rawPayload);
    expect(Object.keys(book)).toEqual(['responses', 'members']);
    const main = book.responses.rows[0];
    expect(main.members_count).toBe(2);
    expect(book.members.header).toEqual([
      '_response_id',
      '_row',
      '_index',
      'name',
      'age',
      'school',
    ]);
    expect(book.members.rows).toEqual([
      { _response_id: main._response_id, _row: 1, _index: 1, name: 'Ann', age: 40, school: null },
      { _response_id: main._response_id, _row: 1, _index: 2, name: 'Ben', age: 9, school: 'yes' },
    ]);
  });

  it('exports CSV as a zip: the responses and one CSV per repeat, rows checked against the answers', async () => {
    // a formula-like name inside an instance, and one response without any instance left
    const formula = await send({
      village: 'Nyeri',
      members: [{ name: '=HYPERLINK("http://x.test","y")', age: '-2' }],
    });
    expect(formula.statusCode, formula.body).toBe(201);
    const stored = await t.app.ctx.db
      .select()
      .from(formResponses)
      .where(eq(formResponses.formId, formId))
      .orderBy(asc(formResponses.seq));
    expect(stored).toHaveLength(2);

    const res = await s.client.request(
      'GET',
      `/forms/${formId}/responses/export?format=csv`,
      undefined,
      { accept: '*/*' },
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(/filename=".* responses\.zip"$/);
    const files = await zipCsvs(res.rawPayload);
    expect(Object.keys(files).sort()).toEqual(['responses-members.csv', 'responses.csv']);

    // the main CSV: one row per response with the count, as the plain CSV has
    expect(
      files['responses.csv'].map((r) => [r._response_id, r.village, r.members_count, r.size]),
    ).toEqual(
      stored.map((r) => [
        r.id,
        r.answers.village,
        String((r.answers.members as Row[]).length),
        String(r.answers.size),
      ]),
    );

    // the repeat's CSV: one row per instance, linked to its response, its cells the instance's answers
    const expected = stored.flatMap((r) =>
      (r.answers.members as Row[]).map((m, i) => ({
        _response_id: r.id,
        _row: String(r.seq),
        _index: String(i + 1),
        name: String(m.name).replace(/^(?=[=+\-@])/, "'"),
        age: m.age === undefined ? '' : String(m.age),
        school: (m.school as string | undefined) ?? '',
      })),
    );
    expect(files['responses-members.csv']).toEqual(expected);
    // escaped as the main CSV escapes (a number stays a number: -2 is not text)
    expect(files['responses-members.csv'][2]).toMatchObject({
      name: `'=HYPERLINK("http://x.test","y")`,
      age: '-2',
    });

    // the list's filters apply to the instances too: none submitted before 2000, headers only
    const filtered = await zipCsvs(
      (
        await s.client.request(
          'GET',
          `/forms/${formId}/responses/export?format=csv&to=2000-01-01`,
          undefined,
          { accept: '*/*' },
        )
      ).rawPayload,
    );
    expect(filtered).toEqual({ 'responses.csv': [], 'responses-members.csv': [] });
  });

  it('runs a CSV export of a form with repeats as a job writing a zip, downloaded and pruned as such', async () => {
    const res = await s.client.post(`/forms/${formId}/responses/exports`, {
      format: 'csv',
      content: 'labels',
      multiple: 'joined',
    });
    expect(res.statusCode).toBe(303);
    const showUrl = res.headers.location!;
    expect((await s.client.page(showUrl)).props.exportJob.fileType).toBeNull();
    await drainJobs(t.app);
    const done = (await s.client.page(showUrl)).props.exportJob;
    expect(done).toMatchObject({ status: 'done', format: 'csv', fileType: 'zip' });
    const file = await s.client.request('GET', done.downloadHref, undefined, { accept: '*/*' });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/zip');
    expect(file.headers['content-disposition']).toMatch(/responses\.zip"$/);
    const csvs = await zipCsvs(file.rawPayload);
    expect(csvs['responses.csv']).toHaveLength(2);
    // labels in the instances too
    expect(csvs['responses-members.csv'].map((r) => r.school)).toEqual(['', 'Yes', '']);

    const id = showUrl.split('/')[2];
    const zipFile = responseExportPath(t.app.ctx.config.dataDir, s.team.id, id, 'zip');
    expect(existsSync(zipFile)).toBe(true);
    await t.app.ctx.db
      .update(formExports)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(formExports.id, id));
    await pruneResponseExports(t.app.ctx, new Date());
    expect(existsSync(zipFile)).toBe(false);
    expect(
      (await s.client.request('GET', `${showUrl}/download`, undefined, { accept: '*/*' }))
        .statusCode,
    ).toBe(404);
  });

  it('XLSForm: exports begin_repeat / end_repeat and imports them back', async () => {
    const res = await s.client.get(`/forms/${formId}/xlsform.xlsx?version=1`);
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ExcelJS.Buffer);
    const types = (wb.getWorksheet('survey')!.getColumn(1).values as unknown[]).slice(2);
    expect(types).toEqual([
      'text',
      'begin_repeat',
      'text',
      'integer',
      'select_one school',
      'end_repeat',
      'calculate',
    ]);
    const { payload, headers } = multipartFile(res.rawPayload, { filename: 'again.xlsx' });
    const created = await s.client.request(
      'POST',
      `/projects/${s.project.id}/forms/xlsform/store`,
      payload,
      { ...headers, referer: `/projects/${s.project.id}/forms/xlsform` },
    );
    expect(created.statusCode, created.body.slice(0, 300)).toBe(303);
    const copyId = created.headers.location!.split('/')[2];
    const rows = await t.app.ctx.db
      .select()
      .from(formQuestions)
      .where(eq(formQuestions.formId, copyId))
      .orderBy(asc(formQuestions.position));
    expect(rows.map((r) => [r.key, r.type, r.repeatKey])).toEqual([
      ['village', 'short_text', null],
      ['members', 'repeat', null],
      ['name', 'short_text', 'members'],
      ['age', 'integer', 'members'],
      ['school', 'yes_no', 'members'],
      ['size', 'calculate', null],
    ]);
    const [members] = rows.filter((r) => r.key === 'members');
    expect(members.itemLabel).toBe('member');
    expect(members.validation).toMatchObject({ min: '1', max: '6' });
  });

  it('XLSForm import: repeats nested 3 deep with their counts, a fourth level reported', async () => {
    const file = await xlsformBuffer(NESTED_XLSFORM);
    const { payload, headers } = multipartFile(file, { filename: 'people.xlsx' });
    const checked = await s.client.request(
      'POST',
      `/projects/${s.project.id}/forms/xlsform`,
      payload,
      { ...headers, referer: `/projects/${s.project.id}/forms/xlsform` },
    );
    const report = (checked.json() as { props: { report: XlsformReport } }).props.report;
    const status = Object.fromEntries(report.rows.map((r) => [r.name, r.status]));
    expect(status.breaks).toBe('unsupported');
    expect(status.break_start).toBe('unsupported');
    expect(report.rows.find((r) => r.name === 'breaks')!.messages.join(' ')).toMatch(
      /nest at most 3 deep/,
    );
    expect(report.questionsCount).toBe(11);

    const created = await s.client.request(
      'POST',
      `/projects/${s.project.id}/forms/xlsform/store`,
      payload,
      { ...headers, referer: `/projects/${s.project.id}/forms/xlsform` },
    );
    expect(created.statusCode, created.body.slice(0, 300)).toBe(303);
    const copyId = created.headers.location!.split('/')[2];
    const rows = await t.app.ctx.db
      .select()
      .from(formQuestions)
      .where(and(eq(formQuestions.formId, copyId)))
      .orderBy(asc(formQuestions.position));
    // `Page` was renamed `page`: rewritten in the expressions at every level
    expect(rows.map((r) => [r.key, r.repeatKey, r.repeatCount, r.relevant])).toEqual([
      ['hh_size', null, null, null],
      ['people', null, '${hh_size}', null],
      ['pname', 'people', null, null],
      ['page', 'people', null, null],
      ['n_jobs', 'people', null, '${page} > 15'],
      ['jobs', 'people', '${n_jobs}', null],
      ['job', 'jobs', null, null],
      ['shifts', 'jobs', null, "${job} != ''"],
      ['shift_start', 'shifts', null, '${page} > 17'],
      ['grown', 'people', null, '${page} > 17'],
      ['shift_total', null, null, 'count(${shift_start}) > 0'],
    ]);
    expect(rows.find((r) => r.key === 'shifts')!.validation).toEqual({ min: '2', max: '2' });

    // published, the three levels nest and take answers
    await kit.publish(s, copyId);
    const token = await kit.openToken(copyId);
    const ok = await kit.submit(kit.publicClient(), token, {
      id: randomUUID(),
      version: 1,
      answers: {
        hh_size: '1',
        people: [
          {
            pname: 'Ann',
            page: '30',
            n_jobs: '1',
            jobs: [{ job: 'Nurse', shifts: [{ shift_start: '08:00' }, { shift_start: '20:00' }] }],
            grown: 'yes',
          },
        ],
        shift_total: '2',
      },
    });
    expect(ok.statusCode, ok.body).toBe(201);
  });
});

describe('a personal link prefills repeat groups', () => {
  it('starts with the stakeholder’s instances: the registration’s, then their latest response’s; nobody else’s', async () => {
    const s = await kit.setup();
    const reg = await kit.newForm(s, { name: 'Registration', kind: 'stakeholder' });
    await kit.add(s, reg, { key: 'full_name', type: 'short_text', label: 'Name', required: true });
    await kit.addMembersRepeat(s, reg, 6);
    await kit.publish(s, reg);
    const regToken = await kit.openToken(reg);
    const register = (answers: Row) =>
      kit.submit(kit.publicClient(), regToken, { id: randomUUID(), version: 1, answers });
    expect(
      (
        await register({
          full_name: 'Juma',
          members: [
            { name: 'Amina', age: '34' },
            { name: 'Baraka', age: '9', school: 'yes' },
          ],
        })
      ).statusCode,
    ).toBe(201);
    expect((await register({ full_name: 'Neema', members: [{ name: 'Zawadi' }] })).statusCode).toBe(
      201,
    );
    const people = await t.app.ctx.db
      .select()
      .from(stakeholders)
      .where(eq(stakeholders.projectId, s.project.id));
    const juma = people.find((p) => p.name === 'Juma')!;

    const survey = await kit.newForm(s, {
      name: 'Follow-up',
      anonymous: false,
      waves: ['baseline', 'endline'],
    });
    await kit.add(s, survey, { key: 'village', type: 'short_text', label: 'Village' });
    await kit.addMembersRepeat(s, survey, 6);
    await kit.publish(s, survey);
    const linkOf = async (who: string, wave: string) => {
      expect(
        (await s.client.post(`/stakeholders/${who}/links`, { formId: survey, wave })).statusCode,
      ).toBe(303);
      const rows = await t.app.ctx.db
        .select()
        .from(formLinks)
        .where(and(eq(formLinks.stakeholderId, who), eq(formLinks.wave, wave)));
      return rows[0].token;
    };

    // baseline: the registration's members, as the inputs hold them (numbers as text)
    const baseline = await linkOf(juma.id, 'baseline');
    const first = await kit.publicPage(`/f/${baseline}`);
    expect(first.props?.prefill).toEqual({
      members: [
        { name: 'Amina', age: '34' },
        { name: 'Baraka', age: '9', school: 'yes' },
      ],
    });
    // the respondent edits them: Amina's age, Baraka removed, a newborn added
    expect(
      (
        await kit.submit(kit.publicClient(), baseline, {
          id: randomUUID(),
          version: 1,
          answers: {
            village: 'Moshi',
            members: [
              { name: 'Amina', age: '35' },
              { name: 'Imani', age: '0', school: 'no' },
            ],
          },
        })
      ).statusCode,
    ).toBe(201);

    // endline: their latest response's members (not the registration's); village is not prefilled
    const endline = await linkOf(juma.id, 'endline');
    expect((await kit.publicPage(`/f/${endline}`)).props?.prefill).toEqual({
      members: [
        { name: 'Amina', age: '35' },
        { name: 'Imani', age: '0', school: 'no' },
      ],
    });
    // another stakeholder sees their own members only
    const neema = people.find((p) => p.name === 'Neema')!;
    expect(
      (await kit.publicPage(`/f/${await linkOf(neema.id, 'baseline')}`)).props?.prefill,
    ).toEqual({ members: [{ name: 'Zawadi' }] });
    // a stakeholder nothing is known of yet: an empty prefill (a personal link), never none (an open link)
    const [tumaini] = await t.app.ctx.db
      .insert(stakeholders)
      .values({
        teamId: s.team.id,
        projectId: s.project.id,
        code: 'S-TUMAINI0',
        name: 'Tumaini',
        answers: {},
      })
      .returning();
    expect(
      (await kit.publicPage(`/f/${await linkOf(tumaini.id, 'baseline')}`)).props?.prefill,
    ).toEqual({});
  });
});
