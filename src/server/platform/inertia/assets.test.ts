import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadBuiltAssets } from './assets.js';

const dir = mkdtempSync(path.join(tmpdir(), 'assets-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the public form entry’s files', () => {
  it('name its on-demand chunks (the worker precaches them) without preloading them', () => {
    mkdirSync(path.join(dir, '.vite'));
    writeFileSync(
      path.join(dir, '.vite/manifest.json'),
      JSON.stringify({
        'src/client/app.tsx': { file: 'assets/app.js', isEntry: true },
        'src/client/public-form/main.tsx': {
          file: 'assets/main.js',
          isEntry: true,
          imports: ['_react.js'],
          css: ['assets/main.css'],
          dynamicImports: ['src/shared/forms/page-text/fr.ts', 'src/shared/forms/page-text/ar.ts'],
        },
        '_react.js': { file: 'assets/react.js' },
        'src/shared/forms/page-text/fr.ts': { file: 'assets/fr.js', isDynamicEntry: true },
        'src/shared/forms/page-text/ar.ts': { file: 'assets/ar.js', isDynamicEntry: true },
      }),
    );
    const form = loadBuiltAssets(dir)!.publicForm!;
    expect(form.files).toEqual([
      '/assets/main.css',
      '/assets/react.js',
      '/assets/main.js',
      '/assets/fr.js',
      '/assets/ar.js',
    ]);
    expect(form.headTags).not.toContain('fr.js');
    expect(form.headTags).toContain('modulepreload" href="/assets/react.js"');
  });
});
