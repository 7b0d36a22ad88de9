import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Every browser an end-to-end journey opens is checked by axe-core on every page it shows: through
// launchBrowser (helpers/browser.ts) or, for a context launched by hand, watchAccessibility(context).
describe('every end-to-end browser is watched by axe-core', () => {
  const dir = path.resolve(import.meta.dirname, '../../e2e');
  const files = readdirSync(dir).filter((f) => f.endsWith('.e2e.ts'));

  it.each(files)('%s', (file) => {
    const src = readFileSync(path.join(dir, file), 'utf8');
    const launches = (src.match(/chromium\.launch\w*\(/g) ?? []).length;
    const watches = (src.match(/watchAccessibility\(/g) ?? []).length;
    expect(
      watches,
      `${file} launches Chromium directly: use launchBrowser() or call watchAccessibility(context)`,
    ).toBeGreaterThanOrEqual(launches);
    expect(src).not.toMatch(/browser\.newContext\(|\.newContext\(/);
  });

  it('runs the scanner for every e2e file', () => {
    const config = readFileSync(path.join(dir, '../vitest.e2e.config.ts'), 'utf8');
    expect(config).toMatch(/setupFiles: \[[^\]]*'e2e\/helpers\/a11y-setup\.ts'/);
  });
});
