/**
 * @first-pass-only: its embedded and PostgreSQL-server variants run on every pass (test/marks.ts)
 * @runs-long: started first (test/sequencer.ts)
 * An import survives the death of its worker: SIGKILL the process while the import job runs with
 * rows in its version's table (the child holds still there: see importer.ts), start a worker again, and the job either runs again to the end (the file's
 * exact row count, current) or fails cleanly (the version failed, the previous one still current).
 * Never a current version with part of the rows, never a row number twice.
 *
 * Embedded PGlite on disk (the web process runs the worker; at start it takes back every running
 * job), and PostgreSQL when PG_SERVER_URL or TEST_DATABASE_URL is set (a worker process; a dead
 * worker's job is taken back once its heartbeat is older than JOBS_STALE_AFTER_SECONDS).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../../src/server/platform/db/client.js';
import { jobs } from '../../src/server/platform/jobs/index.js';
import { datasets, datasetVersions } from '../../src/server/modules/datasets/read-model.js';
import { createServerDatabase, postgresServerUrl } from '../helpers/database.js';
import { onLines, PROCESS_TEST_TIMEOUT, runTs, type Proc } from '../helpers/server-process.js';
import { until } from '../helpers/wait.js';

/** three 50,000-row chunks: the child holds still once rows are written (HOLD), so the kill lands mid-way */
const ROWS = Number(process.env.DURABILITY_IMPORT_ROWS ?? 150_000);
const STALE_SECONDS = 2;

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** run test/durability/importer.ts and collect its protocol lines */
function importer(env: NodeJS.ProcessEnv, args: string[]) {
  const proc = runTs('test/durability/importer.ts', args, env);
  const lines: string[] = [];
  onLines(proc, (l) => lines.push(l));
  return { proc, lines };
}

async function ended(p: Proc) {
  const e = await p.exited;
  if (e.code !== 0) throw new Error(`importer exited ${e.code ?? e.signal}:\n${p.output()}`);
}

async function rowsOf(database: Database, relation: string) {
  const r = (await database.db.execute(
    sql.raw(
      `SELECT count(*)::int AS n, count(DISTINCT _row)::int AS d, coalesce(min(_row), 0)::int AS lo, coalesce(max(_row), 0)::int AS hi FROM ds."${relation}"`,
    ),
  )) as unknown as { rows: Array<{ n: number; d: number; lo: number; hi: number }> };
  return r.rows[0];
}

const drivers = [
  { name: 'embedded PGlite on disk', url: undefined as string | undefined },
  ...(postgresServerUrl() ? [{ name: 'PostgreSQL', url: postgresServerUrl() }] : []),
];

describe.each(drivers)(
  'SIGKILL during an import ($name)',
  { timeout: PROCESS_TEST_TIMEOUT },
  (d) => {
    it('the job runs again to the end or fails cleanly: never a partial current version, never a row twice', async () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'pathways-import-kill-'));
      dirs.push(dataDir);
      const server = d.url ? await createServerDatabase(d.url, 'pw_import_kill') : null;
      const env = {
        APP_KEY: 'durability-test-key-0123456789abcdefghijklmnopqrstuvwxyz',
        NODE_ENV: 'production',
        APP_URL: 'http://127.0.0.1',
        DATA_DIR: dataDir,
        VACUUM_DELAY_SECONDS: '3600',
        JOBS_STALE_AFTER_SECONDS: String(STALE_SECONDS),
        ...(server ? { DATABASE_URL: server.url } : {}),
      };
      const open = () =>
        server ? openDatabase({ databaseUrl: server.url, poolSize: 2 }) : openDatabase({ dataDir });
      try {
        const setup = importer(env, ['setup', String(ROWS)]);
        await ended(setup.proc);
        const ids = JSON.parse(
          setup.lines.find((l) => l.startsWith('SETUP '))!.slice('SETUP '.length),
        ) as { datasetId: string; first: string; jobId: string };

        // the worker takes the job; once rows are written the child holds still, and is killed
        const first = importer(env, ['run', ids.jobId, 'hold']);
        await until(
          () => first.lines.some((l) => l.startsWith('HOLD ')) || !!first.proc.child.exitCode,
          'the import writing rows',
        );
        first.proc.child.kill('SIGKILL');
        expect((await first.proc.exited).signal, first.proc.output()).toBe('SIGKILL');

        // killed mid-way: the job still 'running', part of the rows in the table, version 1 current
        let database = await open();
        try {
          const [job] = await database.db.select().from(jobs).where(eq(jobs.id, ids.jobId));
          expect(job.status).toBe('running');
          const [v2] = await database.db
            .select()
            .from(datasetVersions)
            .where(eq(datasetVersions.jobId, ids.jobId));
          expect(v2.status).toBe('importing');
          // some rows written (all of them, on a fast server, if the copy ended before the hold)
          const written = (await rowsOf(database, v2.relation)).n;
          expect(written).toBeGreaterThan(0);
          expect(written).toBeLessThanOrEqual(ROWS);
          const [ds] = await database.db
            .select()
            .from(datasets)
            .where(eq(datasets.id, ids.datasetId));
          expect(ds.currentVersionId).toBe(ids.first);
          if (server) {
            // PostgreSQL: a worker takes back a job whose heartbeat is older than the stale limit
            await until(async () => {
              const [j] = await database.db
                .select({
                  old: sql<boolean>`${jobs.lockedAt} < now() - make_interval(secs => ${STALE_SECONDS})`,
                })
                .from(jobs)
                .where(eq(jobs.id, ids.jobId));
              return Boolean(j.old);
            }, "the dead worker's heartbeat going stale");
          }
        } finally {
          await database.close();
        }

        // a worker again: the job must end, one way or the other
        const again = importer(env, ['run', ids.jobId]);
        await ended(again.proc);

        database = await open();
        try {
          const [job] = await database.db.select().from(jobs).where(eq(jobs.id, ids.jobId));
          const versions = await database.db
            .select()
            .from(datasetVersions)
            .where(eq(datasetVersions.datasetId, ids.datasetId));
          const v1 = versions.find((v) => v.id === ids.first)!;
          const v2 = versions.find((v) => v.jobId === ids.jobId)!;
          const [ds] = await database.db
            .select()
            .from(datasets)
            .where(eq(datasets.id, ids.datasetId));
          if (job.status === 'done') {
            expect(v2.status).toBe('ready');
            expect(ds.currentVersionId).toBe(v2.id);
            expect(v2.rowCount).toBe(ROWS);
            // every row once: no row number twice, none missing
            const rows = await rowsOf(database, v2.relation);
            expect(rows).toEqual({ n: ROWS, d: ROWS, lo: 1, hi: ROWS });
            expect(v1.status).toBe('superseded');
          } else {
            expect(job.status).toBe('failed');
            expect(v2.status).toBe('failed'); // its table dropped by failVersion
            expect(ds.currentVersionId).toBe(v1.id);
            expect(v1.status).toBe('ready');
          }
          // the current version, whichever it is, has exactly its file's rows
          const current = versions.find((v) => v.id === ds.currentVersionId)!;
          const cur = await rowsOf(database, current.relation);
          expect(cur.n).toBe(current.rowCount);
          expect(cur.d).toBe(cur.n); // no row number twice
          expect([10, ROWS]).toContain(current.rowCount);
          // the run resumed by this test is the retry: attempt 2 of 2
          expect(job.attempts).toBe(2);
          expect(again.lines.at(-1)).toBe(`END ${job.status}`);
        } finally {
          await database.close();
        }
      } finally {
        await server?.drop();
      }
    });
  },
);
