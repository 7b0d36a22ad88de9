import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { tocElements } from '../problems/read-model.js';
import { dataPoints, metrics } from './metrics.tables.js';

/**
 * The data points bound to columns of a dataset (`binding.kind = dataset_column`), each with its
 * metric and the theory-of-change element the metric hangs on: what the source page shows as
 * "how this source feeds the theory of change".
 */
export async function datasetColumnFeeds(db: Db, teamId: string, datasetId: string) {
  const rows = await db
    .select({
      columnKey: sql<string>`${dataPoints.binding}->>'columnKey'`,
      dataPoint: { id: dataPoints.id, name: dataPoints.name },
      metric: { id: metrics.id, name: metrics.name },
      element: { id: tocElements.id, title: tocElements.title, kind: tocElements.kind },
    })
    .from(dataPoints)
    .innerJoin(metrics, eq(metrics.id, dataPoints.metricId))
    .innerJoin(tocElements, eq(tocElements.id, metrics.elementId))
    .where(
      and(
        eq(dataPoints.teamId, teamId),
        sql`${dataPoints.binding}->>'kind' = 'dataset_column'`,
        sql`${dataPoints.binding}->>'datasetId' = ${datasetId}`,
      ),
    )
    .orderBy(
      asc(sql`${dataPoints.binding}->>'columnKey'`),
      asc(metrics.name),
      asc(dataPoints.name),
    );
  return rows;
}
