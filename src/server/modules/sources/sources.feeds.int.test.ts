import { rmSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helpers/app.js';
import { drainJobs } from '../../../../test/helpers/jobs.js';
import { datasetVersions } from '../datasets/read-model.js';
import { dataPoints, metrics } from '../metrics/read-model.js';
import { problems, tocElements } from '../problems/read-model.js';
import { fileIdOf, sourcesWorld, tempDataDir, uploadFile } from './test-support.js';

/** sources/show's "How this source feeds the theory of change": column -> data point -> metric -> element */
let t: TestApp;
let dataDir: string;
beforeAll(async () => {
  dataDir = tempDataDir();
  t = await createTestApp({ config: { dataDir } });
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

type World = Awaited<ReturnType<typeof sourcesWorld>>;

async function importCsv(w: World, csv: string) {
  const up = await uploadFile(w.client, w.project.id, Buffer.from(csv), 'visits.csv');
  expect(up.statusCode, up.body).toBe(303);
  const fileId = fileIdOf(up.headers.location as string);
  const page = await w.client.page(`/source-files/${fileId}/preview`);
  const columns = page.props.columns.map((c: Record<string, unknown>) => ({
    index: c.index,
    label: c.label,
    type: c.type,
    include: true,
  }));
  const res = await w.client.post(`/source-files/${fileId}/import`, {
    name: 'Visits',
    sheet: page.props.upload.sheet,
    stakeholderColumn: null,
    columns,
  });
  expect(res.statusCode, res.body).toBe(303);
  const jobId = /\/jobs\/([0-9a-f-]{36})/.exec(res.headers.location as string)![1];
  await drainJobs(t.app);
  const [version] = await t.app.ctx.db
    .select()
    .from(datasetVersions)
    .where(eq(datasetVersions.jobId, jobId));
  return version.datasetId;
}

/** A metric on an output of the project's problem, with a data point bound as given */
async function boundDataPoint(w: World, binding: Record<string, unknown>, name: string) {
  const db = t.app.ctx.db;
  const teamId = w.team.id;
  const [problem] = await db
    .insert(problems)
    .values({ teamId, projectId: w.project.id, title: 'Clinics far away' })
    .returning();
  const [element] = await db
    .insert(tocElements)
    .values({ teamId, problemId: problem.id, kind: 'output', title: 'Mobile clinics run' })
    .returning();
  const [metric] = await db
    .insert(metrics)
    .values({
      teamId,
      problemId: problem.id,
      elementId: element.id,
      name: 'Visits made',
      type: 'count',
      period: 'quarterly',
      periodStart: '2026-01-01',
      periodEnd: '2026-12-31',
    })
    .returning();
  const [dp] = await db
    .insert(dataPoints)
    .values({
      teamId,
      problemId: problem.id,
      metricId: metric.id,
      key: name.toLowerCase().replace(/\W+/g, '_'),
      name,
      binding: binding as never,
    })
    .returning();
  return { element, metric, dp };
}

describe('sources/show feeds', () => {
  it('lists each bound column with its data point, metric and element; empty when none', async () => {
    const w = await sourcesWorld(t.app);
    const datasetId = await importCsv(w, 'clinic,visits\nNorth,12\nSouth,7\n');
    let page = await w.client.page(`/sources/${datasetId}`);
    expect(page.component).toBe('sources/show');
    expect(page.props.feeds).toEqual([]);

    const visitsKey = page.props.columns.find((c: { label: string }) => c.label === 'visits').key;
    const bound = await boundDataPoint(
      w,
      { kind: 'dataset_column', datasetId, columnKey: visitsKey },
      'Visits counted',
    );
    // a binding to a column a refresh dropped still shows, marked as gone
    const gone = await boundDataPoint(
      w,
      { kind: 'dataset_column', datasetId, columnKey: 'old_column' },
      'Old count',
    );
    // a data point bound to another dataset, or manual, is not this source's
    const other = await sourcesWorld(t.app);
    await boundDataPoint(
      other,
      { kind: 'dataset_column', datasetId, columnKey: visitsKey },
      'Another team',
    );
    await boundDataPoint(w, { kind: 'manual' }, 'Typed in');

    page = await w.client.page(`/sources/${datasetId}`);
    expect(page.props.feeds).toHaveLength(2);
    expect(page.props.feeds).toContainEqual({
      columnKey: visitsKey,
      columnLabel: 'visits',
      dataPoint: { id: bound.dp.id, name: 'Visits counted' },
      metric: { id: bound.metric.id, name: 'Visits made' },
      element: { id: bound.element.id, title: 'Mobile clinics run', kind: 'output' },
    });
    expect(page.props.feeds).toContainEqual(
      expect.objectContaining({
        columnKey: 'old_column',
        columnLabel: null,
        dataPoint: { id: gone.dp.id, name: 'Old count' },
      }),
    );
  });
});
