import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { createTestApp, type TestApp } from '../../../../test/helpers/app.js';
import { signedInUser } from '../../../../test/helpers/auth.js';
import { createTeamFor } from '../../../../test/helpers/team-membership.js';
import type { InsightsData, MetricInsight } from '../../../shared/insights/insights.js';
import { insightsWorld } from './insights.test-support.js';
import { IPTT_SHEET } from './iptt.xlsx.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function setup() {
  const { user, client } = await signedInUser(t.app);
  const team = await createTeamFor(t.app, user.id);
  const w = await insightsWorld(t.app, team.id, user.id);
  return { user, client, team, ...w };
}
const tab = async (s: Awaited<ReturnType<typeof setup>>, query = '') =>
  (await s.client.page(`/problems/${s.problem.id}?tab=insights${query}`)).props
    .insights as InsightsData;
const named = (d: InsightsData, name: string) => d.metrics.find((m) => m.name === name)!;
const row = (m: MetricInsight) =>
  m.periods.map((p) => [
    p.period,
    p.target,
    p.actual,
    p.achieved && Math.round(p.achieved * 100) / 100,
    p.status,
  ]);

describe('insights', () => {
  it('computes every period against baseline and target with statuses, by hand', async () => {
    const s = await setup();
    const d = await tab(s);
    const passing = named(d, 'Girls passing');
    expect(row(passing)).toEqual([
      // (49-40)/(50-40) = 0.9: on track; 98% achieved
      ['2026-Q1', 50, 49, 98, 'on-track'],
      // the disaggregated entries make the total 30+22 = 52; (52-40)/(60-40) = 0.6: at risk
      ['2026-Q2', 60, 52, 86.67, 'at-risk'],
      // no target: judged on the line from 60 (Q2) to 80 (Q4), 70; (50-40)/(70-40) = 0.33
      ['2026-Q3', null, 50, null, 'off-track'],
      ['2026-Q4', 80, null, null, 'no-data'],
    ]);
    expect(passing.periods[2].expected).toBe(70);
    expect(passing.periods[0].notes).toEqual(['Exam results']);
    expect(passing.status).toBe('off-track');
    expect(passing.moving).toBe(true);
    expect(passing.categories.find((c) => c.category === 'Female')!.actuals).toEqual([
      null,
      30,
      null,
      null,
    ]);
    const sessions = named(d, 'Sessions held');
    expect(sessions.status).toBe('no-data');
    expect(sessions.periods[0].reason).toBe('No target set');
    expect(d.periodOptions.map((p) => p.value)).toEqual([
      '2026-Q1',
      '2026-Q2',
      '2026-Q3',
      '2026-Q4',
    ]);
    expect(d.disaggregationOptions).toEqual([
      { value: 'sex:Female', label: 'Sex: Female' },
      { value: 'sex:Male', label: 'Sex: Male' },
    ]);
    // the roll-up: the outcome is moving, fed by the output and (through it) the activity
    expect(d.rollup).toEqual([
      expect.objectContaining({
        element: expect.objectContaining({ id: s.outcome.id }),
        moving: true,
        metrics: [{ id: s.passing.id, name: 'Girls passing', status: 'off-track', moving: true }],
        feeders: [
          expect.objectContaining({ id: s.output.id, kind: 'output', metrics: [] }),
          expect.objectContaining({
            id: s.activity.id,
            kind: 'activity',
            metrics: [{ id: s.sessions.id, name: 'Sessions held', status: 'no-data' }],
          }),
        ],
      }),
    ]);
  });

  it('narrows to a period range and a disaggregation category (no status: targets are for totals)', async () => {
    const s = await setup();
    const ranged = await tab(s, '&from=2026-Q1&to=2026-Q2');
    expect(named(ranged, 'Girls passing').periods.map((p) => p.period)).toEqual([
      '2026-Q1',
      '2026-Q2',
    ]);
    // the latest period shown decides the status
    expect(named(ranged, 'Girls passing').status).toBe('at-risk');
    expect(ranged.filters).toMatchObject({ from: '2026-Q1', to: '2026-Q2', dis: null });

    const female = await tab(s, '&dis=sex:Female');
    expect(female.metrics.map((m) => m.name)).toEqual(['Girls passing']);
    expect(female.hiddenByFilter).toBe(1);
    const p = named(female, 'Girls passing');
    expect(p.periods.map((x) => [x.actual, x.status, x.achieved])).toEqual([
      [null, null, null],
      [30, null, null],
      [null, null, null],
      [null, null, null],
    ]);
    expect(p.status).toBeNull();
    // a malformed filter shows everything
    expect((await tab(s, '&from=%3Cscript%3E&dis=nope')).filters).toMatchObject({
      from: null,
      to: null,
      dis: null,
    });
  });

  it('shows a project’s insights across its problems on insights/show', async () => {
    const s = await setup();
    const page = await s.client.page(`/projects/${s.project.id}/insights?to=2026-Q1`);
    expect(page.component).toBe('insights/show');
    expect(page.props.project).toMatchObject({ id: s.project.id, name: 'Girls’ education' });
    const d = page.props.insights as InsightsData;
    expect(d.metrics.map((m) => [m.name, m.problem.title, m.periods.length])).toEqual([
      ['Girls passing', 'Girls drop out', 1],
      ['Sessions held', 'Girls drop out', 1],
    ]);
  });

  it('exports the IPTT to XLSX that reads back with the same figures, text cells escaped', async () => {
    const s = await setup();
    const { problems } = await import('../problems/read-model.js');
    const { eq } = await import('drizzle-orm');
    await t.app.ctx.db
      .update(problems)
      .set({ title: '=HYPERLINK("x")' })
      .where(eq(problems.id, s.problem.id));
    const res = await s.client.get(`/problems/${s.problem.id}/insights/iptt.xlsx?to=2026-Q3`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toContain('IPTT.xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.getWorksheet(IPTT_SHEET)!;
    const values = (r: number) => (ws.getRow(r).values as unknown[]).slice(1);
    // text that does not start with = + - @ stays as it is
    expect(values(1)[0]).toBe('Indicator performance tracking table: =HYPERLINK("x")');
    expect(values(2)[0]).toBe('Periods first to 2026-Q3, Totals');
    expect(values(4).slice(0, 7)).toEqual([
      'Indicator',
      'Level',
      'Result',
      'Problem',
      'Unit',
      'Baseline',
      'Q1 2026',
    ]);
    expect(values(5).slice(6, 9)).toEqual(['Target', 'Actual', '% achieved']);
    const passing = values(6);
    expect(passing.slice(0, 6)).toEqual([
      'Girls passing',
      'Outcome',
      'More girls pass exams',
      `'=HYPERLINK("x")`,
      '',
      40,
    ]);
    // Q1 50 / 49 / 0.98, Q2 60 / 52 / 0.8667, Q3 - / 50 / -
    expect(passing.slice(6, 9)).toEqual([50, 49, 0.98]);
    expect(passing[9]).toBe(60);
    expect(passing[10]).toBe(52);
    expect(passing[11] as number).toBeCloseTo(52 / 60);
    expect([passing[12], passing[13], passing[14]]).toEqual([undefined, 50, undefined]);
    expect(passing[15]).toBe('Off track');
    expect(passing[16]).toBe('Q1 2026: Exam results');
    expect(ws.getRow(6).getCell(9).numFmt).toBe('0%');
    // no cell of the sheet is a formula
    ws.eachRow((r) => r.eachCell((c) => expect(c.type).not.toBe(ExcelJS.ValueType.Formula)));
    expect(values(7).slice(0, 2)).toEqual(['Sessions held', 'Activity']);
  });

  it('exports the IPTT to PDF; another team’s problem is a 404', async () => {
    const s = await setup();
    const pdf = await s.client.get(`/problems/${s.problem.id}/insights/iptt.pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const proj = await s.client.get(`/projects/${s.project.id}/insights/iptt.xlsx`);
    expect(proj.statusCode).toBe(200);
    const other = await setup();
    expect((await other.client.get(`/problems/${s.problem.id}/insights/iptt.pdf`)).statusCode).toBe(
      404,
    );
    expect((await other.client.get(`/projects/${s.project.id}/insights`)).statusCode).toBe(404);
  });
});
