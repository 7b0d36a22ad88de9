#!/usr/bin/env node
// The server bundle `npm start` runs (bin/start.js builds it when missing or stale): our TypeScript
// (src/server/cli/start.ts and everything it imports) compiled once by esbuild into dist/server/,
// so the server process runs plain JavaScript instead of loading tsx and transpiling at run time
// (about 70 MB less RSS idle: docs/quality.md). Packages stay in node_modules (not bundled);
// dynamic imports stay lazy (split into their own chunks).
//
//   node bin/build-server.js
import { build } from 'esbuild';
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const outdir = path.join(root, 'dist/server');

// Sources locate files next to themselves (path.resolve(import.meta.dirname, '../../migrations'));
// in the bundle import.meta.dirname is dist/server, so each source's own directory is restated
// relative to it.
const ownDirname = {
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

mkdirSync(outdir, { recursive: true });
const result = await build({
  absWorkingDir: root,
  entryPoints: ['src/server/cli/start.ts'],
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
  plugins: [ownDirname],
});
// files of an earlier build that this one did not write (chunks are named by content, so a
// running server keeps finding the ones it may still import lazily unless they changed)
const written = new Set(Object.keys(result.metafile.outputs).map((f) => path.resolve(root, f)));
for (const f of readdirSync(outdir))
  if (f !== 'inputs.json' && !written.has(path.join(outdir, f))) rmSync(path.join(outdir, f));
// what bin/server-bundle.js compares against: the bundle is stale when one of these changed
const inputs = Object.keys(result.metafile.inputs).filter((f) => !f.startsWith('node_modules/'));
inputs.push('bin/build-server.js', 'package-lock.json');
writeFileSync(path.join(outdir, 'inputs.json'), `${JSON.stringify(inputs, null, 1)}\n`);
