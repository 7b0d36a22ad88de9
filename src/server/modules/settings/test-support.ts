import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { datasetColumns, datasets, datasetVersions } from '../datasets/read-model.js';

const relationOf = (id: string) => `v_${id.replace(/-/g, '')}`;

/** A ready dataset of the team with rows (its table in schema ds), straight in the database. */
export async function insertDatasetWithRows(
  app: FastifyInstance,
  teamId: string,
  projectId: string,
  rows: Array<[number, string]>,
) {
  const db = app.ctx.db;
  const [dataset] = await db
    .insert(datasets)
    .values({ teamId, projectId, name: 'Household roster', origin: 'upload' })
    .returning();
  const version = crypto.randomUUID();
  await db.insert(datasetVersions).values({
    id: version,
    teamId,
    datasetId: dataset.id,
    number: 1,
    status: 'ready',
    relation: relationOf(version),
    rowCount: rows.length,
  });
  await db.insert(datasetColumns).values({
    teamId,
    versionId: version,
    key: 'name',
    label: 'Name',
    type: 'text',
    position: 0,
    physical: 'c1',
    sourceColumn: 'name',
  });
  await db.execute(
    sql.raw(`CREATE TABLE ds."${relationOf(version)}" (_row bigint PRIMARY KEY, c1 text)`),
  );
  for (const [n, name] of rows)
    await db.execute(
      sql`INSERT INTO ${sql.raw(`ds."${relationOf(version)}"`)} VALUES (${n}, ${name})`,
    );
  await db.update(datasets).set({ currentVersionId: version }).where(eq(datasets.id, dataset.id));
  return dataset.id;
}
