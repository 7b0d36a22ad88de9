import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, asc, eq, like } from 'drizzle-orm';
import { auditLogs } from '../../platform/audit/audit.tables.js';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helpers/app.js';
import { drainJobs } from '../../../../test/helpers/jobs.js';
import { formExports, formQuestions, formResponses } from './forms.tables.js';
import { pruneResponseExports, responseExportPath } from './responses-export.job.js';
import { formsTestKit, type KitState } from './test-support.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    // 20 responses download at once; more run as a job
    config: {
      dataDir: mkdtempSync(path.join(tmpdir(), 'pw-resp-export-')),
      responseExportJobThreshold: 20,
    },
  });
});
afterAll(() => t.close());
const kit = formsTestKit(() => t);

type Row = Record<string, unknown>;
const csvRows = (body: string) =>
  Papa.parse<Row>(body.replace(/^\ufeff/, ''), { header: true, skipEmptyLines: true }).data;
async function xlsxRows(buf: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buf as unknown as ArrayBuffer);
  const ws = wb.worksheets[0];
  const header = (ws.getRow(1).values as unknown[]).slice(1) as string[];
  const rows: Row[] = [];
  ws.eachRow((r, i) => {
    if (i === 1) return;
    const v = r.values as unknown[];
    rows.push(Object.fromEntries(header.map((h, j) => [h, v[j + 1] ?? null])));
  });
  return { header, rows };
}

describe('responses export', () => {
  let s: KitState;
  let formId: string;
  let token: string;
  const send = (version: number, answers: Row) =>
    kit.submit(kit.publicClient(), token, { id: randomUUID(), version, answers });
  const exportOf = (q: string) =>
    s.client.request('GET', `/forms/${formId}/responses/export?${q}`, undefined, {
      accept: '*/*',
    });

  beforeAll(async () => {
    s = await kit.setup();
    formId = await kit.newForm(s, { anonymous: true });
    await kit.add(s, formId, { key: 'name', type: 'short_text', label: 'Name' });
    await kit.add(s, formId, {
      key: 'water',
      type: 'single_choice',
      label: 'Water',
      choices: [
        { value: 'well', label: 'Well' },
        { value: 'tap', label: 'Tap' },
      ],
      allowOther: true,
    });
    await kit.add(s, formId, {
      key: 'crops',
      type: 'multiple_choice',
      label: 'Crops',
      choices: [
        { value: 'maize', label: 'Maize' },
        { value: 'rice', label: 'Rice' },
        { value: 'beans', label: 'Beans' },
      ],
    });
    await kit.add(s, formId, { key: 'age', type: 'integer', label: 'Age' });
    await kit.publish(s, formId);
    token = await kit.openToken(formId);
    expect(
      (await send(1, { name: '=SUM(A1)', water: 'tap', crops: ['maize', 'beans'], age: '-3' }))
        .statusCode,
    ).toBe(201);
    expect(
      (await send(1, { name: 'Amina', water: 'other', water__other: '@River', crops: ['rice'] }))
        .statusCode,
    ).toBe(201);
    // version 2: "beans" removed, "village" added
    const [crops] = await t.app.ctx.db
      .select()
      .from(formQuestions)
      .where(and(eq(formQuestions.formId, formId), eq(formQuestions.key, 'crops')));
    await s.client.put(`/form-questions/${crops.id}`, {
      choices: [
        { value: 'maize', label: 'Maize' },
        { value: 'rice', label: 'Rice grain' },
      ],
    });
    await kit.add(s, formId, { key: 'village', type: 'short_text', label: 'Village' });
    await kit.publish(s, formId);
    expect((await send(2, { name: 'Bo', crops: ['maize'], village: 'Kisumu' })).statusCode).toBe(
      201,
    );
  });

  it('round-trips CSV and XLSX against the stored answers (values, one joined column)', async () => {
    const stored = await t.app.ctx.db
      .select()
      .from(formResponses)
      .where(eq(formResponses.formId, formId))
      .orderBy(asc(formResponses.seq));
    const csv = await exportOf('format=csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    const fromCsv = csvRows(csv.body);
    const xlsx = await exportOf('format=xlsx');
    expect(xlsx.headers['content-type']).toMatch(/spreadsheetml/);
    const fromXlsx = (await xlsxRows(xlsx.rawPayload)).rows;
    expect(fromCsv).toHaveLength(3);
    expect(fromXlsx).toHaveLength(3);
    const unescape = (v: unknown) => (typeof v === 'string' ? v.replace(/^'(?=[=+\-@])/, '') : v);
    stored.forEach((r, i) => {
      for (const got of [fromCsv[i], fromXlsx[i]]) {
        expect(got._response_id).toBe(r.id);
        expect(String(got._version)).toBe(String(r.versionNumber));
        for (const key of ['name', 'water', 'water__other', 'village'])
          expect(unescape(got[key]) || null).toBe(r.answers[key] ?? null);
        expect(got.crops || null).toBe(
          Array.isArray(r.answers.crops) ? (r.answers.crops as string[]).join(';') : null,
        );
        expect(got.age === '' || got.age === null ? null : Number(got.age)).toBe(
          r.answers.age ?? null,
        );
      }
    });
    // numbers stay numbers in the XLSX (and -3 is not escaped in either)
    expect(fromXlsx[0].age).toBe(-3);
    expect(fromCsv[0].age).toBe('-3');
  });

  it('has the union of versions: a removed choice and a later question keep their columns', async () => {
    const { header, rows } = await xlsxRows(
      (await exportOf('format=xlsx&content=labels&multiple=columns')).rawPayload,
    );
    expect(header).toEqual([
      '_response_id',
      '_row',
      '_submitted_at',
      '_version',
      '_wave',
      '_status',
      '_stakeholder',
      'name',
      'water',
      'water__other',
      'crops/maize',
      'crops/rice',
      'crops/beans',
      'age',
      'village',
    ]);
    expect(rows.map((r) => [r['crops/maize'], r['crops/rice'], r['crops/beans']])).toEqual([
      [1, 0, 1],
      [0, 1, 0],
      [1, 0, 0],
    ]);
    expect(rows.map((r) => r.village)).toEqual([null, null, 'Kisumu']);
  });

  it('writes labels (the default language, the latest label) or values', async () => {
    const labels = csvRows((await exportOf('format=csv&content=labels')).body);
    expect(labels.map((r) => [r.water, r.crops])).toEqual([
      ['Tap', 'Maize;Beans'],
      ['Other', 'Rice grain'],
      ['', 'Maize'],
    ]);
    const values = csvRows((await exportOf('format=csv&content=values')).body);
    expect(values.map((r) => [r.water, r.crops])).toEqual([
      ['tap', 'maize;beans'],
      ['other', 'rice'],
      ['', 'maize'],
    ]);
  });

  it('escapes formula-like text in both formats', async () => {
    const csv = csvRows((await exportOf('format=csv')).body);
    expect(csv[0].name).toBe("'=SUM(A1)");
    expect(csv[1].water__other).toBe("'@River");
    const { rows } = await xlsxRows((await exportOf('format=xlsx')).rawPayload);
    expect(rows[0].name).toBe("'=SUM(A1)");
    expect(rows[1].water__other).toBe("'@River");
  });

  it('applies the list filters, and a small export from the dialog downloads at once', async () => {
    expect(csvRows((await exportOf('format=csv&version=2')).body).map((r) => r.name)).toEqual([
      'Bo',
    ]);
    const res = await s.client.post(`/forms/${formId}/responses/exports`, {
      format: 'xlsx',
      content: 'labels',
      multiple: 'columns',
      version: '2',
    });
    // an Inertia visit: the browser goes to the download (409 + X-Inertia-Location)
    expect(res.statusCode).toBe(409);
    expect(res.headers['x-inertia-location']).toBe(
      `/forms/${formId}/responses/export?format=xlsx&content=labels&multiple=columns&version=2`,
    );
  });

  it('runs a larger export as a job with progress, then downloads it', async () => {
    for (let i = 0; i < 20; i++)
      expect((await send(2, { name: `P${i}`, crops: ['rice'] })).statusCode).toBe(201);
    const res = await s.client.post(`/forms/${formId}/responses/exports`, {
      format: 'csv',
      content: 'values',
      multiple: 'joined',
    });
    expect(res.statusCode).toBe(303);
    const showUrl = res.headers.location!;
    expect(showUrl).toMatch(/^\/response-exports\/[0-9a-f-]{36}$/);
    const queued = await s.client.page(showUrl);
    expect(queued.component).toBe('forms/response-export');
    expect(queued.props.exportJob.status).toBe('queued');
    await drainJobs(t.app);
    const done = await s.client.page(showUrl);
    expect(done.props.exportJob).toMatchObject({
      status: 'done',
      progress: { done: 23, total: 23 },
      downloadHref: `${showUrl}/download`,
    });
    const file = await s.client.request('GET', `${showUrl}/download`, undefined, {
      accept: '*/*',
    });
    expect(file.statusCode).toBe(200);
    const rows = csvRows(file.body);
    expect(rows).toHaveLength(23);
    expect(rows.slice(-1)[0].name).toBe('P19');

    const audited = await t.app.ctx.db
      .select({ action: auditLogs.action })
      .from(auditLogs)
      .where(and(eq(auditLogs.teamId, s.team.id), like(auditLogs.action, 'responses.export%')))
      .orderBy(asc(auditLogs.createdAt));
    expect(audited.map((a) => a.action)).toEqual([
      'responses.export_requested',
      'responses.export_finished',
      'responses.export_downloaded',
    ]);

    // expired: the file is pruned, the download answers 404, the page offers none
    const id = showUrl.split('/')[2];
    await t.app.ctx.db
      .update(formExports)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(formExports.id, id));
    const file_ = responseExportPath(t.app.ctx.config.dataDir, s.team.id, id, 'csv');
    expect(existsSync(file_)).toBe(true);
    await pruneResponseExports(t.app.ctx, new Date());
    expect(existsSync(file_)).toBe(false);
    expect(
      (await s.client.request('GET', `${showUrl}/download`, undefined, { accept: '*/*' }))
        .statusCode,
    ).toBe(404);
    expect((await s.client.page(showUrl)).props.exportJob.downloadHref).toBeNull();

    // another team: 404 on every route
    const other = await kit.setup();
    for (const url of [showUrl, `${showUrl}/download`, `/forms/${formId}/responses/export`])
      expect(
        (await other.client.request('GET', url, undefined, { accept: '*/*' })).statusCode,
      ).toBe(404);
    expect(
      (await other.client.post(`/forms/${formId}/responses/exports`, { format: 'csv' })).statusCode,
    ).toBe(404);
  });

  it('refuses bad options on the field', async () => {
    const res = await s.client.post(`/forms/${formId}/responses/exports`, { format: 'pdf' });
    expect(res.statusCode).toBe(303);
    const page = await s.client.page(`/forms/${formId}/responses`);
    expect(page.props.errors.format).toBe('Choose CSV or XLSX.');
  });
});
