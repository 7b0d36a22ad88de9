import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../../test/helpers/app.js';
import { signedInUser } from '../../../../test/helpers/auth.js';
import { createTeamFor } from '../../../../test/helpers/team-membership.js';
import { drainJobs } from '../../../../test/helpers/jobs.js';
import { auditLogs } from '../../platform/audit/audit.tables.js';
import type { IntelligentGridProps } from '../../../shared/grids/grids.pages.js';
import { gridsTestKit } from './grids.test-support.js';
import { gridRuns } from './grids.tables.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
const kit = gridsTestKit(() => t);

const PROMPT = 'How did this person’s situation change between baseline and endline?';
const MODEL_NOTE = `Offline comparison only: “${PROMPT}” itself needs a model to be answered in words.`;
const columns = (intelligentId: string) => [
  { kind: 'question', title: 'Meals a day', question: 'meals' },
  { kind: 'question', title: 'Water source', question: 'water' },
  { kind: 'question', title: 'Story', question: 'story' },
  { kind: 'intelligent', title: 'Barriers', columnId: intelligentId },
  {
    kind: 'prompt',
    title: 'Change',
    prompt: PROMPT,
    questions: ['meals', 'water', 'crops', 'story'],
  },
];

type Page = IntelligentGridProps & { errors: Record<string, string> };

describe('the intelligent grid', () => {
  it('computes every cell over two waves with citations, a summary, a re-run on new data, and exports', async () => {
    const s = await kit.world();
    const r = {
      aminaBase: await kit.answer(s, 'Amina', 'baseline', {
        meals: '1',
        water: 'well',
        crops: ['maize'],
        story: 'The school is far away.',
      }),
      aminaEnd: await kit.answer(s, 'Amina', 'endline', {
        meals: '3',
        water: 'tap',
        crops: ['maize', 'beans'],
        story: 'We cannot pay the fees.',
      }),
      jumaBase: await kit.answer(s, 'Juma', 'baseline', {
        meals: '2',
        water: 'tap',
        crops: ['beans'],
        story: '=1+1 we walk far',
      }),
      jumaEnd: await kit.answer(s, 'Juma', 'endline', {
        meals: '2',
        water: 'tap',
        crops: ['beans'],
        story: '=1+1 we walk far',
      }),
      peterBase: await kit.answer(s, 'Peter', 'baseline', { meals: '4', water: 'well' }),
    };
    const coded = await kit.codedColumn(s);

    const list = await s.client.page(`/forms/${s.formId}/grids`);
    expect(list.component).toBe('surveyholders/intelligent-grids');
    expect(list.props.options.waves).toEqual(['baseline', 'endline']);
    expect(list.props.options.intelligentColumns).toEqual([{ id: coded, name: 'Barriers' }]);

    // bad input: a question the form does not have, on its field; nothing written
    const bad = await s.client.post(
      `/forms/${s.formId}/grids`,
      {
        name: 'Bad',
        waves: ['baseline'],
        columns: [{ kind: 'question', title: 'X', question: 'nope' }],
      },
      { referer: `http://localhost/forms/${s.formId}/grids` },
    );
    expect(bad.statusCode).toBe(303);
    expect((await s.client.page(`/forms/${s.formId}/grids`)).props.errors).toMatchObject({
      'columns.0.question': expect.stringContaining('nope'),
    });
    expect((await s.client.page(`/forms/${s.formId}/grids`)).props.grids).toEqual([]);

    const created = await s.client.post(`/forms/${s.formId}/grids`, {
      name: 'Household change',
      // picked latest first: read and compared in the form's order all the same
      waves: ['endline', 'baseline'],
      columns: columns(coded),
    });
    expect(created.statusCode, created.body).toBe(303);
    const gridId = created.headers.location!.split('/')[2];
    const page = async () => (await s.client.page(`/grids/${gridId}`)).props as Page;
    let p = await page();
    expect([...new Set(p.headers.flatMap((h) => (h.wave ? [h.wave] : [])))]).toEqual([
      'baseline',
      'endline',
    ]);
    expect(p.grid.columns.map((c) => c.key)).toEqual(['c1', 'c2', 'c3', 'c4', 'c5']);
    expect(p.rows.rows).toEqual([]);
    expect(p.engine).toBe('offline');

    expect((await s.client.post(`/grids/${gridId}/runs`)).statusCode).toBe(303);
    expect((await page()).run).toMatchObject({ status: 'queued', engine: 'offline' });
    await drainJobs(t.app);
    p = await page();
    expect(p.run).toMatchObject({ status: 'done', processed: 3, total: 3, reused: 0 });
    expect(p.totalRows).toBe(3);

    const row = (who: 'Amina' | 'Juma' | 'Peter') =>
      p.rows.rows.find((x) => x.key === s.people[who].id)!;
    expect(p.rows.rows.map((x) => x.label)).toEqual(
      ['Amina', 'Juma', 'Peter']
        .map(
          (w) =>
            `${s.people[w].code} ${w} ${{ Amina: 'Odhiambo', Juma: 'Ali', Peter: 'Kamau' }[w]}`,
        )
        .sort(),
    );
    // a question column: the answer per wave, each cited
    expect(row('Amina').cells.c1).toEqual({
      value: { kind: 'question', byWave: { baseline: 1, endline: 3 } },
      citations: [
        { responseId: r.aminaBase, question: 'meals', wave: 'baseline', quote: '1' },
        { responseId: r.aminaEnd, question: 'meals', wave: 'endline', quote: '3' },
      ],
    });
    expect(row('Peter').cells.c2.value).toEqual({ kind: 'question', byWave: { baseline: 'Well' } });
    // the intelligent column: its codes per wave (suggested: nobody verified yet), quoting the answer
    const barriers = row('Amina').cells.c4;
    expect(barriers.value).toEqual({
      kind: 'intelligent',
      byWave: { baseline: ['Distance (suggested)'], endline: ['Cost (suggested)'] },
    });
    expect(barriers.citations.map((c) => [c.responseId, c.wave, c.question])).toEqual([
      [r.aminaBase, 'baseline', 'story'],
      [r.aminaEnd, 'endline', 'story'],
    ]);
    expect('The school is far away.').toContain(barriers.citations[0].quote);
    expect('We cannot pay the fees.').toContain(barriers.citations[1].quote);

    // the prompt column, offline: the changes between the waves, citing each answer read
    const amina = row('Amina').cells.c5;
    expect(amina.value).toEqual({
      kind: 'prompt',
      engine: 'offline',
      status: 'answered',
      text:
        'Meals a day: 1 (baseline) → 3 (endline), +2 [1, 2]. ' +
        'Water source: Well (baseline) → Tap (endline) [3, 4]. ' +
        'Crops: Maize (baseline) → Maize, Beans (endline); gained Beans [5, 6]. ' +
        'Story: the answers at baseline and endline differ [7, 8]; what changed in their meaning needs a model. ' +
        `Offline comparison only: “${PROMPT}” is not answered in words, and the open answers need a model to compare.`,
      changes: [
        'Meals a day: up',
        'Water source: Well → Tap',
        'Crops: gained Beans',
        'Story: answer changed',
      ],
      deltas: { meals: 2 },
    });
    expect(amina.citations).toEqual([
      { responseId: r.aminaBase, question: 'meals', wave: 'baseline', quote: '1' },
      { responseId: r.aminaEnd, question: 'meals', wave: 'endline', quote: '3' },
      { responseId: r.aminaBase, question: 'water', wave: 'baseline', quote: 'Well' },
      { responseId: r.aminaEnd, question: 'water', wave: 'endline', quote: 'Tap' },
      { responseId: r.aminaBase, question: 'crops', wave: 'baseline', quote: 'Maize' },
      { responseId: r.aminaEnd, question: 'crops', wave: 'endline', quote: 'Maize; Beans' },
      {
        responseId: r.aminaBase,
        question: 'story',
        wave: 'baseline',
        quote: 'The school is far away.',
      },
      {
        responseId: r.aminaEnd,
        question: 'story',
        wave: 'endline',
        quote: 'We cannot pay the fees.',
      },
    ]);
    expect(row('Juma').cells.c5.value).toMatchObject({
      text:
        'Meals a day: 2 (baseline) → 2 (endline), no change [1, 2]. ' +
        'Water source: Tap (baseline) → Tap (endline), unchanged [3, 4]. ' +
        'Crops: Beans (baseline) → Beans (endline); the same choices [5, 6]. ' +
        'Story: the same answer at baseline and endline [7, 8]. ' +
        MODEL_NOTE,
      deltas: { meals: 0 },
    });
    expect(row('Peter').cells.c5.value).toMatchObject({
      status: 'answered',
      text:
        'Meals a day: answered only at baseline (4), nothing to compare [1]. ' +
        'Water source: answered only at baseline (Well), nothing to compare [2]. ' +
        'Crops: no answer in these waves. Story: no answer in these waves. ' +
        MODEL_NOTE,
    });

    // the summary row, by hand: meals (1 + 2 + 4) / 3 at baseline, (3 + 2) / 2 at endline
    expect(p.summary['c1:baseline']).toEqual(['mean 2.33 (n 3)']);
    expect(p.summary['c1:endline']).toEqual(['mean 2.5 (n 2)']);
    expect(p.summary['c2:baseline']).toEqual(['3 answered', 'Well ×2', 'Tap ×1']);
    expect(p.summary['c4:baseline']).toEqual(['2 of 3 coded', 'Distance (suggested) ×2']);
    expect(p.summary['c4:endline']).toEqual([
      '2 of 2 coded',
      'Cost (suggested) ×1',
      'Distance (suggested) ×1',
    ]);
    expect(p.summary.c5).toEqual([
      'answered 3 · refused 0 · no data 0',
      'Meals a day: mean change +1 (n 2)',
      'Crops: gained Beans ×1',
      'Crops: no change ×1',
      'Meals a day: no change ×1',
    ]);

    // new data: Peter answers the endline; the re-run recomputes his row only
    const peterEnd = await kit.answer(s, 'Peter', 'endline', { meals: '5', water: 'tap' });
    expect((await s.client.post(`/grids/${gridId}/runs`)).statusCode).toBe(303);
    await drainJobs(t.app);
    const before = p;
    p = await page();
    expect(p.run).toMatchObject({ status: 'done', total: 3, reused: 10 });
    expect(row('Amina')).toEqual(before.rows.rows.find((x) => x.key === s.people.Amina.id));
    expect(row('Peter').cells.c5.value).toMatchObject({
      text:
        'Meals a day: 4 (baseline) → 5 (endline), +1 [1, 2]. ' +
        'Water source: Well (baseline) → Tap (endline) [3, 4]. ' +
        'Crops: no answer in these waves. Story: no answer in these waves. ' +
        MODEL_NOTE,
    });
    expect(row('Peter').cells.c5.citations[1]).toEqual({
      responseId: peterEnd,
      question: 'meals',
      wave: 'endline',
      quote: '5',
    });
    expect(p.summary['c5'][1]).toBe('Meals a day: mean change +1 (n 3)');

    // export: CSV (formula-like text escaped) and XLSX, the summary row last
    const csv = await s.client.request('GET', `/grids/${gridId}/export?format=csv`, undefined, {
      accept: '*/*',
    });
    expect(csv.statusCode).toBe(200);
    const lines = Papa.parse<string[]>(csv.body.replace(/^\ufeff/, ''), {
      skipEmptyLines: true,
    }).data;
    expect(lines[0]).toEqual([
      'row',
      'Meals a day · baseline',
      'Meals a day · endline',
      'Water source · baseline',
      'Water source · endline',
      'Story · baseline',
      'Story · endline',
      'Barriers · baseline',
      'Barriers · endline',
      'Change',
      'Change · citations',
    ]);
    const jumaLine = lines.find((l) => l[0].includes('Juma'))!;
    expect(jumaLine.slice(1, 7)).toEqual([
      '2',
      '2',
      'Tap',
      'Tap',
      "'=1+1 we walk far",
      "'=1+1 we walk far",
    ]);
    const aminaLine = lines.find((l) => l[0].includes('Amina'))!;
    expect(aminaLine[10]).toContain('[7] baseline story: The school is far away.');
    expect(lines.at(-1)!.slice(0, 3)).toEqual(['Summary', 'mean 2.33 (n 3)', 'mean 3.33 (n 3)']);
    expect(lines).toHaveLength(5);

    const xlsx = await s.client.request('GET', `/grids/${gridId}/export?format=xlsx`, undefined, {
      accept: '*/*',
    });
    expect(xlsx.headers['content-type']).toMatch(/spreadsheetml/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    expect(ws.rowCount).toBe(5);
    const juma = ws.getRows(2, 3)!.find((x) => String(x.getCell(1).value).includes('Juma'))!;
    expect(juma.getCell(2).value).toBe(2);
    expect(juma.getCell(6).value).toBe("'=1+1 we walk far");

    // audited: created and two runs started
    const actions = (
      await t.app.ctx.db.select().from(auditLogs).where(eq(auditLogs.teamId, s.team.id))
    )
      .map((a) => a.action)
      .filter((a) => a.startsWith('intelligent_grid') || a.startsWith('grid_run'));
    expect(actions.sort()).toEqual([
      'grid_run.started',
      'grid_run.started',
      'intelligent_grid.created',
    ]);

    // editing keeps the kept columns' keys; a new column gets the next one
    const edit = await s.client.put(`/grids/${gridId}`, {
      name: 'Household change',
      waves: ['endline'],
      columns: [
        { key: 'c1', kind: 'question', title: 'Meals', question: 'meals' },
        { kind: 'question', title: 'Crops', question: 'crops' },
      ],
    });
    expect(edit.statusCode, edit.body).toBe(303);
    p = await page();
    expect(p.grid.columns.map((c) => [c.key, c.title])).toEqual([
      ['c1', 'Meals'],
      ['c6', 'Crops'],
    ]);
    expect(p.headers.map((h) => [h.column, h.wave])).toEqual([
      ['c1', 'endline'],
      ['c6', 'endline'],
    ]);

    // another team: 404 on every grid route, nothing started
    const { user: other, client: otherClient } = await signedInUser(t.app);
    await createTeamFor(t.app, other.id);
    const runsBefore = (
      await t.app.ctx.db.select().from(gridRuns).where(eq(gridRuns.gridId, gridId))
    ).length;
    expect((await otherClient.get(`/grids/${gridId}`)).statusCode).toBe(404);
    expect((await otherClient.get(`/forms/${s.formId}/grids`)).statusCode).toBe(404);
    expect((await otherClient.post(`/grids/${gridId}/runs`)).statusCode).toBe(404);
    expect((await otherClient.get(`/grids/${gridId}/export?format=csv`)).statusCode).toBe(404);
    expect(
      (
        await otherClient.put(`/grids/${gridId}`, {
          name: 'Mine',
          waves: [],
          columns: columns(coded),
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await t.app.ctx.db.select().from(gridRuns).where(eq(gridRuns.gridId, gridId))).length,
    ).toBe(runsBefore);
  });

  it('refuses a second run while one is queued, and an export before any run, on their fields', async () => {
    const s = await kit.world();
    await kit.answer(s, 'Amina', 'baseline', { meals: '1' });
    const created = await s.client.post(`/forms/${s.formId}/grids`, {
      name: 'Meals',
      waves: [],
      columns: [{ kind: 'question', title: 'Meals', question: 'meals' }],
    });
    const gridId = created.headers.location!.split('/')[2];
    const exp = await s.client.request(
      'GET',
      `/grids/${gridId}/export?format=csv`,
      undefined,
      { accept: 'application/json' },
      false,
    );
    expect(exp.statusCode).toBe(422);
    expect(exp.body).toContain('Compute the grid');
    await s.client.post(`/grids/${gridId}/runs`);
    await s.client.post(
      `/grids/${gridId}/runs`,
      {},
      { referer: `http://localhost/grids/${gridId}` },
    );
    const p = (await s.client.page(`/grids/${gridId}`)).props as Page;
    expect(p.errors).toMatchObject({ run: expect.stringContaining('already') });
    await drainJobs(t.app);
    // no waves chosen: every wave the responses carry
    const done = (await s.client.page(`/grids/${gridId}`)).props as Page;
    expect(done.headers.map((h) => h.wave)).toEqual(['baseline']);
    expect(done.rows.rows[0].cells.c1.value).toEqual({ kind: 'question', byWave: { baseline: 1 } });
  });
});
