/**
 * The theory-of-change diagram props (problems.diagram) for a problem with 10 and with 2,000
 * elements: median time of repeated builds, the number of queries (fixed whatever the size), and the
 * time ratio beside the element ratio (it should grow no faster than the element count).
 * `npx tsx bench/diagram.ts` on its own, or `benchDiagram(app)` from bench/run.ts.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { teams } from '../src/server/platform/auth/auth.tables.js';
import { diagramProps } from '../src/server/modules/problems/diagram.props.js';
import { tableViewProps } from '../src/server/modules/problems/table-view.props.js';
import { seedTheoryOfChange } from '../src/server/modules/problems/toc-views.test-support.js';
import { countingContext } from '../src/server/modules/problems/query-counter.test-support.js';

const RUNS = Number(process.env.BENCH_DIAGRAM_RUNS ?? 15);

async function median(fn: () => Promise<unknown>, runs = RUNS): Promise<number> {
  await fn(); // warm-up
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await fn();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)];
}

export interface DiagramBenchRow {
  props: 'diagram' | 'table';
  elements: number;
  medianMs: number;
  queries: number;
}

export async function benchDiagram(app: FastifyInstance, sizes: [number, number] = [10, 2000]) {
  const ownerId = (await app.ctx.db.query.users.findFirst())?.id;
  if (!ownerId) throw new Error('bench/diagram needs a user (run after benchUsers)');
  const teamId = randomUUID();
  await app.ctx.db.insert(teams).values({ id: teamId, name: 'Diagram bench', slug: `diagram-bench-${teamId.slice(0, 8)}`, ownerId });
  const rows: DiagramBenchRow[] = [];
  for (const size of sizes) {
    const { problemId } = await seedTheoryOfChange(app.ctx.db, { teamId, size });
    for (const [name, build] of [['diagram', diagramProps], ['table', tableViewProps]] as const) {
      const counted = countingContext(app.ctx);
      await build(counted.ctx, teamId, problemId);
      rows.push({ props: name, elements: size, medianMs: await median(() => build(app.ctx, teamId, problemId)), queries: counted.count() });
    }
  }
  return rows;
}

export function printDiagramBench(rows: DiagramBenchRow[]) {
  console.log('\nTheory-of-change props (median of %d builds, no HTTP)', RUNS);
  for (const r of rows) console.log(`  ${r.props.padEnd(8)} ${String(r.elements).padStart(5)} elements  ${r.medianMs.toFixed(2).padStart(8)} ms  ${r.queries} queries`);
  for (const name of ['diagram', 'table'] as const) {
    const [a, b] = rows.filter((r) => r.props === name);
    if (a && b) console.log(`  ${name}: ${(b.medianMs / a.medianMs).toFixed(1)}x the time for ${(b.elements / a.elements).toFixed(0)}x the elements (queries ${a.queries} -> ${b.queries})`);
  }
}

// standalone: a fresh PGlite app in a temp dir
if (import.meta.url === `file://${process.argv[1]}`) {
  const { buildApp } = await import('../src/server/app.js');
  const { benchUsers } = await import('./setup.js');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pathways-bench-diagram-'));
  const app = await buildApp({ env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'warn', DATA_DIR: dataDir, APP_URL: 'http://127.0.0.1', DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '' }, logger: false });
  try {
    await app.ready();
    await benchUsers(app, 1);
    printDiagramBench(await benchDiagram(app));
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
