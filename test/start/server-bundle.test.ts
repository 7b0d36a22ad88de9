/** When `npm start` (bin/start.js) builds the server bundle again: bin/server-bundle.js. */
import { afterAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { isServerBundleStale, serverBundleEntry } from '../../bin/server-bundle.js';

const roots: string[] = [];
afterAll(() => {
  for (const r of roots) rmSync(r, { recursive: true, force: true });
});

/** a checkout with one source and a bundle built at `builtAt` from it (and from a missing file when asked) */
function checkout(o: { sourceAt: number; builtAt: number; listMissing?: boolean }) {
  const root = mkdtempSync(path.join(tmpdir(), 'pathways-bundle-'));
  roots.push(root);
  mkdirSync(path.join(root, 'src'), { recursive: true });
  mkdirSync(path.join(root, 'dist/server'), { recursive: true });
  const source = path.join(root, 'src/a.ts');
  writeFileSync(source, 'export const a = 1;\n');
  utimesSync(source, o.sourceAt, o.sourceAt);
  writeFileSync(serverBundleEntry(root), 'export {};\n');
  const inputs = path.join(root, 'dist/server/inputs.json');
  writeFileSync(inputs, JSON.stringify(['src/a.ts', ...(o.listMissing ? ['src/gone.ts'] : [])]));
  utimesSync(inputs, o.builtAt, o.builtAt);
  return root;
}

describe('the server bundle is built again when', () => {
  it('it is missing, or its list of inputs is', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'pathways-bundle-'));
    roots.push(root);
    expect(isServerBundleStale(root)).toBe(true);
    const built = checkout({ sourceAt: 1000, builtAt: 2000 });
    rmSync(path.join(built, 'dist/server/inputs.json'));
    expect(isServerBundleStale(built)).toBe(true);
  });

  it('a file it was built from changed since, or is gone; not otherwise', () => {
    expect(isServerBundleStale(checkout({ sourceAt: 1000, builtAt: 2000 }))).toBe(false);
    expect(isServerBundleStale(checkout({ sourceAt: 3000, builtAt: 2000 }))).toBe(true);
    expect(
      isServerBundleStale(checkout({ sourceAt: 1000, builtAt: 2000, listMissing: true })),
    ).toBe(true);
  });
});
