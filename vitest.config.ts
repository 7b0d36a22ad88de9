import { defineConfig } from 'vitest/config';
import path from 'node:path';

export default defineConfig({
  resolve: {
    alias: {
      '@shared': path.resolve(import.meta.dirname, 'src/shared'),
      '@client': path.resolve(import.meta.dirname, 'src/client'),
    },
  },
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    exclude: ['e2e/**', 'node_modules/**'],
    globalSetup: ['test/global-setup.ts'],
    pool: 'forks',
    maxWorkers: 2,
    // only tell a hang from a slow machine: tests wait on conditions (test/helpers/wait.ts)
    testTimeout: 5 * 60_000,
    hookTimeout: 5 * 60_000,
    env: { NODE_ENV: 'test' },
  },
});
