import { spawnSync } from 'node:child_process';
import { isClientBuildStale } from '../src/server/cli/build-check.js';

/** End-to-end runs use the production client build: build it when missing or stale. */
export default async function setup() {
  if (isClientBuildStale()) {
    const r = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
    if (r.status !== 0) throw new Error('vite build failed');
  }
}
