import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import {
  CLIENT_DIR,
  ENTRY,
  PUBLIC_FORM_ENTRY,
  measure,
  staticClosure,
} from '../bench/bundle-size.js';

// e2e/global-setup.ts has just built dist/client (or found it up to date): the bundle the browser tests load.
// This is `npx tsx bench/bundle-size.ts --check` on it, with the figures in the failure message.

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

it('the sign-in page, the dashboard and the public form stay within their gzipped first-load JavaScript budgets', () => {
  const { pages, developmentBuild } = measure();
  expect(developmentBuild, "dist/client bundles React's development build").toBe(false);
  for (const p of pages) {
    expect.soft(p.built, `${p.label}: page missing from the build`).toBe(true);
    expect
      .soft(p.gzipBytes, `${p.label}: ${kb(p.gzipBytes)} first-load JS, budget ${p.budgetKb} KB`)
      .toBeLessThanOrEqual(p.budgetKb * 1024);
  }
});

it('guest pages load no app-layout code, and signed-in pages load the live client only after their first render', () => {
  const manifest = JSON.parse(
    readFileSync(path.join(CLIENT_DIR, '.vite/manifest.json'), 'utf8'),
  ) as Record<string, { file: string; imports?: string[]; isDynamicEntry?: boolean }>;
  const firstLoad = (layout: string, page: string) =>
    new Set([...staticClosure(manifest, [ENTRY, layout, page])].map((k) => manifest[k].file));
  const login = firstLoad('src/client/layouts/guest-layout.tsx', 'src/client/pages/auth/login.tsx');
  const dashboard = firstLoad(
    'src/client/layouts/app-layout.tsx',
    'src/client/pages/dashboard.tsx',
  );
  const appLayout = manifest['src/client/layouts/app-layout.tsx'];
  // laravel-echo + pusher-js: a chunk of their own, imported dynamically (use-echo.ts)
  const live = manifest['src/client/lib/echo.ts'];
  expect(live?.isDynamicEntry, 'src/client/lib/echo.ts is not a lazily loaded chunk').toBe(true);
  expect(readFileSync(path.join(CLIENT_DIR, live.file), 'utf8')).toContain('pusher');
  expect(login.has(appLayout.file)).toBe(false);
  expect(login.has(live.file)).toBe(false);
  expect(dashboard.has(appLayout.file)).toBe(true);
  expect(dashboard.has(live.file)).toBe(false);
});

it('the public form page loads neither Inertia nor Mantine', () => {
  const manifest = JSON.parse(
    readFileSync(path.join(CLIENT_DIR, '.vite/manifest.json'), 'utf8'),
  ) as Record<string, { file: string; imports?: string[] }>;
  const keys = [...staticClosure(manifest, [PUBLIC_FORM_ENTRY])];
  expect(keys.length).toBeGreaterThan(1);
  const code = keys.map((k) => readFileSync(path.join(CLIENT_DIR, manifest[k].file), 'utf8'));
  expect(keys.filter((k) => /inertia|mantine/i.test(k))).toEqual([]);
  expect(code.some((c) => c.includes('X-Inertia'))).toBe(false);
  expect(code.some((c) => c.includes('mantine-'))).toBe(false);
  // the form's entry must not pull the app's entry (its shell, its page maps)
  expect(keys).not.toContain(ENTRY);
});
