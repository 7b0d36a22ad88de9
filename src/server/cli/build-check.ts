import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { BUILD_COMPLETE_MARKER } from '../../build/precompress.js';

const root = path.resolve(import.meta.dirname, '../../..');

function newest(dir: string): number {
  let t = 0;
  for (const f of readdirSync(dir)) {
    const p = path.join(dir, f);
    const s = statSync(p);
    t = Math.max(t, s.isDirectory() ? newest(p) : s.mtimeMs);
  }
  return t;
}

/**
 * Is dist/client missing, unfinished (no completion marker: the build stopped before its compressed
 * copies were written) or older than any client source?
 */
export function isClientBuildStale(): boolean {
  const marker = path.join(root, 'dist/client', BUILD_COMPLETE_MARKER);
  if (!existsSync(path.join(root, 'dist/client/.vite/manifest.json')) || !existsSync(marker))
    return true;
  const built = statSync(marker).mtimeMs;
  const sources = [
    path.join(root, 'src/client'),
    path.join(root, 'src/shared'),
    path.join(root, 'public'),
  ].filter(existsSync);
  const configs = ['vite.config.ts', 'package-lock.json', 'postcss.config.cjs']
    .map((f) => path.join(root, f))
    .filter(existsSync);
  return Math.max(...sources.map(newest), ...configs.map((f) => statSync(f).mtimeMs)) > built;
}
