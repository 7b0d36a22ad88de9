import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EMPTY_TABLE_TEXT } from '@shared/table/table-query';

const CLIENT = join(import.meta.dirname, '..', '..');
const OWN = join('components', 'data-table');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
  });
}

/**
 * Every data table says the spec's "No data available in table" when empty: they all go through the
 * shared DataTable (which adds an optional next step below that text), none builds its own table
 * or passes its own wording.
 */
describe('one empty text for every data table (scan of src/client)', () => {
  it('the spec wording is the shared one', () => {
    expect(EMPTY_TABLE_TEXT).toBe('No data available in table');
  });

  it('no table outside the shared DataTable, no own empty wording', () => {
    const offenders: string[] = [];
    for (const file of sources(CLIENT)) {
      const rel = relative(CLIENT, file);
      if (rel.startsWith(OWN)) continue;
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          if (/<Table[\s.>]|\bTable\.(ScrollContainer|Tbody|Thead|Tr|Td|Th)\b|<table\b/.test(line))
            offenders.push(`${rel}:${i + 1}: a table outside DataTable`);
          if (/\bemptyText\b/.test(line))
            offenders.push(`${rel}:${i + 1}: its own empty text (use emptyAction for a next step)`);
          if (/No data available/.test(line))
            offenders.push(`${rel}:${i + 1}: the empty text written again (use EMPTY_TABLE_TEXT)`);
        });
    }
    expect(offenders).toEqual([]);
  });
});
