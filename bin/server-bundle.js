// Where the server bundle lives and whether it must be built again (bin/start.js, e2e setup).
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');

/** the bundle's entry point under a checkout's root */
export function serverBundleEntry(root = ROOT) {
  return path.join(root, 'dist/server/start.mjs');
}

/**
 * Is dist/server missing, or older than a file it was built from (the list bin/build-server.js
 * wrote in dist/server/inputs.json: our sources, the build script, package-lock.json)?
 */
export function isServerBundleStale(root = ROOT) {
  const entry = serverBundleEntry(root);
  const inputsFile = path.join(root, 'dist/server/inputs.json');
  if (!existsSync(entry) || !existsSync(inputsFile)) return true;
  // inputs.json is written last, after every file of the bundle
  const built = statSync(inputsFile).mtimeMs;
  const inputs = JSON.parse(readFileSync(inputsFile, 'utf8'));
  return inputs.some((f) => {
    const p = path.join(root, f);
    return !existsSync(p) || statSync(p).mtimeMs > built;
  });
}
