/**
 * The datagrid's figures (issue 10 section 5): a dataset of 1,000,000 rows, and `readRows` (what
 * `datasets.rows` runs) beside a bare SQL query of the same page, in the same run: a page at row
 * 1,000,000, a sort and a filter on all rows, and a sorted page continued by its cursor.
 * `npx tsx bench/datagrid.ts`; PostgreSQL with BENCH_DATABASE_URL, else PGlite in a temp dir.
 * BENCH_GRID_ROWS (default 1,000,000), BENCH_GRID_RUNS (default 100).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { eq, sql } from 'drizzle-orm';
import { teamMembers } from '../src/server/platform/auth/auth.tables.js';
import { buildApp } from '../src/server/app.js';
import { readRows } from '../src/server/modules/datasets/index.js';
import { seedDataset } from '../src/server/modules/datasets/test-support.js';
import { projects } from '../src/server/modules/projects/read-model.js';
import type { ReadRowsOptions } from '../src/server/modules/datasets/datasets.rows.js';
import { benchUsers } from './setup.js';
import { percentile } from './stats.js';

const N = Number(process.env.BENCH_GRID_ROWS ?? 1_000_000);
const RUNS = Number(process.env.BENCH_GRID_RUNS ?? 100);
const databaseUrl = process.env.BENCH_DATABASE_URL;
const REGIONS = ['North', 'South', 'East', 'West', 'Centre'];

/** p50 and p95 of `a` and `b`, run alternately (a load spike on the machine hits both alike) */
async function paired(a: () => Promise<unknown>, b: () => Promise<unknown>, runs: number) {
  for (let i = 0; i < Math.min(5, runs); i++) {
    await a();
    await b();
  }
  const ta: number[] = [];
  const tb: number[] = [];
  for (let i = 0; i < runs; i++) {
    let t0 = performance.now();
    await a();
    ta.push(performance.now() - t0);
    t0 = performance.now();
    await b();
    tb.push(performance.now() - t0);
  }
  const stat = (t: number[]) => {
    t.sort((x, y) => x - y);
    return { p50: percentile(t, 50), p95: percentile(t, 95) };
  };
  return [stat(ta), stat(tb)] as const;
}

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pathways-grid-bench-'));
  const app = await buildApp({
    env: {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
      APP_URL: 'http://127.0.0.1',
      DATABASE_URL: databaseUrl ?? '',
    },
    logger: false,
  });
  const ctx = app.ctx;
  try {
    const [owner] = await benchUsers(app, 1);
    const [{ teamId }] = await ctx.db
      .select({ teamId: teamMembers.organizationId })
      .from(teamMembers)
      .where(eq(teamMembers.userId, owner.id));
    const [project] = await ctx.db
      .insert(projects)
      .values({ teamId, name: 'Datagrid bench' })
      .returning();
    const t0 = performance.now();
    console.log(`writing a dataset of ${N.toLocaleString('en')} rows (${ctx.database.kind})...`);
    const { datasetId, relation } = await seedDataset(
      ctx,
      { teamId, userId: owner.id, projectId: project.id },
      {
        name: 'Grid bench',
        n: N,
        columns: [
          { key: 'name', label: 'Name', type: 'text', sourceColumn: 'name' },
          { key: 'age', label: 'Age', type: 'integer', sourceColumn: 'age' },
          { key: 'amount', label: 'Amount', type: 'decimal', sourceColumn: 'amount' },
          { key: 'joined', label: 'Joined', type: 'date', sourceColumn: 'joined' },
          { key: 'region', label: 'Region', type: 'category', sourceColumn: 'region' },
        ],
        row: (i) => [
          `Person ${(i * 7919) % N}`,
          i % 97 === 0 ? null : String((i * 31) % 90),
          (((i * 7877) % 100_000) / 100).toFixed(2),
          `2026-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}`,
          REGIONS[i % 5],
        ],
      },
    );
    console.log(`  written in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    // settle the fresh table (visibility map, statistics) as autovacuum would
    await ctx.db.execute(sql.raw(`VACUUM ANALYZE ds."${relation}"`));
    const rel = `ds."${relation}"`;
    const cols = '_row, c1, c2, c3, c4, c5';
    const read = (o: Partial<ReadRowsOptions>) =>
      readRows(ctx.db, teamId, datasetId, { limit: 100, ...o });
    const bare = (q: string) => ctx.db.execute(sql.raw(q));
    const filters: ReadRowsOptions['filters'] = [
      { column: 'region', op: 'in', value: ['North', 'East'] },
      { column: 'age', op: 'gte', value: 45 },
      { column: 'name', op: 'contains', value: '99' },
    ];
    const where = `c5 IN ('North', 'East') AND c2 >= 45 AND c1::text ILIKE '%99%'`;
    const t1 = performance.now();
    const sorted = await read({ sort: 'amount', dir: 'asc' });
    console.log(
      `  the first sort of a column builds its (column, _row) index, once: ${(performance.now() - t1).toFixed(0)} ms`,
    );
    const cursor = JSON.parse(sorted.cursor!) as [string, number];

    const cases: Array<{
      label: string;
      app: () => Promise<unknown>;
      bare: () => Promise<unknown>;
      aim: number | null;
    }> = [
      {
        label: `page at row ${N.toLocaleString('en')} (jump to the last row)`,
        app: () => read({ offset: N - 100 }),
        bare: () =>
          bare(`SELECT ${cols} FROM ${rel} WHERE _row > ${N - 100} ORDER BY _row LIMIT 101`),
        aim: 5,
      },
      {
        label: 'sort by a decimal column, first page',
        app: () => read({ sort: 'amount', dir: 'asc' }),
        bare: () =>
          bare(
            `SELECT ${cols}, c3::text AS _k FROM ${rel} WHERE c3 IS NOT NULL ORDER BY c3, _row LIMIT 101`,
          ),
        aim: 100,
      },
      {
        label: 'sort, the next page by its cursor',
        app: () => read({ sort: 'amount', dir: 'asc', cursor, offset: 100 }),
        bare: () =>
          bare(
            `SELECT ${cols}, c3::text AS _k FROM ${rel} WHERE c3 IS NOT NULL AND (c3, _row) > (${cursor[0]}::numeric, ${cursor[1]}) ORDER BY c3, _row LIMIT 101`,
          ),
        aim: 100,
      },
      {
        label: 'sort, the last page (a jump from the end)',
        app: () => read({ sort: 'amount', dir: 'asc', offset: N - 100 }),
        bare: () =>
          bare(
            `SELECT ${cols}, c3::text AS _k FROM ${rel} ORDER BY c3 DESC NULLS FIRST, _row DESC LIMIT 100`,
          ),
        aim: 100,
      },
      {
        label: 'filter (category, range, contains), first page',
        app: () => read({ filters }),
        bare: () => bare(`SELECT ${cols} FROM ${rel} WHERE ${where} ORDER BY _row LIMIT 101`),
        aim: 100,
      },
      {
        label: 'filter, the count of its matches',
        app: () => read({ filters, limit: 1, count: '1' }),
        bare: () => bare(`SELECT count(*)::int AS n FROM ${rel} WHERE ${where}`),
        aim: null,
      },
      {
        label: 'filter and sort, first page',
        app: () => read({ filters, sort: 'amount', dir: 'desc' }),
        bare: () =>
          bare(
            `SELECT ${cols}, c3::text AS _k FROM ${rel} WHERE ${where} AND c3 IS NOT NULL ORDER BY c3 DESC, _row DESC LIMIT 101`,
          ),
        aim: 100,
      },
    ];
    console.log('');
    console.log(
      `datagrid on ${N.toLocaleString('en')} rows, ${ctx.database.kind} (load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')} on ${cpus().length} cores), ms over ${RUNS} runs each`,
    );
    console.log(
      `  ${'case'.padEnd(48)} ${'readRows p50 / p95'.padStart(20)} ${'bare SQL p50 / p95'.padStart(20)}   aim (p95)`,
    );
    for (const c of cases) {
      const runs = c.aim === null || c.aim > 5 ? Math.max(10, Math.round(RUNS / 5)) : RUNS;
      const [a, b] = await paired(c.app, c.bare, runs);
      const ok = c.aim === null || a.p95 <= c.aim;
      console.log(
        `  ${c.label.padEnd(48)} ${`${a.p50.toFixed(2)} / ${a.p95.toFixed(2)}`.padStart(20)} ${`${b.p50.toFixed(2)} / ${b.p95.toFixed(2)}`.padStart(20)}   ${c.aim === null ? 'no aim: asked beside the first page, it sizes the scrollbar' : `${ok ? 'met' : 'MISSED'} (<= ${c.aim} ms${ctx.database.kind === 'pglite' ? '; the aim is for PostgreSQL' : ''})`}`,
      );
    }
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
