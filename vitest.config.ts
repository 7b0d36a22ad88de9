import { WAIT_GUARD_MS } from './test/helpers/wait.js';
import { defineConfig } from 'vitest/config';
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
          exclude: ['e2e/**', 'node_modules/**'],
          globalSetup: ['test/global-setup.ts'],
        },
      },
    ],
  },
});
