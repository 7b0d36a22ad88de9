import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { jobs } from '../../../src/server/platform/jobs/jobs.tables.js';
import {
  datasetColumns,
  datasets,
  datasetVersions,
} from '../../../src/server/modules/datasets/datasets.tables.js';
import { sourceFiles, urlSources } from '../../../src/server/modules/sources/sources.tables.js';
import {
  fakeFileHost,
  type FakeFileHost,
} from '../../../src/server/modules/sources/test-support.js';
import type { FixtureContext } from '../route-fixtures.js';
import type { DomainSecurity } from './index.js';
import { insertProject } from './rows.js';

const relationOf = (id: string) => `v_${id.replace(/-/g, '')}`;

/** An uploaded CSV of team A, on disk where the app keeps uploads, not imported yet */
export async function insertSourceFile(c: FixtureContext, projectId?: string) {
  const db = c.world.app.ctx.db;
  const teamId = c.world.teamA.id;
  const pid = projectId ?? (await insertProject(c, 'Sources fixture project'));
  const id = crypto.randomUUID();
  const dir = path.join(c.world.app.ctx.config.dataDir, 'uploads', teamId);
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, id), 'name,age\nAnna,34\nBob,41\n');
  await db.insert(sourceFiles).values({
    id,
    teamId,
    projectId: pid,
    fileName: 'people.csv',
    byteSize: 27,
    format: 'csv',
    encoding: 'utf-8',
    delimiter: ',',
    createdBy: c.self.id,
  });
  return id;
}

/** A dataset of team A with a ready version (its table in schema ds) and an import in progress */
export async function insertDataset(c: FixtureContext) {
  const db = c.world.app.ctx.db;
  const teamId = c.world.teamA.id;
  const projectId = await insertProject(c, 'Sources fixture project');
  const [dataset] = await db
    .insert(datasets)
    .values({ teamId, projectId, name: 'Fixture source', origin: 'upload', createdBy: c.self.id })
    .returning();
  const ready = crypto.randomUUID();
  await db.insert(datasetVersions).values({
    id: ready,
    teamId,
    datasetId: dataset.id,
    number: 1,
    status: 'ready',
    relation: relationOf(ready),
    rowCount: 1,
  });
  await db.insert(datasetColumns).values({
    teamId,
    versionId: ready,
    key: 'name',
    label: 'Name',
    type: 'text',
    position: 0,
    physical: 'c1',
    sourceColumn: 'name',
  });
  await db.execute(
    sql.raw(`CREATE TABLE ds."${relationOf(ready)}" (_row bigint PRIMARY KEY, c1 text)`),
  );
  await db.execute(sql.raw(`INSERT INTO ds."${relationOf(ready)}" VALUES (1, 'Anna')`));
  await db.update(datasets).set({ currentVersionId: ready }).where(eq(datasets.id, dataset.id));
  const [job] = await db
    .insert(jobs)
    .values({
      type: 'dataset.import',
      payload: {},
      status: 'running',
      runAt: new Date(Date.now() + 3_600_000),
    })
    .returning();
  const importing = crypto.randomUUID();
  await db.insert(datasetVersions).values({
    id: importing,
    teamId,
    datasetId: dataset.id,
    number: 2,
    status: 'importing',
    relation: relationOf(importing),
    jobId: job.id,
  });
  return { datasetId: dataset.id, projectId, jobId: job.id };
}

/** One fake file host on 127.0.0.1 for the whole run (the test config allows loopback) */
let files: Promise<FakeFileHost> | null = null;
const fileHost = () =>
  (files ??= fakeFileHost().then((h) => {
    h.unref();
    h.set('/people.csv', { body: 'name,age\nAnna,34\nBob,41\n' });
    return h;
  }));

/** A dataset of team A fetched from the fake host (ready version 1, no import running) */
async function insertUrlDataset(c: FixtureContext) {
  const { datasetId, jobId } = await insertDataset(c);
  const db = c.world.app.ctx.db;
  await db.delete(datasetVersions).where(eq(datasetVersions.jobId, jobId));
  await db.insert(urlSources).values({
    teamId: c.world.teamA.id,
    datasetId,
    url: `${(await fileHost()).url}/people.csv`,
    createdBy: c.self.id,
  });
  return datasetId;
}

/** A cancelled import of team A whose file is still kept: what "Retry" starts again */
async function insertCancelledImport(c: FixtureContext) {
  const db = c.world.app.ctx.db;
  const { datasetId, jobId } = await insertDataset(c);
  const [d] = await db.select().from(datasets).where(eq(datasets.id, datasetId));
  const fileId = await insertSourceFile(c, d.projectId);
  const [v] = await db
    .update(datasetVersions)
    .set({ status: 'cancelled', failure: 'Cancelled by a user.' })
    .where(eq(datasetVersions.jobId, jobId))
    .returning();
  await db.insert(datasetColumns).values({
    teamId: c.world.teamA.id,
    versionId: v.id,
    key: 'name',
    label: 'Name',
    type: 'text',
    position: 0,
    physical: 'c1',
    sourceColumn: 'name',
  });
  await db
    .update(sourceFiles)
    .set({ datasetId, versionId: v.id })
    .where(eq(sourceFiles.id, fileId));
  return jobId;
}

const importBody = () => ({
  name: 'People',
  sheet: null,
  stakeholderColumn: null,
  columns: [
    { index: 0, label: 'Name', type: 'text', include: true },
    { index: 1, label: 'Age', type: 'integer', include: true },
  ],
});

export const sourcesSecurity: DomainSecurity = {
  expectations: {
    'sources.index': { access: 'team:content.view' },
    'sources.create': { access: 'team:content.create' },
    'sources.upload': { access: 'team:content.create' },
    'sources.preview': { access: 'team:content.create' },
    'sources.import': { access: 'team:content.create' },
    'sources.show': { access: 'team:content.view' },
    'sources.datagrid': { access: 'team:content.view' },
    'jobs.show': { access: 'team:content.view' },
    'jobs.cancel': {
      access: 'team:content.update',
      noBody: 'asks the import named in the URL to stop',
    },
    'sources.fetch': { access: 'team:content.create' },
    'sources.refresh': {
      access: 'team:content.update',
      noBody: 'fetches the source named in the URL again',
    },
    'sources.schedule': { access: 'team:content.update' },
    'jobs.retry': {
      access: 'team:content.update',
      noBody: 'starts the import named in the URL again with its settings',
    },
    'datasets.rows': { access: 'team:content.view' },
    'datasets.destroy': {
      access: 'team:content.delete',
      noBody: 'deletes the source named in the URL',
    },
  },
  bodies: {
    'sources.import': importBody,
    'sources.fetch': async () => ({ url: `${(await fileHost()).url}/people.csv` }),
    'sources.schedule': () => ({ schedule: 'daily' }),
  },
  routeParamFixtures: {
    'sources.preview': { file: (c) => insertSourceFile(c) },
    'sources.import': { file: (c) => insertSourceFile(c) },
    'sources.show': { source: async (c) => (await insertDataset(c)).datasetId },
    'sources.datagrid': { source: async (c) => (await insertDataset(c)).datasetId },
    'jobs.show': { job: async (c) => (await insertDataset(c)).jobId },
    'jobs.cancel': { job: async (c) => (await insertDataset(c)).jobId },
    'jobs.retry': { job: insertCancelledImport },
    'sources.refresh': { source: insertUrlDataset },
    'sources.schedule': { source: insertUrlDataset },
    'datasets.rows': { dataset: async (c) => (await insertDataset(c)).datasetId },
    'datasets.destroy': { dataset: async (c) => (await insertDataset(c)).datasetId },
  },
};
