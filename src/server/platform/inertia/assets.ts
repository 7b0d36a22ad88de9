import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const CLIENT_ENTRY = 'src/client/app.tsx';
export const CLIENT_OUT_DIR = path.resolve(import.meta.dirname, '../../../../dist/client');

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  isEntry?: boolean;
}

/** The <head> tags for the client bundle and the asset version used by the protocol. */
export interface ClientAssets {
  version: string;
  headTags: string;
  dev: boolean;
}

export function loadBuiltAssets(outDir = CLIENT_OUT_DIR): ClientAssets | undefined {
  const file = path.join(outDir, '.vite/manifest.json');
  if (!existsSync(file)) return undefined;
  const raw = readFileSync(file, 'utf8');
  const manifest = JSON.parse(raw) as Record<string, ManifestChunk>;
  const entry = manifest[CLIENT_ENTRY];
  if (!entry) throw new Error(`The client build in ${outDir} has no entry for ${CLIENT_ENTRY}`);
  const css = new Set<string>();
  const preloads = new Set<string>();
  const walk = (chunk: ManifestChunk, seen = new Set<ManifestChunk>()) => {
    if (seen.has(chunk)) return;
    seen.add(chunk);
    chunk.css?.forEach((c) => css.add(c));
    for (const imp of chunk.imports ?? []) {
      const c = manifest[imp];
      if (c) {
        preloads.add(c.file);
        walk(c, seen);
      }
    }
  };
  walk(entry);
  const tags = [
    ...[...css].map((c) => `<link rel="stylesheet" href="/${c}">`),
    ...[...preloads].map((p) => `<link rel="modulepreload" href="/${p}">`),
    `<script type="module" src="/${entry.file}"></script>`,
  ];
  return {
    version: createHash('sha1').update(raw).digest('hex').slice(0, 16),
    headTags: tags.join('\n    '),
    dev: false,
  };
}

export function devAssets(): ClientAssets {
  return {
    version: 'dev',
    dev: true,
    headTags: [
      `<script type="module">import RefreshRuntime from '/@react-refresh';RefreshRuntime.injectIntoGlobalHook(window);window.$RefreshReg$=()=>{};window.$RefreshSig$=()=>(t)=>t;window.__vite_plugin_react_preamble_installed__=true;</script>`,
      `<script type="module" src="/@vite/client"></script>`,
      `<script type="module" src="/${CLIENT_ENTRY}"></script>`,
    ].join('\n    '),
  };
}
