import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { appPages } from './app-pages';
import { outsidePages } from './outside-pages';

function pageFiles(dir: string, prefix = './pages'): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? pageFiles(path.join(dir, e.name), `${prefix}/${e.name}`)
      : e.name.endsWith('.tsx')
        ? [`${prefix}/${e.name}`]
        : [],
  );
}

describe('the two page maps', () => {
  it('share out every page file: each is in exactly one map', () => {
    const files = pageFiles(path.join(import.meta.dirname, 'pages')).sort();
    const outside = Object.keys(outsidePages);
    const app = Object.keys(appPages);
    expect(outside.filter((k) => app.includes(k))).toEqual([]);
    expect([...outside, ...app].sort()).toEqual(files);
    expect(outside).toContain('./pages/auth/login.tsx');
    expect(app).toContain('./pages/dashboard.tsx');
  });
});
