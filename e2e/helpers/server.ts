import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { createServerDatabase } from '../../test/helpers/database.js';
import { PROCESS_GUARD_MS } from '../../test/helpers/wait.js';

const ROOT = path.resolve(import.meta.dirname, '../..');

export interface RunningServer {
  baseUrl: string;
  port: number;
  /** the temp DATA_DIR (PGlite data, app key) */
  dataDir: string;
  /** set when running on PostgreSQL (TEST_DATABASE_URL) */
  databaseUrl?: string;
  /** the server's stdout + stderr so far */
  output(): string;
  /** SIGTERM, wait, drop the temp database; keepDataDir leaves the PGlite dir for readOutbox() (then rm it yourself) */
  stop(opts?: { keepDataDir?: boolean }): Promise<void>;
}

export interface StartOptions {
  /** extra environment (e.g. MAIL_HOST/MAIL_PORT from startMailSink()) */
  env?: Record<string, string>;
  /** ms to wait for the first answer (a fresh PGlite data dir takes a few seconds) */
  timeoutMs?: number;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

function exited(child: ChildProcess) {
  return new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
}

/**
 * The built app (`npm start`'s entry) on a free port with a temp DATA_DIR, PGlite by default or a
 * fresh database on the server named by TEST_DATABASE_URL: bin/start.js, the server bundle `npm start`
 * runs. The client build and the server bundle are ensured by e2e/global-setup.ts.
 */
export async function startServer(opts: StartOptions = {}): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pathways-e2e-'));
  const db = process.env.TEST_DATABASE_URL
    ? await createServerDatabase(process.env.TEST_DATABASE_URL, 'pw_e2e')
    : undefined;
  const baseUrl = `http://127.0.0.1:${port}`;
  let out = '';
  const child = spawn(process.execPath, ['bin/start.js'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: baseUrl,
      DATA_DIR: dataDir,
      APP_KEY: randomBytes(32).toString('base64url'),
      LOG_LEVEL: 'warn',
      ...(db ? { DATABASE_URL: db.url } : {}),
      ...opts.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => (out += String(d)));
  child.stderr!.on('data', (d) => (out += String(d)));

  const stop = async (o: { keepDataDir?: boolean } = {}) => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), PROCESS_GUARD_MS);
      await exited(child);
      clearTimeout(timer);
    }
    await db?.drop().catch(() => {});
    if (!o.keepDataDir) rmSync(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + (opts.timeoutMs ?? PROCESS_GUARD_MS);
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`the server exited with code ${child.exitCode} before answering:\n${out}`);
    }
    try {
      const res = await fetch(`${baseUrl}/`, { redirect: 'manual' });
      if (res.status < 500) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(
        `the server did not answer within ${opts.timeoutMs ?? PROCESS_GUARD_MS} ms:\n${out}`,
      );
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return { baseUrl, port, dataDir, databaseUrl: db?.url, output: () => out, stop };
}
