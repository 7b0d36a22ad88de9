/**
 * `npm test`: lint (ESLint, `prettier --check`), the dead-code check (knip), unit + integration
 * (Vitest), then end-to-end in Chromium. Lint and dead-code findings fail the run, after the tests
 * have run (so one run shows everything).
 * Runs on PGlite, or on PostgreSQL when TEST_DATABASE_URL is set. Without Chromium the e2e suite
 * is skipped with a clear line, except under CI=true, where nothing may be skipped.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, rmSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { isServerBundleStale } from '../bin/server-bundle.js';
import { isClientBuildStale } from '../src/server/cli/build-check.js';

const CI = process.env.CI === 'true' || process.env.CI === '1';
const root = path.resolve(import.meta.dirname, '..');
const outDir = path.join(root, '.test-data');
mkdirSync(outDir, { recursive: true });
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const db = process.env.TEST_DATABASE_URL
  ? `PostgreSQL (${new URL(process.env.TEST_DATABASE_URL).host})`
  : 'PGlite (embedded)';

interface Totals {
  passed: number;
  failed: number;
  skipped: number;
}
const totals: Totals = { passed: 0, failed: 0, skipped: 0 };
const skippedSuites: string[] = [];
let failedRun = false;

function vitest(label: string, args: string[]) {
  const json = path.join(outDir, `results-${label}.json`);
  rmSync(json, { force: true });
  console.log(`\n=== ${label} on ${db} ===`);
  const r = spawnSync(
    'npx',
    [
      'vitest',
      'run',
      ...args,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${json}`,
    ],
    {
      cwd: root,
      stdio: 'inherit',
      env: process.env,
    },
  );
  if (existsSync(json)) {
    const res = JSON.parse(readFileSync(json, 'utf8')) as {
      numPassedTests: number;
      numFailedTests: number;
      numPendingTests: number;
      numTodoTests: number;
      numTotalTestSuites: number;
      numFailedTestSuites: number;
    };
    totals.passed += res.numPassedTests;
    totals.failed += res.numFailedTests;
    totals.skipped += res.numPendingTests + res.numTodoTests;
    if (res.numFailedTestSuites && !res.numFailedTests) totals.failed += res.numFailedTestSuites;
  } else if (r.status !== 0) {
    totals.failed += 1;
  }
  if (r.status !== 0) failedRun = true;
}

/**
 * PATHWAYS_DB_PASS_ONLY=1 (set by .ci/run on its second, PostgreSQL pass): only what depends on
 * the database runs. Lint, the dead-code check and the unit project (no database) ran in the
 * first pass on the same tree.
 */
const dbPassOnly = process.env.PATHWAYS_DB_PASS_ONLY === '1';

/**
 * The journeys' client build and server bundle (e2e/global-setup.ts builds them when stale), started
 * now in the background: lint and the dead-code check use one core, so the builds take the other
 * instead of running alone before the first journey. Awaited before the end-to-end suite.
 */
function backgroundBuild(): Promise<boolean> {
  const steps = [
    isClientBuildStale() && 'npx vite build --logLevel warn',
    isServerBundleStale() && 'node bin/build-server.js',
  ].filter(Boolean);
  if (dbPassOnly || !existsSync(CHROMIUM) || !steps.length) return Promise.resolve(true);
  console.log(`\n=== ${steps.join(' && ')}: in the background, for the journeys ===`);
  const child = spawn('sh', ['-c', steps.join(' && ')], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: process.env,
  });
  return new Promise((resolve) => child.once('exit', (code) => resolve(code === 0)));
}
const built = backgroundBuild();

let lintFailed = false;
let deadcodeFailed = false;
if (dbPassOnly) {
  console.log(
    '\n=== lint, dead code and unit tests: not in this pass (PATHWAYS_DB_PASS_ONLY=1; they ran in the first pass) ===',
  );
} else {
  console.log('\n=== lint (npm run lint: eslint, prettier --check) ===');
  const lint = spawnSync('npm', ['run', '--silent', 'lint'], {
    cwd: root,
    stdio: 'inherit',
    env: process.env,
  });
  lintFailed = lint.status !== 0;
  if (lintFailed) failedRun = true;

  console.log(
    '\n=== dead code (npm run deadcode: knip, unused files, exports and dependencies) ===',
  );
  const deadcode = spawnSync('npm', ['run', '--silent', 'deadcode'], {
    cwd: root,
    stdio: 'inherit',
    env: process.env,
  });
  deadcodeFailed = deadcode.status !== 0;
  if (deadcodeFailed) failedRun = true;
}

vitest('unit+integration', dbPassOnly ? ['--project', 'int'] : []);

// what a failed journey's browsers showed and did (e2e/helpers/flight-recorder.ts, emptied by the
// e2e run's global setup), printed at the end
const journeyFailures = path.join(outDir, 'journey-failures');

if (!(await built)) {
  console.error(
    '\nthe background build failed: the end-to-end suite needs the client build (output above).',
  );
  failedRun = true;
  totals.failed += 1;
} else if (existsSync(CHROMIUM)) {
  if (dbPassOnly)
    console.log(
      '\n(end-to-end on this pass: only the journeys marked @postgres-pass, whose server paths differ by driver; all of them ran in the first pass)',
    );
  vitest('end-to-end', ['--config', 'vitest.e2e.config.ts']);
} else if (CI) {
  console.error(
    `\nCI=true but Chromium is missing at ${CHROMIUM}: the end-to-end suite cannot be skipped in CI.`,
  );
  failedRun = true;
  totals.failed += 1;
} else {
  skippedSuites.push(`end-to-end (no Chromium at ${CHROMIUM}; apt-get install chromium to run it)`);
}
if (!process.env.TEST_DATABASE_URL)
  skippedSuites.push('PostgreSQL server run (TEST_DATABASE_URL not set; ran on PGlite only)');
if (!process.env.TEST_DATABASE_URL && !process.env.PG_SERVER_URL)
  skippedSuites.push(
    'PostgreSQL-only tests (pool recovery, the worker process): set PG_SERVER_URL or TEST_DATABASE_URL to run them',
  );

console.log('');
if (existsSync(journeyFailures))
  for (const file of readdirSync(journeyFailures).sort().slice(0, 3)) {
    const lines = readFileSync(path.join(journeyFailures, file), 'utf8').trimEnd().split('\n');
    console.log(`--- failed journey: ${lines.slice(0, 80).join('\n')}\n`);
  }
for (const s of skippedSuites) console.log(`skipped suite: ${s}`);
if (CI && totals.skipped > 0) {
  // under CI nothing may be skipped: PostgreSQL-only tests get PG_SERVER_URL on the PGlite pass too
  console.error(
    `CI=true: ${totals.skipped} test(s) were skipped; under CI every test must run (see the skip reasons above).`,
  );
  failedRun = true;
}
if (lintFailed)
  console.error(
    'lint: findings above (npm run lint); fix them, or `npx eslint --fix .` and `npx prettier --write <files>`',
  );
if (deadcodeFailed)
  console.error(
    'dead code: findings above (npm run deadcode); delete the unused code, or drop `export` where only its own file uses it',
  );
console.log(`tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failedRun || totals.failed ? 1 : 0);
