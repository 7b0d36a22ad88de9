import { describe, expect, it } from 'vitest';
import { formatDateTime, formatSettingDate } from './date.js';

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
