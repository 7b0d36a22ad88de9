/**
 * First-load JavaScript per page, gzipped: the entry chunk, the page's layout chunk and the page chunk,
 * each with everything it imports statically. Reads the Vite manifest of the last `npx vite build`.
 * Also shown (not budgeted): what the page fetches right after its first render (the toast container,
 * the live-notification client on signed-in pages), and whether the build bundled React's development build.
 *
 *   npx tsx bench/bundle-size.ts           print the figures
 *   npx tsx bench/bundle-size.ts --check   also exit 1 when a page is over its budget or missing
 *   npx tsx bench/bundle-size.ts --json    machine-readable output
 *   --dir <path>                           another client build (default dist/client)
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { pathToFileURL } from 'node:url';

interface Chunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}

export const CLIENT_DIR = path.resolve(import.meta.dirname, '../dist/client');
export const ENTRY = 'src/client/app.tsx';
export const PUBLIC_FORM_ENTRY = 'src/client/public-form/main.tsx';

/** Loaded by every page right after its first render (app.tsx: lazy Toaster). */
const AFTER_RENDER = ['src/client/components/toaster.tsx'];
/** Loaded after the first render of signed-in pages (hooks/use-echo.ts: laravel-echo + pusher-js). */
const LIVE_CLIENT = 'src/client/lib/echo.ts';

/** page -> its layout module, its budget (KB gzipped) and the modules it loads right after its first render. */
export const BUDGETS: Array<{
  label: string;
  page: string;
  layout: string;
  budgetKb: number;
  afterRender: string[];
  /** the lazy page map a signed-in page loads before its page chunk (app-pages.ts) */
  pageMap?: string;
  /** a page with a Vite entry of its own (no Inertia shell): measured from that entry alone */
  entry?: string;
}> = [
  {
    label: 'login',
    page: 'src/client/pages/auth/login.tsx',
    layout: 'src/client/layouts/guest-layout.tsx',
    // the sign-in page's entry carries only the map of the pages outside the app (outside-pages.ts):
    // new app pages no longer grow it
    budgetKb: 150,
    afterRender: AFTER_RENDER,
  },
  {
    label: 'dashboard',
    page: 'src/client/pages/dashboard.tsx',
    layout: 'src/client/layouts/app-layout.tsx',
    pageMap: 'src/client/app-pages.ts',
    budgetKb: 250,
    afterRender: [...AFTER_RENDER, LIVE_CLIENT],
  },
  {
    // the public form respondents open on phones and slow networks: its own entry, no Inertia, no Mantine
    label: 'public form',
    page: PUBLIC_FORM_ENTRY,
    layout: PUBLIC_FORM_ENTRY,
    entry: PUBLIC_FORM_ENTRY,
    budgetKb: 120,
    afterRender: [],
  },
];

/** A string only React DOM's development build contains. */
const REACT_DEV_MARKER = 'Download the React DevTools';

export interface PageSize {
  label: string;
  /** false when the page is not in this build (its figure is then the entry + layout only) */
  built: boolean;
  files: number;
  rawBytes: number;
  gzipBytes: number;
  cssGzipBytes: number;
  /** JS fetched right after the first render, beyond the first load (not budgeted) */
  afterRenderGzipBytes: number;
  budgetKb: number;
  withinBudget: boolean;
}

/** Every chunk a module needs before it can run: itself and its static imports, transitively. */
export function staticClosure(manifest: Record<string, Chunk>, keys: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (k: string) => {
    if (seen.has(k) || !manifest[k]) return;
    seen.add(k);
    for (const i of manifest[k].imports ?? []) visit(i);
  };
  keys.forEach(visit);
  return seen;
}

export function measure(dir = CLIENT_DIR): {
  pages: PageSize[];
  chunks: Array<{ file: string; gzipBytes: number }>;
  developmentBuild: boolean;
} {
  const manifestFile = path.join(dir, '.vite/manifest.json');
  if (!existsSync(manifestFile))
    throw new Error(`No client build in ${dir}: run npx vite build first.`);
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, Chunk>;
  const sizes = new Map<string, { raw: number; gz: number }>();
  const size = (file: string) => {
    let s = sizes.get(file);
    if (!s) {
      const buf = readFileSync(path.join(dir, file));
      s = { raw: buf.length, gz: gzipSync(buf, { level: 9 }).length };
      sizes.set(file, s);
    }
    return s;
  };
  const pages = BUDGETS.map((b) => {
    const built = b.page in manifest;
    const keys = staticClosure(
      manifest,
      b.entry
        ? [b.entry]
        : [ENTRY, b.layout, ...(b.pageMap ? [b.pageMap] : []), ...(built ? [b.page] : [])],
    );
    const files = new Set([...keys].map((k) => manifest[k].file));
    const css = new Set([...keys].flatMap((k) => manifest[k].css ?? []));
    let raw = 0;
    let gz = 0;
    for (const f of files) {
      raw += size(f).raw;
      gz += size(f).gz;
    }
    const cssGz = [...css].reduce((n, f) => n + size(f).gz, 0);
    const later = new Set(
      [...staticClosure(manifest, b.afterRender)]
        .map((k) => manifest[k].file)
        .filter((f) => !files.has(f)),
    );
    const laterGz = [...later].reduce((n, f) => n + size(f).gz, 0);
    return {
      label: b.label,
      built,
      files: files.size,
      rawBytes: raw,
      gzipBytes: gz,
      cssGzipBytes: cssGz,
      afterRenderGzipBytes: laterGz,
      budgetKb: b.budgetKb,
      withinBudget: built && gz <= b.budgetKb * 1024,
    };
  });
  // every entry: the public form bundles React in a chunk of its own, apart from the app's vendor chunk
  const entries = [ENTRY, PUBLIC_FORM_ENTRY].filter((e) => manifest[e]);
  const entryFiles = new Set([...staticClosure(manifest, entries)].map((k) => manifest[k].file));
  const developmentBuild = [...entryFiles].some((f) =>
    readFileSync(path.join(dir, f), 'utf8').includes(REACT_DEV_MARKER),
  );
  const chunks = Object.values(manifest)
    .filter((c) => c.file.endsWith('.js'))
    .map((c) => ({ file: c.file, gzipBytes: size(c.file).gz }))
    .sort((a, b) => b.gzipBytes - a.gzipBytes);
  return { pages, chunks, developmentBuild };
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const dirArg = process.argv.indexOf('--dir');
  const { pages, chunks, developmentBuild } = measure(
    dirArg > 0 ? path.resolve(process.argv[dirArg + 1] ?? '') : CLIENT_DIR,
  );
  if (process.argv.includes('--json')) {
    console.log(JSON.stringify({ pages, chunks, developmentBuild }, null, 2));
  } else {
    if (developmentBuild)
      console.log(
        "DEVELOPMENT BUILD: this build bundles React's development build, so these are not the figures users download. Rebuild with `npx vite build`.",
      );
    console.log('First-load JS (gzip -9): entry + layout + page, with their static imports');
    for (const p of pages) {
      const status = !p.built
        ? 'page not in this build (entry + layout only)'
        : p.withinBudget
          ? 'ok'
          : 'OVER BUDGET';
      console.log(
        `  ${p.label.padEnd(12)} ${kb(p.gzipBytes).padStart(9)} of ${p.budgetKb} KB  (${p.files} files, ${kb(p.rawBytes)} raw, CSS ${kb(p.cssGzipBytes)} gz)  ${status}`,
      );
    }
    console.log('Fetched right after the first render (not budgeted):');
    for (const p of pages)
      console.log(`  ${p.label.padEnd(12)} ${kb(p.afterRenderGzipBytes).padStart(9)}`);
    console.log('Largest chunks (gzip):');
    for (const c of chunks.slice(0, 6)) console.log(`  ${kb(c.gzipBytes).padStart(9)}  ${c.file}`);
  }
  if (process.argv.includes('--check') && (developmentBuild || pages.some((p) => !p.withinBudget)))
    process.exit(1);
}
