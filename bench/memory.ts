/**
 * The embedded server's memory rows of `npm run bench` alone (bench/server-memory.ts): a fresh data
 * dir with 50 users, then `npm start` restarted on it 3 times (idle RSS each) and loaded on the
 * last start. RUNS (default 1) repeats it on fresh data dirs, to see the spread.
 *
 *   npx tsx bench/memory.ts            RUNS=3 npx tsx bench/memory.ts
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { serverMemory } from './server-memory.js';

const MB = 1024 * 1024;
const runs = Number(process.env.RUNS ?? 1);
const o = {
  connections: Number(process.env.BENCH_CONNECTIONS ?? 50),
  durationMs: Number(process.env.BENCH_SECONDS ?? 3) * 1000,
  warmupMs: Number(process.env.BENCH_WARMUP_MS ?? 1000),
};
const idles: number[] = [];
for (let i = 1; i <= runs; i++) {
  const dir = mkdtempSync(path.join(tmpdir(), 'pathways-memory-'));
  try {
    const m = await serverMemory(dir, o);
    idles.push(...m.idles);
    console.log(
      `run ${i} of ${runs} (load average ${loadavg()[0].toFixed(2)} on ${cpus().length} cores)`,
    );
    for (const l of m.lines) console.log(`  ${l}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
const highest = Math.max(...idles) / MB;
console.log(
  `idle RSS over ${idles.length} starts: ${(Math.min(...idles) / MB).toFixed(0)}-${highest.toFixed(0)} MB, ${highest <= 300 ? 'met' : 'MISSED'} (aim <= 300 MB)`,
);
