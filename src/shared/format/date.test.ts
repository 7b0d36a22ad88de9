import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { formatDateTime, formatDay, formatSettingDate } from './date.js';

describe('formatSettingDate', () => {
  it('says a form’s date in the language, read as UTC wall-clock (never the ISO text)', () => {
    expect(formatSettingDate('2021-01-01', 'en')).toBe('January 1, 2021');
    expect(formatSettingDate('2021-01-01', 'fr')).toBe('1 janvier 2021');
    expect(formatSettingDate('2021-01-01', 'pt-PT')).toBe('1 de janeiro de 2021');
    expect(formatSettingDate('2026-03-01 09:30', 'fr')).toMatch(/^1 mars 2026.*09:30$/);
    expect(formatSettingDate('2026-03-01T23:30', 'en')).toMatch(/^March 1, 2026.*11:30\sPM$/);
  });
  it('keeps text that is not a date, and survives a code Intl refuses', () => {
    expect(formatSettingDate('soon', 'en')).toBe('soon');
    expect(formatSettingDate('2021-01-01', 'not a language!')).not.toBe('2021-01-01');
  });
});

describe('formatDateTime', () => {
  it('gives the date and the time in the language', () => {
    const s = formatDateTime('2026-03-01T09:30:00Z', 'en');
    expect(s).toMatch(/2026/);
    expect(s).not.toContain('T09');
    expect(formatDateTime('nonsense', 'en')).toBe('nonsense');
  });
});

describe('formatDay', () => {
  it('gives the day with the month as a word, never an ambiguous 11/12/2026', () => {
    expect(formatDay('2026-11-12T10:00:00Z', 'en')).toBe('Nov 12, 2026');
    expect(formatDay('2026-11-12T10:00:00Z', 'fr')).toBe('12 nov. 2026');
    expect(formatDay('nonsense', 'en')).toBe('nonsense');
  });
});

describe('one date format (scan of src/client)', () => {
  it('shows moments through formatDateTime / formatDay, not the browser’s numeric default', () => {
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const e of readdirSync(dir, { withFileTypes: true })) {
        const p = join(dir, e.name);
        if (e.isDirectory()) walk(p);
        else if (/\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name))
          readFileSync(p, 'utf8')
            .split('\n')
            .forEach((line, i) => {
              if (/\.toLocale(Date|Time)?String\(\)/.test(line))
                offenders.push(`${p}:${i + 1}: ${line.trim()}`);
            });
      }
    };
    walk(join(import.meta.dirname, '..', '..', 'client'));
    expect(offenders).toEqual([]);
  });
});
