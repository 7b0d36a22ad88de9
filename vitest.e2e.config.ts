import { defineConfig } from 'vitest/config';
import { WAIT_GUARD_MS } from './test/helpers/wait.js';
import { filesMarked } from './test/marks.js';

/**
 * The second, PostgreSQL pass of `.ci/run` (PATHWAYS_DB_PASS_ONLY=1) runs only the journeys that
 * mark themselves with `@postgres-pass` in their first lines: those whose server paths differ by
 * driver (COPY imports, the jobs queue and its worker, LISTEN/NOTIFY session and list caches,
 * advisory locks, the live channel). Every journey runs on PGlite, the default mode; every
 * integration test runs on both, but for those marked `@first-pass-only` (test/marks.ts).
 */
const dbPassOnly = process.env.PATHWAYS_DB_PASS_ONLY === '1';
const journeys = dbPassOnly
  ? filesMarked(['e2e'], '.e2e.ts', '@postgres-pass')
  : ['e2e/**/*.e2e.ts'];

export default defineConfig({
  test: {
    include: journeys,
    globalSetup: ['test/global-setup.ts', 'e2e/global-setup.ts'],
    // axe-core on every page a journey shows (helpers/a11y.ts); a failed journey writes what its
    // browsers showed and did (helpers/flight-recorder.ts)
    setupFiles: ['e2e/helpers/a11y-setup.ts', 'e2e/helpers/failure-setup.ts'],
    pool: 'forks',
    // a worker runs journey after journey in one process: the server's modules are imported (and
    // PGlite's WebAssembly compiled) once per worker, not once per journey; each journey still
    // starts its own app on its own fresh database and its own browser
    isolate: false,
    // two journeys at a time (each has its own server, database and browser): the CI machine has 2 cores
    maxWorkers: 2,
    // only tell a hang from a slow machine: journeys wait on conditions (test/helpers/wait.ts)
    testTimeout: 10 * 60_000,
    hookTimeout: 10 * 60_000,
    // expect.poll waits on a condition (a page re-rendered after a round trip), never a margin:
    // Vitest's 1 s default failed on a busy machine; the guard only tells a hang (test/helpers/wait.ts)
    expect: { poll: { timeout: WAIT_GUARD_MS } },
    env: { NODE_ENV: 'test' },
  },
});
