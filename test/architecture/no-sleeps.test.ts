import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Issue 8 item 8: tests wait on conditions, never on wall-clock pauses. Playwright's
 * page.waitForTimeout is such a pause (it passes on a fast machine and fails on a loaded one):
 * journeys wait for an element, a URL, `expect.poll` or `canvasesSettled` (e2e/helpers/browser.ts).
 */
const ROOT = path.resolve(import.meta.dirname, '../..');

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' ? [] : files(full);
    return /\.(test|e2e)\.ts$|^e2e\/helpers\//.test(path.relative(ROOT, full)) ? [full] : [];
  });
}

describe('no wall-clock pauses in tests', () => {
  const all = ['src', 'test', 'e2e'].flatMap((d) => files(path.join(ROOT, d)));

  it('finds the test files (the scan itself works)', () => {
    expect(all.some((f) => f.endsWith('e2e/metrics.e2e.ts'))).toBe(true);
    expect(all.some((f) => f.endsWith('e2e/helpers/browser.ts'))).toBe(true);
  });

  it('no journey or test pauses with waitForTimeout', () => {
    const offenders = all
      .filter((f) => f !== import.meta.filename)
      .filter((f) => /\bwaitForTimeout\(/.test(readFileSync(f, 'utf8')))
      .map((f) => path.relative(ROOT, f));
    expect(offenders).toEqual([]);
  });
});
