import { existsSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drainJobs } from '../../../../test/helpers/jobs.js';
import { datasets, datasetVersions } from '../datasets/read-model.js';
import { storedPath, UPLOAD_LIMITS } from './sources.files.js';
import { sourceFiles, urlSources } from './sources.tables.js';
import { runDueUrlRefreshes } from './sources.url.js';
import {
  bigCsv,
  fakeFileHost,
  fileIdOf,
  sourcesWorld,
  appWithDataDir,
  type FakeFileHost,
} from './test-support.js';

const t = appWithDataDir();
let host: FakeFileHost;
beforeAll(async () => {
  host = await fakeFileHost();
});
afterAll(() => host.close());

type World = Awaited<ReturnType<typeof sourcesWorld>>;

const FIRST = 'name,age,score,region\nAnna,34,1.5,North\nBob,41,2.5,South\nCara,,3,North\n';
// age becomes text, score removed, joined added, one row more, a new region
const SECOND =
  'name,age,region,joined\nAnna,34,North,2026-01-02\nBob,unknown,East,2026-01-03\nCara,29,North,2026-02-01\nDan,50,,2026-03-01\n';

async function fetchUrl(w: World, url: string, dataset?: string) {
  const q = dataset ? `?dataset=${dataset}` : '';
  return w.client.post(`/projects/${w.project.id}/sources/url${q}`, { url });
}

async function errorsAfter(
  w: World,
  res: { statusCode: number; headers: Record<string, unknown> },
) {
  expect(res.statusCode).toBe(303);
  return (await w.client.page(String(res.headers.location))).props.errors as Record<string, string>;
}

/** fetch, take the preview's suggestions, import, run the job */
async function importUrl(w: World, url: string, drain = true) {
  const res = await fetchUrl(w, url);
  expect(res.statusCode, res.body).toBe(303);
  const fileId = fileIdOf(String(res.headers.location));
  const page = await w.client.page(`/source-files/${fileId}/preview`);
  expect(page.component).toBe('survey-sources/preview');
  const imp = await w.client.post(`/source-files/${fileId}/import`, {
    name: 'Sheet',
    sheet: page.props.upload.sheet,
    stakeholderColumn: null,
    columns: page.props.columns.map((c: Record<string, unknown>) => ({
      index: c.index,
      label: c.label,
      type: c.type,
      include: true,
    })),
  });
  expect(imp.statusCode, imp.body).toBe(303);
  const jobId = /\/jobs\/([0-9a-f-]{36})/.exec(String(imp.headers.location))![1];
  if (drain) await drainJobs(t.app);
  const [version] = await t.app.ctx.db
    .select()
    .from(datasetVersions)
    .where(eq(datasetVersions.jobId, jobId));
  return { jobId, version: version!, fileId, preview: page };
}

describe('a source by URL', () => {
  it('fetches a CSV through the guard, imports it, refreshes it and shows the per-column diff', async () => {
    const w = await sourcesWorld(t.app);
    host.set('/sheet.csv', { body: FIRST });
    const first = await importUrl(w, `${host.url}/sheet.csv`);
    expect(first.preview.props.upload.fileName).toBe('sheet.csv');
    expect(first.version.status).toBe('ready');
    expect(first.version.rowCount).toBe(3);
    const datasetId = first.version.datasetId;
    const [link] = await t.app.ctx.db
      .select()
      .from(urlSources)
      .where(eq(urlSources.datasetId, datasetId));
    expect(link.url).toBe(`${host.url}/sheet.csv`);

    host.set('/sheet.csv', { body: SECOND });
    const refresh = await w.client.post(`/sources/${datasetId}/refresh`);
    expect(refresh.statusCode, refresh.body).toBe(303);
    expect(String(refresh.headers.location)).toMatch(/^\/jobs\//);
    await drainJobs(t.app);
    const page = await w.client.page(`/sources/${datasetId}`);
    expect(page.props.current.number).toBe(2);
    expect(page.props.current.rowCount).toBe(4);
    expect(page.props.urlSource).toMatchObject({ url: `${host.url}/sheet.csv`, schedule: 'none' });
    const diff = page.props.diff;
    expect(diff.from).toMatchObject({ number: 1, rowCount: 3 });
    expect(diff.to).toMatchObject({ number: 2, rowCount: 4 });
    const col = (key: string) => diff.columns.find((c: { key: string }) => c.key === key);
    // age keeps its type (integer) from version 1: "unknown" fails and is stored empty
    expect(col('age')).toMatchObject({
      change: 'changed',
      oldType: 'integer',
      newType: 'integer',
      oldNulls: 1,
      newNulls: 1,
      oldDistinct: 2,
      newDistinct: 3,
      oldMin: '34',
      newMin: '29',
      oldMax: '41',
      newMax: '50',
    });
    expect(col('score')).toMatchObject({ change: 'removed', oldType: 'decimal', newType: null });
    expect(col('joined')).toMatchObject({ change: 'added', oldType: null, newType: 'date' });
    expect(col('joined').newMin).toBe('2026-01-02');
    expect(col('region')).toMatchObject({
      oldDistinct: 2,
      newDistinct: 2,
      oldNulls: 0,
      newNulls: 1,
    });
    expect(col('name')).toMatchObject({ oldDistinct: 3, newDistinct: 4 });
    // compare with an explicit earlier version; a version of nothing falls back to the previous
    const again = await w.client.page(`/sources/${datasetId}?compare=${diff.from.id}`);
    expect(again.props.diff.from.number).toBe(1);
    const junk = await w.client.page(`/sources/${datasetId}?compare=nope`);
    expect(junk.props.diff.from.number).toBe(1);
  });

  it('a column retyped between versions reads as retyped', async () => {
    const w = await sourcesWorld(t.app);
    host.set('/retype.csv', { body: 'code,n\nA,1\nB,2\n' });
    const first = await importUrl(w, `${host.url}/retype.csv`);
    host.set('/retype.csv', { body: 'code,n\nA,x\nB,2\n' });
    // a new upload of the same source through the preview, with n as text
    const res = await fetchUrl(w, `${host.url}/retype.csv`, first.version.datasetId);
    const fileId = fileIdOf(String(res.headers.location));
    const imp = await w.client.post(`/source-files/${fileId}/import`, {
      name: 'Sheet',
      sheet: null,
      stakeholderColumn: null,
      columns: [
        { index: 0, label: 'code', type: 'text', include: true },
        { index: 1, label: 'n', type: 'text', include: true },
      ],
    });
    expect(imp.statusCode).toBe(303);
    await drainJobs(t.app);
    const page = await w.client.page(`/sources/${first.version.datasetId}`);
    const n = page.props.diff.columns.find((c: { key: string }) => c.key === 'n');
    expect(n).toMatchObject({ change: 'retyped', oldType: 'integer', newType: 'text' });
  });

  it('refuses what the guard refuses: a redirect to a private address, plain http, metadata, oversize', async () => {
    const w = await sourcesWorld(t.app);
    host.set('/to-private', { status: 302, headers: { location: 'http://10.1.2.3/data.csv' } });
    host.set('/to-metadata', {
      status: 301,
      headers: { location: 'http://169.254.169.254/latest/meta-data' },
    });
    host.set('/loop', { status: 302, headers: { location: '/loop' } });
    host.set('/missing-auth', { status: 403, body: 'no' });
    host.set('/image', {
      headers: { 'content-type': 'text/csv' },
      body: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 1, 2]),
    });
    const cases: Array<[string, RegExp]> = [
      [`${host.url}/to-private`, /10\.1\.2\.3 are not allowed: it is a private network address/],
      [`${host.url}/to-metadata`, /cloud metadata service/],
      [`${host.url}/loop`, /redirects too often/],
      [`${host.url}/missing-auth`, /refused access \(HTTP 403\)/],
      [`${host.url}/image`, /not a CSV, TSV or Excel/],
      ['http://8.8.8.8/data.csv', /Only https:\/\/ addresses are read/],
      ['https://[::1]/x.csv', /loopback/],
      ['https://user:pw@127.0.0.1/x.csv', /user name and password/],
    ];
    for (const [url, why] of cases) {
      const errors = await errorsAfter(w, await fetchUrl(w, url));
      expect(errors.url, url).toMatch(why);
    }
    expect(host.hits('/loop')).toBe(6);
    // the size limit while streaming: the body has no length, the download is cut beyond it
    const saved = UPLOAD_LIMITS.fileBytes;
    UPLOAD_LIMITS.fileBytes = 4096;
    host.set('/endless', (res) => {
      res.writeHead(200, { 'content-type': 'text/csv' });
      res.write('a,b\n');
      const more = () => {
        if (res.destroyed) return;
        if (res.write('1,2\n'.repeat(1000))) setImmediate(more);
        else res.once('drain', more);
      };
      more();
      res.on('close', () => res.destroy());
    });
    host.set('/declared', { headers: { 'content-length': '5000' }, body: 'x'.repeat(5000) });
    try {
      for (const p of ['/endless', '/declared']) {
        const errors = await errorsAfter(w, await fetchUrl(w, `${host.url}${p}`));
        expect(errors.url).toMatch(/larger than/);
      }
    } finally {
      UPLOAD_LIMITS.fileBytes = saved;
    }
    // nothing was recorded, nothing left on disk
    const files = await t.app.ctx.db
      .select()
      .from(sourceFiles)
      .where(eq(sourceFiles.teamId, w.team.id));
    expect(files).toHaveLength(0);
    // bad input
    for (const body of [{}, { url: '' }, { url: 'ftp://x/y.csv' }, { url: 'https://x', more: 1 }]) {
      const res = await w.client.post(`/projects/${w.project.id}/sources/url`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(303);
    }
  });

  it('retries a cancelled import with the same settings from the kept file', async () => {
    const w = await sourcesWorld(t.app);
    host.set('/big.csv', { body: bigCsv(20) });
    const run = await importUrl(w, `${host.url}/big.csv`, false);
    expect((await w.client.post(`/jobs/${run.jobId}/cancel`)).statusCode).toBe(303);
    await drainJobs(t.app);
    const status = await w.client.page(`/jobs/${run.jobId}`);
    expect(status.props.version).toMatchObject({
      status: 'cancelled',
      failure: 'Cancelled by a user.',
    });
    expect(status.props.canRetry).toBe(true);
    expect(existsSync(storedPath(t.dataDir, w.team.id, run.fileId))).toBe(true);
    const before = host.hits('/big.csv');
    const retry = await w.client.post(`/jobs/${run.jobId}/retry`);
    expect(retry.statusCode, retry.body).toBe(303);
    const newJob = /\/jobs\/([0-9a-f-]{36})/.exec(String(retry.headers.location))![1];
    expect(newJob).not.toBe(run.jobId);
    await drainJobs(t.app);
    expect(host.hits('/big.csv')).toBe(before); // the kept bytes, not a new fetch
    expect(existsSync(storedPath(t.dataDir, w.team.id, run.fileId))).toBe(false);
    const done = await w.client.page(`/jobs/${newJob}`);
    expect(done.props.version).toMatchObject({ status: 'ready', rowCount: 20, number: 2 });
    expect(done.props.canRetry).toBe(false);
    // a ready import is not retried
    const errors = await errorsAfter(w, await w.client.post(`/jobs/${newJob}/retry`));
    expect(errors.job).toMatch(/Only a failed or cancelled import/);
    // the file gone (pruned): a source by URL fetches again
    await t.app.ctx.db
      .update(sourceFiles)
      .set({ stored: false })
      .where(eq(sourceFiles.id, run.fileId));
    const again = await w.client.post(`/jobs/${run.jobId}/retry`);
    expect(again.statusCode).toBe(303);
    expect(host.hits('/big.csv')).toBe(before + 1);
    await drainJobs(t.app);
  });

  it('refreshes on its schedule with an injected clock; a failing address is recorded', async () => {
    const w = await sourcesWorld(t.app);
    host.set('/daily.csv', { body: FIRST });
    const { version } = await importUrl(w, `${host.url}/daily.csv`);
    const bad = await errorsAfter(
      w,
      await w.client.post(`/sources/${version.datasetId}/schedule`, { schedule: 'weekly' }),
    );
    expect(bad.schedule).toBeTruthy();
    const res = await w.client.post(`/sources/${version.datasetId}/schedule`, {
      schedule: 'daily',
    });
    expect(res.statusCode).toBe(303);
    const [s] = await t.app.ctx.db
      .select()
      .from(urlSources)
      .where(eq(urlSources.datasetId, version.datasetId));
    expect(s.schedule).toBe('daily');
    const due = new Date(s.nextRunAt!.getTime() + 1000);
    expect(await runDueUrlRefreshes(t.app.ctx, new Date(s.nextRunAt!.getTime() - 1000))).toBe(0);
    host.set('/daily.csv', { body: SECOND });
    const n = await runDueUrlRefreshes(t.app.ctx, due);
    const [after] = await t.app.ctx.db
      .select()
      .from(urlSources)
      .where(eq(urlSources.datasetId, version.datasetId));
    expect(after.lastError).toBeNull();
    expect(n).toBe(1);
    await drainJobs(t.app);
    const [d] = await t.app.ctx.db
      .select()
      .from(datasets)
      .where(eq(datasets.id, version.datasetId));
    const [cur] = await t.app.ctx.db
      .select()
      .from(datasetVersions)
      .where(eq(datasetVersions.id, d.currentVersionId!));
    expect(cur).toMatchObject({ number: 2, rowCount: 4 });
    // the next run a day later; the address now fails: recorded, the current version stays
    host.set('/daily.csv', { status: 500, body: 'down' });
    const later = new Date(due.getTime() + 86_400_000 + 1000);
    expect(await runDueUrlRefreshes(t.app.ctx, later)).toBe(0);
    const page = await w.client.page(`/sources/${version.datasetId}`);
    expect(page.props.urlSource.lastError).toBe('The address answered HTTP 500.');
    expect(page.props.current.number).toBe(2);
  });

  it("another team's source, job or project: 404; an upload has no address to refresh", async () => {
    const a = await sourcesWorld(t.app);
    const b = await sourcesWorld(t.app);
    host.set('/mine.csv', { body: FIRST });
    const { version, jobId } = await importUrl(a, `${host.url}/mine.csv`);
    expect((await b.client.post(`/sources/${version.datasetId}/refresh`)).statusCode).toBe(404);
    expect(
      (await b.client.post(`/sources/${version.datasetId}/schedule`, { schedule: 'none' }))
        .statusCode,
    ).toBe(404);
    expect((await b.client.post(`/jobs/${jobId}/retry`)).statusCode).toBe(404);
    expect(
      (
        await b.client.post(`/projects/${a.project.id}/sources/url`, {
          url: `${host.url}/mine.csv`,
        })
      ).statusCode,
    ).toBe(404);
    // an upload (not an address) has nothing to refresh
    const [d] = await t.app.ctx.db
      .insert(datasets)
      .values({ teamId: a.team.id, projectId: a.project.id, name: 'Upload', origin: 'upload' })
      .returning();
    expect((await a.client.post(`/sources/${d.id}/refresh`)).statusCode).toBe(404);
  });
});
