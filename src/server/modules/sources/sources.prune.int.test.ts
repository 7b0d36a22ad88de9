import { existsSync, rmSync } from 'node:fs';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helpers/app.js';
import { drainJobs } from '../../../../test/helpers/jobs.js';
import { enqueuePeriodic, jobs } from '../../platform/jobs/index.js';
import { storedPath } from './sources.files.js';
import { pruneUploads, UPLOAD_RETENTION_MS } from './sources.prune-job.js';
import { sourceFiles } from './sources.tables.js';
import { fileIdOf, sourcesWorld, tempDataDir, uploadFile } from './test-support.js';

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
const CSV = Buffer.from('id,name\n1,Ana\n2,Ben\n');
const HOUR = 60 * 60 * 1000;

async function upload(w: World): Promise<string> {
  const up = await uploadFile(w.client, w.project.id, CSV, 'people.csv');
  expect(up.statusCode, up.body).toBe(303);
  return fileIdOf(up.headers.location as string);
}

/** start the import from the preview's suggestions; the job stays queued (nothing drains it) */
async function startImport(w: World, fileId: string): Promise<string> {
  const page = await w.client.page(`/source-files/${fileId}/preview`);
  const res = await w.client.post(`/source-files/${fileId}/import`, {
    name: page.props.suggestedName,
    sheet: page.props.upload.sheet,
    stakeholderColumn: null,
    columns: page.props.columns.map((c: Record<string, unknown>) => ({
      index: c.index,
      label: c.label,
      type: c.type,
      include: true,
    })),
  });
  expect(res.statusCode, res.body).toBe(303);
  return /\/jobs\/([0-9a-f-]{36})/.exec(res.headers.location as string)![1];
}

const fileRow = async (id: string) =>
  (await t.app.ctx.db.select().from(sourceFiles).where(eq(sourceFiles.id, id)))[0];
const onDisk = (w: World, id: string) => existsSync(storedPath(dataDir, w.team.id, id));
const uploadedAt = async (id: string) => (await fileRow(id))!.createdAt.getTime();

describe('uploads not imported are deleted after the retention time', () => {
  it('an old unimported upload goes (file and row); a fresh one and ones being imported stay', async () => {
    const w = await sourcesWorld(t.app);
    const abandoned = await upload(w);
    const fresh = await upload(w);
    const running = await upload(w);
    const runningJob = await startImport(w, running);
    const queued = await upload(w);
    await startImport(w, queued);
    // a worker holds the first import
    await t.app.ctx.db.update(jobs).set({ status: 'running' }).where(eq(jobs.id, runningJob));
    for (const id of [abandoned, fresh, running, queued]) expect(onDisk(w, id)).toBe(true);

    // just inside the retention time of the last upload nothing goes
    const last = Math.max(...(await Promise.all([abandoned, fresh].map(uploadedAt))));
    expect(await pruneUploads(t.app.ctx, new Date(last + UPLOAD_RETENTION_MS - HOUR))).toBe(0);

    // the clock moves past the retention time of the abandoned upload only
    const firstAt = await uploadedAt(abandoned);
    const freshAt = await uploadedAt(fresh);
    await t.app.ctx.db
      .update(sourceFiles)
      .set({ createdAt: new Date(firstAt - 2 * HOUR) })
      .where(inArray(sourceFiles.id, [abandoned, running, queued]));
    const now = new Date(Math.max(firstAt, freshAt) + UPLOAD_RETENTION_MS - HOUR / 2);
    expect(await pruneUploads(t.app.ctx, now)).toBe(1);
    expect(await fileRow(abandoned)).toBeUndefined();
    expect(onDisk(w, abandoned)).toBe(false);
    for (const id of [fresh, running, queued]) {
      expect(await fileRow(id)).toMatchObject({ stored: true });
      expect(onDisk(w, id)).toBe(true);
    }

    // later the fresh one is old too; the imports still pending keep their files
    expect(await pruneUploads(t.app.ctx, new Date(freshAt + UPLOAD_RETENTION_MS + HOUR))).toBe(1);
    expect(await fileRow(fresh)).toBeUndefined();
    expect(onDisk(w, fresh)).toBe(false);
    expect(onDisk(w, running)).toBe(true);
    expect(onDisk(w, queued)).toBe(true);

    // an import that ended without removing its file (the process died): file removed, row kept
    await t.app.ctx.db.update(jobs).set({ status: 'failed' }).where(eq(jobs.id, runningJob));
    expect(await pruneUploads(t.app.ctx, new Date(freshAt + UPLOAD_RETENTION_MS + HOUR))).toBe(1);
    expect(await fileRow(running)).toMatchObject({ stored: false });
    expect(onDisk(w, running)).toBe(false);
    expect(onDisk(w, queued)).toBe(true);
  });

  it('the worker enqueues sources.prune-uploads once per period, and the job runs', async () => {
    const { db } = t.app.ctx;
    const registry = t.app.ctx.jobs.registry;
    await db.delete(jobs);
    const type = 'sources.prune-uploads';
    expect(await enqueuePeriodic(db, registry, 'default')).toContain(type);
    expect(await enqueuePeriodic(db, registry, 'default')).not.toContain(type); // one is queued
    await drainJobs(t.app);
    const [job] = await db.select().from(jobs).where(eq(jobs.type, type));
    expect(job).toMatchObject({ status: 'done' });
    expect(await enqueuePeriodic(db, registry, 'default')).not.toContain(type); // ran just now
    const later = new Date(Date.now() + 2 * HOUR);
    expect(await enqueuePeriodic(db, registry, 'default', later)).toContain(type);
  });
});
