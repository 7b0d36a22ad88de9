import { rmSync } from 'node:fs';
import { deflateRawSync } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helpers/app.js';
import { drainJobs } from '../../../../test/helpers/jobs.js';
import { datasets, datasetVersions } from '../datasets/read-model.js';
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
const json = { accept: 'application/json' };

async function imported(w: World, csv: string) {
  const up = await uploadFile(w.client, w.project.id, Buffer.from(csv), 'data.csv');
  const fileId = fileIdOf(up.headers.location as string);
  const page = await w.client.page(`/source-files/${fileId}/preview`);
  const res = await w.client.post(`/source-files/${fileId}/import`, {
    name: 'Data',
    sheet: null,
    stakeholderColumn: null,
    columns: page.props.columns.map((c: { index: number; label: string; type: string }) => ({
      index: c.index,
      label: c.label,
      type: c.type,
      include: true,
    })),
  });
  const jobId = /\/jobs\/([0-9a-f-]{36})/.exec(res.headers.location as string)![1];
  await drainJobs(t.app);
  const [v] = await t.app.ctx.db
    .select()
    .from(datasetVersions)
    .where(eq(datasetVersions.jobId, jobId));
  return { datasetId: v.datasetId, jobId, fileId };
}

const fieldError = async (
  res: { statusCode: number; headers: Record<string, unknown> },
  w: World,
) => {
  expect(res.statusCode).toBe(303);
  const back = await w.client.page(String(res.headers.location));
  return back.props.errors as Record<string, string>;
};

describe('file checks before parsing', () => {
  it('refuses a file whose bytes are not what its name says, an old .xls, and an empty file', async () => {
    const w = await sourcesWorld(t.app);
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    for (const [buf, name] of [
      [png, 'data.csv'],
      [Buffer.from('name,age\nAnna,3\n'), 'data.xlsx'],
      [Buffer.from('d0cf11e0a1b11ae1000000000000', 'hex'), 'old.xls'],
    ] as const) {
      const res = await uploadFile(w.client, w.project.id, buf, name);
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).not.toMatch(/preview/);
    }
    const files = await t.app.ctx.db
      .select()
      .from(sourceFiles)
      .where(eq(sourceFiles.teamId, w.team.id));
    expect(files).toHaveLength(0);
  });

  it('refuses a zip bomb (a tiny workbook that unpacks to far more) and XML entity declarations', async () => {
    const w = await sourcesWorld(t.app);
    const zip = new JSZip();
    zip.file('[Content_Types].xml', '<Types/>');
    zip.file(
      'xl/workbook.xml',
      '<workbook><sheets><sheet name="S" sheetId="1" r:id="rId1"/></sheets></workbook>',
    );
    zip.file(
      'xl/worksheets/sheet1.xml',
      '<worksheet>' + ' '.repeat(50 * 1024 * 1024) + '</worksheet>',
    );
    const bomb = await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
    expect(bomb.length).toBeLessThan(200 * 1024);
    const res = await uploadFile(w.client, w.project.id, bomb, 'bomb.xlsx');
    expect(res.headers.location).not.toMatch(/preview/);

    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('S').addRow(['a']);
    const good = await JSZip.loadAsync(Buffer.from(await wb.xlsx.writeBuffer()));
    good.file(
      'xl/sharedStrings.xml',
      '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaa"><!ENTITY b "&a;&a;&a;">]><sst>&b;</sst>',
    );
    const billion = await good.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
    const res2 = await uploadFile(w.client, w.project.id, billion, 'entities.xlsx');
    expect(res2.headers.location).not.toMatch(/preview/);
    void deflateRawSync;
  });

  it('the upload says which field is wrong', async () => {
    const w = await sourcesWorld(t.app);
    const res = await uploadFile(w.client, w.project.id, Buffer.from([0, 1, 2, 3]), 'x.csv');
    const errors = await fieldError(res, w);
    expect(errors.file).toBe('The file is not a CSV, TSV or Excel (.xlsx) file.');
  });
});

describe('rows, details and delete', () => {
  it('rows: keyset paging, sort, filters as data; unknown keys are a 422 on filters', async () => {
    const w = await sourcesWorld(t.app);
    const { datasetId } = await imported(w, 'name,age\nAnna,34\nBob,41\nCleo,29\nDan,\n');
    const get = (q: string) =>
      w.client.request('GET', `/datasets/${datasetId}/rows${q}`, undefined, json, false);
    const first = (await get('?limit=2')).json();
    expect(first.rows.map((r: { _row: number }) => r._row)).toEqual([1, 2]);
    expect(first.next).toBe(2);
    const second = (await get('?limit=2&after=2')).json();
    expect(second.rows.map((r: { values: { name: string } }) => r.values.name)).toEqual([
      'Cleo',
      'Dan',
    ]);
    expect(second.next).toBeNull();
    const sorted = (await get('?sort=age&dir=desc')).json();
    expect(sorted.rows.map((r: { values: { name: string } }) => r.values.name)).toEqual([
      'Bob',
      'Anna',
      'Cleo',
      'Dan',
    ]);
    const f = encodeURIComponent(JSON.stringify([{ column: 'age', op: 'gte', value: 30 }]));
    expect((await get(`?filters=${f}`)).json().rows).toHaveLength(2);
    const empty = encodeURIComponent(JSON.stringify([{ column: 'age', op: 'empty' }]));
    expect((await get(`?filters=${empty}`)).json().rows[0].values.name).toBe('Dan');
    const inj = encodeURIComponent(
      JSON.stringify([{ column: 'c1; drop table x', op: 'eq', value: 1 }]),
    );
    const bad = await get(`?filters=${inj}`);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.filters).toMatch(/There is no column/);
    const badValue = encodeURIComponent(
      JSON.stringify([{ column: 'age', op: 'eq', value: 'old' }]),
    );
    expect((await get(`?filters=${badValue}`)).statusCode).toBe(422);
    expect((await get('?filters=notjson')).statusCode).toBe(422);
  });

  it('another team gets 404 for the source, its rows, its job, its upload and its delete', async () => {
    const a = await sourcesWorld(t.app);
    const b = await sourcesWorld(t.app);
    const { datasetId, jobId } = await imported(a, 'x\n1\n');
    const up = await uploadFile(a.client, a.project.id, Buffer.from('y\n2\n'), 'y.csv');
    const fileId = fileIdOf(up.headers.location as string);
    for (const [m, url] of [
      ['GET', `/sources/${datasetId}`],
      ['GET', `/datasets/${datasetId}/rows`],
      ['GET', `/jobs/${jobId}`],
      ['POST', `/jobs/${jobId}/cancel`],
      ['GET', `/source-files/${fileId}/preview`],
      ['DELETE', `/datasets/${datasetId}`],
      ['GET', `/projects/${a.project.id}/sources/create`],
    ] as const) {
      const res = await b.client.request(m, url, m === 'GET' ? undefined : {}, json, false);
      expect(res.statusCode, `${m} ${url}`).toBe(404);
    }
  });

  it('delete drops the versions’ tables in the same transaction and audits it', async () => {
    const w = await sourcesWorld(t.app);
    const { datasetId } = await imported(w, 'x\n1\n');
    const [v] = await t.app.ctx.db
      .select()
      .from(datasetVersions)
      .where(eq(datasetVersions.datasetId, datasetId));
    const show = await w.client.page(`/sources/${datasetId}`);
    expect(show.props.columns[0]).toMatchObject({
      key: 'x',
      type: 'integer',
      stats: { nulls: 0, distinct: 1, min: '1', max: '1', failed: 0 },
    });
    const res = await w.client.delete(`/datasets/${datasetId}`);
    expect(res.statusCode).toBe(303);
    expect(
      await t.app.ctx.db.select().from(datasets).where(eq(datasets.id, datasetId)),
    ).toHaveLength(0);
    const r = (await t.app.ctx.db.execute(
      sql`select to_regclass(${`ds.${v.relation}`}) as t`,
    )) as unknown as { rows: Array<{ t: unknown }> };
    expect(r.rows[0].t).toBeNull();
  });
});
