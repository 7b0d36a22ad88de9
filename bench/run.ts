/**
 * `npm run bench`: throughput and latency of the app under 50 concurrent connections, each HTTP
 * measurement beside a bare Fastify route and the same database work without HTTP, in one run.
 * PGlite (fresh temp data dir) by default; PostgreSQL with BENCH_DATABASE_URL.
 * BENCH_SECONDS (default 5), BENCH_CONNECTIONS (default 50). Then bench/datagrid.ts and
 * bench/imports.ts, each in a process of its own (their own BENCH_* settings are in their headers).
 * BENCH_ONLY=submit runs only the public submit rows (f) (one bench user, nothing after);
 * BENCH_ONLY=transformations only the transformations rows (bench/transformations.ts; with
 * BENCH_TRANSFORM_ROWS for a quick check).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { buildApp } from '../src/server/app.js';
import { actorFromSession } from '../src/server/platform/auth/actor.js';
import { authHeaders, forwardAuthCookies } from '../src/server/platform/auth/bridge.js';
import { recentTeamActivity } from '../src/server/modules/core/dashboard.queries.js';
import { gettingStartedFor } from '../src/server/modules/core/getting-started.js';
import { firstLoad } from './bundle.js';
import { directLoad, httpLoad, peakRss } from './load.js';
import { table, type Measurement } from './stats.js';
import { benchUsers, sessionCookies, xsrfCookie } from './setup.js';
import { resultsFrameworkBench } from './results-framework.js';
import { recipePagesBench, transformationsBench } from './transformations.js';
import { publicSubmitBench } from './public-submit.js';
import { responsesExportBench } from './responses-export.js';
import { teamMembers, users as usersTable } from '../src/server/platform/auth/auth.tables.js';
import { IDLE_RESTARTS, serverMemory } from './server-memory.js';
import { and, eq } from 'drizzle-orm';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const WARMUP_MS = Number(process.env.BENCH_WARMUP_MS ?? 1000);
const run = { connections: CONNECTIONS, durationMs: SECONDS * 1000, warmupMs: WARMUP_MS };
const MB = 1024 * 1024;

const ONLY = process.env.BENCH_ONLY;
if (ONLY && ONLY !== 'submit' && ONLY !== 'transformations')
  throw new Error(`BENCH_ONLY=${ONLY}: the choices are "submit" and "transformations"`);
const databaseUrl = process.env.BENCH_DATABASE_URL;
const dataDir = mkdtempSync(path.join(tmpdir(), 'pathways-bench-'));
process.env.NODE_ENV = 'production';

async function main() {
  const rssBefore = process.memoryUsage().rss;
  const app: FastifyInstance = await buildApp({
    env: {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
      APP_URL: 'http://127.0.0.1',
      TRUST_PROXY: 'true',
      API_RATE_LIMIT: '1000000000',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { DATABASE_URL: '' }),
    },
    logger: false,
  });

  // the login row: the real POST /login when it exists, else a clearly labelled stand-in
  const loginRoute = [...app.ctx.routes.byName.values()].find(
    (r) => r.name === 'login' && r.methods.includes('POST'),
  );
  let loginUrl = loginRoute?.url;
  if (!loginUrl) {
    loginUrl = '/__bench/sign-in';
    app.post(
      loginUrl,
      { config: { name: 'bench.sign-in', access: { kind: 'guest' } } },
      async (request, reply) => {
        const body = request.body as { email: string; password: string };
        const { headers } = await app.ctx.auth.api.signInEmail({
          body,
          headers: authHeaders(request),
          returnHeaders: true,
        });
        forwardAuthCookies(reply, headers);
        return reply.redirect('/dashboard', 303);
      },
    );
  }
  app.get(
    '/__bench/app-json',
    { config: { name: 'bench.app-json', access: { kind: 'public' } } },
    async () => ({ ok: true }),
  );
  // the public submit's HTTP ceiling: the same headers and body through every app hook (CSRF,
  // security headers, JSON parse), answered without a database write
  app.post(
    '/__bench/app-post',
    { config: { name: 'bench.app-post', access: { kind: 'public' } } },
    async (_request, reply) => reply.code(201).send({ status: 'created' }),
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;

  const bare = Fastify({ logger: false });
  bare.get('/json', async () => ({ ok: true }));
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const bareUrl = `http://127.0.0.1:${(bare.server.address() as { port: number }).port}/json`;

  console.log(
    `Pathways bench: ${app.ctx.database.kind}${app.requestLimiter ? ` (PGLITE_CONCURRENCY=${app.requestLimiter.limit || 'unlimited'})` : ''}${databaseUrl ? ` (${new URL(databaseUrl).host})` : ''}, ${CONNECTIONS} connections, ${SECONDS}s per measurement (+${WARMUP_MS} ms warm-up)`,
  );
  console.log('setting up users...');
  const users = await benchUsers(app, ONLY ? 1 : CONNECTIONS);
  const xsrf = await xsrfCookie(base);
  const owner = users[0];
  if (ONLY === 'submit') {
    await bare.close();
    return submitOnly(app, { owner, base, xsrf });
  }
  const cookies = await sessionCookies(app, owner);
  const version =
    (await (await fetch(`${base}/`)).text())
      .match(/&quot;version&quot;:&quot;([^&]+)&quot;|"version":"([^"]+)"/)
      ?.slice(1)
      .find(Boolean) ?? '';
  const pageHeaders = {
    'x-inertia': 'true',
    'x-inertia-version': version,
    'x-requested-with': 'XMLHttpRequest',
    accept: 'text/html, application/xhtml+xml',
    cookie: `${cookies}; XSRF-TOKEN=${xsrf}`,
  };

  // sanity: the dashboard request really renders the dashboard for a signed-in user
  const probe = await fetch(`${base}/dashboard`, { headers: pageHeaders, redirect: 'manual' });
  const probeBody = await probe.text();
  if (probe.status !== 200 || !probeBody.includes('"component":"dashboard"'))
    throw new Error(`GET /dashboard answered ${probe.status}: ${probeBody.slice(0, 200)}`);

  const [membershipOfOwner] = await app.ctx.db
    .select({ teamId: teamMembers.organizationId })
    .from(teamMembers)
    .where(and(eq(teamMembers.userId, owner.id), eq(teamMembers.role, 'owner')));
  const recipePages = () =>
    recipePagesBench(app, {
      teamId: membershipOfOwner.teamId,
      userId: owner.id,
      url: `${base}/dashboard`,
      headers: pageHeaders,
    });
  if (ONLY === 'transformations') {
    const lines = [...(await transformationsBench(app.ctx.db)), '', ...(await recipePages())];
    console.log('');
    for (const l of lines) console.log(l);
    await app.close();
    await bare.close();
    return;
  }

  // (d) the dashboard's work without HTTP: the actor from the session, every shared prop, the page's own props
  const fakeRequest = {
    headers: { cookie: cookies, host: '127.0.0.1' },
    cookies: Object.fromEntries(
      cookies
        .split('; ')
        .map((c) => [c.slice(0, c.indexOf('=')), decodeURIComponent(c.slice(c.indexOf('=') + 1))]),
    ),
    ip: '127.0.0.1',
    actor: null as unknown,
  };
  const dashboardWork = async () => {
    const req = { ...fakeRequest } as unknown as FastifyRequest;
    req.actor = await actorFromSession(
      app.ctx.auth,
      app.ctx.db,
      req,
      undefined,
      app.ctx.sessionCache,
    );
    if (!req.actor) throw new Error('no actor');
    const shared = app.ctx.shared.for(req);
    const actor = req.actor;
    // the dashboard page's own props (keep in step with the 'dashboard' route in modules/core/core.routes.ts)
    await Promise.all([
      ...Object.values(shared).map((fn) => (fn as () => unknown)()),
      actor.team ? recentTeamActivity(app.ctx.db, actor.team.id) : [],
      gettingStartedFor(app.ctx, actor),
    ]);
  };
  await dashboardWork();

  // JIT and pools warm for every path first, so the order of the rows does not favour the later ones
  console.log('warming up...');
  await httpLoad({
    label: 'warm-up',
    url: `${base}/dashboard`,
    headers: pageHeaders,
    ...run,
    durationMs: 1500,
  });
  await directLoad('warm-up', dashboardWork, { ...run, durationMs: 1500 });

  const rssReady = process.memoryUsage().rss;
  const rows: Measurement[] = [];
  let peak = 0;
  const measure = async (m: () => Promise<Measurement>) => {
    const { result, peak: p } = await peakRss(m);
    peak = Math.max(peak, p);
    rows.push({ ...result, peakRss: p });
  };
  const one = { ...run, connections: 1 };
  await measure(() => httpLoad({ label: '(c) bare Fastify JSON route', url: bareUrl, ...run }));
  await measure(() =>
    httpLoad({
      label: "(c') app JSON route (all app hooks)",
      url: `${base}/__bench/app-json`,
      headers: { cookie: `XSRF-TOKEN=${xsrf}` },
      ...run,
    }),
  );
  await measure(() =>
    httpLoad({
      label: "(c'') app JSON route, signed in (session lookup)",
      url: `${base}/__bench/app-json`,
      headers: { cookie: pageHeaders.cookie },
      ...run,
    }),
  );
  const limiter = app.requestLimiter;
  const limit = limiter?.limit ?? 0;
  const label = (n: number) => (n > 0 ? `request limit ${n}` : 'no request limit');
  await measure(() =>
    httpLoad({
      label: `(a) dashboard, Inertia JSON, signed in${limiter ? ` (${label(limit)})` : ''}`,
      url: `${base}/dashboard`,
      headers: pageHeaders,
      ...run,
    }),
  );
  if (limiter) {
    // the alternative PGlite setting, for comparison (PGLITE_CONCURRENCY picks the default)
    limiter.limit = limit > 0 ? 0 : 4;
    await measure(() =>
      httpLoad({
        label: `    dashboard with ${label(limiter.limit)}`,
        url: `${base}/dashboard`,
        headers: pageHeaders,
        ...run,
      }),
    );
    limiter.limit = limit;
  }
  await measure(() => directLoad('(d) dashboard queries without HTTP', dashboardWork, run));
  await measure(() =>
    httpLoad({
      label: '    dashboard at 1 connection',
      url: `${base}/dashboard`,
      headers: pageHeaders,
      ...one,
    }),
  );
  await measure(() => directLoad('    dashboard queries at 1 connection', dashboardWork, one));
  await measure(() =>
    directLoad(
      '    primary-key lookup (users by id) at 1 connection',
      () => app.ctx.db.select().from(usersTable).where(eq(usersTable.id, owner.id)).limit(1),
      one,
    ),
  );
  const loginBodies = users.map((u) => JSON.stringify({ email: u.email, password: u.password }));
  const loginHeaders = {
    'content-type': 'application/json',
    'x-inertia': 'true',
    'x-inertia-version': version,
    'x-requested-with': 'XMLHttpRequest',
    'x-xsrf-token': decodeURIComponent(xsrf),
    cookie: `XSRF-TOKEN=${xsrf}`,
  };
  await measure(() =>
    httpLoad({
      label: loginRoute ? `(b) login POST ${loginUrl}` : `(b) login STAND-IN POST ${loginUrl}`,
      url: `${base}${loginUrl}`,
      method: 'POST',
      headers: loginHeaders,
      bodies: loginBodies,
      randomForwardedFor: true,
      ...run,
    }),
  );
  const [membership] = await app.ctx.db
    .select({ teamId: teamMembers.organizationId })
    .from(teamMembers)
    .where(and(eq(teamMembers.userId, owner.id), eq(teamMembers.role, 'owner')));
  console.log('public submissions and raw INSERTs of the same rows...');
  const submitLines = await publicSubmitBench(app, {
    teamId: membership.teamId,
    userId: owner.id,
    base,
    xsrf,
    run,
    measure,
    rows,
  });
  console.log('seeding problems of 10 and 2,000 elements...');
  const rfLines = await resultsFrameworkBench(app, {
    teamId: membership.teamId,
    userId: owner.id,
    base,
    run,
    measure,
  });
  rfLines.push('', ...(await transformationsBench(app.ctx.db)));
  rfLines.push('', ...(await recipePages()));
  rfLines.push('', ...(await responsesExportBench(app.ctx.database)));
  rfLines.push('', ...(await import('./coding.js')).codingBench());
  await measure(() =>
    directLoad(
      '(d) auth.api.signInEmail without HTTP',
      (i) =>
        app.ctx.auth.api.signInEmail({
          body: {
            email: users[i % users.length].email,
            password: users[i % users.length].password,
          },
        }),
      run,
    ),
  );

  console.log('');
  console.log(table(rows));
  const find = (prefix: string) => rows.find((r) => r.label.startsWith(prefix))!;
  const dash = find('(a)');
  const dashDirect = find('(d) dashboard');
  const login = find('(b)');
  const loginDirect = find('(d) auth');
  const bareRow = find('(c)');
  console.log('');
  console.log('ratios');
  console.log(
    `  dashboard HTTP / its queries without HTTP: ${(dash.rps / dashDirect.rps).toFixed(2)}x   (aim >= 0.80)`,
  );
  console.log(
    `  dashboard HTTP / bare Fastify route:       ${(dash.rps / bareRow.rps).toFixed(3)}x`,
  );
  console.log(
    `  login HTTP / signInEmail without HTTP:     ${(login.rps / loginDirect.rps).toFixed(2)}x`,
  );
  console.log(
    `  p99/p50 dashboard: ${(dash.p99 / dash.p50).toFixed(2)}   login: ${(login.p99 / login.p50).toFixed(2)}   (aim <= 3)`,
  );
  const api = find('(e)');
  console.log(
    `  API list HTTP / bare Fastify route:        ${(api.rps / bareRow.rps).toFixed(3)}x  (${api.rps.toFixed(0)} vs ${bareRow.rps.toFixed(0)} req/s)`,
  );

  // the aims of issue 8 item 26, on this database
  const signed = find("(c'')");
  const unsigned = find("(c')");
  const dashOne = find('    dashboard queries at 1 connection');
  const pk = find('    primary-key lookup');
  const aims: string[] = [];
  const aim = (label: string, value: number, ok: boolean, bound: string, unit = 'x') =>
    aims.push(
      `  ${(ok ? 'met' : 'MISSED').padEnd(6)}  ${label.padEnd(62)} ${value.toFixed(2)}${unit}  (aim ${bound})`,
    );
  aim(
    'signed-in JSON route / the same route without a session',
    signed.rps / unsigned.rps,
    signed.rps / unsigned.rps >= 0.5,
    '>= 0.5x',
  );
  aim(
    'API list (bearer token) / signed-in JSON route',
    api.rps / signed.rps,
    api.rps / signed.rps >= 0.5,
    '>= 0.5x',
  );
  const apiMe = find("(e')");
  aims.push(
    `        (GET /api/v1/me with the same token / signed-in JSON route: ${(apiMe.rps / signed.rps).toFixed(2)}x; authentication and the per-token rate limit, which a cached list page adds no query to)`,
  );
  // mean time per call at 1 connection = 1 / throughput
  const dashWork = 1 / dashOne.rps / (1 / pk.rps);
  aim(
    `dashboard work per request / a primary-key lookup, 1 connection (${(1000 / dashOne.rps).toFixed(2)} / ${(1000 / pk.rps).toFixed(2)} ms)`,
    dashWork,
    dashWork <= 6,
    '<= 6x',
  );
  let memoryLines: string[] = [];
  if (app.ctx.database.kind === 'pglite') {
    console.log('');
    console.log('measuring the embedded server process alone (memory)...');
    const mem = await serverMemory(path.join(dataDir, 'server'), run);
    memoryLines = mem.lines;
    aim(
      `embedded server RSS idle, \`npm start\`, highest of ${IDLE_RESTARTS} restarts (${mem.idles.map((r) => (r / MB).toFixed(0)).join(', ')} MB)`,
      mem.idle / MB,
      mem.idle <= 300 * MB,
      '<= 300 MB',
      ' MB',
    );
    aim(
      `embedded server RSS, peak under ${CONNECTIONS} connections`,
      mem.peak / MB,
      mem.peak <= 600 * MB,
      '<= 600 MB',
      ' MB',
    );
  } else {
    aims.push(
      '  n/a     embedded server RSS, idle (<= 300 MB) and under load (<= 600 MB): embedded (PGlite) runs only',
    );
  }
  console.log('');
  console.log(
    `aims (${app.ctx.database.kind}; load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')} on ${cpus().length} cores)`,
  );
  for (const l of aims) console.log(l);
  for (const l of submitLines) console.log(`  ${l}`);
  for (const l of memoryLines) console.log(`  ${l}`);
  console.log(
    `  session cache: ${app.ctx.sessionCache.hits} hits, ${app.ctx.sessionCache.misses} misses`,
  );
  console.log(
    `  API list cache: ${app.ctx.listCache.hits} hits, ${app.ctx.listCache.misses} misses, ${app.ctx.listCache.size} pages kept`,
  );
  console.log('');
  console.log("results framework: building a problem's pages (no HTTP)");
  for (const l of rfLines) console.log(`  ${l}`);
  console.log('');
  console.log(
    `memory: RSS ${(rssBefore / MB).toFixed(0)} MB before the app, ${(rssReady / MB).toFixed(0)} MB with the app, database and ${users.length} users set up, peak ${(peak / MB).toFixed(0)} MB under load (the server process; it includes the load-generator thread)`,
  );

  console.log('');
  console.log('first-load JS (gzip)');
  const external = path.resolve(import.meta.dirname, 'bundle-size.ts');
  if (!existsSync(path.resolve(import.meta.dirname, '../dist/client/.vite/manifest.json'))) {
    console.log('  no client build: run `npm run build` first to measure the bundles');
  } else if (existsSync(external)) {
    const r = spawnSync(process.execPath, ['--import', 'tsx', external], { encoding: 'utf8' });
    console.log(
      r.status === 0
        ? r.stdout.trim()
        : `  bench/bundle-size.ts failed: ${(r.stderr || r.stdout).trim().split('\n').slice(0, 3).join(' ')}`,
    );
  } else {
    for (const page of ['auth/login', 'dashboard']) {
      const f = firstLoad(page);
      console.log(
        f.missing
          ? `  ${page.padEnd(12)} ${f.missing}`
          : `  ${page.padEnd(12)} JS ${(f.jsGzip / 1024).toFixed(1)} KiB gzip (${(f.js / 1024).toFixed(0)} KiB raw), CSS ${(f.cssGzip / 1024).toFixed(1)} KiB gzip, ${f.files} files`,
      );
    }
  }

  await app.close();
  await bare.close();
  const failures: string[] = [];
  if (!loginRoute)
    failures.push(
      `POST /login (route 'login') does not exist: the login row measured a bench stand-in route calling auth.api.signInEmail, not the product's login.`,
    );
  const bad = Object.entries(login.statuses ?? {}).filter(
    ([s]) => !['303', '302', '409', '200'].includes(s),
  );
  if (bad.length)
    failures.push(
      `login answered ${bad.map(([s, n]) => `${n}x ${s}`).join(', ')}: the login row is not measuring successful sign-ins.`,
    );
  const dashBad = Object.entries(dash.statuses ?? {}).filter(([s]) => s !== '200');
  if (dashBad.length)
    failures.push(`dashboard answered ${dashBad.map(([s, n]) => `${n}x ${s}`).join(', ')}.`);
  if (failures.length) {
    console.error('');
    for (const f of failures) console.error(`BENCH FAILED: ${f}`);
    process.exitCode = 1;
  }
}

/** BENCH_ONLY=submit: the public submit and its raw INSERTs, nothing else. */
async function submitOnly(
  app: FastifyInstance,
  o: { owner: { id: string }; base: string; xsrf: string },
) {
  const [membership] = await app.ctx.db
    .select({ teamId: teamMembers.organizationId })
    .from(teamMembers)
    .where(and(eq(teamMembers.userId, o.owner.id), eq(teamMembers.role, 'owner')));
  const rows: Measurement[] = [];
  const measure = async (m: () => Promise<Measurement>) => {
    rows.push(await m());
  };
  const lines = await publicSubmitBench(app, {
    teamId: membership.teamId,
    userId: o.owner.id,
    base: o.base,
    xsrf: o.xsrf,
    run,
    measure,
    rows,
  });
  console.log('');
  console.log(table(rows));
  console.log('');
  console.log(
    `aims (${app.ctx.database.kind}; load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')} on ${cpus().length} cores)`,
  );
  for (const l of lines) console.log(`  ${l}`);
  await app.close();
}

try {
  await main();
  // each in its own process: a fresh heap, so the import's memory growth is its own
  if (!ONLY)
    for (const bench of ['datagrid.ts', 'imports.ts', 'responses-list.ts'])
      spawnSync(process.execPath, ['--import', 'tsx', path.resolve(import.meta.dirname, bench)], {
        stdio: 'inherit',
      });
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
