/**
 * Transformations rows of `npm run bench`: a six-step recipe (trim, recode with a mapping, filter,
 * change a type, derived column, deduplicate) compiled by the app and run on a large dataset,
 * beside the same pipeline hand-written as one SQL statement, in the same run; and the time of a
 * step's preview counts on the same dataset. BENCH_TRANSFORM_ROWS (default 1,000,000 on
 * PostgreSQL, 300,000 on PGlite).
 * Standalone: `npx tsx bench/transformations.ts` (PGlite in memory, or BENCH_DATABASE_URL).
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { Db } from '../src/server/platform/db/client.js';
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

if (import.meta.url === `file://${process.argv[1]}`) {
  const { openDatabase, migrateDatabase } = await import('../src/server/platform/db/client.js');
  const url = process.env.BENCH_DATABASE_URL;
  const database = await openDatabase(url ? { databaseUrl: url } : { memory: true, noLock: true });
  await migrateDatabase(database);
  for (const l of await transformationsBench(database.db)) console.log(l);
  await database.close();
}
