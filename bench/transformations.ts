/**
 * Transformations rows of `npm run bench`: a six-step recipe (trim, recode with a mapping, filter,
 * change a type, derived column, deduplicate) compiled by the app and run on a large dataset,
 * beside the same pipeline hand-written as one SQL statement, in the same run; and the time of a
 * step's preview counts on the same dataset. BENCH_TRANSFORM_ROWS (default 1,000,000 on
 * PostgreSQL, 300,000 on PGlite).
 * `recipePagesBench`: the p95 of a page (GET /dashboard over HTTP, a few connections) while the
 * same recipe runs as the app's job on a dataset of that size, beside the same page with nothing
 * running, in the same run (the run's own server: PGlite unless BENCH_DATABASE_URL).
 * Standalone: `npx tsx bench/transformations.ts` (PGlite in memory, or BENCH_DATABASE_URL).
 */
import { performance } from 'node:perf_hooks';
import { setTimeout as delay } from 'node:timers/promises';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../src/server/platform/db/client.js';
import { runUseCase, type WriteActor } from '../src/server/platform/use-case/index.js';
import { projects } from '../src/server/modules/projects/read-model.js';
import { seedDataset } from '../src/server/modules/datasets/test-support.js';
import {
  createTransformation,
  saveSteps,
  startRun,
} from '../src/server/modules/transformations/transformations.use-cases.js';
import { transformationRuns } from '../src/server/modules/transformations/transformations.tables.js';
import { httpLoadDuring } from './load.js';
import { percentile } from './stats.js';
import { stepSchema } from '../src/shared/transformations/steps.js';
import {
  compileRecipe,
  countsSelect,
  runSelect,
  type RecipeSource,
} from '../src/server/modules/transformations/transformations.compile.js';
import { toDrizzle } from '../src/server/modules/transformations/transformations.sql.js';

/** 1M rows on PostgreSQL (about 40 s in all); 300,000 on the embedded PGlite (about a minute) */
const ROWS = Number(
  process.env.BENCH_TRANSFORM_ROWS ?? (process.env.BENCH_DATABASE_URL ? 1_000_000 : 300_000),
);
const REL = 'v_bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb';

const SOURCE: RecipeSource = {
  relation: `ds."${REL}"`,
  columns: [
    { key: 'name', label: 'Name', type: 'text', physical: 'c1' },
    { key: 'sex', label: 'Sex', type: 'text', physical: 'c2' },
    { key: 'age', label: 'Age', type: 'text', physical: 'c3' },
    { key: 'village', label: 'Village', type: 'text', physical: 'c4' },
    { key: 'score', label: 'Score', type: 'decimal', physical: 'c5' },
  ],
};

const STEPS = [
  { id: 'a', enabled: true, kind: 'cleanup', op: 'trim', columns: ['name', 'sex'] },
  {
    id: 'b',
    enabled: true,
    kind: 'cleanup',
    op: 'replace',
    columns: ['sex'],
    loose: true,
    mapping: [
      { from: 'm', to: 'male' },
      { from: 'male', to: 'male' },
      { from: 'f', to: 'female' },
      { from: 'female', to: 'female' },
    ],
  },
  { id: 'c', enabled: true, kind: 'filter', expression: "${village} != 'Test'" },
  { id: 'd', enabled: true, kind: 'columns', changes: [{ column: 'age', type: 'integer' }] },
  { id: 'e', enabled: true, kind: 'derive', label: 'Double', expression: '${score} * 2' },
  { id: 'f', enabled: true, kind: 'dedupe', columns: ['name', 'sex', 'age'], keep: 'first' },
].map((s) => stepSchema.parse(s));

/** the five row-wise steps, then a group whose figures combine (on PGlite in chunks) */
const GROUP_STEPS = [
  ...STEPS.slice(0, 5),
  stepSchema.parse({
    id: 'g',
    enabled: true,
    kind: 'aggregate',
    groupBy: ['village', 'sex'],
    aggregates: [
      { fn: 'count', column: '', label: 'People' },
      { fn: 'mean', column: 'score', label: 'Mean score' },
      { fn: 'sum', column: 'age', label: 'Age sum' },
      { fn: 'min', column: 'age', label: 'Youngest' },
      { fn: 'max', column: 'double', label: 'Top double' },
    ],
  }),
];

/** The same pipeline, written by hand as one statement */
const HAND = `SELECT row_number() OVER (ORDER BY _row) AS _row, _row AS _source_row, name, sex, age, village, score, double
FROM (SELECT *, row_number() OVER (PARTITION BY name, sex, age ORDER BY _row) AS n FROM (
  SELECT _row, name, sex, CASE WHEN a ~ '^[-+]?[0-9]{1,18}$' THEN a::bigint END AS age, village, score, score * 2 AS double
  FROM (SELECT _row, NULLIF(btrim(c1), '') AS name,
          CASE lower(btrim(c2)) WHEN 'm' THEN 'male' WHEN 'male' THEN 'male' WHEN 'f' THEN 'female'
            WHEN 'female' THEN 'female' ELSE NULLIF(btrim(c2), '') END AS sex,
          NULLIF(btrim(c3), '') AS a, c4 AS village, c5 AS score
        FROM ds."${REL}" WHERE COALESCE(c4, '') <> 'Test') t) d) e WHERE n = 1`;

async function timed(db: Db, label: string, q: ReturnType<typeof sql>) {
  await db.execute(sql.raw('DROP TABLE IF EXISTS ds.bench_out'));
  const t0 = performance.now();
  await db.execute(sql`CREATE TABLE ds.bench_out AS ${q}`);
  const ms = performance.now() - t0;
  const r = (await db.execute(
    sql.raw('SELECT count(*)::int AS n FROM ds.bench_out'),
  )) as unknown as {
    rows: Array<{ n: number }>;
  };
  return { label, ms, rows: Number(r.rows[0].n) };
}

export async function transformationsBench(db: Db): Promise<string[]> {
  await db.execute(sql.raw(`DROP TABLE IF EXISTS ds."${REL}"`));
  await db.execute(
    sql.raw(
      `CREATE TABLE ds."${REL}" (_row bigint PRIMARY KEY, c1 text, c2 text, c3 text, c4 text, c5 numeric)`,
    ),
  );
  const t0 = performance.now();
  await db.execute(
    sql.raw(`INSERT INTO ds."${REL}" SELECT i,
      CASE WHEN i % 7 = 0 THEN ' Person ' || (i % 50000) || ' ' ELSE 'Person ' || (i % 50000) END,
      (ARRAY['M', 'male', ' F', 'Female ', 'f', 'x'])[1 + i % 6],
      CASE WHEN i % 13 = 0 THEN 'unknown' ELSE (18 + i % 60)::text END,
      CASE WHEN i % 97 = 0 THEN 'Test' ELSE 'Village ' || (i % 40) END,
      (i % 1000) / 10.0
    FROM generate_series(1, ${ROWS}) i`),
  );
  await db.execute(sql.raw(`ANALYZE ds."${REL}"`));
  const seeded = performance.now() - t0;
  const compiled = compileRecipe(SOURCE, STEPS);
  if (compiled.error) throw new Error(compiled.error.message);
  const app = () =>
    timed(db, 'compiled recipe', toDrizzle(runSelect(compiled), compiled.params.values));
  const hand = () => timed(db, 'hand-written SQL', sql.raw(HAND));
  const results = [await app(), await hand(), await app(), await hand()];
  const best = (l: string) => Math.min(...results.filter((r) => r.label === l).map((r) => r.ms));
  const a = best('compiled recipe');
  const h = best('hand-written SQL');
  // a step's preview: the counts of every step on the first 1,000 rows
  const sample = compileRecipe(SOURCE, STEPS, { sample: 1000 });
  const previews: number[] = [];
  for (let i = 0; i < 5; i++) {
    const p0 = performance.now();
    await db.execute(toDrizzle(countsSelect(sample), sample.params.values));
    previews.push(performance.now() - p0);
  }
  previews.sort((x, y) => x - y);
  await db.execute(sql.raw('DROP TABLE IF EXISTS ds.bench_out'));
  await db.execute(sql.raw(`DROP TABLE IF EXISTS ds."${REL}"`));
  if (results.some((r) => r.rows !== results[0].rows))
    throw new Error('The compiled recipe and the hand-written SQL disagree on the rows.');
  const n = ROWS.toLocaleString('en');
  const out = results[0].rows.toLocaleString('en');
  return [
    `transformations: ${n} rows (seeded in ${(seeded / 1000).toFixed(1)} s), six steps, ${out} rows out (best of 2 each)`,
    `  compiled recipe (one statement):  ${(a / 1000).toFixed(2)} s`,
    `  hand-written SQL (one statement): ${(h / 1000).toFixed(2)} s`,
    `  compiled / hand-written:          ${(a / h).toFixed(2)}x   (aim <= 1.10x)`,
    `  preview counts of all six steps on the first 1,000 rows: median ${previews[2].toFixed(0)} ms`,
  ];
}

/** Column i+1 of a seeded row i (the values the INSERT above writes) */
function sourceRow(i: number): Array<string | null> {
  return [
    i % 7 === 0 ? ` Person ${i % 50000} ` : `Person ${i % 50000}`,
    ['M', 'male', ' F', 'Female ', 'f', 'x'][i % 6],
    i % 13 === 0 ? 'unknown' : String(18 + (i % 60)),
    i % 97 === 0 ? 'Test' : `Village ${i % 40}`,
    ((i % 1000) / 10).toFixed(1),
  ];
}

const CONNECTIONS = 4;
const IDLE_MS = Number(process.env.BENCH_SECONDS ?? 5) * 1000;

/**
 * "page p95 while a recipe runs": a page requested over HTTP by CONNECTIONS closed-loop
 * connections, first with nothing running (IDLE_MS), then for as long as a recipe runs as the
 * app's job (`ctx.jobs.drain()` in this process, as the embedded server's worker does) on a
 * dataset of ROWS rows: the first five steps (all row-wise: chunked on PGlite), then the six-step
 * recipe (on PGlite in passes: the five row-wise steps chunked into a work table, the dedupe
 * chunked into another, its rows chunked into the version), then the five steps and a group by
 * village and sex (on PGlite: partial figures per chunk, then the groups' rows). Every request
 * counts, also one that was waiting when the job ended.
 */
export async function recipePagesBench(
  app: FastifyInstance,
  o: { teamId: string; userId: string; url: string; headers: Record<string, string> },
): Promise<string[]> {
  const ctx = app.ctx;
  const db = ctx.db;
  const actor: WriteActor = {
    userId: o.userId,
    name: 'Bench',
    email: '',
    teamId: o.teamId,
    role: 'owner',
    tokenId: null,
    ip: null,
    userAgent: 'bench',
  };
  const [project] = await db
    .insert(projects)
    .values({ teamId: o.teamId, name: 'Recipe bench' })
    .returning();
  const t0 = performance.now();
  const { datasetId } = await seedDataset(
    ctx,
    { teamId: o.teamId, userId: o.userId, projectId: project.id },
    {
      name: 'Recipe bench source',
      n: ROWS,
      columns: SOURCE.columns.map((c) => ({ ...c, sourceColumn: c.key })),
      row: sourceRow,
    },
  );
  const seeded = performance.now() - t0;
  const spec = { url: o.url, headers: o.headers, connections: CONNECTIONS };
  await httpLoadDuring(spec, () => delay(1000)); // warm-up
  const idle = await httpLoadDuring(spec, () => delay(IDLE_MS));
  const during = async (name: string, steps: typeof STEPS) => {
    const t = await runUseCase(ctx, actor, (uc) =>
      createTransformation(uc, { projectId: project.id, name, datasetId }),
    );
    await runUseCase(ctx, actor, (uc) => saveSteps(uc, { transformationId: t.id, steps }));
    const run = await runUseCase(ctx, actor, (uc) => startRun(uc, t.id));
    let jobMs = 0;
    const load = await httpLoadDuring(spec, async () => {
      const j0 = performance.now();
      await ctx.jobs.drain();
      jobMs = performance.now() - j0;
    });
    const [ended] = await db
      .select()
      .from(transformationRuns)
      .where(eq(transformationRuns.id, run.id));
    if (ended.status !== 'done') throw new Error(`the recipe run ended ${ended.status}`);
    return { load, jobMs, rowsOut: Number(ended.rowsOut) };
  };
  const rowWise = await during('Recipe bench (row-wise)', STEPS.slice(0, 5));
  const six = await during('Recipe bench', STEPS);
  const grouped = await during('Recipe bench (group)', GROUP_STEPS);
  const stat = (l: { latencies: number[]; statuses: Record<string, number> }) => {
    const s = [...l.latencies].sort((x, y) => x - y);
    const bad = Object.entries(l.statuses).filter(([k]) => k !== '200');
    if (bad.length)
      throw new Error(`the page answered ${bad.map(([k, n]) => `${n}x ${k}`).join(', ')}`);
    return `p50 ${percentile(s, 50).toFixed(0)} ms, p95 ${percentile(s, 95).toFixed(0)} ms, max ${s[s.length - 1].toFixed(0)} ms (${s.length} requests)`;
  };
  const kind = ctx.database.kind === 'pglite' ? 'PGlite' : 'PostgreSQL';
  const job = (r: typeof six) =>
    `job ${(r.jobMs / 1000).toFixed(2)} s, ${r.rowsOut.toLocaleString('en')} rows out`;
  const chunks = kind === 'PGlite' ? 'chunked' : 'one statement';
  return [
    `page p95 on ${kind} while a recipe runs: GET ${new URL(o.url).pathname}, ${CONNECTIONS} connections, ${ROWS.toLocaleString('en')} source rows (seeded in ${(seeded / 1000).toFixed(1)} s)`,
    `  nothing running (${(IDLE_MS / 1000).toFixed(0)} s):            ${stat(idle)}`,
    `  five row-wise steps (${chunks}): ${stat(rowWise.load)}; ${job(rowWise)}`,
    `  six steps with dedupe (${kind === 'PGlite' ? 'in passes, chunked' : 'one statement'}): ${stat(six.load)}; ${job(six)}`,
    `  five steps and a group (${kind === 'PGlite' ? 'in passes, chunked' : 'one statement'}): ${stat(grouped.load)}; ${job(grouped)}`,
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { openDatabase, migrateDatabase } = await import('../src/server/platform/db/client.js');
  const url = process.env.BENCH_DATABASE_URL;
  const database = await openDatabase(url ? { databaseUrl: url } : { memory: true, noLock: true });
  await migrateDatabase(database);
  for (const l of await transformationsBench(database.db)) console.log(l);
  await database.close();
}
