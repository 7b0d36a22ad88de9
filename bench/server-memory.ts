/**
 * Memory of the embedded server process (PGlite): RSS idle after a first start (initdb, migrations,
 * users set up), idle after a restart on the same data dir, and the peak under the 50-connection
 * load on the signed-in dashboard and JSON route. Read from /proc/<pid>/status (Linux).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { httpLoad } from './load.js';

const MB = 1024 * 1024;
const SERVER = path.resolve(import.meta.dirname, 'server-process.ts');

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

const settle = () => new Promise((r) => setTimeout(r, 1500));

export interface ServerMemory {
  firstStartIdle: number;
  idle: number;
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

  const again = await start(dataDir, []);
  await settle();
  const idle = rssOf(again.ready.pid);
  const base = `http://127.0.0.1:${again.ready.port}`;
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
  let peak = idle;
  const timer = setInterval(() => (peak = Math.max(peak, rssOf(again.ready.pid) || 0)), 25);
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
  peak = Math.max(peak, rssOf(again.ready.pid) || 0);
  await stop(again.child);
  const statuses = (m: { statuses?: Record<string, number> }) =>
    Object.entries(m.statuses ?? {})
      .map(([k, v]) => `${k}:${v}`)
      .join(' ');
  return {
    firstStartIdle,
    idle,
    peak,
    lines: [
      `first start (initdb, migrations, ${o.connections} users): ${(firstStartIdle / MB).toFixed(0)} MB idle`,
      `restarted on that data dir: ${(idle / MB).toFixed(0)} MB idle, peak ${(peak / MB).toFixed(0)} MB under ${o.connections} connections (dashboard ${dash.rps.toFixed(0)} req/s [${statuses(dash)}], signed-in 404 route ${json.rps.toFixed(0)} req/s [${statuses(json)}])`,
    ],
  };
}
