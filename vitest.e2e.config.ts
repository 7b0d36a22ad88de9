import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['test/global-setup.ts', 'e2e/global-setup.ts'],
    // axe-core on every page a journey shows (helpers/a11y.ts)
    setupFiles: ['e2e/helpers/a11y-setup.ts'],
    pool: 'forks',
    // two journeys at a time (each has its own server, database and browser): the CI machine has 2 cores
    maxWorkers: 2,
    // only tell a hang from a slow machine: journeys wait on conditions (test/helpers/wait.ts)
    testTimeout: 10 * 60_000,
    hookTimeout: 10 * 60_000,
    env: { NODE_ENV: 'test' },
  },
});
