// esbuild's bundling of our server TypeScript, shared by the server bundle `npm start` runs
// (bin/build-server.js) and the child processes of the process-level tests (test/global-setup.ts):
// our code compiled once into plain ES modules, packages left in node_modules (not bundled),
// dynamic imports kept lazy (split into their own chunks).
import { build } from 'esbuild';
import { readFile } from 'node:fs/promises';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '..');

/**
 * Sources locate files next to themselves (path.resolve(import.meta.dirname, '../../migrations'));
 * in a bundle import.meta.dirname is the output folder, so each source's own directory is restated
 * relative to it.
 */
function ownDirname(outdir) {
  return {
    name: 'own-dirname',
    setup(b) {
      b.onLoad({ filter: /\.ts$/ }, async (args) => {
        const source = await readFile(args.path, 'utf8');
        if (!source.includes('import.meta.dirname')) return undefined;
        const rel = path.relative(outdir, path.dirname(args.path)).split(path.sep).join('/');
        return {
          contents: source.replaceAll('import.meta.dirname', `(import.meta.dirname + '/${rel}')`),
          loader: 'ts',
        };
      });
    },
  };
}

/**
 * Bundle `entryPoints` (paths under the root, or `{ name: path }`) into `outdir` as `<name>.mjs`
 * with shared chunks beside them; returns esbuild's result (with its metafile).
 */
export function bundleServerCode(entryPoints, outdir) {
  return build({
    absWorkingDir: ROOT,
    entryPoints,
    outdir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: `node${process.versions.node.split('.')[0]}`,
    packages: 'external',
    metafile: true,
    logLevel: 'warning',
    plugins: [ownDirname(outdir)],
  });
}
