/**
 * Responses export rows of `npm run bench`: N responses of a four-question form exported to CSV
 * through the app's row generator (responsesFile: the same code the download and the export job
 * run), beside the database writing the same rows itself in the same run: `COPY (SELECT ...) TO
 * STDOUT` on PostgreSQL, one SELECT of the rows as text on PGlite (it has no COPY TO a client).
 * Prints rows/s, the ratio and the peak RSS growth of each. BENCH_EXPORT_ROWS (default 1,000,000
 * on PostgreSQL, 200,000 on PGlite).
 * Standalone: `npx tsx bench/responses-export.ts` (PGlite in memory, or BENCH_DATABASE_URL).
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../src/server/platform/db/client.js';
import { teams } from '../src/server/platform/auth/auth.tables.js';
import { projects } from '../src/server/modules/projects/projects.tables.js';
import { forms, formVersions } from '../src/server/modules/forms/forms.tables.js';
import { responsesFile } from '../src/server/modules/forms/responses-export.job.js';
import type { QuestionDef } from '../src/shared/forms/questions.js';
import { parseFilters } from '../src/server/modules/forms/responses.props.js';

const ROWS = Number(
  process.env.BENCH_EXPORT_ROWS ?? (process.env.BENCH_DATABASE_URL ? 1_000_000 : 200_000),
);

const q = (key: string, type: QuestionDef['type'], choices: string[] = []): QuestionDef => ({
  key,
  type,
  label: key,
  hint: null,
  required: false,
  requiredMessage: null,
  defaultValue: null,
  choices: choices.map((c) => ({ value: c, label: c.toUpperCase() })),
  allowOther: false,
  scale: null,
  validation: {},
});
const QUESTIONS = [
  q('name', 'short_text'),
  q('water', 'single_choice', ['well', 'tap']),
  q('crops', 'multiple_choice', ['maize', 'rice', 'beans']),
  q('age', 'integer'),
];
/** no filter: every live response (the responses page's filters parsed from an empty query) */
const NO_FILTERS = parseFilters({});

/** Run `work`, sampling RSS every 50 ms: its time and the peak growth over the RSS at its start. */
async function measured(work: () => Promise<number>) {
  global.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
  const t0 = performance.now();
  const bytes = await work();
  const ms = performance.now() - t0;
  clearInterval(timer);
  peak = Math.max(peak, process.memoryUsage().rss);
  return { ms, bytes, rssMb: (peak - before) / 1024 / 1024 };
}

export async function responsesExportBench(database: Database): Promise<string[]> {
  const db = database.db;
  const teamId = `bench-${randomUUID()}`;
  await db.insert(teams).values({ id: teamId, name: 'Bench', slug: teamId });
  const [project] = await db.insert(projects).values({ teamId, name: 'Bench' }).returning();
  const [form] = await db
    .insert(forms)
    .values({ teamId, projectId: project.id, kind: 'survey', name: 'Bench', currentVersion: 1 })
    .returning();
  const [version] = await db
    .insert(formVersions)
    .values({ teamId, formId: form.id, number: 1, questions: QUESTIONS })
    .returning();
  const s0 = performance.now();
  for (let from = 1; from <= ROWS; from += 100_000) {
    const to = Math.min(ROWS, from + 99_999);
    await db.execute(
      sql.raw(`INSERT INTO form_responses (team_id, form_id, client_id, seq, version_id, version_number, answers, answers_hash)
      SELECT '${teamId}', '${form.id}', gen_random_uuid(), i, '${version.id}', 1,
        jsonb_build_object('name', CASE WHEN i % 50 = 0 THEN '=cmd' ELSE 'Person ' || i END,
          'water', (ARRAY['well','tap'])[1 + i % 2],
          'crops', (ARRAY['["maize"]','["maize","rice"]','["beans"]'])[1 + i % 3]::jsonb,
          'age', 18 + i % 60), ''
      FROM generate_series(${from}, ${to}) i`),
    );
  }
  await db.execute(sql.raw('ANALYZE form_responses'));
  const seeded = performance.now() - s0;

  const app = () =>
    measured(async () => {
      let bytes = 0;
      const { body } = await responsesFile(db, {
        teamId,
        formId: form.id,
        filters: NO_FILTERS,
        options: { format: 'csv', content: 'values', multiple: 'joined' },
      });
      for await (const chunk of body) bytes += chunk.length;
      return bytes;
    });
  // the same columns, written by the database
  const select = `SELECT r.id, r.seq, r.submitted_at, r.version_number, r.wave, r.status, NULL AS stakeholder,
      r.answers->>'name' AS name, r.answers->>'water' AS water,
      (SELECT string_agg(x, ';') FROM jsonb_array_elements_text(r.answers->'crops') x) AS crops,
      r.answers->>'age' AS age
    FROM form_responses r WHERE r.form_id = '${form.id}' AND r.deleted_at IS NULL ORDER BY r.seq`;
  const database_ = () =>
    measured(async () => {
      if (database.kind === 'postgres') {
        const { to } = await import('pg-copy-streams');
        const conn = await database.pool!.connect();
        try {
          const stream = conn.query(to(`COPY (${select}) TO STDOUT WITH (FORMAT csv, HEADER)`));
          let bytes = 0;
          for await (const chunk of stream) bytes += (chunk as Buffer).length;
          return bytes;
        } finally {
          conn.release();
        }
      }
      const r = (await db.execute(sql.raw(select))) as unknown as { rows: unknown[] };
      return r.rows.length;
    });
  const results = { app: [await app(), await app()], db: [await database_(), await database_()] };
  const best = <T extends { ms: number }>(l: T[]) => l.reduce((a, b) => (b.ms < a.ms ? b : a));
  const a = best(results.app);
  const d = best(results.db);
  await db.delete(teams).where(eq(teams.id, teamId));
  const rate = (ms: number) => Math.round(ROWS / (ms / 1000)).toLocaleString('en');
  const baseline =
    database.kind === 'postgres' ? 'COPY (SELECT ...) TO STDOUT' : 'one SELECT of the rows as text';
  return [
    `responses export: ${ROWS.toLocaleString('en')} responses (seeded in ${(seeded / 1000).toFixed(1)} s), CSV, best of 2 each`,
    `  app row generator (pages of 2,000, the next read while one is written): ${(a.ms / 1000).toFixed(2)} s, ${rate(a.ms)} rows/s, ${(a.bytes / 1024 / 1024).toFixed(1)} MB, peak RSS +${a.rssMb.toFixed(0)} MB`,
    `  ${baseline}: ${(d.ms / 1000).toFixed(2)} s, ${rate(d.ms)} rows/s, peak RSS +${d.rssMb.toFixed(0)} MB`,
    `  app / database: ${(a.ms / d.ms).toFixed(2)}x the time`,
    `  ${d.ms / a.ms >= 0.5 ? 'met   ' : 'MISSED'}  export rows/s ÷ the database's own: ${(d.ms / a.ms).toFixed(2)}x (aim >= 0.5x)`,
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { openDatabase, migrateDatabase } = await import('../src/server/platform/db/client.js');
  const url = process.env.BENCH_DATABASE_URL;
  const database = await openDatabase(url ? { databaseUrl: url } : { memory: true, noLock: true });
  await migrateDatabase(database);
  for (const l of await responsesExportBench(database)) console.log(l);
  await database.close();
}
