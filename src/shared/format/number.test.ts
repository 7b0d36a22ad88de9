import { describe, expect, it } from 'vitest';
import {
  excelNumberFormat,
  figurePrecision,
  formatFigure,
  formatNumber,
  roundFigure,
} from './number';

describe('one number format', () => {
  it('shows the same figure the same way for every metric type', () => {
    const v = 85.1485148515;
    expect(formatFigure(v, { type: 'percentage' })).toBe('85.15 %');
    expect(formatFigure(v, { type: 'count', unit: 'girls' })).toBe('85.15 girls');
    expect(formatFigure(1200, { type: 'currency', currency: 'USD' })).toBe('USD 1,200');
    expect(formatFigure(1, { type: 'yes_no' })).toBe('Yes');
    expect(formatFigure(0, { type: 'yes_no' })).toBe('No');
    expect(formatFigure(null, { type: 'count' })).toBe('—');
    expect(formatFigure(v, { type: 'percentage' }, { unit: false })).toBe('85.15');
  });

  it('respects a precision and rounds halves away from zero', () => {
    expect(formatFigure(85.1485148515, { type: 'percentage', precision: 1 })).toBe('85.1 %');
    expect(formatFigure(2.5, { type: 'count', precision: 0 })).toBe('3');
    expect(roundFigure(1.005, {})).toBe(1.01);
    expect(roundFigure(-1.005, {})).toBe(-1.01);
    expect(roundFigure(85.1485148515, { type: 'percentage' })).toBe(85.15);
    expect(figurePrecision({ precision: 99 })).toBe(2);
  });

  it('formats plain numbers with grouped thousands and no negative zero', () => {
    expect(formatNumber(1234567)).toBe('1,234,567');
    expect(formatNumber(-0.001)).toBe('0');
    expect(formatNumber(Number.NaN)).toBe('—');
  });

  it('gives spreadsheets the matching number format', () => {
    expect(excelNumberFormat({ type: 'percentage' })).toBe('#,##0.##');
    expect(excelNumberFormat({ type: 'yes_no' })).toBe('#,##0');
  });
});
