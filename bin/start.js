#!/usr/bin/env node
// `npm start`: the server from its prebuilt bundle (dist/server/start.mjs: src/server/cli/start.ts
// compiled by bin/build-server.js), built first when missing or older than a source it was built
// from. The build runs in a child process, so this process only loads plain JavaScript (no tsx,
// no esbuild). The V8 flag in the npm script is explained in the README (Performance).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { isServerBundleStale, serverBundleEntry } from './server-bundle.js';

if (isServerBundleStale()) {
  console.log('Building the server (first start or sources changed)...');
  const r = spawnSync(process.execPath, [path.join(import.meta.dirname, 'build-server.js')], {
    stdio: 'inherit',
  });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
await import(pathToFileURL(serverBundleEntry()).href);
