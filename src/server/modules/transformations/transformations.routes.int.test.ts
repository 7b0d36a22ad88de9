import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { drainJobs } from '../../../../test/helpers/jobs.js';
import { datasets, datasetVersions } from '../datasets/read-model.js';
import { sourcesWorld, appWithDataDir } from '../sources/test-support.js';
import { CLEANING_STEPS, idFrom, importCsv, MESSY_CSV } from './transformations.test-support.js';
import { transformationRuns } from './transformations.tables.js';

const t = appWithDataDir();

type World = Awaited<ReturnType<typeof sourcesWorld>>;

/** A refused write: back to the form with its field errors */
async function fieldErrors(
  w: World,
  res: { statusCode: number; headers: Record<string, unknown> },
) {
  expect(res.statusCode).toBe(303);
  const back = await w.client.page(String(res.headers.location));
  return back.props.errors as Record<string, string>;
}

describe('a whole recipe, through the routes', () => {
  it('creates, previews each step with counts, runs, and writes an output dataset with lineage', async () => {
    const w = await sourcesWorld(t.app);
    const datasetId = await importCsv(t.app, w, MESSY_CSV);

    const empty = await w.client.page(`/projects/${w.project.id}/transformations`);
    expect(empty.component).toBe('transformations/index');
    expect(empty.props).toMatchObject({ transformations: [], datasetCount: 1 });

    const created = await w.client.post(`/projects/${w.project.id}/transformations`, {
      name: 'Survey (clean)',
      datasetId,
    });
    expect(created.statusCode, created.body).toBe(303);
    const id = idFrom(created.headers.location as string, 'transformations');

    const saved = await w.client.request('PUT', `/transformations/${id}/steps`, {
      steps: CLEANING_STEPS,
    });
    expect(saved.statusCode, saved.body).toBe(303);

    const page = await w.client.page(`/transformations/${id}`);
    expect(page.component).toBe('transformations/show');
    const counts = page.props.steps.map((s: { counts: Record<string, unknown> }) => [
      s.counts.rowsIn,
      s.counts.rowsOut,
      s.counts.valuesChanged,
      s.counts.failed,
    ]);
    expect(counts).toEqual([
      [7, 7, 3, 0], // " Amina ", "Female ", " M"
      [7, 7, 5, 0], // F, M, Female, M, f recoded ("male" stays)
      [7, 6, 0, 0], // the TEST row
      [6, 5, 0, 0], // Bakari's second row
      [5, 5, 1, 1], // "unknown" is not a whole number
    ]);
    expect(page.props.steps[4].counts.failedValues).toEqual(['unknown']);
    expect(page.props.steps[1].text).toBe(
      'In “sex”, replace “M” with “male”, “male” with “male”, “F” with “female” and “female” with “female” (ignoring case and surrounding spaces).',
    );
    expect(page.props.sql.text).toMatch(
      /^WITH s0 AS \(SELECT _row, c1, c2, c3, c4, c5 FROM ds\."v_/,
    );
    expect(page.props.sql.text).not.toContain('TEST');
    expect(page.props.sql.params).toContain('TEST');
    expect(page.props.recipeText.split('\n')).toEqual([
      '1. Trim spaces around the values of “name” and “sex”.',
      page.props.steps[1].text.replace(/^/, '2. '),
      "3. Keep the rows where “name” != 'TEST'.",
      '4. Remove duplicate rows (the same “name”, “sex” and “age”), keeping the first.',
      '5. Column “age”: rename it “Age (years)”, change its type to whole number (values that do not convert become empty).',
    ]);
    expect(page.props.preview.after).toBe(5);
    expect(
      page.props.preview.rows.map((r: { values: Record<string, unknown> }) => r.values.sex),
    ).toEqual(['female', 'male', 'female', 'male', 'female']);

    // the data view after a chosen step
    const after2 = await w.client.page(`/transformations/${id}?after=2`);
    expect(after2.props.preview.after).toBe(2);
    expect(after2.props.preview.rows).toHaveLength(7);

    const run = await w.client.post(`/transformations/${id}/runs`, {});
    expect(run.statusCode, run.body).toBe(303);
    const runId = idFrom(run.headers.location as string, 'transformation-runs');
    await drainJobs(t.app);
    const status = await w.client.page(`/transformation-runs/${runId}`);
    expect(status.component).toBe('transformations/status');
    expect(status.props.run.failure).toBeNull();
    expect(status.props.run).toMatchObject({
      status: 'done',
      rowsIn: 7,
      rowsOut: 5,
      versionNumber: 1,
    });

    const outputId = status.props.output.id as string;
    const [out] = await t.app.ctx.db.select().from(datasets).where(eq(datasets.id, outputId));
    expect(out).toMatchObject({ origin: 'transformation', originId: id, name: 'Survey (clean)' });
    const show = await w.client.page(`/sources/${outputId}`);
    expect(show.component).toBe('sources/show');
    expect(show.props.columns.map((c: { key: string }) => c.key)).toEqual([
      'id',
      'name',
      'sex',
      'age',
      'village',
    ]);
    expect(show.props.columns[3]).toMatchObject({ label: 'Age (years)', type: 'integer' });
    const values = show.props.rows.rows.map((r: { values: Record<string, unknown> }) => [
      r.values.name,
      r.values.sex,
      r.values.age,
    ]);
    expect(values).toEqual([
      ['Amina', 'female', 34],
      ['Bakari', 'male', 41],
      ['Chausiku', 'female', 29],
      ['Daudi', 'male', 52],
      ['Esther', 'female', null],
    ]);
    // lineage: every output row knows the source row it came from
    const [v] = await t.app.ctx.db
      .select()
      .from(datasetVersions)
      .where(eq(datasetVersions.datasetId, outputId));
    const lineage = (await t.app.ctx.db.execute(
      sql.raw(`SELECT _row, _source_row FROM ds."${v.relation}" ORDER BY _row`),
    )) as unknown as { rows: Array<{ _row: unknown; _source_row: unknown }> };
    expect(lineage.rows.map((r) => [Number(r._row), Number(r._source_row)])).toEqual([
      [1, 1],
      [2, 2],
      [3, 4],
      [4, 5],
      [5, 7],
    ]);
    // it is listed with the project's sources
    const list = await w.client.page(`/sources?project=${w.project.id}`);
    expect(list.props.datasets.map((d: { name: string }) => d.name)).toContain('Survey (clean)');

    // a second run is a new version of the same output
    await w.client.post(`/transformations/${id}/runs`, {});
    await drainJobs(t.app);
    const again = await w.client.page(`/transformations/${id}`);
    expect(again.props.runs.map((r: { versionNumber: number }) => r.versionNumber)).toEqual([2, 1]);
    expect(again.props.output.id).toBe(outputId);

    // deleting the recipe keeps its output: a dataset like any other
    const deleted = await w.client.request('DELETE', `/transformations/${id}`);
    expect(deleted.statusCode).toBe(303);
    expect(deleted.headers.location).toBe(`/projects/${w.project.id}/transformations`);
    const [kept] = await t.app.ctx.db.select().from(datasets).where(eq(datasets.id, outputId));
    expect(kept?.name).toBe('Survey (clean)');
  });

  it('a step that does not compile: marked with its error, and the run refused', async () => {
    const w = await sourcesWorld(t.app);
    const datasetId = await importCsv(t.app, w, MESSY_CSV);
    const created = await w.client.post(`/projects/${w.project.id}/transformations`, {
      name: 'Bad',
      datasetId,
    });
    const id = idFrom(created.headers.location as string, 'transformations');
    await w.client.request('PUT', `/transformations/${id}/steps`, {
      steps: [
        CLEANING_STEPS[0],
        { id: 'bad', enabled: true, kind: 'filter', expression: '${agee} > 3' },
      ],
    });
    const page = await w.client.page(`/transformations/${id}`);
    expect(page.props.steps[0].counts.rowsOut).toBe(7);
    expect(page.props.steps[1].error).toEqual({
      field: 'expression',
      message: 'Unknown column `agee` (at character 1).',
    });
    expect(page.props.sql).toBeNull();
    const back = { referer: `/transformations/${id}` };
    const run = await w.client.post(`/transformations/${id}/runs`, {}, back);
    expect((await fieldErrors(w, run)).steps).toMatch(/Step 2: Unknown column `agee`/);
    // a bad spec is an error on its field
    const bad = await w.client.request(
      'PUT',
      `/transformations/${id}/steps`,
      { steps: [{ id: 'x', enabled: true, kind: 'dedupe', columns: [], keep: 'first' }] },
      back,
    );
    expect(Object.keys(await fieldErrors(w, bad))).toContain('steps.0.columns');
  });

  it('another team’s transformation, run and dataset are 404s', async () => {
    const a = await sourcesWorld(t.app);
    const datasetId = await importCsv(t.app, a, MESSY_CSV);
    const created = await a.client.post(`/projects/${a.project.id}/transformations`, {
      name: 'Mine',
      datasetId,
    });
    const id = idFrom(created.headers.location as string, 'transformations');
    const run = await a.client.post(`/transformations/${id}/runs`, {});
    const runId = idFrom(run.headers.location as string, 'transformation-runs');
    await drainJobs(t.app);

    const b = await sourcesWorld(t.app);
    const json = { accept: 'application/json' };
    expect(
      (await b.client.request('GET', `/transformations/${id}`, undefined, json)).statusCode,
    ).toBe(404);
    expect(
      (await b.client.request('PUT', `/transformations/${id}/steps`, { steps: [] }, json))
        .statusCode,
    ).toBe(404);
    expect(
      (await b.client.request('POST', `/transformations/${id}/runs`, {}, json)).statusCode,
    ).toBe(404);
    expect(
      (await b.client.request('DELETE', `/transformations/${id}`, undefined, json)).statusCode,
    ).toBe(404);
    expect(
      (await b.client.request('GET', `/transformation-runs/${runId}`, undefined, json)).statusCode,
    ).toBe(404);
    expect(
      (await b.client.request('GET', `/projects/${a.project.id}/transformations`, undefined, json))
        .statusCode,
    ).toBe(404);
    // B cannot point a recipe of its own project at A's dataset
    const steal = await b.client.post(
      `/projects/${b.project.id}/transformations`,
      { name: 'Theirs', datasetId },
      { referer: `/projects/${b.project.id}/transformations/create` },
    );
    expect((await fieldErrors(b, steal)).datasetId).toBe('Pick a dataset of this project.');
  });
});

describe('a run retried after the worker stopped', () => {
  it('drops the half-written version and runs again', async () => {
    const w = await sourcesWorld(t.app);
    const datasetId = await importCsv(t.app, w, MESSY_CSV);
    const created = await w.client.post(`/projects/${w.project.id}/transformations`, {
      name: 'Retried',
      datasetId,
    });
    const id = idFrom(created.headers.location as string, 'transformations');
    await w.client.request('PUT', `/transformations/${id}/steps`, { steps: CLEANING_STEPS });
    const first = await w.client.post(`/transformations/${id}/runs`, {});
    await drainJobs(t.app);
    const outputId = (await w.client.page(`/transformations/${id}`)).props.output.id as string;
    // the second run's worker "stopped" after it began its version
    const second = await w.client.post(`/transformations/${id}/runs`, {});
    const runId = idFrom(second.headers.location as string, 'transformation-runs');
    const [{ id: half }] = await t.app.ctx.db
      .insert(datasetVersions)
      .values({
        teamId: w.team.id,
        datasetId: outputId,
        number: 2,
        status: 'importing',
        relation: `v_${'a'.repeat(32)}`,
      })
      .returning();
    await t.app.ctx.db
      .update(transformationRuns)
      .set({ status: 'running', versionId: half })
      .where(eq(transformationRuns.id, runId));
    await drainJobs(t.app);
    const status = await w.client.page(`/transformation-runs/${runId}`);
    expect(status.props.run).toMatchObject({ status: 'done', rowsOut: 5, versionNumber: 3 });
    const versions = await t.app.ctx.db
      .select()
      .from(datasetVersions)
      .where(eq(datasetVersions.datasetId, outputId));
    expect(versions.map((v) => [v.number, v.status]).sort()).toEqual([
      [1, 'superseded'],
      [2, 'failed'],
      [3, 'ready'],
    ]);
    expect(first.statusCode).toBe(303);
  });
});
