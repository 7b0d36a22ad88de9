/**
 * Results-framework rows of `npm run bench`: the time to build a problem's full-view props and
 * its diagram for 10 and for 2,000 elements (and the ratio, beside the element ratio of 200x),
 * and the API list endpoint's requests per second beside the bare Fastify route.
 */
import { performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import { problemFullViewProps } from '../src/server/modules/problems/index.js';
import { diagramProps, tableViewProps } from '../src/server/modules/problems/index.js';
import { countingContext } from '../src/server/modules/problems/query-counter.test-support.js';
import { createApiToken } from '../src/server/modules/api-tokens/index.js';
import { httpLoad } from './load.js';
import { seedProblem } from './seed-problem.js';
import type { Measurement } from './stats.js';

interface Options {
  teamId: string;
  userId: string;
  base: string;
  run: { connections: number; durationMs: number; warmupMs: number };
  measure: (m: () => Promise<Measurement>) => Promise<void>;
}

/** Median wall time of `fn` over `runs` calls after `warm` unmeasured ones, in ms. */
async function medianMs(fn: () => Promise<unknown>, runs: number, warm = 3) {
  for (let i = 0; i < warm; i++) await fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await fn();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)];
}

export async function resultsFrameworkBench(app: FastifyInstance, o: Options) {
  const ctx = app.ctx;
  const small = await seedProblem(ctx.db, { teamId: o.teamId, userId: o.userId, n: 10 });
  const large = await seedProblem(ctx.db, {
    teamId: o.teamId,
    userId: o.userId,
    n: 2000,
    projectId: small.projectId,
  });
  const runs = Number(process.env.BENCH_BUILD_RUNS ?? 15);
  type Build = (c: typeof ctx, problemId: string) => Promise<unknown>;
  const cases: Array<{ label: string; fn: Build }> = [
    {
      label: 'full view props, overview tab',
      fn: (c, id) => problemFullViewProps(c, o.teamId, id, 'overview'),
    },
    {
      label: 'full view props, outcomes tab',
      fn: (c, id) => problemFullViewProps(c, o.teamId, id, 'outcomes'),
    },
    {
      label: 'full view props, metrics tab',
      fn: (c, id) => problemFullViewProps(c, o.teamId, id, 'metrics'),
    },
    { label: 'diagram props (nodes, edges)', fn: (c, id) => diagramProps(c, o.teamId, id) },
    { label: 'table full view props', fn: (c, id) => tableViewProps(c, o.teamId, id) },
  ];
  /** queries one build makes (the same for 10 and 2,000 elements when nothing is fetched per element) */
  const queries = async (fn: Build, id: string) => {
    const counted = countingContext(ctx);
    await fn(counted.ctx, id);
    return counted.count();
  };
  const lines: string[] = [];
  const elementRatio = large.elements / small.elements;
  lines.push(
    `problem sizes: ${small.elements} elements / ${small.links} links / ${small.metrics} metrics, and ${large.elements} / ${large.links} / ${large.metrics} (elements x${elementRatio.toFixed(0)})`,
  );
  lines.push(`${'build time (median of ' + runs + ')'.padEnd(0)}`);
  for (const c of cases) {
    const a = await medianMs(() => c.fn(ctx, small.problemId), runs);
    const b = await medianMs(() => c.fn(ctx, large.problemId), runs);
    const ratio = b / a;
    const q = `${await queries(c.fn, small.problemId)} -> ${await queries(c.fn, large.problemId)} queries`;
    lines.push(
      `  ${c.label.padEnd(32)} ${a.toFixed(2).padStart(8)} ms (10)  ${b.toFixed(2).padStart(9)} ms (2,000)  ratio ${ratio.toFixed(1).padStart(6)}x  ${q}  ${ratio <= elementRatio ? '(grows slower than the element count)' : 'GROWS FASTER THAN THE ELEMENT COUNT'}`,
    );
  }

  // the API list endpoint: one page of the large problem's elements, with a bearer token
  const token = await createApiToken(ctx, {
    userId: o.userId,
    teamId: o.teamId,
    name: 'bench',
    abilities: ['read'],
  });
  const url = `${o.base}/api/v1/elements?problemId=${large.problemId}&perPage=25&page=3`;
  const probe = await fetch(url, { headers: { authorization: `Bearer ${token.plainText}` } });
  if (probe.status !== 200)
    throw new Error(
      `GET /api/v1/elements answered ${probe.status}: ${(await probe.text()).slice(0, 200)}`,
    );
  await o.measure(() =>
    httpLoad({
      label:
        '(e) API list GET /api/v1/elements (25 of 2,000, bearer token; per-token limit lifted for the bench)',
      url,
      headers: { authorization: `Bearer ${token.plainText}` },
      ...o.run,
    }),
  );
  // the same token on the smallest API route: what authentication alone costs
  await o.measure(() =>
    httpLoad({
      label: "(e') API GET /api/v1/me (bearer token: authentication only)",
      url: `${o.base}/api/v1/me`,
      headers: { authorization: `Bearer ${token.plainText}` },
      ...o.run,
    }),
  );
  return lines;
}
