/**
 * A form's responses list at scale (issue 9, section 6): N stored responses (BENCH_RESPONSES;
 * default 1,000,000 on PostgreSQL, 200,000 on PGlite), then p50/p95 of what the lists run:
 * the API's keyset page (GET /api/v1/forms/{form}/responses?cursor=, through the app), first and
 * deep, and the responses page's table query (`responsesPage`: a page and the matching count).
 * `npx tsx bench/responses-list.ts`; PostgreSQL with BENCH_DATABASE_URL, else PGlite in a temp dir.
 * BENCH_RESPONSES_RUNS (default 100). Figures are printed, never asserted (no aim is set yet).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { eq } from 'drizzle-orm';
import { teamMembers } from '../src/server/platform/auth/auth.tables.js';
import { buildApp } from '../src/server/app.js';
import { createApiToken } from '../src/server/modules/api-tokens/index.js';
import { parseFilters, responsesPage } from '../src/server/modules/forms/responses.props.js';
import { benchUsers } from './setup.js';
import { seedPublishedForm, seedResponses } from './seed-form.js';
import { percentile } from './stats.js';

const databaseUrl = process.env.BENCH_DATABASE_URL;
const N = Number(process.env.BENCH_RESPONSES ?? (databaseUrl ? 1_000_000 : 200_000));
const RUNS = Number(process.env.BENCH_RESPONSES_RUNS ?? 100);

async function timed(fn: () => Promise<unknown>, runs: number) {
  for (let i = 0; i < Math.min(5, runs); i++) await fn();
  const t: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await fn();
    t.push(performance.now() - t0);
  }
  t.sort((a, b) => a - b);
  return { p50: percentile(t, 50), p95: percentile(t, 95) };
}

const cursorAt = (seq: number) => Buffer.from(JSON.stringify([seq])).toString('base64url');

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pathways-responses-bench-'));
  const app = await buildApp({
    env: {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
      APP_URL: 'http://127.0.0.1',
      API_RATE_LIMIT: '1000000000',
      DATABASE_URL: databaseUrl ?? '',
    },
    logger: false,
  });
  const { db, database } = app.ctx;
  try {
    const [owner] = await benchUsers(app, 1);
    const [{ teamId }] = await db
      .select({ teamId: teamMembers.organizationId })
      .from(teamMembers)
      .where(eq(teamMembers.userId, owner.id));
    const form = await seedPublishedForm(db, { teamId, userId: owner.id, name: 'Responses bench' });
    const t0 = performance.now();
    console.log(`writing ${N.toLocaleString('en')} responses (${database.kind})...`);
    await seedResponses(db, { teamId, ...form, n: N });
    console.log(`  written in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    const token = (
      await createApiToken(app.ctx, {
        userId: owner.id,
        teamId,
        name: 'bench',
        abilities: ['read'],
      })
    ).plainText;
    const api = async (query: string) => {
      const res = await app.inject({
        method: 'GET',
        url: `/api/v1/forms/${form.formId}/responses?${query}`,
        headers: { authorization: `Bearer ${token}` },
      });
      if (res.statusCode !== 200) throw new Error(`API answered ${res.statusCode}: ${res.body}`);
      return res;
    };
    const filters = parseFilters({});
    const page = (query: Record<string, string>) =>
      responsesPage(db, teamId, form.formId, query, filters);
    const probe = await page({});
    if (probe.rows.length === 0) throw new Error('the responses page found no rows');

    const cases: Array<{ label: string; fn: () => Promise<unknown>; aim: 'keyset' | 'offset' }> = [
      {
        label: 'API keyset page, the first (limit 100)',
        fn: () => api('limit=100'),
        aim: 'keyset',
      },
      {
        label: `API keyset page after seq ${(N - 200).toLocaleString('en')} (limit 100)`,
        fn: () => api(`limit=100&cursor=${cursorAt(N - 200)}`),
        aim: 'keyset',
      },
      {
        label: 'API keyset page mid-way (limit 100)',
        fn: () => api(`limit=100&cursor=${cursorAt(Math.floor(N / 2))}`),
        aim: 'keyset',
      },
      { label: 'responses page: newest first, with its count', fn: () => page({}), aim: 'offset' },
    ];
    console.log('');
    console.log(
      `responses list on ${N.toLocaleString('en')} responses, ${database.kind} (load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')} on ${cpus().length} cores), ms over ${RUNS} runs each`,
    );
    console.log(`  ${'case'.padEnd(52)} ${'p50 / p95'.padStart(18)}`);
    for (const c of cases) {
      const r = await timed(c.fn, RUNS);
      console.log(
        `  ${c.label.padEnd(52)} ${`${r.p50.toFixed(2)} / ${r.p95.toFixed(2)}`.padStart(18)}   ${
          c.aim === 'keyset'
            ? '(seq > cursor on the (form, seq) index)'
            : '(offset paging; it counts every match)'
        }`,
      );
    }
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
