import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** Files worth compressing: text assets above 1 KB (smaller ones gain less than a header costs). */
export const PRECOMPRESS_MIN_BYTES = 1024;
const TEXT = /\.(js|mjs|css|html|svg|json|txt|map|wasm)$/;

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = path.join(dir, f);
    return statSync(p).isDirectory() ? walk(p) : [p];
  });
}

/** Write `<file>.br` and `<file>.gz` beside every compressible file of a folder; returns how many files. */
function precompressDir(dir: string): number {
  let n = 0;
  for (const file of walk(dir)) {
    if (!TEXT.test(file) || statSync(file).size <= PRECOMPRESS_MIN_BYTES) continue;
    const body = readFileSync(file);
    writeFileSync(
      `${file}.br`,
      brotliCompressSync(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 11,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      }),
    );
    writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
    n++;
  }
  return n;
}

/**
 * Written last, after the compressed copies: a build stopped half-way (killed, or its node_modules
 * pulled away) has a manifest but no marker, so it counts as stale and is built again.
 */
export const BUILD_COMPLETE_MARKER = '.vite/build-complete';

/** Vite plugin: after `vite build`, brotli and gzip copies of the built assets (served by @fastify/static's preCompressed). */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'pathways-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      precompressDir(path.join(outDir, 'assets'));
      mkdirSync(path.join(outDir, '.vite'), { recursive: true });
      writeFileSync(path.join(outDir, BUILD_COMPLETE_MARKER), new Date().toISOString());
    },
  };
}
