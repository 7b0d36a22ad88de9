import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { drainJobs, recoverAbandonedJob } from '../../../../test/helpers/jobs.js';
import { jobs } from '../../platform/jobs/index.js';
import { datasets } from '../datasets/read-model.js';
import { sourcesWorld, appWithDataDir } from '../sources/test-support.js';
import { idFrom, importCsv } from './transformations.test-support.js';
import { transformationRuns, transformations } from './transformations.tables.js';

const t = appWithDataDir();

describe('a run whose worker died during its last attempt', () => {
  it('is failed by the clean-up: not left running, the output keeps its previous version', async () => {
    const w = await sourcesWorld(t.app);
    const datasetId = await importCsv(t.app, w, 'id,score\n1,20\n2,5\n3,30\n', 'scores.csv');
    const created = await w.client.post(`/projects/${w.project.id}/transformations`, {
      name: 'Scores',
      datasetId,
    });
    expect(created.statusCode, created.body).toBe(303);
    const id = idFrom(created.headers.location as string, 'transformations');
    const steps = [{ id: 'keep', enabled: true, kind: 'filter', expression: '${score} >= 10' }];
    const saved = await w.client.request('PUT', `/transformations/${id}/steps`, { steps });
    expect(saved.statusCode, saved.body).toBe(303);
    const run = async () => {
      const res = await w.client.post(`/transformations/${id}/runs`, {});
      expect(res.statusCode, res.body).toBe(303);
      return idFrom(res.headers.location as string, 'transformation-runs');
    };
    await run();
    await drainJobs(t.app);
    const [recipe] = await t.app.ctx.db
      .select()
      .from(transformations)
      .where(eq(transformations.id, id));
    const outputOf = async () =>
      (
        await t.app.ctx.db.select().from(datasets).where(eq(datasets.id, recipe.outputDatasetId!))
      )[0];
    const published = (await outputOf()).currentVersionId;
    expect(published).toBeTruthy();

    // the second run: as a SIGKILLed worker leaves it on its last attempt (running, lock stale)
    const second = await run();
    const [row] = await t.app.ctx.db
      .select()
      .from(transformationRuns)
      .where(eq(transformationRuns.id, second));
    await t.app.ctx.db
      .update(transformationRuns)
      .set({ status: 'running' })
      .where(eq(transformationRuns.id, second));
    const runRow = async () =>
      (
        await t.app.ctx.db
          .select()
          .from(transformationRuns)
          .where(eq(transformationRuns.id, second))
      )[0];
    await recoverAbandonedJob(
      t.app,
      row.jobId,
      async () =>
        (await t.app.ctx.db.select().from(jobs).where(eq(jobs.id, row.jobId)))[0].status ===
          'failed' && (await runRow()).status !== 'running',
      'the run and its job failed',
    );
    expect(await runRow()).toMatchObject({ status: 'failed' });
    expect((await runRow()).failure).toContain('stopped twice');
    const [job] = await t.app.ctx.db.select().from(jobs).where(eq(jobs.id, row.jobId));
    expect(job.progress).toMatchObject({ phase: 'failed' });
    expect((await outputOf()).currentVersionId).toBe(published);
    // the page says why, and a new run is accepted and publishes
    const page = await w.client.page(`/transformation-runs/${second}`);
    expect(page.props.run).toMatchObject({ status: 'failed' });
    await run();
    await drainJobs(t.app);
    expect((await outputOf()).currentVersionId).not.toBe(published);
  });
});
