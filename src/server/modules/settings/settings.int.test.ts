import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helpers/app.js';
import { createUser, signIn } from '../../../../test/helpers/auth.js';
import { drainJobs } from '../../../../test/helpers/jobs.js';
import { addMember } from '../../../../test/helpers/team-membership.js';
import { auditLogs } from '../../platform/audit/audit.tables.js';
import { jobs } from '../../platform/jobs/index.js';
import { formsTestKit, GOOD, ALL_TYPES } from '../forms/test-support.js';
import { formResponses } from '../forms/read-model.js';
import { teamExports, teamSettings } from './settings.tables.js';
import { purgeExpiredResponses } from './retention.job.js';
import { exportPath, pruneExports } from './export.job.js';
import { existsSync } from 'node:fs';
import { insertDatasetWithRows } from './test-support.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    config: { dataDir: mkdtempSync(path.join(tmpdir(), 'pw-settings-')) },
  });
});
afterAll(() => t.close());

const kit = formsTestKit(() => t);
const ALL_ON = {
  community: true,
  database_sources: true,
  public_forms: true,
  intelligent_columns: true,
  assistant: true,
};

async function memberOf(teamId: string, role: 'admin' | 'editor' | 'viewer') {
  const u = await createUser(t.app);
  await addMember(t.app, teamId, u.id, role);
  return signIn(t.app, u);
}

describe('settings pages', () => {
  it('shows the owner every section, with the defaults of a new team', async () => {
    const s = await kit.setup();
    const home = await s.client.page('/settings');
    expect(home.component).toBe('settings/index');
    expect(home.props.settings).toMatchObject({
      language: 'en',
      timezone: 'UTC',
      fiscalYearStartMonth: 1,
      retentionDays: 30,
      features: ALL_ON,
      videoUrl: null,
    });
    expect(home.props.features).toEqual(ALL_ON);
    for (const [url, component] of [
      ['/settings/general', 'settings/show'],
      ['/settings/features', 'settings/team-feature-settings'],
      ['/settings/limits', 'settings/request-review-limit'],
      ['/settings/video', 'settings/video-text'],
      ['/settings/exports', 'settings/exports'],
    ])
      expect((await s.client.page(url)).component).toBe(component);
  });

  it('lets an admin change settings; editors and viewers can neither see nor change them', async () => {
    const s = await kit.setup();
    const admin = await memberOf(s.team.id, 'admin');
    const res = await admin.put('/settings/general', {
      language: 'fr',
      timezone: 'Africa/Nairobi',
      fiscalYearStartMonth: '7',
      retentionDays: '90',
    });
    expect(res.statusCode, res.body).toBe(303);
    const general = await s.client.page('/settings/general');
    expect(general.props.settings).toEqual({
      language: 'fr',
      timezone: 'Africa/Nairobi',
      fiscalYearStartMonth: 7,
      retentionDays: 90,
    });
    // every member's pages know the team's defaults (a new form starts in its language)
    expect(general.props.teamDefaults).toEqual({
      language: 'fr',
      timezone: 'Africa/Nairobi',
      fiscalYearStartMonth: 7,
    });
    for (const role of ['editor', 'viewer'] as const) {
      const c = await memberOf(s.team.id, role);
      expect((await c.get('/settings')).statusCode).toBe(403);
      expect((await c.get('/settings/features')).statusCode).toBe(403);
      const put = await c.put('/settings/features', { ...ALL_ON, public_forms: false });
      expect(put.statusCode).toBe(403);
      const vid = await c.put('/settings/video', { videoUrl: 'https://youtu.be/dQw4w9WgXcQ' });
      expect(vid.statusCode).toBe(403);
      expect((await c.post('/settings/exports')).statusCode).toBe(403);
    }
    const [row] = await t.app.ctx.db
      .select()
      .from(teamSettings)
      .where(eq(teamSettings.teamId, s.team.id));
    expect(row.features).toEqual({});
    expect(row.videoUrl).toBeNull();
    const audited = await t.app.ctx.db
      .select({ action: auditLogs.action, details: auditLogs.details })
      .from(auditLogs)
      .where(and(eq(auditLogs.teamId, s.team.id), eq(auditLogs.action, 'settings.updated')));
    expect(audited).toHaveLength(1);
    expect(audited[0].details).toMatchObject({
      changes: { language: { from: 'en', to: 'fr' }, retentionDays: { from: 30, to: 90 } },
    });
  });

  it("changes only the actor's current team: another team's settings stay as they were", async () => {
    const a = await kit.setup();
    const b = await kit.setup();
    const res = await b.client.put('/settings/features', { ...ALL_ON, community: false });
    expect(res.statusCode).toBe(303);
    expect((await b.client.page('/settings/features')).props.features.community).toBe(false);
    expect((await a.client.page('/settings/features')).props.features.community).toBe(true);
    // and B's owner, not a member of A, never sees A's settings
    expect((await b.client.page('/settings')).props.auth.team.id).toBe(b.team.id);
  });

  it('puts bad values on their fields', async () => {
    const s = await kit.setup();
    await s.client.put('/settings/general', {
      language: 'xx',
      timezone: 'Mars/Olympus',
      fiscalYearStartMonth: '13',
      retentionDays: '0',
    });
    const errors = (await s.client.page('/settings/general')).props.errors;
    expect(Object.keys(errors).sort()).toEqual([
      'fiscalYearStartMonth',
      'language',
      'retentionDays',
      'timezone',
    ]);
    for (const videoUrl of [
      'http://youtu.be/dQw4w9WgXcQ',
      'javascript:alert(1)',
      'https://youtube.com/watch?v=short',
    ]) {
      await s.client.put('/settings/video', { videoUrl });
      expect((await s.client.page('/settings/video')).props.errors.videoUrl).toBeTruthy();
    }
    const ok = await s.client.put('/settings/video', {
      videoUrl: 'https://vimeo.com/76979871',
      transcript: 'Welcome to the team.',
      captions: 'WEBVTT\n\n00:00.000 --> 00:02.000\nWelcome',
    });
    expect(ok.statusCode).toBe(303);
    const page = await s.client.page('/dashboard');
    expect(page.props.video).toMatchObject({
      url: 'https://vimeo.com/76979871',
      embed: { kind: 'vimeo', src: 'https://player.vimeo.com/video/76979871' },
      transcript: 'Welcome to the team.',
    });
  });
});

describe('team features', () => {
  it('public forms off: the page says so and the server refuses the submission; on again, it takes it', async () => {
    const s = await kit.setup();
    const formId = await kit.newForm(s, { anonymous: true });
    for (const q of ALL_TYPES) await kit.add(s, formId, q);
    await kit.publish(s, formId);
    const token = await kit.openToken(formId);
    const off = await s.client.put('/settings/features', { ...ALL_ON, public_forms: false });
    expect(off.statusCode).toBe(303);
    expect((await s.client.page('/dashboard')).props.features.public_forms).toBe(false);

    const page = await kit.publicPage(`/f/${token}`);
    expect(page.props!.closed).toEqual({ key: 'publicFormsOff' });
    const id = randomUUID();
    const refused = await kit.submit(kit.publicClient(), token, { id, version: 1, answers: GOOD });
    expect(refused.statusCode).toBe(403);
    expect(JSON.parse(refused.body)).toMatchObject({
      code: 'FEATURE_DISABLED',
      detail: expect.stringMatching(/not accepting responses/),
    });
    expect(
      await t.app.ctx.db.select().from(formResponses).where(eq(formResponses.formId, formId)),
    ).toHaveLength(0);

    await s.client.put('/settings/features', ALL_ON);
    const ok = await kit.submit(kit.publicClient(), token, { id, version: 1, answers: GOOD });
    expect(ok.statusCode, ok.body).toBe(201);
    const audit = await t.app.ctx.db
      .select({ details: auditLogs.details })
      .from(auditLogs)
      .where(
        and(eq(auditLogs.teamId, s.team.id), eq(auditLogs.action, 'settings.features_updated')),
      );
    expect(audit.map((a) => a.details)).toEqual([
      { turnedOn: [], turnedOff: ['public_forms'] },
      { turnedOn: ['public_forms'], turnedOff: [] },
    ]);
  });

  it('the monthly limit per form closes a form at the limit and counts its usage', async () => {
    const s = await kit.setup();
    const formId = await kit.newForm(s, { anonymous: true });
    for (const q of ALL_TYPES) await kit.add(s, formId, q);
    await kit.publish(s, formId);
    const token = await kit.openToken(formId);
    await s.client.put('/settings/limits', {
      aiMonthlyLimit: '',
      publicResponsesMonthlyLimit: '2',
    });
    for (let i = 0; i < 2; i++) {
      const r = await kit.submit(kit.publicClient(), token, {
        id: randomUUID(),
        version: 1,
        answers: GOOD,
      });
      expect(r.statusCode).toBe(201);
    }
    const third = await kit.submit(kit.publicClient(), token, {
      id: randomUUID(),
      version: 1,
      answers: GOOD,
    });
    expect(third.statusCode).toBe(409);
    expect(JSON.parse(third.body).detail).toMatch(/all the responses its team takes this month/);
    const limits = await s.client.page('/settings/limits');
    expect(limits.props.aiRequests).toBe(0);
    expect(limits.props.limits).toEqual({ aiMonthlyLimit: null, publicResponsesMonthlyLimit: 2 });
    expect(limits.props.forms).toEqual([
      expect.objectContaining({ formId, formName: 'Household survey', count: 2 }),
    ]);
  });
});

describe('export of all the team’s data', () => {
  it('writes a zip of CSVs with a manifest, escapes formula cells, and only its team downloads it', async () => {
    const s = await kit.setup();
    const other = await kit.setup();
    const formId = await kit.newForm(s, { anonymous: true });
    for (const q of ALL_TYPES) await kit.add(s, formId, q);
    await kit.publish(s, formId);
    const token = await kit.openToken(formId);
    const answers = { ...GOOD, name: '=HYPERLINK("http://evil.example","x")' };
    const sent = await kit.submit(kit.publicClient(), token, {
      id: randomUUID(),
      version: 1,
      answers,
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const datasetId = await insertDatasetWithRows(t.app, s.team.id, s.project.id, [
      [1, 'Anna'],
      [2, '+SUM(A1:A9)'],
    ]);
    // another team's project must not leak into this export
    await kit.newForm(other, { name: 'Secret other form' });

    const start = await s.client.post('/settings/exports');
    expect(start.statusCode).toBe(303);
    // a second request while it runs starts nothing
    await s.client.post('/settings/exports');
    expect(
      await t.app.ctx.db.select().from(teamExports).where(eq(teamExports.teamId, s.team.id)),
    ).toHaveLength(1);
    await drainJobs(t.app);

    const page = await s.client.page('/settings/exports');
    const [exp] = page.props.exports as Array<{
      id: string;
      status: string;
      downloadHref: string;
      counts: Record<string, number>;
    }>;
    expect(exp.status).toBe('done');
    expect(exp.downloadHref).toBe(`/settings/exports/${exp.id}/download`);

    const res = await s.client.get(exp.downloadHref);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    const zip = await JSZip.loadAsync(res.rawPayload);
    const names = Object.keys(zip.files).sort();
    for (const f of [
      'projects.csv',
      'problems.csv',
      'toc_elements.csv',
      'metrics.csv',
      'metric_values.csv',
      'forms.csv',
      'form_responses.csv',
      'stakeholders.csv',
      'datasets.csv',
      'manifest.json',
    ])
      expect(names).toContain(f);
    const manifest = JSON.parse(await zip.file('manifest.json')!.async('string'));
    expect(manifest.teamId).toBe(s.team.id);
    const rowsOf = (table: string) =>
      manifest.files.find((f: { table: string }) => f.table === table).rows;
    expect(rowsOf('projects')).toBe(1);
    expect(rowsOf('forms')).toBe(1);
    expect(rowsOf('form_responses')).toBe(1);

    const projectsCsv = await zip.file('projects.csv')!.async('string');
    expect(projectsCsv.split('\r\n')[0]).toMatch(/^id,team_id,/);
    expect(projectsCsv).toContain('Nutrition');
    const formsCsv = await zip.file('forms.csv')!.async('string');
    expect(formsCsv).not.toContain('Secret other form');
    const responses = await zip.file('form_responses.csv')!.async('string');
    // the answers are JSON in one cell; a formula inside stays text (the cell starts with '{')
    expect(responses).toContain('HYPERLINK');
    const datasetFiles = names.filter((n) => n.startsWith('dataset_rows/') && n.endsWith('.csv'));
    // the imported dataset, and the form's own live dataset (its responses as columns)
    expect(datasetFiles).toHaveLength(2);
    const datasetFile = datasetFiles.find((n) => n.startsWith(`dataset_rows/${datasetId}`))!;
    const rows = await zip.file(datasetFile)!.async('string');
    expect(rows).toBe(`_row,name\r\n1,Anna\r\n2,'+SUM(A1:A9)\r\n`);
    const formRows = await zip.file(datasetFiles.find((n) => n !== datasetFile)!)!.async('string');
    expect(formRows).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")"`);

    // the same rows as XLSX: a sheet per table, a workbook per dataset, formula text escaped
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await zip.file('team-data.xlsx')!.async('arraybuffer'));
    expect(book.worksheets.map((w) => w.name)).toContain('form_responses');
    const projectsSheet = book.getWorksheet('projects')!;
    expect(projectsSheet.getRow(1).getCell(1).value).toBe('id');
    expect(projectsSheet.rowCount).toBe(2);
    expect(JSON.stringify(projectsSheet.getRow(2).values)).toContain('Nutrition');
    const dsBook = new ExcelJS.Workbook();
    await dsBook.xlsx.load(await zip.file(`dataset_rows/${datasetId}.xlsx`)!.async('arraybuffer'));
    const sheet = dsBook.getWorksheet('rows')!;
    expect(sheet.getRow(1).values).toEqual([undefined, '_row', 'name']);
    expect(sheet.getRow(3).values).toEqual([undefined, 2, "'+SUM(A1:A9)"]);
    expect(sheet.getCell('B3').formula).toBeUndefined();
    expect(manifest.workbooks.map((w: { file: string }) => w.file)).toContain('team-data.xlsx');

    // another team's owner: 404 for this export's id, and a malformed id is 404 too
    expect((await other.client.get(exp.downloadHref)).statusCode).toBe(404);
    expect((await other.client.get('/settings/exports/not-a-uuid/download')).statusCode).toBe(404);
    const downloads = await t.app.ctx.db
      .select()
      .from(auditLogs)
      .where(
        and(eq(auditLogs.teamId, s.team.id), eq(auditLogs.action, 'settings.export_downloaded')),
      );
    expect(downloads).toHaveLength(1);

    // expired: no link, and the download answers 404
    await t.app.ctx.db
      .update(teamExports)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(teamExports.id, exp.id));
    expect((await s.client.page('/settings/exports')).props.exports[0].downloadHref).toBeNull();
    expect((await s.client.get(exp.downloadHref)).statusCode).toBe(404);
    // the periodic prune deletes the expired file
    const file = exportPath(t.app.ctx.config.dataDir, s.team.id, exp.id);
    expect(existsSync(file)).toBe(true);
    await pruneExports(t.app.ctx, new Date());
    expect(existsSync(file)).toBe(false);
  });
});

describe('an export whose job died', () => {
  it('is marked failed when the next export is asked for, which then starts', async () => {
    const s = await kit.setup();
    await s.client.post('/settings/exports');
    const [first] = await t.app.ctx.db
      .select()
      .from(teamExports)
      .where(eq(teamExports.teamId, s.team.id));
    // the worker stopped mid-way: its job ended, the export never finished
    await t.app.ctx.db.update(jobs).set({ status: 'failed' }).where(eq(jobs.id, first.jobId!));
    expect((await s.client.post('/settings/exports')).statusCode).toBe(303);
    const rows = await t.app.ctx.db
      .select({ id: teamExports.id, status: teamExports.status })
      .from(teamExports)
      .where(eq(teamExports.teamId, s.team.id));
    expect(rows.find((r) => r.id === first.id)!.status).toBe('failed');
    expect(rows.filter((r) => r.status === 'queued')).toHaveLength(1);
    await drainJobs(t.app);
    const page = await s.client.page('/settings/exports');
    expect(page.props.exports.map((e: { status: string }) => e.status)).toEqual(['done', 'failed']);
  });
});

describe('retention of deleted responses', () => {
  it('removes deleted responses past the team’s retention period, and keeps the others', async () => {
    const s = await kit.setup();
    const formId = await kit.newForm(s, { anonymous: true });
    for (const q of ALL_TYPES) await kit.add(s, formId, q);
    await kit.publish(s, formId);
    const token = await kit.openToken(formId);
    for (let i = 0; i < 3; i++)
      await kit.submit(kit.publicClient(), token, { id: randomUUID(), version: 1, answers: GOOD });
    await s.client.put('/settings/general', {
      language: 'en',
      timezone: 'UTC',
      fiscalYearStartMonth: '1',
      retentionDays: '10',
    });
    const rows = await t.app.ctx.db
      .select({ id: formResponses.id })
      .from(formResponses)
      .where(eq(formResponses.formId, formId));
    const now = new Date('2030-01-31T00:00:00Z');
    const day = 86_400_000;
    await t.app.ctx.db
      .update(formResponses)
      .set({ deletedAt: new Date(now.getTime() - 11 * day) })
      .where(eq(formResponses.id, rows[0].id));
    await t.app.ctx.db
      .update(formResponses)
      .set({ deletedAt: new Date(now.getTime() - 9 * day) })
      .where(eq(formResponses.id, rows[1].id));
    await purgeExpiredResponses(t.app.ctx, now);
    const left = await t.app.ctx.db
      .select({ id: formResponses.id })
      .from(formResponses)
      .where(eq(formResponses.formId, formId));
    expect(left.map((r) => r.id).sort()).toEqual([rows[1].id, rows[2].id].sort());
  });
});
