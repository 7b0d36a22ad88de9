// The server `npm start` runs: bin/start.js imports it from its esbuild bundle (dist/server/start.mjs,
// built by bin/build-server.js when stale), so the server process runs plain JavaScript.
import { spawnSync } from 'node:child_process';
import { isClientBuildStale } from './build-check.js';
import { startServer } from '../server.js';
import { DataDirLockedError } from '../platform/db/lock.js';

process.env.NODE_ENV ??= 'production';
if (isClientBuildStale()) {
  console.log('Building the client (first start or sources changed)...');
  const r = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
try {
  await startServer();
} catch (e) {
  if (e instanceof DataDirLockedError) {
    console.error(e.message);
    process.exit(1);
  }
  throw e;
}
