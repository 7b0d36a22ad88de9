/**
 * `npx tsx bench/rate-limit-store.ts`: the cost of one rate-limit hit in the rate_limits table
 * (the PostgreSQL default) beside @fastify/rate-limit's in-memory store (the PGlite default),
 * at 1 and 50 concurrent callers. PGlite in a temp dir; PostgreSQL with BENCH_DATABASE_URL.
 */
import { createRequire } from 'node:module';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { migrateDatabase, openDatabase } from '../src/server/platform/db/client.js';
import { hit, storedKey } from '../src/server/platform/rate-limit/store.js';
import { directLoad } from './load.js';
import { table, type Measurement } from './stats.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const databaseUrl = process.env.BENCH_DATABASE_URL;
const dataDir = mkdtempSync(path.join(tmpdir(), 'pathways-rl-bench-'));

type LocalStoreCtor = new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
) => {
  incr(
    key: string,
    cb: (err: Error | null, res: { current: number }) => void,
    timeWindow: number,
    max: number,
  ): void;
};
const LocalStore = createRequire(import.meta.url)(
  '@fastify/rate-limit/store/LocalStore.js',
) as LocalStoreCtor;

try {
  const database = await openDatabase(databaseUrl ? { databaseUrl } : { dataDir });
  await migrateDatabase(database);
  const local = new LocalStore(false, false);
  const stamp = Date.now().toString(36);
  // 500 distinct keys (clients), as many IPs hitting the same route
  const keys = Array.from({ length: 500 }, (_, i) => storedKey('POST login', `10.0.${i}.${stamp}`));
  let n = 0;
  const table_ = () => hit(database.db, keys[n++ % keys.length], 60_000, 1_000_000);
  const memory = () =>
    new Promise((resolve) =>
      local.incr(keys[n++ % keys.length], (_e, r) => resolve(r), 60_000, 1_000_000),
    );
  const run = { durationMs: SECONDS * 1000, warmupMs: 500 };
  const rows: Measurement[] = [];
  for (const connections of [1, 50]) {
    rows.push(
      await directLoad(`rate_limits table (${database.kind}), ${connections} caller(s)`, table_, {
        ...run,
        connections,
      }),
    );
    rows.push(
      await directLoad(`in-memory store, ${connections} caller(s)`, memory, {
        ...run,
        connections,
      }),
    );
  }
  console.log(table(rows));
  await database.close();
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
