import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const CLIENT_ENTRY = 'src/client/app.tsx';
/** The public form page's own entry (no Inertia, no Mantine): modules/forms/public-form.document.ts. */
const PUBLIC_FORM_ENTRY = 'src/client/public-form/main.tsx';
export const CLIENT_OUT_DIR = path.resolve(import.meta.dirname, '../../../../dist/client');

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  dynamicImports?: string[];
  isEntry?: boolean;
}

/** A second entry's <head> tags and every file it needs to run (a service worker precaches them). */
export interface EntryAssets {
  headTags: string;
  /**
   * root-relative URLs (`/assets/...`): the entry, its static imports and their CSS, and the chunks
   * it imports on demand (the public form's word catalogues: a page opened offline in French needs
   * the French one)
   */
  files: string[];
}

/** The <head> tags for the client bundle and the asset version used by the protocol. */
export interface ClientAssets {
  version: string;
  headTags: string;
  dev: boolean;
  /** the public form page's entry, when the build has it */
  publicForm?: EntryAssets;
}

/**
 * The tags and files of one manifest entry: its CSS, its static imports (modulepreload), itself;
 * the files also name its dynamic imports (never preloaded).
 */
function entryTags(manifest: Record<string, ManifestChunk>, entry: ManifestChunk): EntryAssets {
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
  const lazy = new Set<string>();
  for (const imp of entry.dynamicImports ?? []) {
    const c = manifest[imp];
    if (!c || preloads.has(c.file)) continue;
    lazy.add(c.file);
    c.css?.forEach((x) => lazy.add(x));
  }
  const tags = [
    ...[...css].map((c) => `<link rel="stylesheet" href="/${c}">`),
    ...[...preloads].map((p) => `<link rel="modulepreload" href="/${p}">`),
    `<script type="module" src="/${entry.file}"></script>`,
  ];
  return {
    headTags: tags.join('\n    '),
    files: [...css, ...preloads, entry.file, ...lazy].map((f) => `/${f}`),
  };
}

export function loadBuiltAssets(outDir = CLIENT_OUT_DIR): ClientAssets | undefined {
  const file = path.join(outDir, '.vite/manifest.json');
  if (!existsSync(file)) return undefined;
  const raw = readFileSync(file, 'utf8');
  const manifest = JSON.parse(raw) as Record<string, ManifestChunk>;
  const entry = manifest[CLIENT_ENTRY];
  if (!entry) throw new Error(`The client build in ${outDir} has no entry for ${CLIENT_ENTRY}`);
  const publicForm = manifest[PUBLIC_FORM_ENTRY];
  return {
    version: createHash('sha1').update(raw).digest('hex').slice(0, 16),
    headTags: entryTags(manifest, entry).headTags,
    dev: false,
    ...(publicForm ? { publicForm: entryTags(manifest, publicForm) } : {}),
  };
}

const devTags = (entry: string) =>
  [
    `<script type="module">import RefreshRuntime from '/@react-refresh';RefreshRuntime.injectIntoGlobalHook(window);window.$RefreshReg$=()=>{};window.$RefreshSig$=()=>(t)=>t;window.__vite_plugin_react_preamble_installed__=true;</script>`,
    `<script type="module" src="/@vite/client"></script>`,
    `<script type="module" src="/${entry}"></script>`,
  ].join('\n    ');

/** Vite's dev server serves the sources: nothing to precache (the service worker caches as it goes). */
export function devAssets(): ClientAssets {
  return {
    version: 'dev',
    dev: true,
    headTags: devTags(CLIENT_ENTRY),
    publicForm: { headTags: devTags(PUBLIC_FORM_ENTRY), files: [] },
  };
}
