/**
 * @first-pass-only: its embedded and PostgreSQL-server variants run on every pass (test/marks.ts)
 * @runs-long: started first (test/sequencer.ts)
 * The CLI, the worker and the server as real processes: the embedded database's single-process
 * lock, `npm run worker`'s DATABASE_URL requirement, the `pathways` bin launcher.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { eq } from 'drizzle-orm';
import {
  PROCESS_GUARD_MS,
  PROCESS_TEST_TIMEOUT,
  ROOT,
  runTs,
  startServerProcess,
  stopProcess,
} from '../../../test/helpers/server-process.js';
import { migrateDatabase, openDatabase } from '../platform/db/client.js';
import { postgresServerUrl } from '../../../test/helpers/database.js';
import { jobs } from '../platform/jobs/jobs.tables.js';

const dirs: string[] = [];
function tempDir() {
  const d = mkdtempSync(path.join(tmpdir(), 'pathways-ops-'));
  dirs.push(d);
  return d;
}
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const KEY = { APP_KEY: 'process-test-key-0123456789abcdefghijklmnopqrstuvwxyz' };

describe('the embedded database lock', { timeout: PROCESS_TEST_TIMEOUT }, () => {
  it('a CLI run (or a second server) against the DATA_DIR of a running server refuses with a clear message and exit code 1; after the server stops it works', async () => {
    const dataDir = tempDir();
    const server = await startServerProcess({
      ...KEY,
      DATA_DIR: dataDir,
      VACUUM_DELAY_SECONDS: '3600',
    });
    try {
      expect(readFileSync(path.join(dataDir, 'pathways.lock'), 'utf8').trim()).toBe(
        String(server.child.pid),
      );
      const cli = runTs('src/server/cli/index.ts', ['db:seed'], { ...KEY, DATA_DIR: dataDir });
      const { code } = await cli.exited;
      expect(code).toBe(1);
      expect(cli.output()).toContain(
        `The embedded database in ${dataDir} is in use by another process (pid ${server.child.pid}).`,
      );
      expect(cli.output()).toContain('PGlite is single-process');
      // nor may a second server open it
      const second = runTs('test/fixtures/serve.ts', [], {
        ...KEY,
        DATA_DIR: dataDir,
        PORT: '0',
        HOST: '127.0.0.1',
      });
      expect((await second.exited).code).toBe(1);
      expect(second.output()).toContain('is in use by another process');
      // the server kept working
      expect((await fetch(`${server.url}/`)).status).toBe(200);
      // and it runs the jobs worker and schedules VACUUM in-process
      expect(server.output()).toContain('jobs worker started');
      expect(server.output()).toContain('periodic VACUUM (ANALYZE) scheduled');
    } finally {
      expect((await stopProcess(server)).code).toBe(0);
    }
    const again = runTs('src/server/cli/index.ts', ['db:seed'], { ...KEY, DATA_DIR: dataDir });
    expect((await again.exited).code).toBe(0);
    expect(again.output()).toContain('demo@pathways.local');
  });
});

describe('npm run worker', { timeout: PROCESS_TEST_TIMEOUT }, () => {
  it('refuses without DATABASE_URL, explaining that the web process runs the jobs', async () => {
    const w = runTs('src/server/cli/worker.ts', [], { ...KEY, DATA_DIR: tempDir() });
    expect((await w.exited).code).toBe(1);
    expect(w.output()).toContain(
      'npm run worker needs DATABASE_URL pointing at a PostgreSQL server.',
    );
  });

  it.runIf(postgresServerUrl())(
    'on PostgreSQL it starts, recovers orphaned jobs, and stops cleanly on SIGTERM',
    async () => {
      const serverUrl = postgresServerUrl()!;
      const name = `pw_worker_${randomBytes(5).toString('hex')}`;
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      await admin.query(`create database ${name}`);
      const u = new URL(serverUrl);
      u.pathname = `/${name}`;
      const database = await openDatabase({ databaseUrl: u.toString(), poolSize: 2 });
      try {
        await migrateDatabase(database);
        const [orphan] = await database.db
          .insert(jobs)
          .values({
            type: 'test.orphan',
            payload: {},
            status: 'running',
            attempts: 1,
            lockedAt: new Date(Date.now() - 3_600_000),
            lockedBy: 'dead:1:x',
          })
          .returning();
        const w = runTs('src/server/cli/worker.ts', [], {
          ...KEY,
          DATABASE_URL: u.toString(),
          LOG_LEVEL: 'info',
        });
        const end = Date.now() + PROCESS_GUARD_MS; // waits on the log line; this only catches a hang
        while (!w.output().includes('orphaned running jobs were put back')) {
          if (w.child.exitCode !== null || Date.now() > end)
            throw new Error(`worker did not recover the job:\n${w.output()}`);
          await new Promise((r) => setTimeout(r, 100));
        }
        const [r] = await database.db.select().from(jobs).where(eq(jobs.id, orphan.id));
        expect(r.status).toBe('queued');
        expect(w.output()).toContain('jobs worker started');
        expect((await stopProcess(w)).code).toBe(0);
        expect(w.output()).toContain('jobs worker stopped');
      } finally {
        await database.close();
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      }
    },
  );
});

describe('the pathways bin', () => {
  it('is declared in package.json and runs the CLI', () => {
    const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
      bin: Record<string, string>;
    };
    expect(pkg.bin.pathways).toBe('bin/pathways.js');
    const r = spawnSync(process.execPath, [path.join(ROOT, pkg.bin.pathways), '--help'], {
      cwd: ROOT,
      encoding: 'utf8',
      env: { PATH: process.env.PATH, HOME: process.env.HOME },
    });
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('Pathways operator commands');
    const bad = spawnSync(
      process.execPath,
      [path.join(ROOT, pkg.bin.pathways), 'user:create', '--email', 'x@example.org'],
      { cwd: ROOT, encoding: 'utf8', env: { PATH: process.env.PATH, HOME: process.env.HOME } },
    );
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('--password is required.');
  });
});
