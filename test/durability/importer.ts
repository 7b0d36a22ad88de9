/**
 * Child process of the import durability test (import-sigkill.int.test.ts): builds the app on
 * DATA_DIR, or on DATABASE_URL (uploads still under DATA_DIR), exactly as the server does.
 *
 *   setup <rows>  a user, team and project; a 10-row CSV imported through the routes (version 1,
 *                 current); then a CSV of <rows> rows uploaded as the dataset's next version and
 *                 its import started (queued, not run). Prints `SETUP <json>` and exits.
 *   run <jobId> [hold]
 *                 starts the jobs worker (as `npm start` / `npm run worker` do) and prints
 *                 `PROGRESS <done> <status>` whenever the job's row changes, then `END <status>`
 *                 once the job has ended, and exits. With `hold`, once the job is running and
 *                 its version's table holds rows (polled beside the import, which yields between
 *                 batches), it prints `HOLD <rows>` and blocks its thread: the import can go no
 *                 further, whatever the machine's speed, until the parent SIGKILLs it.
 */
import { writeSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { buildApp } from '../../src/server/app.js';
import { jobs } from '../../src/server/platform/jobs/index.js';
import {
  bigCsv,
  sourcesWorld,
  startFileImport,
} from '../../src/server/modules/sources/test-support.js';
import { datasetVersions } from '../../src/server/modules/datasets/read-model.js';

const [mode, arg, option] = process.argv.slice(2);
const app = await buildApp({
  logger: false,
  assets: { version: 'test', dev: false, headTags: '' }, // the TestClient's Inertia version
});
await app.ready();
const { ctx } = app;
const say = (line: string) => process.stdout.write(`${line}\n`);

/** rows in the table of the version the job is importing (0 before it has one) */
async function versionRows(jobId: string) {
  const [v] = await ctx.db
    .select({ relation: datasetVersions.relation })
    .from(datasetVersions)
    .where(eq(datasetVersions.jobId, jobId));
  if (!v) return 0;
  const r = (await ctx.db.execute(
    sql.raw(`SELECT count(*)::int AS n FROM ds."${v.relation}"`),
  )) as unknown as { rows: Array<{ n: number }> };
  return r.rows[0]?.n ?? 0;
}

if (mode === 'setup') {
  const w = await sourcesWorld(app);
  const first = await startFileImport(
    w.client,
    w.project.id,
    Buffer.from(bigCsv(10)),
    'people.csv',
  );
  await ctx.jobs.drain();
  const [v1] = await ctx.db
    .select()
    .from(datasetVersions)
    .where(eq(datasetVersions.jobId, first.jobId));
  if (v1?.status !== 'ready') throw new Error(`the first import ended ${v1?.status}`);
  const rows = Number(arg);
  const next = await startFileImport(
    w.client,
    w.project.id,
    Buffer.from(bigCsv(rows)),
    'people.csv',
    { datasetId: v1.datasetId },
  );
  say(`SETUP ${JSON.stringify({ datasetId: v1.datasetId, first: v1.id, jobId: next.jobId })}`);
} else if (mode === 'run') {
  ctx.jobs.startWorker();
  let last = '';
  for (;;) {
    const [job] = await ctx.db.select().from(jobs).where(eq(jobs.id, arg));
    const done = Number((job.progress as { done?: number } | null)?.done ?? 0);
    const line = `PROGRESS ${done} ${job.status}`;
    if (option === 'hold' && job.status === 'running') {
      const rows = await versionRows(arg);
      if (rows > 0) {
        writeSync(1, `HOLD ${rows}\n`);
        // the worker shares this thread: blocked here, it writes nothing more until the kill
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0);
      }
    }
    if (line !== last) say((last = line));
    if (job.status === 'done' || job.status === 'failed') break;
    await new Promise((r) => setTimeout(r, 25));
  }
  const [job] = await ctx.db.select().from(jobs).where(eq(jobs.id, arg));
  say(`END ${job.status}`);
} else throw new Error(`unknown mode ${mode}`);
await app.close();
