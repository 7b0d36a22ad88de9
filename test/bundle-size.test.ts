import { afterAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { measure, staticClosure } from '../bench/bundle-size.js';

const dir = mkdtempSync(path.join(tmpdir(), 'bundle-size-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('bench/bundle-size', () => {
  const manifest = {
    'src/client/app.tsx': { file: 'assets/app.js', imports: ['_vendor.js'], css: ['assets/app.css'], isEntry: true },
    _vendor: { file: 'assets/unused.js' },
    '_vendor.js': { file: 'assets/vendor.js', imports: ['src/client/app.tsx'] },
    'src/client/layouts/guest-layout.tsx': { file: 'assets/guest.js', imports: ['_vendor.js'] },
    'src/client/layouts/app-layout.tsx': { file: 'assets/shell.js', imports: ['_menu.js'] },
    '_menu.js': { file: 'assets/menu.js' },
    'src/client/pages/dashboard.tsx': { file: 'assets/dashboard.js', imports: ['_vendor.js'] },
  };

  it('follows static imports transitively and survives cycles', () => {
    expect([...staticClosure(manifest, ['src/client/layouts/app-layout.tsx', 'src/client/app.tsx'])].sort()).toEqual(['_menu.js', '_vendor.js', 'src/client/app.tsx', 'src/client/layouts/app-layout.tsx']);
  });

  it('sums gzip sizes of entry + layout + page and checks budgets', () => {
    mkdirSync(path.join(dir, '.vite'), { recursive: true });
    mkdirSync(path.join(dir, 'assets'));
    writeFileSync(path.join(dir, '.vite/manifest.json'), JSON.stringify(manifest));
    const files: Record<string, string> = { 'app.js': 'a'.repeat(1000), 'vendor.js': 'v'.repeat(5000), 'guest.js': 'g', 'shell.js': 's', 'menu.js': 'm', 'dashboard.js': 'd', 'app.css': 'body{}', 'unused.js': 'u' };
    for (const [f, c] of Object.entries(files)) writeFileSync(path.join(dir, 'assets', f), c);
    const gz = (f: string) => gzipSync(Buffer.from(files[f]), { level: 9 }).length;
    const { pages } = measure(dir);
    const dash = pages.find((p) => p.label === 'dashboard')!;
    expect(dash).toMatchObject({ built: true, files: 5, withinBudget: true });
    expect(dash.gzipBytes).toBe(gz('app.js') + gz('vendor.js') + gz('shell.js') + gz('menu.js') + gz('dashboard.js'));
    const login = pages.find((p) => p.label === 'login')!;
    expect(login).toMatchObject({ built: false, withinBudget: false, files: 3 });
  });
});
