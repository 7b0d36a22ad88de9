import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { processBundle } from './process-bundles.js';
import { PROCESS_GUARD_MS } from './wait.js';

export { PROCESS_GUARD_MS, PROCESS_TEST_TIMEOUT } from './wait.js';

export const ROOT = path.resolve(import.meta.dirname, '../..');

/** A free TCP port on 127.0.0.1 (asked from the OS). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

export interface Proc {
  child: ChildProcess;
  output(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/**
 * Run a TypeScript entry point of the project in a child Node process: from its bundle when it is
 * one of the bundled test processes (process-bundles.ts), otherwise through tsx.
 */
export function runTs(entry: string, args: string[], env: NodeJS.ProcessEnv): Proc {
  const bundle = processBundle(entry);
  const start = bundle ? [bundle] : ['--import', 'tsx', path.resolve(ROOT, entry)];
  const child = spawn(process.execPath, [...start, ...args], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return { child, output: () => out, exited };
}

/** Call `fn` with each whole line the process prints on stdout (a child's protocol lines) */
export function onLines(p: Proc, fn: (line: string) => void) {
  let buf = '';
  p.child.stdout!.on('data', (d: Buffer) => {
    buf += d;
    let nl: number;
    while ((nl = buf.indexOf('\n')) >= 0) {
      const line = buf.slice(0, nl);
      buf = buf.slice(nl + 1);
      fn(line);
    }
  });
}

export interface ServerProcess extends Proc {
  url: string;
  port: number;
}

/** Start the real server (startServer) in a child process and wait until it answers HTTP. */
export async function startServerProcess(
  env: NodeJS.ProcessEnv,
  timeoutMs = PROCESS_GUARD_MS,
): Promise<ServerProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const proc = runTs('test/fixtures/serve.ts', [], {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    APP_URL: url,
    LOG_LEVEL: 'info',
    ...env,
  });
  let exited: { code: number | null } | null = null;
  void proc.exited.then((e) => (exited = e));
  const end = Date.now() + timeoutMs;
  for (;;) {
    if (exited)
      throw new Error(
        `the server exited (code ${(exited as { code: number | null }).code}) before answering:\n${proc.output()}`,
      );
    if (Date.now() > end) {
      proc.child.kill('SIGKILL');
      throw new Error(`the server did not answer within ${timeoutMs} ms:\n${proc.output()}`);
    }
    try {
      const r = await fetch(`${url}/`, {
        signal: AbortSignal.timeout(Math.max(1, end - Date.now())),
      });
      if (r.status < 500) break;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { ...proc, url, port };
}

/** SIGTERM and wait for a clean exit (SIGKILL only when it hangs). */
export async function stopProcess(p: Proc, timeoutMs = PROCESS_GUARD_MS) {
  if (p.child.exitCode !== null || p.child.signalCode !== null) return p.exited;
  p.child.kill('SIGTERM');
  const t = setTimeout(() => p.child.kill('SIGKILL'), timeoutMs);
  const r = await p.exited;
  clearTimeout(t);
  return r;
}
