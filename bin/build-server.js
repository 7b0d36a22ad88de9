#!/usr/bin/env node
// The server bundle `npm start` runs (bin/start.js builds it when missing or stale): our TypeScript
// (src/server/cli/start.ts and everything it imports) compiled once by esbuild into dist/server/,
// so the server process runs plain JavaScript instead of loading tsx and transpiling at run time
// (about 70 MB less RSS idle: docs/quality.md). The esbuild options are in bin/bundle.js.
//
//   node bin/build-server.js
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { bundleServerCode, ROOT as root } from './bundle.js';

const outdir = path.join(root, 'dist/server');

mkdirSync(outdir, { recursive: true });
const result = await bundleServerCode(['src/server/cli/start.ts'], outdir);
// files of an earlier build that this one did not write (chunks are named by content, so a
// running server keeps finding the ones it may still import lazily unless they changed)
const written = new Set(Object.keys(result.metafile.outputs).map((f) => path.resolve(root, f)));
for (const f of readdirSync(outdir))
  if (f !== 'inputs.json' && !written.has(path.join(outdir, f))) rmSync(path.join(outdir, f));
// what bin/server-bundle.js compares against: the bundle is stale when one of these changed
const inputs = Object.keys(result.metafile.inputs).filter((f) => !f.startsWith('node_modules/'));
inputs.push('bin/build-server.js', 'bin/bundle.js', 'package-lock.json');
writeFileSync(path.join(outdir, 'inputs.json'), `${JSON.stringify(inputs, null, 1)}\n`);
