import { existsSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import path from 'node:path';

interface Chunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}

export interface FirstLoad {
  page: string;
  js: number;
  jsGzip: number;
  css: number;
  cssGzip: number;
  files: number;
  missing?: string;
}

/**
 * What a first visit to a page downloads (gzip): the entry chunk, the page's chunk, and every
 * chunk they import statically, plus their CSS. Read from dist/client/.vite/manifest.json.
 */
export function firstLoad(
  page: string,
  outDir = path.resolve(import.meta.dirname, '../dist/client'),
): FirstLoad {
  const manifestFile = path.join(outDir, '.vite/manifest.json');
  if (!existsSync(manifestFile))
    return {
      page,
      js: 0,
      jsGzip: 0,
      css: 0,
      cssGzip: 0,
      files: 0,
      missing: 'no client build (npm run build)',
    };
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, Chunk>;
  const entry = Object.entries(manifest).find(([, c]) => c.isEntry)?.[0];
  const pageKey = `src/client/pages/${page}.tsx`;
  if (!manifest[pageKey])
    return {
      page,
      js: 0,
      jsGzip: 0,
      css: 0,
      cssGzip: 0,
      files: 0,
      missing: `no page ${pageKey} in the build`,
    };
  const js = new Set<string>();
  const css = new Set<string>();
  const walk = (key: string) => {
    const c = manifest[key];
    if (!c || js.has(c.file)) return;
    js.add(c.file);
    c.css?.forEach((f) => css.add(f));
    c.imports?.forEach(walk);
  };
  if (entry) walk(entry);
  walk(pageKey);
  const size = (files: Set<string>) => {
    let raw = 0;
    let gz = 0;
    for (const f of files) {
      const buf = readFileSync(path.join(outDir, f));
      raw += buf.length;
      gz += gzipSync(buf, { level: 9 }).length;
    }
    return [raw, gz];
  };
  const [jsRaw, jsGz] = size(js);
  const [cssRaw, cssGz] = size(css);
  return { page, js: jsRaw, jsGzip: jsGz, css: cssRaw, cssGzip: cssGz, files: js.size + css.size };
}
