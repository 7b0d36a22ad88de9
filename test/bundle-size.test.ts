import { afterAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { measure, staticClosure } from '../bench/bundle-size.js';

const dir = mkdtempSync(path.join(tmpdir(), 'bundle-size-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const manifest = {
  'src/client/app.tsx': {
    file: 'assets/app.js',
    imports: ['_vendor.js'],
    css: ['assets/app.css'],
    isEntry: true,
    dynamicImports: ['src/client/components/toaster.tsx'],
  },
  _vendor: { file: 'assets/unused.js' },
  '_vendor.js': { file: 'assets/vendor.js', imports: ['src/client/app.tsx'] },
  'src/client/layouts/guest-layout.tsx': { file: 'assets/guest.js', imports: ['_vendor.js'] },
  'src/client/layouts/app-layout.tsx': { file: 'assets/shell.js', imports: ['_menu.js'] },
  '_menu.js': { file: 'assets/menu.js' },
  'src/client/pages/dashboard.tsx': { file: 'assets/dashboard.js', imports: ['_vendor.js'] },
  'src/client/components/toaster.tsx': {
    file: 'assets/toaster.js',
    imports: ['_vendor.js', '_transition.js'],
  },
  '_transition.js': { file: 'assets/transition.js' },
  'src/client/lib/echo.ts': { file: 'assets/echo.js', imports: ['_menu.js'] },
};
const files: Record<string, string> = {
  'app.js': 'a'.repeat(1000),
  'vendor.js': 'v'.repeat(5000),
  'guest.js': 'g',
  'shell.js': 's',
  'menu.js': 'm',
  'dashboard.js': 'd',
  'app.css': 'body{}',
  'unused.js': 'u',
  'toaster.js': 't'.repeat(300),
  'transition.js': 'r'.repeat(200),
  'echo.js': 'e'.repeat(700),
};
const gz = (f: string) => gzipSync(Buffer.from(files[f]), { level: 9 }).length;

/** A fake client build in a fresh folder, with some files replaced. */
function writeBuild(
  name: string,
  overrides: Record<string, string | Buffer> = {},
  man: object = manifest,
): string {
  const d = path.join(dir, name);
  mkdirSync(path.join(d, '.vite'), { recursive: true });
  mkdirSync(path.join(d, 'assets'));
  writeFileSync(path.join(d, '.vite/manifest.json'), JSON.stringify(man));
  for (const [f, c] of Object.entries({ ...files, ...overrides }))
    writeFileSync(path.join(d, 'assets', f), c);
  return d;
}

/** `tsx bench/bundle-size.ts --check --dir <d>`: the command's exit status and output. */
function check(d: string) {
  const r = spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      path.resolve(import.meta.dirname, '../bench/bundle-size.ts'),
      '--check',
      '--dir',
      d,
    ],
    { encoding: 'utf8' },
  );
  return { status: r.status, out: r.stdout + r.stderr };
}

describe('bench/bundle-size', () => {
  it('follows static imports transitively and survives cycles', () => {
    expect(
      [
        ...staticClosure(manifest, ['src/client/layouts/app-layout.tsx', 'src/client/app.tsx']),
      ].sort(),
    ).toEqual([
      '_menu.js',
      '_vendor.js',
      'src/client/app.tsx',
      'src/client/layouts/app-layout.tsx',
    ]);
  });

  it('sums gzip sizes of entry + layout + page, checks budgets, and counts what loads after the first render apart', () => {
    const { pages, developmentBuild } = measure(writeBuild('small'));
    expect(developmentBuild).toBe(false);
    const dash = pages.find((p) => p.label === 'dashboard')!;
    expect(dash).toMatchObject({ built: true, files: 5, withinBudget: true });
    expect(dash.gzipBytes).toBe(
      gz('app.js') + gz('vendor.js') + gz('shell.js') + gz('menu.js') + gz('dashboard.js'),
    );
    // toaster + its transition chunk + the live client; menu.js is already part of the first load
    expect(dash.afterRenderGzipBytes).toBe(gz('toaster.js') + gz('transition.js') + gz('echo.js'));
    const login = pages.find((p) => p.label === 'login')!;
    expect(login).toMatchObject({ built: false, withinBudget: false, files: 3 });
    expect(login.afterRenderGzipBytes).toBe(gz('toaster.js') + gz('transition.js'));
  });

  it('--check passes a build within budget and fails one over budget or bundling React for development', () => {
    // a complete build: every budgeted page is in it, the public form with its own entry and React chunk
    const m = {
      ...manifest,
      'src/client/pages/auth/login.tsx': { file: 'assets/login.js', imports: ['_vendor.js'] },
      'src/client/public-form/main.tsx': {
        file: 'assets/public-form.js',
        isEntry: true,
        imports: ['_react.js'],
      },
      '_react.js': { file: 'assets/react.js' },
    };
    const complete = { 'login.js': 'l', 'public-form.js': 'p', 'react.js': 'r' };
    const ok = check(writeBuild('ok', complete, m));
    expect(ok.out).toMatch(/login .* of 150 KB .* ok/);
    expect(ok.status).toBe(0);

    // 160 KB of random bytes does not compress: the login page is over its 150 KB
    const over = check(writeBuild('over', { ...complete, 'login.js': randomBytes(160 * 1024) }, m));
    expect(over.out).toMatch(/login .* of 150 KB .* OVER BUDGET/);
    expect(over.status).toBe(1);

    const dev = check(
      writeBuild(
        'dev',
        {
          ...complete,
          'vendor.js': `${files['vendor.js']};console.info("Download the React DevTools")`,
        },
        m,
      ),
    );
    expect(dev.out).toContain('DEVELOPMENT BUILD');
    expect(dev.status).toBe(1);

    // React's development build in the public form's own React chunk counts too
    const devPublic = check(
      writeBuild(
        'dev-public',
        { ...complete, 'react.js': 'r;console.info("Download the React DevTools")' },
        m,
      ),
    );
    expect(devPublic.out).toContain('DEVELOPMENT BUILD');
    expect(devPublic.status).toBe(1);
  });

  it('--check fails when a page is missing from the build', () => {
    const r = check(writeBuild('no-login'));
    expect(r.out).toContain('page not in this build');
    expect(r.status).toBe(1);
  });
});
