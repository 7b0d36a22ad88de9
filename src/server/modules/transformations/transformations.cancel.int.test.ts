/**
 * @first-pass-only: on the PostgreSQL server from PG_SERVER_URL on every pass (test/marks.ts)
 * Cancelling a run during its one INSERT … SELECT, on a PostgreSQL server (TEST_DATABASE_URL or
 * PG_SERVER_URL; skipped without one): the job sends pg_cancel_backend to the statement's backend,
 * the statement aborts and rolls back, the run ends cancelled, the output keeps its version.
 *
 * "Before it would have finished" is made a fact, not a timing: the test holds an ACCESS EXCLUSIVE
 * lock on the source dataset's table, so the INSERT (which reads it) is running but cannot end
 * while the lock is held. The run is seen cancelled and the statement gone from pg_stat_activity
 * with the lock still held; without the interrupt the run would stay `running` until the lock
 * goes (the wait below would fail as hung).
 */
import { rmSync } from 'node:fs';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { migrateDatabase, openDatabase } from '../../platform/db/client.js';
import { TEST_APP_KEY } from '../../../../test/helpers/app.js';
import { createServerDatabase, postgresServerUrl } from '../../../../test/helpers/database.js';
import { drainJobs } from '../../../../test/helpers/jobs.js';
import { until } from '../../../../test/helpers/wait.js';
import { datasets, datasetVersions } from '../datasets/read-model.js';
import { sourcesWorld, tempDataDir } from '../sources/test-support.js';
import { idFrom, importCsv } from './transformations.test-support.js';
import { transformationRuns } from './transformations.tables.js';

const serverUrl = postgresServerUrl();
if (!serverUrl)
  console.log(
    'transformations cancel: the PostgreSQL case is skipped (set TEST_DATABASE_URL or PG_SERVER_URL).',
  );

const CSV = 'id,name,score\n1,Ann,20\n2,Ben,5\n3,Cat,30\n4,Dan,40\n';
const STEPS = [{ id: 'keep', enabled: true, kind: 'filter', expression: '${score} >= 10' }];
describe.skipIf(!serverUrl)('cancelling a run during its statement (PostgreSQL)', () => {
  let app: FastifyInstance;
  let url: string;
  let dataDir: string;
  let close: () => Promise<void>;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const created = await createServerDatabase(
      serverUrl!,
      'pw_test',
      process.env.PG_TEMPLATE_DATABASE,
    );
    url = created.url;
    drop = created.drop;
    const database = await openDatabase({ databaseUrl: url, poolSize: 5 });
    if (!process.env.PG_TEMPLATE_DATABASE) await migrateDatabase(database);
    dataDir = tempDataDir();
    app = await buildApp({
      database,
      migrate: false,
      logger: false,
      env: { NODE_ENV: 'test', APP_URL: 'http://localhost:3000' },
      config: { appKey: TEST_APP_KEY, dataDir },
      assets: { version: 'test', dev: false, headTags: '' },
    });
    await app.ready();
    close = async () => {
      await app.close();
      await database.close();
    };
  });
  afterAll(async () => {
    await close?.();
    await drop?.();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('stops the INSERT … SELECT at once: cancelled, nothing written, the previous version stays', async () => {
    const w = await sourcesWorld(app);
    const datasetId = await importCsv(app, w, CSV, 'scores.csv');
    const created = await w.client.post(`/projects/${w.project.id}/transformations`, {
      name: 'Scores',
      datasetId,
    });
    expect(created.statusCode, created.body).toBe(303);
    const id = idFrom(created.headers.location as string, 'transformations');
    const saved = await w.client.request('PUT', `/transformations/${id}/steps`, { steps: STEPS });
    expect(saved.statusCode, saved.body).toBe(303);
    const start = async () => {
      const res = await w.client.post(`/transformations/${id}/runs`, {});
      expect(res.statusCode, res.body).toBe(303);
      return idFrom(res.headers.location as string, 'transformation-runs');
    };
    await start();
    await drainJobs(app);
    const [output] = await app.ctx.db
      .select()
      .from(datasets)
      .where(and(eq(datasets.originId, id), eq(datasets.origin, 'transformation')));
    const before = output.currentVersionId;
    expect(before).toBeTruthy();
    const [source] = await app.ctx.db.select().from(datasets).where(eq(datasets.id, datasetId));
    const [sourceVersion] = await app.ctx.db
      .select()
      .from(datasetVersions)
      .where(eq(datasetVersions.id, source.currentVersionId!));

    const locker = new pg.Client({ connectionString: url });
    const watcher = new pg.Client({ connectionString: url });
    await Promise.all([locker.connect(), watcher.connect()]);
    /** the run's INSERT as pg_stat_activity shows it (its pid), if it is running */
    const insertPid = async () => {
      const r = await watcher.query<{ pid: number }>(
        `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()
           AND state = 'active' AND query ILIKE 'INSERT INTO ds.%'`,
      );
      return r.rows[0]?.pid ?? null;
    };
    let draining: Promise<number> | null = null;
    try {
      await locker.query('BEGIN');
      await locker.query(`LOCK TABLE ds."${sourceVersion.relation}" IN ACCESS EXCLUSIVE MODE`);
      const runId = await start();
      draining = drainJobs(app);
      // the INSERT is running (waiting on the source table, so it cannot end meanwhile)
      await until(async () => (await insertPid()) !== null, 'the run’s INSERT running');
      const pid = (await insertPid())!;
      const page = await w.client.page(`/transformation-runs/${runId}`);
      expect(page.props.run).toMatchObject({ status: 'running', cancelRequested: false });
      expect(page.props.cancelTakesEffect).toBe('now');

      const cancel = await w.client.post(`/transformation-runs/${runId}/cancel`, {});
      expect(cancel.statusCode, cancel.body).toBe(303);
      const runOf = async () =>
        (
          await app.ctx.db.select().from(transformationRuns).where(eq(transformationRuns.id, runId))
        )[0];
      await until(async () => (await runOf()).status !== 'running', 'the run stopped');

      // all of this while the lock is still held: the statement was interrupted, it did not end
      const run = await runOf();
      expect(run).toMatchObject({ status: 'cancelled', failure: 'Cancelled by a user.' });
      const gone = await watcher.query(
        `SELECT 1 FROM pg_stat_activity WHERE pid = $1 AND state = 'active' AND query ILIKE 'INSERT INTO ds.%'`,
        [pid],
      );
      expect(gone.rowCount).toBe(0);
      const [after] = await app.ctx.db.select().from(datasets).where(eq(datasets.id, output.id));
      expect(after.currentVersionId).toBe(before);
      const [version] = await app.ctx.db
        .select()
        .from(datasetVersions)
        .where(eq(datasetVersions.id, run.versionId!));
      expect(version.status).toBe('cancelled');
      // no partial rows: the half-written table is gone
      const table = await watcher.query<{ t: string | null }>('SELECT to_regclass($1) AS t', [
        `ds."${version.relation}"`,
      ]);
      expect(table.rows[0].t).toBeNull();
      const ready = await app.ctx.db
        .select({ id: datasetVersions.id })
        .from(datasetVersions)
        .where(and(eq(datasetVersions.datasetId, output.id), eq(datasetVersions.status, 'ready')));
      expect(ready.map((v) => v.id)).toEqual([before]);
    } finally {
      await locker.query('ROLLBACK').catch(() => {});
      await draining;
      await Promise.all([locker.end(), watcher.end()]);
    }
  });
});
