import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import type { ColumnType } from '../../../shared/datasets/column-types.js';
import { findDataset, physicalName, qualified, type ColumnRow } from './datasets.queries.js';
import type { BoundField, FieldKind, RowSource } from './bound-rows.js';

const KIND: Record<ColumnType, FieldKind> = {
  text: 'text',
  category: 'text',
  integer: 'number',
  decimal: 'number',
  boolean: 'boolean',
  date: 'date',
  datetime: 'datetime',
  multi: 'multi',
  geopoint: 'other',
};

const fieldOf = (c: ColumnRow): BoundField => ({
  key: c.key,
  label: c.label,
  kind: KIND[c.type] ?? 'other',
  sql:
    c.type === 'integer'
      ? sql.raw(`${physicalName(c.physical)}::numeric`)
      : sql.raw(physicalName(c.physical)),
});

/** A dataset's columns for the binding form: key, label, kind. */
export interface BindableColumn {
  key: string;
  label: string;
  kind: FieldKind;
}

/**
 * The rows of a dataset's current version for a binding on `columnKey` (404 for another team's
 * dataset). `broken` says why nothing can be read (no version yet, the column gone).
 */
export async function datasetRowSource(
  db: Db,
  teamId: string,
  datasetId: unknown,
  columnKey: string,
): Promise<
  | { ok: true; source: RowSource; name: string; projectId: string; columns: BindableColumn[] }
  | { ok: false; broken: string; name: string; projectId: string; columns: BindableColumn[] }
> {
  const { dataset, current, columns } = await findDataset(db, teamId, datasetId);
  const list = columns.map((c) => ({ key: c.key, label: c.label, kind: fieldOf(c).kind }));
  if (!current)
    return {
      ok: false,
      name: dataset.name,
      projectId: dataset.projectId,
      columns: list,
      broken: `The dataset “${dataset.name}” has no imported version yet.`,
    };
  const value = columns.find((c) => c.key === columnKey);
  if (!value)
    return {
      ok: false,
      name: dataset.name,
      projectId: dataset.projectId,
      columns: list,
      broken: `The column “${columnKey}” is no longer in the dataset “${dataset.name}” (version ${current.number}): rebind this data point to another column.`,
    };
  const since = (current.finishedAt ?? current.createdAt).toISOString();
  return {
    ok: true,
    name: dataset.name,
    projectId: dataset.projectId,
    columns: list,
    source: {
      from: sql.raw(qualified(current.relation)),
      where: [],
      order: sql`_row`,
      row: sql`_row`,
      defaultTime: sql`${since}::timestamptz`,
      value: fieldOf(value),
      fields: new Map(columns.map((c) => [c.key, fieldOf(c)])),
      trace: {},
    },
  };
}
