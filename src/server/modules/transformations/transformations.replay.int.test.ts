import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { drainJobs } from '../../../../test/helpers/jobs.js';
import { datasets, datasetVersions } from '../datasets/read-model.js';
import { sourcesWorld, appWithDataDir } from '../sources/test-support.js';
import { idFrom, importCsv } from './transformations.test-support.js';
import { transformationRuns } from './transformations.tables.js';

const t = appWithDataDir();

type World = Awaited<ReturnType<typeof sourcesWorld>>;
const FIRST = 'id,name,score\n1,Ann,20\n2,Ben,5\n3,Cat,30\n4,Dan,40\n5,Eve,50\n';
/** Ben now passes the filter (added), Cat no longer (removed), Dan's score and Eve's name change,
 * Fay is new (added) */
const SECOND = 'id,name,score\n1,Ann,20\n2,Ben,15\n3,Cat,3\n4,Dan,41\n5,Eva,50\n6,Fay,60\n';
const STEPS = [{ id: 'keep', enabled: true, kind: 'filter', expression: '${score} >= 10' }];

/** A recipe keeping the rows scoring 10 or more, run once */
async function recipe(w: World, name: string, datasetId: string) {
  const created = await w.client.post(`/projects/${w.project.id}/transformations`, {
    name,
    datasetId,
  });
  expect(created.statusCode, created.body).toBe(303);
  const id = idFrom(created.headers.location as string, 'transformations');
  const saved = await w.client.request('PUT', `/transformations/${id}/steps`, { steps: STEPS });
  expect(saved.statusCode, saved.body).toBe(303);
  return id;
}

async function run(w: World, id: string) {
  const res = await w.client.post(`/transformations/${id}/runs`, {});
  expect(res.statusCode, res.body).toBe(303);
  return idFrom(res.headers.location as string, 'transformation-runs');
}

const runsOf = (id: string) =>
  t.app.ctx.db
    .select()
    .from(transformationRuns)
    .where(eq(transformationRuns.transformationId, id))
    .orderBy(transformationRuns.createdAt);

describe('replay with a per-row diff', () => {
  it('re-runs a recipe set to replay when its source gets a new version, and diffs the rows', async () => {
    const w = await sourcesWorld(t.app);
    const datasetId = await importCsv(t.app, w, FIRST, 'scores.csv');
    const auto = await recipe(w, 'Scores (auto)', datasetId);
    const manual = await recipe(w, 'Scores (manual)', datasetId);
    const show = await w.client.page(`/transformations/${auto}`);
    expect(show.props.transformation.autoRun).toBe(false); // off by default
    const set = await w.client.request('PUT', `/transformations/${auto}/settings`, {
      autoRun: true,
    });
    expect(set.statusCode, set.body).toBe(303);
    expect((await w.client.page(`/transformations/${auto}`)).props.transformation.autoRun).toBe(
      true,
    );

    const first = await run(w, auto);
    await run(w, manual);
    await drainJobs(t.app);
    const firstPage = await w.client.page(`/transformation-runs/${first}`);
    expect(firstPage.props.run).toMatchObject({ status: 'done', rowsOut: 4, diff: null });
    expect(firstPage.props.diff).toBeNull(); // nothing to compare with yet

    // the source gets a new version: the recipe set to replay runs again, the other does not
    await importCsv(t.app, w, SECOND, 'scores.csv', datasetId);
    const autoRuns = await runsOf(auto);
    expect(autoRuns.map((r) => [r.trigger, r.status])).toEqual([
      ['manual', 'done'],
      ['auto', 'done'],
    ]);
    expect((await runsOf(manual)).length).toBe(1);
    const replay = autoRuns[1];
    expect(replay).toMatchObject({
      rowsOut: 5,
      diffAdded: 2,
      diffRemoved: 1,
      diffChanged: 2,
      diffBaseRows: 4,
    });

    const page = await w.client.page(`/transformation-runs/${replay.id}`);
    expect(page.props.run).toMatchObject({
      trigger: 'auto',
      diff: { added: 2, removed: 1, changed: 2 },
    });
    const diff = page.props.diff;
    expect(diff).toMatchObject({
      base: { versionNumber: 1, rows: 4 },
      removedShare: 0.25,
      filter: 'all',
      page: 1,
      pageCount: 1,
      addedColumns: [],
      removedColumns: [],
    });
    expect(diff.columns.map((c: { key: string }) => c.key)).toEqual(['id', 'name', 'score']);
    const brief = (r: Record<string, unknown>) => [r.kind, r.sourceRow, r.changed];
    expect(diff.rows.map(brief)).toEqual([
      ['added', 2, []],
      ['removed', 3, []],
      ['changed', 4, ['score']],
      ['changed', 5, ['name']],
      ['added', 6, []],
    ]);
    expect(diff.rows[2]).toMatchObject({
      old: { id: '4', name: 'Dan', score: '40' },
      new: { id: '4', name: 'Dan', score: '41' },
    });
    expect(diff.rows[1]).toMatchObject({ old: { name: 'Cat', score: '30' }, new: null });
    expect(diff.rows[4]).toMatchObject({ old: null, new: { name: 'Fay', score: '60' } });

    const changed = await w.client.page(`/transformation-runs/${replay.id}?diff=changed`);
    expect(changed.props.diff.rows.map(brief)).toEqual([
      ['changed', 4, ['score']],
      ['changed', 5, ['name']],
    ]);
    expect(changed.props.diff.rows[1]).toMatchObject({
      old: { name: 'Eve' },
      new: { name: 'Eva' },
    });
    const removed = await w.client.page(`/transformation-runs/${replay.id}?diff=removed&page=9`);
    expect(removed.props.diff).toMatchObject({ filter: 'removed', page: 1, pageCount: 1 });
    expect(removed.props.diff.rows.map(brief)).toEqual([['removed', 3, []]]);
  });

  it('cancels a queued run and a running one: the output version is not published', async () => {
    const w = await sourcesWorld(t.app);
    const datasetId = await importCsv(t.app, w, FIRST, 'scores.csv');
    const id = await recipe(w, 'Scores', datasetId);
    await run(w, id);
    await drainJobs(t.app);
    const [{ outputDatasetId }] = await t.app.ctx.db
      .select({ outputDatasetId: datasets.id })
      .from(datasets)
      .where(and(eq(datasets.originId, id), eq(datasets.origin, 'transformation')));
    const currentOf = async () =>
      (await t.app.ctx.db.select().from(datasets).where(eq(datasets.id, outputDatasetId)))[0]
        .currentVersionId;
    const before = await currentOf();

    // queued: cancelled at once, and its job does nothing
    const queued = await run(w, id);
    const cancel = await w.client.post(`/transformation-runs/${queued}/cancel`, {});
    expect(cancel.statusCode, cancel.body).toBe(303);
    let page = await w.client.page(`/transformation-runs/${queued}`);
    expect(page.props.run).toMatchObject({ status: 'cancelled', cancelRequested: true });
    await drainJobs(t.app);
    page = await w.client.page(`/transformation-runs/${queued}`);
    expect(page.props.run).toMatchObject({ status: 'cancelled', versionNumber: null });
    expect(await currentOf()).toBe(before);

    // running (a worker has it): asked to stop, the job stops before publishing anything
    const running = await run(w, id);
    await t.app.ctx.db
      .update(transformationRuns)
      .set({ status: 'running' })
      .where(eq(transformationRuns.id, running));
    expect((await w.client.post(`/transformation-runs/${running}/cancel`, {})).statusCode).toBe(
      303,
    );
    page = await w.client.page(`/transformation-runs/${running}`);
    expect(page.props.run).toMatchObject({ status: 'running', cancelRequested: true });
    await drainJobs(t.app);
    page = await w.client.page(`/transformation-runs/${running}`);
    expect(page.props.run).toMatchObject({ status: 'cancelled', failure: 'Cancelled by a user.' });
    expect(await currentOf()).toBe(before);
    const versions = await t.app.ctx.db
      .select({ status: datasetVersions.status })
      .from(datasetVersions)
      .where(eq(datasetVersions.datasetId, outputDatasetId));
    expect(versions.map((v) => v.status)).toEqual(['ready']);

    // an ended run cannot be cancelled (a field error); another team's run is a 404
    const again = await w.client.post(
      `/transformation-runs/${running}/cancel`,
      {},
      { referer: `/transformation-runs/${running}` },
    );
    const back = await w.client.page(String(again.headers.location));
    expect(back.props.errors).toMatchObject({ run: 'This run has already ended.' });
    const other = await sourcesWorld(t.app);
    const json = { accept: 'application/json' };
    expect(
      (await other.client.request('POST', `/transformation-runs/${queued}/cancel`, {}, json))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await other.client.request(
          'PUT',
          `/transformations/${id}/settings`,
          { autoRun: true },
          json,
        )
      ).statusCode,
    ).toBe(404);
  });
});
