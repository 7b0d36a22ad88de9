import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import type { ColumnDiff, VersionDiff } from '../../../shared/datasets/datasets.pages.js';
import { findVersion } from './datasets.queries.js';
import { datasetVersions } from './datasets.tables.js';

/**
 * The current version of a dataset beside an earlier ready (or superseded) one: columns matched
 * by key (kept across refreshes by source column), added, removed, retyped, and the stats each
 * import computed (nulls, distinct values, min, max) side by side, all in one SQL statement over
 * `dataset_columns`. `compare` picks the earlier version (else the one just before); null when
 * there is nothing to compare.
 */
export async function versionDiff(
  db: Db,
  teamId: string,
  current: { id: string; datasetId: string; number: number; rowCount: number },
  compare: unknown,
): Promise<VersionDiff | null> {
  const earlier = await db
    .select({ id: datasetVersions.id, number: datasetVersions.number })
    .from(datasetVersions)
    .where(
      and(
        eq(datasetVersions.datasetId, current.datasetId),
        eq(datasetVersions.teamId, teamId),
        lt(datasetVersions.number, current.number),
        inArray(datasetVersions.status, ['ready', 'superseded']),
      ),
    )
    .orderBy(desc(datasetVersions.number));
  if (!earlier.length) return null;
  const picked =
    typeof compare === 'string' && earlier.some((v) => v.id === compare)
      ? await findVersion(db, teamId, compare)
      : await findVersion(db, teamId, earlier[0].id);
  const r = (await db.execute(sql`
    SELECT coalesce(n.key, o.key) AS key,
           coalesce(n.label, o.label) AS label,
           CASE WHEN o.key IS NULL THEN 'added'
                WHEN n.key IS NULL THEN 'removed'
                WHEN o.type <> n.type THEN 'retyped'
                WHEN o.stats IS DISTINCT FROM n.stats THEN 'changed'
                ELSE 'same' END AS change,
           o.type AS old_type, n.type AS new_type,
           (o.stats->>'nulls')::bigint AS old_nulls, (n.stats->>'nulls')::bigint AS new_nulls,
           (o.stats->>'distinct')::bigint AS old_distinct,
           (n.stats->>'distinct')::bigint AS new_distinct,
           o.stats->>'min' AS old_min, n.stats->>'min' AS new_min,
           o.stats->>'max' AS old_max, n.stats->>'max' AS new_max
      FROM (SELECT * FROM dataset_columns WHERE version_id = ${picked.id} AND team_id = ${teamId}) o
      FULL JOIN (SELECT * FROM dataset_columns WHERE version_id = ${current.id} AND team_id = ${teamId}) n
        ON n.key = o.key
     ORDER BY coalesce(n.position, 100000 + o.position)`)) as unknown as {
    rows: Array<Record<string, unknown>>;
  };
  const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  const str = (v: unknown) => (v === null || v === undefined ? null : String(v));
  const columns: ColumnDiff[] = r.rows.map((c) => ({
    key: String(c.key),
    label: String(c.label),
    change: c.change as ColumnDiff['change'],
    oldType: (c.old_type as ColumnDiff['oldType']) ?? null,
    newType: (c.new_type as ColumnDiff['newType']) ?? null,
    oldNulls: num(c.old_nulls),
    newNulls: num(c.new_nulls),
    oldDistinct: num(c.old_distinct),
    newDistinct: num(c.new_distinct),
    oldMin: str(c.old_min),
    newMin: str(c.new_min),
    oldMax: str(c.old_max),
    newMax: str(c.new_max),
  }));
  return {
    from: { id: picked.id, number: picked.number, rowCount: Number(picked.rowCount) },
    to: { id: current.id, number: current.number, rowCount: Number(current.rowCount) },
    columns,
    choices: earlier,
  };
}
