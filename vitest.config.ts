import { WAIT_GUARD_MS } from './test/helpers/wait.js';
import { defineConfig } from 'vitest/config';
import { filesMarked } from './test/marks.js';
import { LongFirstSequencer } from './test/sequencer.js';
import path from 'node:path';

/*
 * Two projects on one pool of two workers (the CI machine has 2 cores):
 * - unit: plain functions and components, no database, no global setup.
 * - int (`*.int.test.ts`): the app through app.inject(), real processes; global-setup.ts makes the
 *   migrated template every test file's fresh database is copied from.
 * isolate: false: a worker runs file after file in one process, so the app's modules are imported
 * (and PGlite's WebAssembly compiled) once per worker instead of once per file; each file still
 * builds its own app on its own fresh database (docs/architecture.md, "Tests").
 * Timeouts only tell a hang from a slow machine (test/helpers/wait.ts): tests wait on conditions.
 */
/*
 * The PostgreSQL pass of `.ci/run` (PATHWAYS_DB_PASS_ONLY=1) leaves out the integration files marked
 * `@first-pass-only`: they run their embedded and server variants on every pass (test/marks.ts), so
 * the second pass would repeat the first one's work.
 */
const firstPassOnly =
  process.env.PATHWAYS_DB_PASS_ONLY === '1'
    ? filesMarked(['src', 'test'], '.int.test.ts', '@first-pass-only')
    : [];

export default defineConfig({
  resolve: {
    alias: {
      '@shared': path.resolve(import.meta.dirname, 'src/shared'),
      '@client': path.resolve(import.meta.dirname, 'src/client'),
    },
  },
  test: {
    pool: 'forks',
    maxWorkers: 2,
    isolate: false,
    // files marked @runs-long start first, so neither worker is left alone with one at the end
    sequence: { sequencer: LongFirstSequencer },
    testTimeout: 5 * 60_000,
    hookTimeout: 5 * 60_000,
    // expect.poll waits on a condition; Vitest's 1 s default is a margin a busy machine misses
    expect: { poll: { timeout: WAIT_GUARD_MS } },
    env: { NODE_ENV: 'test' },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          exclude: ['**/*.int.test.ts', 'e2e/**', 'node_modules/**'],
        },
      },
      {
        extends: true,
        test: {
          name: 'int',
          include: ['src/**/*.int.test.ts', 'test/**/*.int.test.ts'],
          exclude: ['e2e/**', 'node_modules/**', ...firstPassOnly],
          globalSetup: ['test/global-setup.ts'],
        },
      },
    ],
  },
});
