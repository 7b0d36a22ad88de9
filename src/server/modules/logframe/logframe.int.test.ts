import { and, count, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helpers/app.js';
import { createUser, signIn } from '../../../../test/helpers/auth.js';
import { addMember, createTeamFor } from '../../../../test/helpers/team-membership.js';
import { flashOf } from '../../../../test/security/probe.js';
import { auditLogs } from '../../platform/audit/audit.tables.js';
import type { ProblemTemplate } from '../../../shared/toc/template.schemas.js';
import { materializeProblem, serializeProblem } from '../libraries/index.js';
import { dataPoints, metrics, metricValues } from '../metrics/read-model.js';
import { problems } from '../problems/read-model.js';
import { projects } from '../projects/read-model.js';
import { SHEETS } from './logframe-layout.js';
import { templateToWorkbook } from './logframe-writer.js';
import { multipartFile, SAMPLE } from './test-support.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function world() {
  const owner = await createUser(t.app);
  const team = await createTeamFor(t.app, owner.id);
  const [project] = await t.app.ctx.db
    .insert(projects)
    .values({ teamId: team.id, name: 'Programme' })
    .returning();
  const [other] = await t.app.ctx.db
    .insert(projects)
    .values({ teamId: team.id, name: 'Second programme' })
    .returning();
  const problemId = await t.app.ctx.db.transaction((tx) =>
    materializeProblem(tx, {
      teamId: team.id,
      projectId: project!.id,
      userId: owner.id,
      template: SAMPLE,
    }),
  );
  return {
    owner,
    team,
    project: project!,
    other: other!,
    problemId,
    client: await signIn(t.app, owner),
  };
}
async function member(teamId: string, role: 'viewer' | 'editor') {
  const user = await createUser(t.app);
  await addMember(t.app, teamId, user.id, role);
  return signIn(t.app, user);
}
const problemCount = async (teamId: string) =>
  (await t.app.ctx.db.select({ n: count() }).from(problems).where(eq(problems.teamId, teamId)))[0]!
    .n;
const upload = (client: Awaited<ReturnType<typeof signIn>>, projectId: string, buffer: Buffer) => {
  const { payload, headers } = multipartFile(buffer);
  return client.request('POST', `/projects/${projectId}/logframe`, payload, headers);
};
/** Refs differ between problems only by creation: compare by content. */
const comparable = (tpl: ProblemTemplate) => ({
  ...tpl,
  links: [...tpl.links].sort((a, b) => `${a.from}>${a.to}`.localeCompare(`${b.from}>${b.to}`)),
});

describe('logframe export', () => {
  it('downloads the problem as an .xlsx attachment with actuals from the entered values, and audits it', async () => {
    const w = await world();
    const [metric] = await t.app.ctx.db
      .select()
      .from(metrics)
      .where(eq(metrics.problemId, w.problemId));
    const [dp] = await t.app.ctx.db
      .select()
      .from(dataPoints)
      .where(eq(dataPoints.metricId, metric!.id));
    await t.app.ctx.db.insert(metricValues).values([
      {
        teamId: w.team.id,
        metricId: metric!.id,
        dataPointId: dp!.id,
        period: '2026-Q1',
        disaggregation: { age_group: '12-14' },
        disaggregationKey: 'age_group=12-14',
        value: 20,
      },
      {
        teamId: w.team.id,
        metricId: metric!.id,
        dataPointId: dp!.id,
        period: '2026-Q1',
        disaggregation: { age_group: '15-18' },
        disaggregationKey: 'age_group=15-18',
        value: 22,
      },
      {
        teamId: w.team.id,
        metricId: metric!.id,
        dataPointId: dp!.id,
        period: '2026-Q2',
        value: 99,
      },
    ]);
    const res = await w.client.get(`/problems/${w.problemId}/logframe.xlsx`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Girls-drop-out-of-secondary-school-logframe.xlsx"; filename*=UTF-8''Girls%20drop%20out%20of%20secondary%20school%20-%20logframe.xlsx`,
    );
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ExcelJS.Buffer);
    expect(wb.worksheets.map((s) => s.name)).toEqual([
      SHEETS.logframe,
      SHEETS.targets,
      SHEETS.questions,
      SHEETS.about,
    ]);
    const targets = wb.getWorksheet(SHEETS.targets)!;
    expect(targets.getRow(1).values).toEqual([
      undefined,
      'Metric ref',
      'Result',
      'Metric',
      'Unit',
      'Baseline',
      '2026-Q1 target',
      '2026-Q1 actual',
      '2026-Q2 target',
      '2026-Q2 actual',
    ]);
    expect(targets.getRow(2).values).toEqual([
      undefined,
      'M1',
      'output-1 Mentoring sessions held',
      'Girls mentored',
      'girls',
      0,
      50,
      42,
      120,
      99,
    ]);
    const [entry] = await t.app.ctx.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'logframe.exported'), eq(auditLogs.subjectId, w.problemId)));
    expect(entry).toMatchObject({ teamId: w.team.id, subjectLabel: SAMPLE.problem.title });
  });

  it('lets a viewer export; another team gets 404 for the problem; a malformed id is a 404', async () => {
    const w = await world();
    const viewer = await member(w.team.id, 'viewer');
    expect((await viewer.get(`/problems/${w.problemId}/logframe.xlsx`)).statusCode).toBe(200);
    const outsider = await createUser(t.app);
    await createTeamFor(t.app, outsider.id);
    const oc = await signIn(t.app, outsider);
    expect((await oc.get(`/problems/${w.problemId}/logframe.xlsx`)).statusCode).toBe(404);
    expect((await w.client.get('/problems/not-a-uuid/logframe.xlsx')).statusCode).toBe(404);
  });

  it('writes formula-looking titles as text: no cell of the file is a formula', async () => {
    const w = await world();
    const evil: ProblemTemplate = {
      ...SAMPLE,
      problem: { title: '=HYPERLINK("http://evil.example","click")' },
      elements: SAMPLE.elements.map((e) => ({ ...e, title: `@${e.title}` })),
    };
    const id = await t.app.ctx.db.transaction((tx) =>
      materializeProblem(tx, {
        teamId: w.team.id,
        projectId: w.project.id,
        userId: w.owner.id,
        template: evil,
      }),
    );
    const res = await w.client.get(`/problems/${id}/logframe.xlsx`);
    const zip = await JSZip.loadAsync(res.rawPayload);
    for (const name of Object.keys(zip.files).filter((n) => /^xl\/worksheets\/[^/]+\.xml$/.test(n)))
      expect(await zip.file(name)!.async('string')).not.toMatch(/<f[\s>]/);
    expect(await zip.file('xl/sharedStrings.xml')!.async('string')).toContain(
      '<t>&apos;=HYPERLINK(',
    );
  });
});

describe('logframe import', () => {
  it('round trip: export then import creates a new problem with the same tree, baselines and targets (not the actuals)', async () => {
    const w = await world();
    const file = (await w.client.get(`/problems/${w.problemId}/logframe.xlsx`)).rawPayload;
    const res = await upload(w.client, w.other.id, file);
    expect(res.statusCode).toBe(303);
    expect(flashOf(res)?.success).toMatch(
      /Imported "Girls drop out of secondary school".*Actual values are not imported/,
    );
    const [created] = await t.app.ctx.db
      .select()
      .from(problems)
      .where(eq(problems.projectId, w.other.id));
    expect(created).toBeTruthy();
    const before = await serializeProblem(t.app.ctx.db, w.team.id, w.problemId, {
      includeBaselines: true,
    });
    const after = await serializeProblem(t.app.ctx.db, w.team.id, created!.id, {
      includeBaselines: true,
    });
    expect(comparable(after)).toEqual(comparable(before));
    expect(after.elements.find((e) => e.kind === 'output')!.metrics[0]).toMatchObject({
      baselineValue: 0,
      baselineDate: '2026-01-01',
      targets: [
        { period: '2026-Q1', value: 50 },
        { period: '2026-Q2', value: 120 },
      ],
    });
    const [entry] = await t.app.ctx.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'logframe.imported'), eq(auditLogs.subjectId, created!.id)));
    expect(entry).toMatchObject({ teamId: w.team.id, subjectLabel: SAMPLE.problem.title });
  });

  it('refuses bad files on the `file` field with sheet/row/column, and writes nothing', async () => {
    const w = await world();
    const before = await problemCount(w.team.id);
    const cyclic = templateToWorkbook(SAMPLE);
    const ws = cyclic.getWorksheet(SHEETS.logframe)!;
    ws.getRow(3).getCell(5).value = 'O2'; // O1 (long) -> O2 while O2 -> O1
    const cases: Array<[Buffer, RegExp]> = [
      [Buffer.from('just text, not a workbook'), /not an Excel workbook/],
      [
        Buffer.from((await cyclic.xlsx.writeBuffer()) as ArrayBuffer),
        /Logframe, row 3, Contributes to: The links go round in a circle: O1 -> O2 -> O1\./,
      ],
    ];
    for (const [buffer, message] of cases) {
      const res = await upload(w.client, w.project.id, buffer);
      expect(res.statusCode).toBe(303);
      expect(flashOf(res)?.errors?.file).toMatch(message);
    }
    const json = await w.client.post(`/projects/${w.project.id}/logframe`, { file: 'x' });
    expect(json.statusCode).toBe(303);
    expect(flashOf(json)?.errors?.file).toMatch(/Choose a logframe workbook/);
    const big = await upload(w.client, w.project.id, Buffer.alloc(5 * 1024 * 1024 + 10, 1));
    expect(flashOf(big)?.errors?.file).toMatch(/larger than 5 MB/);
    expect(await problemCount(w.team.id)).toBe(before);
  });

  it('lists at most 20 problems', async () => {
    const w = await world();
    const wb = templateToWorkbook(SAMPLE);
    const ws = wb.getWorksheet(SHEETS.logframe)!;
    for (let i = 0; i < 30; i++) ws.addRow([`Level ${i}`, `X${i}`, 'x']);
    const res = await upload(
      w.client,
      w.project.id,
      Buffer.from((await wb.xlsx.writeBuffer()) as ArrayBuffer),
    );
    const lines = (flashOf(res)?.errors?.file as string).split('\n');
    expect(lines[0]).toBe('The file could not be imported (30 problems):');
    expect(lines).toHaveLength(1 + 20 + 1);
    expect(lines.at(-1)).toBe('... and 10 more.');
  });

  it('refuses an archived project, a viewer (403) and another team (404)', async () => {
    const w = await world();
    const file = (await w.client.get(`/problems/${w.problemId}/logframe.xlsx`)).rawPayload;
    await t.app.ctx.db
      .update(projects)
      .set({ status: 'archived', archivedAt: new Date() })
      .where(eq(projects.id, w.other.id));
    expect(flashOf(await upload(w.client, w.other.id, file))?.errors?.file).toMatch(/archived/);
    const viewer = await member(w.team.id, 'viewer');
    expect((await upload(viewer, w.project.id, file)).statusCode).toBe(403);
    const outsider = await createUser(t.app);
    await createTeamFor(t.app, outsider.id);
    expect((await upload(await signIn(t.app, outsider), w.project.id, file)).statusCode).toBe(404);
    const editor = await member(w.team.id, 'editor');
    expect((await upload(editor, w.project.id, file)).statusCode).toBe(303);
    expect(await problemCount(w.team.id)).toBe(2);
  });
});
