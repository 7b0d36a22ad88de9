import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { drainJobs } from '../../../../test/helpers/jobs.js';
import { datasetVersions } from '../datasets/read-model.js';
import { sourcesWorld, appWithDataDir } from '../sources/test-support.js';
import { importCsv } from './transformations.test-support.js';

const t = appWithDataDir();

type World = Awaited<ReturnType<typeof sourcesWorld>>;

const BASELINE = 'id,name,score\n1,Amina,10\n2,Bakari,20\n3,Chausiku,30\n4,Daudi,40\n';
const ENDLINE = 'id,score,village\n2,25,South\n1,12,North\n2,99,Duplicate\n5,50,East\n';

async function datasetIdByName(w: World, name: string) {
  const page = await w.client.page(`/sources?project=${w.project.id}`);
  return page.props.datasets.find((d: { name: string }) => d.name === name).id as string;
}

async function recipe(w: World, datasetId: string, steps: unknown[]) {
  const created = await w.client.post(`/projects/${w.project.id}/transformations`, {
    name: 'Baseline and endline',
    datasetId,
  });
  expect(created.statusCode, created.body).toBe(303);
  const id = /\/transformations\/([0-9a-f-]{36})/.exec(created.headers.location as string)![1];
  const saved = await w.client.request('PUT', `/transformations/${id}/steps`, { steps });
  return { id, saved };
}

describe('join, append and aggregate through the routes', () => {
  it('joins baseline and endline on the id, runs, and keeps each baseline row as its lineage', async () => {
    const w = await sourcesWorld(t.app);
    await importCsv(t.app, w, BASELINE, 'baseline.csv');
    await importCsv(t.app, w, ENDLINE, 'endline.csv');
    const base = await datasetIdByName(w, 'baseline');
    const end = await datasetIdByName(w, 'endline');
    const join = {
      id: 'join',
      enabled: true,
      kind: 'join',
      datasetId: end,
      how: 'left',
      on: [{ left: 'id', right: 'id' }],
      prefix: 'Endline',
    };
    const { id, saved } = await recipe(w, base, [join]);
    expect(saved.statusCode, saved.body).toBe(303);
    const page = await w.client.page(`/transformations/${id}`);
    expect(page.props.steps[0].error).toBeNull();
    expect(page.props.steps[0].text).toBe(
      'Add to each row the first row of “endline” where “id” = “id”; its columns are prefixed “Endline”.',
    );
    expect(page.props.steps[0].counts).toMatchObject({ rowsIn: 4, rowsOut: 4 });
    expect(page.props.outputColumns.map((c: { key: string }) => c.key)).toEqual([
      'id',
      'name',
      'score',
      'endline_score',
      'endline_village',
    ]);
    expect(page.props.datasets.map((d: { name: string }) => d.name).sort()).toEqual([
      'baseline',
      'endline',
    ]);
    const rows = page.props.preview.rows.map((r: { values: Record<string, unknown> }) => [
      r.values.name,
      r.values.endline_score,
      r.values.endline_village,
    ]);
    expect(rows).toEqual([
      ['Amina', '12', 'North'],
      ['Bakari', '25', 'South'], // the first endline row with id 2
      ['Chausiku', null, null],
      ['Daudi', null, null],
    ]);

    // then group: one row per endline village, with the rows each came from
    const agg = {
      id: 'agg',
      enabled: true,
      kind: 'aggregate',
      groupBy: ['endline_village'],
      aggregates: [
        { fn: 'mean', column: 'score', label: 'Mean score' },
        { fn: 'count', column: '', label: 'People' },
      ],
    };
    await w.client.request('PUT', `/transformations/${id}/steps`, { steps: [join, agg] });
    const run = await w.client.post(`/transformations/${id}/runs`, {});
    expect(run.statusCode, run.body).toBe(303);
    await drainJobs(t.app);
    const after = await w.client.page(`/transformations/${id}`);
    expect(after.props.runs[0]).toMatchObject({ status: 'done', rowsIn: 4, rowsOut: 3 });
    const [v] = await t.app.ctx.db
      .select()
      .from(datasetVersions)
      .where(eq(datasetVersions.datasetId, after.props.output.id));
    const out = (await t.app.ctx.db.execute(
      sql.raw(`SELECT * FROM ds."${v.relation}" ORDER BY _row`),
    )) as unknown as { rows: Array<Record<string, unknown>> };
    expect(
      out.rows.map((r) => [
        Number(r._row),
        Number(r._source_row),
        r.c1,
        Number(r.c2),
        Number(r.c3),
        Number(r.c4),
      ]),
    ).toEqual([
      [1, 1, 'North', 10, 1, 1],
      [2, 2, 'South', 20, 1, 1],
      [3, 3, null, 35, 2, 2], // Chausiku and Daudi: first source row 3
    ]);
  });

  it('refuses a dataset of another team or project on the step’s field, and a type clash on append', async () => {
    const a = await sourcesWorld(t.app);
    await importCsv(t.app, a, BASELINE, 'baseline.csv');
    const aBase = await datasetIdByName(a, 'baseline');
    const b = await sourcesWorld(t.app);
    await importCsv(t.app, b, BASELINE, 'baseline.csv');
    await importCsv(t.app, b, 'id,score\nx,1\n', 'clash.csv');
    const bBase = await datasetIdByName(b, 'baseline');
    const clash = await datasetIdByName(b, 'clash');
    const { id, saved } = await recipe(b, bBase, [
      { id: 'a', enabled: true, kind: 'append', datasetId: aBase },
    ]);
    expect(saved.statusCode).toBe(303);
    const back = await b.client.page(String(saved.headers.location));
    expect(back.props.errors['steps.0.datasetId']).toBe(
      'Pick a dataset of this project that has data.',
    );
    const res = await b.client.request('PUT', `/transformations/${id}/steps`, {
      steps: [{ id: 'a', enabled: true, kind: 'append', datasetId: clash }],
    });
    expect(res.statusCode).toBe(303);
    const page = await b.client.page(`/transformations/${id}`);
    expect(page.props.steps[0].error).toEqual({
      field: 'datasetId',
      message: '“id” is a whole number here and a text in “clash”: change one of the types first.',
    });
    const run = await b.client.post(
      `/transformations/${id}/runs`,
      {},
      {
        referer: `/transformations/${id}`,
      },
    );
    const refused = await b.client.page(String(run.headers.location));
    expect(refused.props.errors.steps).toMatch(/^Step 1: “id” is a whole number here/);
  });
});
