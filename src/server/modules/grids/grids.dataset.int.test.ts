import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { signedInUser } from '../../../../test/helpers/auth.js';
import { createTeamFor } from '../../../../test/helpers/team-membership.js';
import { drainJobs } from '../../../../test/helpers/jobs.js';
import { versionOfJob } from '../datasets/index.js';
import { latestGridRun } from './grids.queries.js';
import { runGrid } from './grids.job.js';
import { sourcesWorld, startFileImport, appWithDataDir } from '../sources/test-support.js';
import type {
  IntelligentGridProps,
  IntelligentGridsProps,
} from '../../../shared/grids/grids.pages.js';
import { finishedRunShape } from './grids.test-support.js';

const t = appWithDataDir();

type Page = IntelligentGridProps & { errors: Record<string, string> };

/** 12 households: meals 2,3,1,2,3,1...; water well on odd rows, tap on even ones, row 5 empty */
const meals = (i: number) => (i % 3) + 1;
const water = (i: number) => (i === 5 ? '' : i % 2 ? 'well' : 'tap');
const csv = (change: (i: number) => number = meals) =>
  Buffer.from(
    `household,meals,water\n${Array.from({ length: 12 }, (_, k) => k + 1)
      .map((i) => `H${i},${change(i)},${water(i)}`)
      .join('\n')}\n`,
  );

describe('an intelligent grid over a dataset', () => {
  it('has one row per dataset row, cells citing row cells, a summary, pages, an export, a re-run on a new version, and 404 for another team', async () => {
    const w = await sourcesWorld(t.app);
    const setInteger = (cols: Array<Record<string, unknown>>) => {
      for (const c of cols) if (c.label === 'meals') c.type = 'integer';
    };
    const first = await startFileImport(w.client, w.project.id, csv(), 'households.csv', {
      change: setInteger,
    });
    await drainJobs(t.app);
    const version = await versionOfJob(t.app.ctx.db, w.team.id, first.jobId);
    expect(version.status).toBe('ready');
    const datasetId = version.datasetId;

    // the dataset's grids page offers its columns, no waves, no intelligent columns
    const list = (await w.client.page(`/datasets/${datasetId}/grids`))
      .props as IntelligentGridsProps;
    expect(list.form).toBeNull();
    expect(list.dataset).toMatchObject({ id: datasetId, version: { number: 1, rows: 12 } });
    expect(list.options.questions.map((q) => [q.key, q.type])).toEqual([
      ['household', 'short_text'],
      ['meals', 'integer'],
      ['water', expect.any(String)],
    ]);
    expect(list.options).toMatchObject({
      waves: [],
      intelligentColumns: [],
      stakeholderColumn: null,
    });

    // a wave or an unknown column is refused on its field
    const bad = await w.client.post(`/datasets/${datasetId}/grids`, {
      name: 'Bad',
      waves: ['baseline'],
      byStakeholder: true,
      columns: [{ kind: 'question', title: 'Nope', question: 'nope' }],
    });
    expect(bad.statusCode).toBe(303);
    const refused = (await w.client.page(`/datasets/${datasetId}/grids`)).props as {
      errors: Record<string, string>;
    };
    expect(refused.errors).toMatchObject({
      'waves.0': 'A dataset has no waves: its grid reads each row once.',
      'columns.0.question': 'Not a column of this dataset: nope.',
      byStakeholder:
        'This dataset names no stakeholder id column (or it is hidden): choose one on the source first.',
    });

    const created = await w.client.post(`/datasets/${datasetId}/grids`, {
      name: 'Households',
      waves: [],
      columns: [
        { kind: 'question', title: 'Meals', question: 'meals' },
        { kind: 'question', title: 'Water', question: 'water' },
        {
          kind: 'prompt',
          title: 'Food and water',
          prompt: 'Is this household food secure?',
          questions: ['meals', 'water'],
        },
      ],
    });
    expect(created.statusCode, created.body).toBe(303);
    const gridId = created.headers.location!.split('/')[2];
    expect((await w.client.post(`/grids/${gridId}/runs`)).statusCode).toBe(303);
    await drainJobs(t.app);

    const page = async (query = '') =>
      (await w.client.page(`/grids/${gridId}${query}`)).props as Page;
    const p1 = await page();
    expect(p1.form).toBeNull();
    expect(p1.dataset).toMatchObject({ id: datasetId });
    expect(p1.run).toMatchObject({ status: 'done', total: 12, engine: 'offline', reused: 0 });
    expect(p1.headers).toEqual([
      { column: 'c1', kind: 'question', title: 'Meals', wave: null },
      { column: 'c2', kind: 'question', title: 'Water', wave: null },
      { column: 'c3', kind: 'prompt', title: 'Food and water', wave: null },
    ]);
    // paging: 10 rows then 2, in row order
    expect(p1.rows).toMatchObject({ page: 1, perPage: 10, total: 12 });
    expect(p1.rows.rows.map((r) => r.label)).toEqual(
      Array.from({ length: 10 }, (_, k) => `Row ${k + 1}`),
    );
    const p2 = await page('?page=2');
    expect(p2.rows.rows.map((r) => r.key)).toEqual(['r11', 'r12']);

    // row 1: meals 2, water well; each cell cites the row's cell (column key + row number)
    const row1 = p1.rows.rows[0];
    expect(row1.cells.c1).toEqual({
      value: { kind: 'question', byWave: { '(row)': 2 } },
      citations: [{ responseId: null, row: 1, question: 'meals', wave: null, quote: '2' }],
    });
    expect(row1.cells.c2.citations).toEqual([
      { responseId: null, row: 1, question: 'water', wave: null, quote: 'well' },
    ]);
    expect(row1.cells.c3.value).toMatchObject({
      kind: 'prompt',
      engine: 'offline',
      status: 'answered',
      text: 'meals: 2 [1]. water: well [2]. Offline: the row’s values only; “Is this household food secure?” itself needs a model to be answered in words.',
    });
    expect(row1.cells.c3.citations).toEqual([
      { responseId: null, row: 1, question: 'meals', wave: null, quote: '2' },
      { responseId: null, row: 1, question: 'water', wave: null, quote: 'well' },
    ]);
    // row 5: water empty, not cited
    const row5 = p1.rows.rows[4];
    expect(row5.cells.c2).toEqual({
      value: { kind: 'question', byWave: { '(row)': null } },
      citations: [],
    });
    expect((row5.cells.c3.value as { text: string }).text).toMatch(
      /^meals: 3 \[1\]\. water: empty\./,
    );

    // the summary over all 12 rows: mean meals 2 (4 of each of 1, 2, 3); water 11 answered
    expect(p1.summary).toEqual({
      c1: ['mean 2 (n 12)'],
      c2: ['11 answered', 'tap ×6', 'well ×5'],
      c3: ['answered 12 · refused 0 · no data 0'],
    });

    // export: one line per row, the prompt's citations by row number, the summary last
    const exp = await w.client.request('GET', `/grids/${gridId}/export?format=csv`, undefined, {});
    expect(exp.statusCode).toBe(200);
    const lines = Papa.parse<string[]>(exp.body.replace(/^\ufeff/, ''), {
      skipEmptyLines: true,
    }).data;
    expect(lines).toHaveLength(14);
    expect(lines[0]).toEqual([
      'row',
      'Meals',
      'Water',
      'Food and water',
      'Food and water · citations',
    ]);
    expect(lines[1].slice(0, 3)).toEqual(['Row 1', '2', 'well']);
    expect(lines[1][4]).toBe('[1] row 1 meals: 2 | [2] row 1 water: well');
    expect(lines[13].slice(0, 3)).toEqual([
      'Summary',
      'mean 2 (n 12)',
      '11 answered | tap ×6 | well ×5',
    ]);

    // a new version where only row 3's meals changed: re-run carries the other 11 rows over
    await startFileImport(
      w.client,
      w.project.id,
      csv((i) => (i === 3 ? 7 : meals(i))),
      'h2.csv',
      {
        datasetId,
        change: setInteger,
      },
    );
    await drainJobs(t.app);
    expect((await w.client.post(`/grids/${gridId}/runs`)).statusCode).toBe(303);
    await drainJobs(t.app);
    const again = await page();
    expect(again.dataset).toMatchObject({ version: { number: 2, rows: 12 } });
    expect(again.run).toMatchObject({ status: 'done', total: 12, reused: 33 });
    expect(again.rows.rows[2].cells.c1.value).toEqual({ kind: 'question', byWave: { '(row)': 7 } });
    // (2+3+7+2+3+1+2+3+1+2+3+1)/12 = 30/12
    expect(again.summary.c1).toEqual(['mean 2.5 (n 12)']);

    // another team: the dataset and the grid answer 404, and nothing is created
    const { user: other, client: otherClient } = await signedInUser(t.app);
    await createTeamFor(t.app, other.id);
    const otherCreate = await otherClient.post(`/datasets/${datasetId}/grids`, {
      name: 'Theirs',
      waves: [],
      columns: [{ kind: 'question', title: 'Meals', question: 'meals' }],
    });
    expect(otherCreate.statusCode).toBe(404);
    expect((await otherClient.get(`/datasets/${datasetId}/grids`)).statusCode).toBe(404);
    expect((await otherClient.get(`/grids/${gridId}`)).statusCode).toBe(404);
    expect((await otherClient.get(`/grids/${gridId}/export?format=csv`)).statusCode).toBe(404);
    const mine = (await w.client.page(`/datasets/${datasetId}/grids`))
      .props as IntelligentGridsProps;
    expect(mine.grids.map((g) => g.name)).toEqual(['Households']);
  });
});

/**
 * A baseline and an endline (and for H3 a follow-up) row per household, one row with no
 * household, H4 with only a baseline: household, wave, meals (integer), water (category).
 */
const PANEL = `household,wave,meals,water
H1,baseline,2,well
H2,baseline,1,tap
H3,baseline,3,well
H1,endline,3,tap
H2,endline,1,tap
,baseline,2,well
H3,endline,2,well
H3,followup,4,tap
H4,baseline,1,
`;

describe('an intelligent grid over a dataset, one row per stakeholder', () => {
  it('groups each stakeholder’s rows into one row, cites every row read, reads the same cells in pages of 2, and answers 404 to another team', async () => {
    const w = await sourcesWorld(t.app);
    const first = await startFileImport(w.client, w.project.id, Buffer.from(PANEL), 'panel.csv', {
      stakeholderColumn: 0,
      change: (cols) => {
        for (const c of cols) {
          if (c.label === 'meals') c.type = 'integer';
          if (c.label === 'water') c.type = 'category';
        }
      },
    });
    await drainJobs(t.app);
    const version = await versionOfJob(t.app.ctx.db, w.team.id, first.jobId);
    expect(version.status).toBe('ready');
    const datasetId = version.datasetId;
    const list = (await w.client.page(`/datasets/${datasetId}/grids`))
      .props as IntelligentGridsProps;
    expect(list.options.stakeholderColumn).toEqual({ key: 'household', label: 'household' });

    const definition = {
      waves: [],
      byStakeholder: true,
      columns: [
        { kind: 'question', title: 'Meals', question: 'meals' },
        {
          kind: 'prompt',
          title: 'Change',
          prompt: 'How did this household’s situation change between baseline and endline?',
          questions: ['meals', 'water'],
        },
      ],
    };
    const created = await w.client.post(`/datasets/${datasetId}/grids`, {
      name: 'Households',
      ...definition,
    });
    expect(created.statusCode, created.body).toBe(303);
    const gridId = created.headers.location!.split('/')[2];
    expect((await w.client.post(`/grids/${gridId}/runs`)).statusCode).toBe(303);
    await drainJobs(t.app);
    const p = (await w.client.page(`/grids/${gridId}`)).props as Page;
    expect(p.grid.byStakeholder).toBe(true);
    // 4 households, then the row with no household on its own
    expect(p.run).toMatchObject({ status: 'done', total: 5, processed: 5 });
    expect(p.rows.rows.map((r) => [r.key, r.label])).toEqual([
      ['s:H1', 'H1 · rows 1, 4'],
      ['s:H2', 'H2 · rows 2, 5'],
      ['s:H3', 'H3 · rows 3, 7, 8'],
      ['s:H4', 'H4 · row 9'],
      ['r6', 'Row 6'],
    ]);
    const [h1, , h3, h4, loose] = p.rows.rows;
    const cite = (row: number, question: string, quote: string) => ({
      responseId: null,
      row,
      question,
      wave: null,
      quote,
    });
    // a question column: every row's value in row order, citing each row
    expect(h1.cells.c1).toEqual({
      value: { kind: 'question', byWave: { '(row)': ['2', '3'] } },
      citations: [cite(1, 'meals', '2'), cite(4, 'meals', '3')],
    });
    expect(h3.cells.c1.citations.map((c) => c.row)).toEqual([3, 7, 8]);
    // one row: its value as it is
    expect(h4.cells.c1).toEqual({
      value: { kind: 'question', byWave: { '(row)': 1 } },
      citations: [cite(9, 'meals', '1')],
    });
    // the prompt column compares the stakeholder's rows, each named by its number, citing all
    expect(h1.cells.c2.value).toMatchObject({
      kind: 'prompt',
      status: 'answered',
      text: 'meals: 2 (row 1) → 3 (row 4), +1 [1, 2]. water: well (row 1) → tap (row 4) [3, 4]. Offline comparison of the stakeholder’s rows only: “How did this household’s situation change between baseline and endline?” itself needs a model to be answered in words.',
      deltas: { meals: 1 },
    });
    expect(h1.cells.c2.citations).toEqual([
      cite(1, 'meals', '2'),
      cite(4, 'meals', '3'),
      cite(1, 'water', 'well'),
      cite(4, 'water', 'tap'),
    ]);
    expect((h3.cells.c2.value as { text: string }).text).toMatch(
      /^meals: 3 \(row 3\) → 2 \(row 7\) → 4 \(row 8\), \+1 \[1, 2, 3\]\./,
    );
    expect(h3.cells.c2.citations).toHaveLength(6);
    expect((loose.cells.c2.value as { text: string }).text).toMatch(
      /^meals: 2 \[1\]\. water: well \[2\]\. Offline: the row’s values only/,
    );
    // the mean change is over the households with two rows or more (+1, 0, +1)
    expect(p.summary.c2.slice(0, 2)).toEqual([
      'answered 5 · refused 0 · no data 0',
      'meals: mean change +0.67 (n 3)',
    ]);

    // the same grid read 2 source rows at a time: a stakeholder's rows cross page ends
    const twin = await w.client.post(`/datasets/${datasetId}/grids`, {
      name: 'Households again',
      ...definition,
    });
    const twinId = twin.headers.location!.split('/')[2];
    expect((await w.client.post(`/grids/${twinId}/runs`)).statusCode).toBe(303);
    const queued = (await latestGridRun(t.app.ctx.db, twinId))!;
    await runGrid(t.app.ctx, queued.id, { pageSize: 2 });
    await drainJobs(t.app);
    const shape = (gid: string) => finishedRunShape(t.app.ctx.db, gid);
    const paged = await shape(twinId);
    expect(paged.cells).toHaveLength(10);
    expect(paged).toEqual(await shape(gridId));

    // another team: the dataset answers 404, grouped or not, and nothing is created
    const { user: other, client: otherClient } = await signedInUser(t.app);
    await createTeamFor(t.app, other.id);
    const theirs = await otherClient.post(`/datasets/${datasetId}/grids`, {
      name: 'Theirs',
      ...definition,
    });
    expect(theirs.statusCode).toBe(404);
    expect((await otherClient.get(`/grids/${gridId}`)).statusCode).toBe(404);
    const mine = (await w.client.page(`/datasets/${datasetId}/grids`))
      .props as IntelligentGridsProps;
    expect(mine.grids.map((g) => g.name)).toEqual(['Households', 'Households again']);
  });
});
