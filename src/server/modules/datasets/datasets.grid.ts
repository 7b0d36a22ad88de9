import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import type { DatagridProps } from '../../../shared/datasets/datasets.pages.js';
import { isSortable } from './datasets.filters.js';
import { findDataset, physicalName, qualified } from './datasets.queries.js';

/** A category filter offers at most this many values (the `in` filter takes at most 100) */
const MAX_CATEGORY_VALUES = 100;

/**
 * What the datagrid needs of a dataset besides its rows: the current version and its shown
 * columns, with the values a category column's filter offers (read once, only when the column's
 * stats say there are at most 100).
 */
export async function datagridOf(
  db: Db,
  teamId: string,
  datasetId: unknown,
): Promise<Omit<DatagridProps, 'project'> & { projectId: string }> {
  const { dataset, current, columns } = await findDataset(db, teamId, datasetId);
  const shown = columns.filter((c) => !c.hidden);
  const out: DatagridProps['columns'] = [];
  for (const c of shown) {
    let values: string[] | null = c.type === 'boolean' ? ['true', 'false'] : null;
    const distinct = c.stats?.distinct ?? null;
    if (current && c.type === 'category' && distinct !== null && distinct <= MAX_CATEGORY_VALUES) {
      const p = physicalName(c.physical);
      const r = (await db.execute(
        sql.raw(
          `SELECT DISTINCT ${p} AS v FROM ${qualified(current.relation)} WHERE ${p} IS NOT NULL ORDER BY 1 LIMIT ${MAX_CATEGORY_VALUES + 1}`,
        ),
      )) as unknown as { rows: Array<{ v: string }> };
      values = r.rows.length > MAX_CATEGORY_VALUES ? null : r.rows.map((x) => String(x.v));
    }
    out.push({ key: c.key, label: c.label, type: c.type, sortable: isSortable(c.type), values });
  }
  // a live view (a form's responses) keeps no row count: it is counted at each read
  let rowCount = current ? Number(current.rowCount) : 0;
  if (current?.relation.startsWith('f_')) {
    const r = (await db.execute(
      sql.raw(`SELECT count(*)::int AS n FROM ${qualified(current.relation)}`),
    )) as unknown as { rows: Array<{ n: number | string }> };
    rowCount = Number(r.rows[0].n);
  }
  return {
    dataset: { id: dataset.id, name: dataset.name },
    projectId: dataset.projectId,
    version: current ? { number: current.number, rowCount } : null,
    columns: out,
  };
}
