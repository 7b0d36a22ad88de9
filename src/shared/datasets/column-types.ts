/**
 * Dataset column types (docs/datasets.md section 4): the names, their labels and the SQL type
 * each is stored as. Zod-free, so the client imports it without zod.
 */
export const COLUMN_TYPES = [
  'text',
  'integer',
  'decimal',
  'boolean',
  'date',
  'datetime',
  'category',
  'multi',
  'geopoint',
] as const;

export type ColumnType = (typeof COLUMN_TYPES)[number];

export const COLUMN_TYPE_LABELS: Record<ColumnType, string> = {
  text: 'Text',
  integer: 'Whole number',
  decimal: 'Decimal number',
  boolean: 'Yes/no',
  date: 'Date',
  datetime: 'Date and time',
  category: 'Category',
  multi: 'Multiple choices',
  geopoint: 'Location (GPS)',
};

/** The PostgreSQL type of a column of each type in a dataset relation (schema `ds`) */
export const COLUMN_SQL_TYPES: Record<ColumnType, string> = {
  text: 'text',
  integer: 'bigint',
  decimal: 'numeric',
  boolean: 'boolean',
  date: 'date',
  datetime: 'timestamptz',
  category: 'text',
  multi: 'text[]',
  geopoint: 'jsonb',
};

export function isColumnType(v: unknown): v is ColumnType {
  return typeof v === 'string' && (COLUMN_TYPES as readonly string[]).includes(v);
}

/** Column keys: stable, never from position; `_`-prefixed names are reserved for system columns */
export const COLUMN_KEY_PATTERN = /^[a-z][a-z0-9_]{0,62}$/;

/** Dataset origins (docs/datasets.md section 1) */
export const DATASET_ORIGINS = [
  'upload',
  'database',
  'connector',
  'form',
  'transformation',
] as const;
export type DatasetOrigin = (typeof DATASET_ORIGINS)[number];

export const DATASET_VERSION_STATUSES = [
  'importing',
  'ready',
  'failed',
  'cancelled',
  'superseded',
] as const;
export type DatasetVersionStatus = (typeof DATASET_VERSION_STATUSES)[number];
