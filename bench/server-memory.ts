/**
 * Memory of the embedded server process (PGlite). The data dir is set up (initdb, migrations, users)
 * by bench/server-process.ts; then the server is started exactly as `npm start` starts it (the npm
 * script, its bundle and its flags: bin/start.js) on that data dir, several times: RSS idle after
 * each restart (the aim takes the highest), and on the last one the peak under the 50-connection
 * load on the signed-in dashboard and JSON route. Read from /proc/<pid>/status (Linux).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { httpLoad } from './load.js';

const MB = 1024 * 1024;
const ROOT = path.resolve(import.meta.dirname, '..');
const SERVER = path.resolve(import.meta.dirname, 'server-process.ts');
/** idle RSS is measured after this many restarts of `npm start` (the aim takes the highest) */
export const IDLE_RESTARTS = 3;

export function rssOf(pid: number): number {
  try {
    const m = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB/m);
    return m ? Number(m[1]) * 1024 : NaN;
  } catch {
    return NaN;
  }
}

interface Ready {
  port: number;
  pid: number;
  cookies?: string;
  xsrf?: string;
}

async function start(
  dataDir: string,
  args: string[],
): Promise<{ child: ChildProcess; ready: Ready }> {
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER, dataDir, ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout! });
  const ready = await new Promise<Ready>((resolve, reject) => {
    lines.once('line', (l) => resolve(JSON.parse(l) as Ready));
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
  return { child, ready };
}

async function stop(child: ChildProcess) {
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

function childrenOf(pid: number): number[] {
  const out: number[] = [];
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
      // the fields after "(comm)": state, ppid, ...
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid) out.push(Number(d));
    } catch {
      /* exited meanwhile */
    }
  }
  return out;
}

/** The server under `npm start`: npm, its shell, then node; the last process of that chain. */
function serverPid(npmPid: number): number {
  let pid = npmPid;
  for (let kids = childrenOf(pid); kids.length; kids = childrenOf(pid)) pid = kids[0];
  return pid;
}

/** `npm start` with the bench's settings in the environment; resolves once it answers HTTP. */
async function npmStart(
  dataDir: string,
): Promise<{ npm: ChildProcess; pid: number; base: string }> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const npm = spawn('npm', ['start', '--silent'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      HOST: '127.0.0.1',
      PORT: String(port),
      APP_URL: 'http://127.0.0.1',
      TRUST_PROXY: 'true',
      API_RATE_LIMIT: '1000000000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let exit: number | null | undefined;
  npm.once('exit', (code) => (exit = code));
  for (;;) {
    if (exit !== undefined) throw new Error(`npm start exited with ${exit}`);
    try {
      if ((await fetch(`${base}/`)).status < 500) break;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { npm, pid: serverPid(npm.pid!), base };
}

/** SIGTERM to the server itself (npm then exits with it). */
async function stopNpm(s: { npm: ChildProcess; pid: number }) {
  const exited = new Promise((r) => s.npm.once('exit', r));
  process.kill(s.pid, 'SIGTERM');
  await exited;
}

const settle = () => new Promise((r) => setTimeout(r, 1500));

export interface ServerMemory {
  firstStartIdle: number;
  /** the highest idle RSS over the restarts */
  idle: number;
  idles: number[];
  peak: number;
  lines: string[];
}

export async function serverMemory(
  dataDir: string,
  o: { connections: number; durationMs: number; warmupMs: number },
): Promise<ServerMemory> {
  const first = await start(dataDir, ['--users', String(o.connections)]);
  await settle();
  const firstStartIdle = rssOf(first.ready.pid);
  const { cookies, xsrf } = first.ready;
  await stop(first.child);

  const idles: number[] = [];
  let again = await npmStart(dataDir);
  for (;;) {
    await settle();
    idles.push(rssOf(again.pid));
    if (idles.length === IDLE_RESTARTS) break;
    await stopNpm(again);
    again = await npmStart(dataDir);
  }
  const idle = Math.max(...idles);
  const { base } = again;
  const version =
    (await (await fetch(`${base}/`)).text())
      .match(/&quot;version&quot;:&quot;([^&]+)&quot;|"version":"([^"]+)"/)
      ?.slice(1)
      .find(Boolean) ?? '';
  const headers = {
    'x-inertia': 'true',
    'x-inertia-version': version,
    'x-requested-with': 'XMLHttpRequest',
    accept: 'text/html, application/xhtml+xml',
    cookie: `${cookies}; XSRF-TOKEN=${xsrf}`,
  };
  let peak = idles[idles.length - 1];
  const timer = setInterval(() => (peak = Math.max(peak, rssOf(again.pid) || 0)), 25);
  const dash = await httpLoad({
    label: 'dashboard (server process)',
    url: `${base}/dashboard`,
    headers,
    ...o,
  });
  const json = await httpLoad({
    label: 'signed-in JSON (server process)',
    url: `${base}/__bench/none`,
    headers: { cookie: headers.cookie },
    ...o,
  });
  clearInterval(timer);
  peak = Math.max(peak, rssOf(again.pid) || 0);
  await stopNpm(again);
  const statuses = (m: { statuses?: Record<string, number> }) =>
    Object.entries(m.statuses ?? {})
      .map(([k, v]) => `${k}:${v}`)
      .join(' ');
  return {
    firstStartIdle,
    idle,
    idles,
    peak,
    lines: [
      `first start (initdb, migrations, ${o.connections} users; bench/server-process.ts): ${(firstStartIdle / MB).toFixed(0)} MB idle`,
      `\`npm start\` restarted on that data dir ${IDLE_RESTARTS} times: ${idles.map((r) => (r / MB).toFixed(0)).join(', ')} MB idle; on the last, peak ${(peak / MB).toFixed(0)} MB under ${o.connections} connections (dashboard ${dash.rps.toFixed(0)} req/s [${statuses(dash)}], signed-in 404 route ${json.rps.toFixed(0)} req/s [${statuses(json)}])`,
    ],
  };
}
