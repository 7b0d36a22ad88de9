import type { ColumnType } from '../../../shared/datasets/column-types.js';
import {
  convertValue,
  rawText,
  type Conversion,
  type RawValue,
} from '../../../shared/datasets/convert.js';

/** PostgreSQL type oids -> dataset types (everything else is text) */
const PG_TYPES: Record<number, [string, ColumnType]> = {
  16: ['boolean', 'boolean'],
  20: ['bigint', 'integer'],
  21: ['smallint', 'integer'],
  23: ['integer', 'integer'],
  700: ['real', 'decimal'],
  701: ['double precision', 'decimal'],
  1700: ['numeric', 'decimal'],
  1082: ['date', 'date'],
  1114: ['timestamp', 'datetime'],
  1184: ['timestamptz', 'datetime'],
  25: ['text', 'text'],
  1043: ['varchar', 'text'],
  1042: ['char', 'text'],
  2950: ['uuid', 'text'],
  114: ['json', 'text'],
  3802: ['jsonb', 'text'],
};

export function pgColumnType(oid: number): { remoteType: string; type: ColumnType } {
  const t = PG_TYPES[oid];
  return t ? { remoteType: t[0], type: t[1] } : { remoteType: `oid ${oid}`, type: 'text' };
}

/** mysql2 column type codes -> dataset types; TINYINT(1) is MySQL's BOOLEAN */
export function mysqlColumnType(
  code: number,
  length: number,
): { remoteType: string; type: ColumnType } {
  switch (code) {
    case 1:
      return length === 1
        ? { remoteType: 'tinyint(1)', type: 'boolean' }
        : { remoteType: 'tinyint', type: 'integer' };
    case 2:
      return { remoteType: 'smallint', type: 'integer' };
    case 3:
      return { remoteType: 'int', type: 'integer' };
    case 8:
      return { remoteType: 'bigint', type: 'integer' };
    case 9:
      return { remoteType: 'mediumint', type: 'integer' };
    case 13:
      return { remoteType: 'year', type: 'integer' };
    case 0:
    case 246:
      return { remoteType: 'decimal', type: 'decimal' };
    case 4:
      return { remoteType: 'float', type: 'decimal' };
    case 5:
      return { remoteType: 'double', type: 'decimal' };
    case 10:
    case 14:
      return { remoteType: 'date', type: 'date' };
    case 7:
      return { remoteType: 'timestamp', type: 'datetime' };
    case 12:
      return { remoteType: 'datetime', type: 'datetime' };
    case 245:
      return { remoteType: 'json', type: 'text' };
    case 247:
      return { remoteType: 'enum', type: 'text' };
    default:
      return {
        remoteType:
          code === 15 || code === 253
            ? 'varchar'
            : code === 254
              ? 'char'
              : code >= 249 && code <= 252
                ? 'text/blob'
                : `type ${code}`,
        type: 'text',
      };
  }
}

/** A driver value as the converter reads it: buffers and objects as text, NUL bytes dropped */
export function rawOf(v: unknown): RawValue {
  if (v === null || v === undefined) return null;
  if (typeof v === 'string') return v.includes('\0') ? v.replace(/\0/g, '') : v;
  if (typeof v === 'number' || typeof v === 'boolean' || v instanceof Date) return v;
  if (typeof v === 'bigint') return v.toString();
  if (Buffer.isBuffer(v)) return v.toString('utf8').replace(/\0/g, '');
  return JSON.stringify(v);
}

/** PostgreSQL's "+00" zone as the converter reads it ("+00:00") */
const SHORT_ZONE = /([+-]\d{2})$/;

/** One remote value converted to its dataset column type (the same converter as file imports) */
export function convertRemote(type: ColumnType, v: unknown): Conversion {
  const raw = rawOf(v);
  if (type === 'datetime' && typeof raw === 'string' && SHORT_ZONE.test(raw))
    return convertValue(type, raw.replace(SHORT_ZONE, '$1:00'));
  return convertValue(type, raw);
}

export { rawText };
