import { sql, type SQL } from 'drizzle-orm';
import { ValidationError } from '../../platform/errors.js';
import { COLUMN_SQL_TYPES, type ColumnType } from '../../../shared/datasets/column-types.js';
import { convertValue } from '../../../shared/datasets/convert.js';
import type { RowFilter } from '../../../shared/datasets/datasets.pages.js';
import { physicalName } from './datasets.queries.js';
import type { ColumnMeta as ColumnRow } from './datasets.target.js';

const bad = (message: string) => new ValidationError({ filters: message });

/** One value of a filter, converted to the column's type and bound as a parameter */
function param(col: ColumnRow, v: unknown): SQL {
  if (typeof v !== 'string' && typeof v !== 'number' && typeof v !== 'boolean')
    throw bad(`The filter on "${col.label}" needs a value.`);
  const c = convertValue(col.type, typeof v === 'string' ? v : String(v));
  if (!c.ok || c.value === null)
    throw bad(`The filter on "${col.label}": ${c.ok ? 'empty value' : c.reason}.`);
  return sql`${c.value}::${sql.raw(COLUMN_SQL_TYPES[col.type])}`;
}

const COMPARE: Record<string, string> = {
  eq: '=',
  neq: '<>',
  gt: '>',
  gte: '>=',
  lt: '<',
  lte: '<=',
};

/** Types whose values have an order: ranges (gt, gte, lt, lte) and sorting */
const ORDERED: ReadonlySet<ColumnType> = new Set([
  'text',
  'integer',
  'decimal',
  'boolean',
  'date',
  'datetime',
  'category',
]);

export const isSortable = (type: ColumnType) => ORDERED.has(type);

/** A filter as SQL: the column's physical name (checked shape) and every value a parameter */
function condition(col: ColumnRow, f: RowFilter): SQL {
  const p = sql.raw(physicalName(col.physical));
  switch (f.op) {
    case 'empty':
      return sql`${p} IS NULL`;
    case 'not_empty':
      return sql`${p} IS NOT NULL`;
    case 'contains': {
      if (typeof f.value !== 'string' || !f.value)
        throw bad(`The filter on "${col.label}" needs a text.`);
      const like = `%${f.value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      return sql`${p}::text ILIKE ${like}`;
    }
    case 'in': {
      if (!Array.isArray(f.value) || !f.value.length || f.value.length > 100)
        throw bad(`The filter on "${col.label}" needs a list of 1 to 100 values.`);
      if (col.type === 'multi' || col.type === 'geopoint')
        throw bad(`"${col.label}" cannot be filtered by a list of values.`);
      return sql`${p} IN (${sql.join(
        f.value.map((v) => param(col, v)),
        sql`, `,
      )})`;
    }
    default: {
      if (!ORDERED.has(col.type) && f.op !== 'eq' && f.op !== 'neq')
        throw bad(`"${col.label}" cannot be compared with a range.`);
      if (col.type === 'multi' || col.type === 'geopoint')
        throw bad(`"${col.label}" can only be filtered as empty, not empty or by contained text.`);
      return sql`${p} ${sql.raw(COMPARE[f.op])} ${param(col, f.value)}`;
    }
  }
}

/** The filters' WHERE conditions; an unknown column key is a 422 on `filters` */
export function filterConditions(byKey: Map<string, ColumnRow>, filters: RowFilter[]): SQL[] {
  return filters.map((f) => {
    const col = byKey.get(f.column);
    if (!col) throw bad(`There is no column "${String(f.column).slice(0, 80)}".`);
    return condition(col, f);
  });
}

/** How a sort cursor's value (the column's value as PostgreSQL writes it) must look, per type */
const CURSOR_SHAPES: Partial<Record<ColumnType, RegExp>> = {
  integer: /^-?\d{1,19}$/,
  decimal: /^-?\d{1,131072}(\.\d{1,16383})?$/,
  boolean: /^(true|false)$/,
  date: /^\d{4,5}-\d{2}-\d{2}$/,
  datetime: /^\d{4,5}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d{1,6})?([+-]\d{2}(:\d{2}){0,2}|Z)?$/,
};

/** A sort cursor's value bound as a parameter of the column's type (422 on `cursor` if malformed) */
export function cursorValue(col: ColumnRow, v: string): SQL {
  const shape = CURSOR_SHAPES[col.type];
  if (shape && !shape.test(v)) throw new ValidationError({ cursor: 'The cursor is not valid.' });
  return sql`${v}::${sql.raw(COLUMN_SQL_TYPES[col.type])}`;
}
