/**
 * Spreadsheet imports (issue 10 of Pathways, Proof), each beside its floor in the same run:
 * - a CSV of N rows imported end to end through the app (upload and preview through the routes,
 *   then the import job: parse, convert, COPY in chunks, stats, the version made current) beside a
 *   raw `COPY ... (FORMAT csv)` of the same file into a table of the same column types (aim >= 0.45x);
 * - an XLSX of M rows through the same path beside a bare exceljs streaming read of the file (the
 *   reader the import uses, same options, every row's values touched; aim >= 0.85x);
 * - the process's peak RSS growth while the CSV import job runs (aim <= 250 MB; on PGlite it
 *   includes the embedded database's memory, which is in this process).
 * Figures only: nothing here is asserted by a test.
 *
 * `npx tsx bench/imports.ts`; PostgreSQL with BENCH_DATABASE_URL, else PGlite in a temp dir.
 * BENCH_IMPORT_ROWS (default 1,000,000 on PostgreSQL, 200,000 on PGlite), BENCH_XLSX_ROWS
 * (default 100,000).
 */
import { createReadStream, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pipeline } from 'node:stream/promises';
import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { AppContext } from '../src/server/platform/context.js';
import { buildApp } from '../src/server/app.js';
import { jobs } from '../src/server/platform/jobs/index.js';
import { datasetVersions } from '../src/server/modules/datasets/read-model.js';
import { fileRows, type ReadSpec } from '../src/server/modules/sources/sources.readers.js';
import {
  bigCsv,
  sourcesWorld,
  startFileImport,
} from '../src/server/modules/sources/test-support.js';

const databaseUrl = process.env.BENCH_DATABASE_URL;
const N = Number(process.env.BENCH_IMPORT_ROWS ?? (databaseUrl ? 1_000_000 : 200_000));
const M = Number(process.env.BENCH_XLSX_ROWS ?? 100_000);
const MB = 1024 * 1024;

/**
 * CPU ms of this process since `from` (user + system): on a loaded machine wall time swings with
 * the other processes, CPU time much less; on PGlite the database works in this process, so it is
 * in it (on PostgreSQL the server's work is not: there only wall time compares)
 */
const cpuSince = (from: NodeJS.CpuUsage) => {
  const u = process.cpuUsage(from);
  return (u.user + u.system) / 1000;
};

/** ms and CPU ms of `fn`, and the highest RSS above the RSS at its start, sampled every 20 ms */
async function watched(fn: () => Promise<unknown>) {
  const base = process.memoryUsage().rss;
  let peak = base;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  await fn();
  const ms = performance.now() - t0;
  const cpu = cpuSince(c0);
  clearInterval(timer);
  peak = Math.max(peak, process.memoryUsage().rss);
  return { ms, cpu, growth: peak - base };
}

/** Upload + preview + start through the routes (timed), then the job alone (timed, RSS watched) */
async function importThroughApp(
  ctx: AppContext,
  w: Awaited<ReturnType<typeof sourcesWorld>>,
  file: string,
) {
  const t0 = performance.now();
  const { jobId } = await startFileImport(
    w.client,
    w.project.id,
    readFileSync(file),
    path.basename(file),
  );
  const startMs = performance.now() - t0;
  const job = await watched(() => ctx.jobs.drain());
  const [j] = await ctx.db.select().from(jobs).where(eq(jobs.id, jobId));
  const [v] = await ctx.db.select().from(datasetVersions).where(eq(datasetVersions.jobId, jobId));
  if (j.status !== 'done' || v.status !== 'ready')
    throw new Error(`the import ended ${j.status} (${j.lastError ?? v.failure ?? ''})`);
  return { startMs, job, version: v };
}

/** The raw floor: COPY the CSV into a table of the version's column types (and a _row key) */
async function rawCopy(ctx: AppContext, relation: string, file: string) {
  const db = ctx.db;
  await db.execute(sql.raw('DROP TABLE IF EXISTS ds.bench_copy'));
  await db.execute(sql.raw(`CREATE TABLE ds.bench_copy (LIKE ds."${relation}")`));
  await db.execute(
    sql.raw(
      'ALTER TABLE ds.bench_copy ALTER _row ADD GENERATED ALWAYS AS IDENTITY, ADD PRIMARY KEY (_row)',
    ),
  );
  const r = (await db.execute(
    sql.raw(
      `SELECT string_agg(quote_ident(column_name), ', ' ORDER BY ordinal_position) AS cols FROM information_schema.columns WHERE table_schema = 'ds' AND table_name = 'bench_copy' AND column_name <> '_row'`,
    ),
  )) as unknown as { rows: Array<{ cols: string }> };
  const copy = `COPY ds.bench_copy (${r.rows[0].cols}) FROM ${ctx.database.pglite ? "'/dev/blob'" : 'STDIN'} (FORMAT csv, HEADER true)`;
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  if (ctx.database.pglite) {
    await ctx.database.pglite.query(copy, [], { blob: new Blob([readFileSync(file)]) });
  } else {
    const { from } = await import('pg-copy-streams');
    const client = await ctx.database.pool!.connect();
    try {
      await pipeline(createReadStream(file), client.query(from(copy)));
    } finally {
      client.release();
    }
  }
  const ms = performance.now() - t0;
  const cpu = cpuSince(c0);
  await db.execute(sql.raw('DROP TABLE ds.bench_copy'));
  return { ms, cpu };
}

async function writeXlsx(file: string, rows: number) {
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useSharedStrings: true });
  const ws = wb.addWorksheet('People');
  ws.addRow(['id', 'name', 'amount', 'joined', 'member']).commit();
  for (let i = 1; i <= rows; i++)
    ws.addRow([
      i,
      `Person ${i}`,
      i * 1.5,
      new Date(Date.UTC(2026, 0, (i % 28) + 1)),
      i % 2 ? 'yes' : 'no',
    ]).commit();
  ws.commit();
  await wb.commit();
}

/** The floor of an XLSX import: exceljs streaming every row, with the options the import uses */
async function bareXlsxRead(file: string) {
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(createReadStream(file), {
    worksheets: 'emit',
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'ignore',
  });
  let n = 0;
  for await (const ws of reader)
    for await (const row of ws as unknown as AsyncIterable<{ values: unknown[] }>)
      if (Array.isArray(row.values) && row.values.length) n++;
  return { ms: performance.now() - t0, cpu: cpuSince(c0), rows: n };
}

/** The app's own reader alone (what the job parses with), to tell parsing from the rest */
async function readerAlone(file: string, spec: ReadSpec) {
  const t0 = performance.now();
  let n = 0;
  for await (const row of fileRows(file, spec)) n += row.length ? 1 : 0;
  return { ms: performance.now() - t0, rows: n };
}

const rate = (rows: number, ms: number) =>
  `${Math.round(rows / (ms / 1000)).toLocaleString('en')} rows/s`;
const line = (label: string, ms: number, rows: number, cpu?: number) =>
  `  ${label.padEnd(58)} ${`${(ms / 1000).toFixed(2)} s`.padStart(9)}  ${rate(rows, ms).padStart(16)}` +
  (cpu === undefined ? '' : `  (CPU ${(cpu / 1000).toFixed(2)} s)`);
const aim = (label: string, value: number, ok: boolean, bound: string, unit = 'x') =>
  `  ${(ok ? 'met' : 'MISSED').padEnd(6)}  ${label.padEnd(60)} ${value.toFixed(2)}${unit}  (aim ${bound})`;

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pathways-import-bench-'));
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
    assets: { version: 'test', dev: false, headTags: '' }, // the TestClient's Inertia version
  });
  await app.ready();
  const { ctx } = app;
  try {
    const w = await sourcesWorld(app);
    const csv = path.join(dataDir, 'people.csv');
    const xlsx = path.join(dataDir, 'people.xlsx');
    writeFileSync(csv, bigCsv(N));
    console.log(
      `imports, ${ctx.database.kind} (load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')} on ${cpus().length} cores)`,
    );
    console.log(`  writing an XLSX of ${M.toLocaleString('en')} rows...`);
    await writeXlsx(xlsx, M);
    // warm-up: a small import, so the first measured one pays no compile or cache cost
    const warm = path.join(dataDir, 'warm.csv');
    writeFileSync(warm, bigCsv(1000));
    await importThroughApp(ctx, w, warm);

    const c = await importThroughApp(ctx, w, csv);
    const { ms: copyMs, cpu: copyCpu } = await rawCopy(ctx, c.version.relation, csv);
    const x = await importThroughApp(ctx, w, xlsx);
    const bare = await bareXlsxRead(xlsx);
    const csvReader = await readerAlone(csv, { format: 'text', encoding: 'utf-8', delimiter: ',' });
    const xlsxReader = await readerAlone(xlsx, { format: 'xlsx', sheet: 'People' });
    if (bare.rows !== M + 1) throw new Error(`the bare read saw ${bare.rows} rows`);

    const csvMb = readFileSync(csv).length / MB;
    console.log(
      `  CSV ${N.toLocaleString('en')} rows (${csvMb.toFixed(0)} MB), XLSX ${M.toLocaleString('en')} rows`,
    );
    console.log(line('CSV: upload, preview and start (routes)', c.startMs, N));
    console.log(
      line('CSV: the import job (parse, convert, COPY, stats, publish)', c.job.ms, N, c.job.cpu),
    );
    console.log(line('CSV: raw COPY of the same file, same column types', copyMs, N, copyCpu));
    console.log(
      line('CSV: the app reader alone (decode, papaparse), no database', csvReader.ms, N),
    );
    console.log(line('XLSX: upload, preview and start (routes)', x.startMs, M));
    console.log(line('XLSX: the import job', x.job.ms, M, x.job.cpu));
    console.log(line('XLSX: bare exceljs streaming read of the same file', bare.ms, M, bare.cpu));
    console.log(line('XLSX: the app reader alone (fileRows), no database', xlsxReader.ms, M));
    console.log('  aims');
    console.log(
      aim(
        'CSV import job / raw COPY (throughput)',
        copyMs / c.job.ms,
        copyMs / c.job.ms >= 0.45,
        '>= 0.45x',
      ),
    );
    console.log(
      `          (with the upload and preview: ${(copyMs / (c.job.ms + c.startMs)).toFixed(2)}x; in CPU time of this process: ${(copyCpu / c.job.cpu).toFixed(2)}x)`,
    );
    console.log(
      aim(
        'XLSX import job / bare exceljs read (throughput)',
        bare.ms / x.job.ms,
        bare.ms / x.job.ms >= 0.85,
        '>= 0.85x',
      ),
    );
    console.log(`          (in CPU time of this process: ${(bare.cpu / x.job.cpu).toFixed(2)}x)`);
    console.log(
      aim(
        `peak RSS growth during the CSV import job${ctx.database.pglite ? ' (with PGlite)' : ''}`,
        c.job.growth / MB,
        c.job.growth <= 250 * MB,
        '<= 250 MB',
        ' MB',
      ),
    );
    console.log(`          (during the XLSX import job: ${(x.job.growth / MB).toFixed(0)} MB)`);
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
