import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { isServerBundleStale } from '../bin/server-bundle.js';
import { isClientBuildStale } from '../src/server/cli/build-check.js';
import { FAILURES_DIR } from './helpers/flight-recorder.js';

/**
 * End-to-end runs use the production client build and the server bundle `npm start` runs: build
 * them when missing or stale, once, before the journeys start their servers in parallel.
 */
export default async function setup() {
  // failure reports are of this run only (helpers/flight-recorder.ts)
  rmSync(FAILURES_DIR, { recursive: true, force: true });
  if (isClientBuildStale()) {
    const r = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
    if (r.status !== 0) throw new Error('vite build failed');
  }
  if (isServerBundleStale()) {
    const r = spawnSync(
      process.execPath,
      [path.resolve(import.meta.dirname, '../bin/build-server.js')],
      { stdio: 'inherit' },
    );
    if (r.status !== 0) throw new Error('the server bundle failed to build');
  }
}
