import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = join(import.meta.dirname, '..', '..');
/** a hand-made English plural ending: `n === 1 ? '' : 's'` */
const HAND_PLURAL = /[!=]==?\s*1\s*\?\s*(''|""|``)\s*:\s*(['"`])s\2/;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return /\.(ts|tsx)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
  });
}

describe('one way to write plurals (scan of src)', () => {
  it('uses plural()/agree() from src/shared/format/plural', () => {
    const offenders: string[] = [];
    for (const file of sources(SRC))
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          if (HAND_PLURAL.test(line))
            offenders.push(`${relative(SRC, file)}:${i + 1}: ${line.trim()}`);
        });
    expect(offenders).toEqual([]);
  });
});
