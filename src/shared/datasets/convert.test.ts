import { describe, expect, it } from 'vitest';
import {
  COLUMN_SQL_TYPES,
  COLUMN_TYPES,
  DATASET_ORIGINS,
  DATASET_VERSION_STATUSES,
  isColumnType,
} from './column-types';
import fc from 'fast-check';
import {
  CONVERSION_REASONS,
  converterOf,
  convertValue,
  failuresOf,
  IMPORT_TYPES,
  inferType,
  isFailure,
  type RawValue,
} from './convert';

describe('column types', () => {
  it('every type has an SQL type; the import offers the flat ones', () => {
    expect(Object.keys(COLUMN_SQL_TYPES).sort()).toEqual([...COLUMN_TYPES].sort());
    expect(IMPORT_TYPES.every(isColumnType)).toBe(true);
    expect(isColumnType('money')).toBe(false);
    expect(COLUMN_SQL_TYPES.decimal).toBe('numeric');
    expect(DATASET_ORIGINS).toContain('upload');
    expect(DATASET_VERSION_STATUSES).toContain('superseded');
  });
});

describe('convertValue', () => {
  it('converts each type and says why a value fails', () => {
    expect(convertValue('integer', ' 1,234 ')).toEqual({ ok: true, value: '1234' });
    expect(convertValue('integer', '12.5')).toEqual({
      ok: false,
      reason: CONVERSION_REASONS.integer,
    });
    expect(convertValue('integer', '99999999999999999999')).toEqual({
      ok: false,
      reason: CONVERSION_REASONS.integerRange,
    });
    expect(convertValue('decimal', '+3.25')).toEqual({ ok: true, value: '3.25' });
    expect(convertValue('decimal', '1e3')).toEqual({ ok: true, value: '1e3' });
    expect(convertValue('decimal', 'abc').ok).toBe(false);
    expect(convertValue('boolean', 'Yes')).toEqual({ ok: true, value: 't' });
    expect(convertValue('boolean', 0)).toEqual({ ok: true, value: 'f' });
    expect(convertValue('date', '2024-02-29')).toEqual({ ok: true, value: '2024-02-29' });
    expect(convertValue('date', '2023-02-29')).toEqual({
      ok: false,
      reason: CONVERSION_REASONS.date,
    });
    expect(convertValue('date', new Date(Date.UTC(2026, 0, 15)))).toEqual({
      ok: true,
      value: '2026-01-15',
    });
    expect(convertValue('datetime', '2026-01-02T03:04Z')).toEqual({
      ok: true,
      value: '2026-01-02 03:04:00+00:00',
    });
    expect(convertValue('datetime', '2026-01-02 25:00').ok).toBe(false);
    expect(convertValue('text', 12)).toEqual({ ok: true, value: '12' });
    for (const t of IMPORT_TYPES) expect(convertValue(t, '  ')).toEqual({ ok: true, value: null });
  });
});

describe('inferType', () => {
  it('picks the most specific type most samples fit', () => {
    expect(inferType(['1', '2', '3'])).toBe('integer');
    expect(inferType(['1', '0', '1'])).toBe('integer');
    expect(inferType(['yes', 'no', 'yes'])).toBe('boolean');
    expect(inferType(['1.5', '2', '3'])).toBe('decimal');
    expect(inferType(['2026-01-01', '2026-02-01'])).toBe('date');
    expect(inferType(['2026-01-01 10:00', '2026-02-01 11:00'])).toBe('datetime');
    const districts = Array.from({ length: 20 }, (_, i) => ['Kano', 'Kaduna'][i % 2]);
    expect(inferType(districts)).toBe('category');
    expect(inferType(['Anna', 'Bob'])).toBe('text');
    expect(inferType([null, ''])).toBe('text');
    const mostlyNumbers = [...Array.from({ length: 19 }, (_, i) => String(i)), 'n/a'];
    expect(inferType(mostlyNumbers)).toBe('integer');
    expect(failuresOf('integer', mostlyNumbers)).toBe(1);
  });
});

describe('converterOf', () => {
  const samples: RawValue[] = [
    ...['0', '-0', '7', '007', '+5', '-12', ' 12', '12 ', '1,234', '123456789012345'],
    ...['1234567890123456', '99999999999999999999', '12.5', '-1.5', '.25', '3.', '.', '-', '-.5'],
    ...['1e5', '1,234.5', 'abc', '', '   ', '\u00a0', 'é', 'x\ty', '1.2.3', '--1'],
    ...['2026-01-31', '2026-02-29', '2024-02-29', '1900-02-29', '2000-02-29', '0050-01-01'],
    ...['0000-01-01', '2026-13-01', '2026-00-10', '2026-1-5', '2026/01/05', '2026-01-32'],
    ...['2026-04-31', '2026-01-05 10:30', '2026-01-05T10:30:00Z', 'yes', 'No', 'TRUE', 'Oui'],
    ...['SÍ', 'nein', 'Y', 'maybe', ' yes', 'true ', 'tRuE'],
    ...[0, 1, -0, 2, 1.5, -3, 2 ** 60, Number.NaN, Infinity, true, false, null, undefined],
    ...[new Date(Date.UTC(2026, 0, 5)), new Date(Date.UTC(2026, 0, 5, 10, 30)), new Date(NaN)],
  ];
  it('answers what convertValue answers, for every type', () => {
    for (const type of COLUMN_TYPES) {
      const convert = converterOf(type);
      for (const raw of samples) {
        const c = convertValue(type, raw);
        const got = convert(raw);
        expect(
          isFailure(got) ? { ok: false, reason: got.reason } : { ok: true, value: got },
          `${type} ${String(raw)}`,
        ).toEqual(c);
      }
    }
  });
  it('agrees with convertValue on arbitrary text', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...COLUMN_TYPES),
        fc.oneof(
          fc.string(),
          fc.stringMatching(/^-?[0-9]{0,17}(\.[0-9]{0,3})?$/),
          fc.stringMatching(/^[0-9]{4}-[0-9]{2}-[0-9]{2}$/),
        ),
        (type, raw) => {
          const got = converterOf(type)(raw);
          const c = convertValue(type, raw);
          expect(
            isFailure(got) ? { ok: false, reason: got.reason } : { ok: true, value: got },
          ).toEqual(c);
        },
      ),
      { numRuns: 2000 },
    );
  });
});
