import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = join(import.meta.dirname, '..', '..');
const OWN = join('shared', 'format');
/** number formatting that must go through src/shared/format (dates are formatted elsewhere: a line about a Date is fine) */
const NUMBER_FORMATTING =
  /\.toFixed\(|\.toPrecision\(|\.toLocaleString\(|Intl\.NumberFormat|maximumFractionDigits/;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return /\.(ts|tsx)$/.test(e.name) && !/\.test\.tsx?$|\.e2e\.ts$|test-support\.ts$/.test(e.name)
      ? [p]
      : [];
  });
}

describe('one number format (scan of src)', () => {
  it('formats figures only in src/shared/format', () => {
    const offenders: string[] = [];
    for (const file of sources(SRC)) {
      const rel = relative(SRC, file);
      if (rel.startsWith(OWN)) continue;
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          if (NUMBER_FORMATTING.test(line) && !/\bDate\(/.test(line))
            offenders.push(`${rel}:${i + 1}: ${line.trim()}`);
        });
    }
    expect(
      offenders,
      'use formatFigure / formatNumber / roundFigure from src/shared/format',
    ).toEqual([]);
  });
});
