import type { ColumnType } from '../../../shared/datasets/column-types.js';
import type { ConvertibleType } from '../../../shared/transformations/steps.js';
import { trimmed } from './transformations.sql.js';

/**
 * A column's values converted to another type in SQL, by the rules of the importer
 * (src/shared/datasets/convert.ts): the value's text, trimmed; whole numbers with optional
 * thousands commas, decimals with an optional exponent, yes/no words, dates as YYYY-MM-DD (or /).
 * `value` is null where a value does not convert; `failed` is true exactly there.
 */
export function convertSql(x: string, from: ColumnType, to: ConvertibleType) {
  if (from === 'datetime' && to === 'date') return { value: `(${x})::date`, failed: 'false' };
  const text =
    from === 'date'
      ? `to_char(${x}, 'YYYY-MM-DD')`
      : from === 'text' || from === 'category'
        ? x
        : `(${x})::text`;
  const t = `NULLIF(${trimmed(text)}, '')`;
  let value: string;
  switch (to) {
    case 'text':
    case 'category':
      return { value: t, failed: 'false' };
    case 'integer':
      value =
        `(CASE WHEN ${t} ~ '^[-+]?[0-9]{1,18}$' THEN ${t}::bigint` +
        ` WHEN ${t} ~ '^[-+]?[0-9]{1,3}(,[0-9]{3}){1,5}$' THEN replace(${t}, ',', '')::bigint END)`;
      break;
    case 'decimal':
      value =
        `(CASE WHEN ${t} ~ '^[-+]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][-+]?[0-9]{1,3})?$' THEN ${t}::numeric` +
        ` WHEN ${t} ~ '^[-+]?[0-9]{1,3}(,[0-9]{3})+([.][0-9]+)?$' THEN replace(${t}, ',', '')::numeric END)`;
      break;
    case 'boolean':
      value =
        `(CASE WHEN lower(${t}) IN ('true', 'yes', 'y', '1', 't', 'oui', 'si', 'sí', 'ja') THEN true` +
        ` WHEN lower(${t}) IN ('false', 'no', 'n', '0', 'f', 'non', 'nein') THEN false END)`;
      break;
    case 'date': {
      const part = (i: number) => `split_part(translate(${t}, '/', '-'), '-', ${i})::int`;
      value =
        `(CASE WHEN ${t} ~ '^[0-9]{4}[-/][0-9]{1,2}[-/][0-9]{1,2}$' THEN` +
        ` (CASE WHEN ${part(1)} >= 1 AND ${part(2)} BETWEEN 1 AND 12 THEN` +
        ` (CASE WHEN ${part(3)} BETWEEN 1 AND extract(day from make_date(${part(1)}, ${part(2)}, 1) + interval '1 month' - interval '1 day')::int` +
        ` THEN make_date(${part(1)}, ${part(2)}, ${part(3)}) END) END) END)`;
      break;
    }
  }
  return { value, failed: `(${t} IS NOT NULL AND ${value} IS NULL)` };
}

/** The SQL type of a convertible type (for a default value's cast) */
export const CAST_OF: Record<ConvertibleType, 'text' | 'bigint' | 'numeric' | 'boolean' | 'date'> =
  {
    text: 'text',
    category: 'text',
    integer: 'bigint',
    decimal: 'numeric',
    boolean: 'boolean',
    date: 'date',
  };
