import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { drainJobs, recoverAbandonedJob } from '../../../../test/helpers/jobs.js';
import { jobs } from '../../platform/jobs/index.js';
import {
  datasetColumns,
  datasetRowErrors,
  datasets,
  datasetVersions,
} from '../datasets/read-model.js';
import { computeStats } from '../datasets/index.js';
import {
  bigCsv,
  fileIdOf,
  sourcesWorld,
  startFileImport,
  appWithDataDir,
  uploadFile,
} from './test-support.js';

const t = appWithDataDir();

type World = Awaited<ReturnType<typeof sourcesWorld>>;

/** upload, take the preview's suggestions (with `change` applied), import, run the job */
async function importFile(
  w: World,
  buffer: Buffer,
  filename: string,
  change: (cols: Array<Record<string, unknown>>) => void = () => {},
  opts: { datasetId?: string; drain?: boolean } = {},
) {
  const { page, jobId, fileId } = await startFileImport(w.client, w.project.id, buffer, filename, {
    datasetId: opts.datasetId,
    change,
  });
  if (opts.drain !== false) await drainJobs(t.app);
  const [version] = await t.app.ctx.db
    .select()
    .from(datasetVersions)
    .where(eq(datasetVersions.jobId, jobId));
  return { page, jobId, version: version!, fileId };
}

const rowsOf = async (w: World, datasetId: string, q = '') => {
  const res = await w.client.request(
    'GET',
    `/datasets/${datasetId}/rows${q}`,
    undefined,
    {
      accept: 'application/json',
    },
    false,
  );
  return { status: res.statusCode, body: res.json() };
};

describe('CSV import', () => {
  it('UTF-8 with BOM, semicolons, quoted newlines, blank header cells, a bad value per type', async () => {
    const w = await sourcesWorld(t.app);
    const csv =
      '\uFEFFname;age;;score;joined;active;seen\n' +
      '"Anna\nMaria";34;x;1.5;2026-01-02;yes;2026-01-02 10:30\n' +
      'Bob;thirty;y;2,5;2026-02-30;maybe;not a time\n' +
      'Céline;41;z;3;2026-03-04;no;2026-03-04T08:00:00Z\n';
    const { page, version } = await importFile(
      w,
      Buffer.from(csv, 'utf8'),
      'people.csv',
      (cols) => {
        cols[1].type = 'integer';
        cols[3].type = 'decimal';
        cols[4].type = 'date';
        cols[5].type = 'boolean';
        cols[6].type = 'datetime';
      },
    );
    expect(page.props.upload).toMatchObject({ encoding: 'utf-8', delimiter: ';', format: 'csv' });
    expect(page.props.columns.map((c: { source: string }) => c.source)).toEqual([
      'name',
      'age',
      'Column 3',
      'score',
      'joined',
      'active',
      'seen',
    ]);
    expect(page.props.columns[1].failures.integer).toBe(1);
    expect(version.status).toBe('ready');
    expect(version.rowCount).toBe(3);
    const errors = await t.app.ctx.db
      .select()
      .from(datasetRowErrors)
      .where(eq(datasetRowErrors.versionId, version.id));
    expect(errors.map((e) => [e.row, e.columnKey, e.value, e.reason]).sort()).toEqual(
      [
        [2, 'active', 'maybe', 'not yes/no (expected yes, no, true, false, 1 or 0)'],
        [2, 'age', 'thirty', 'not a whole number'],
        [2, 'joined', '2026-02-30', 'not a date (expected YYYY-MM-DD)'],
        [2, 'score', '2,5', 'not a number'],
        [2, 'seen', 'not a time', 'not a date and time (expected YYYY-MM-DD HH:MM)'],
      ].sort(),
    );
    const { body } = await rowsOf(w, version.datasetId);
    expect(body.rows[0].values).toMatchObject({
      name: 'Anna\nMaria',
      joined: '2026-01-02',
      active: true,
    });
    expect(body.rows[1].values.age).toBeNull();
    expect(String(body.rows[2].values.age)).toBe('41');
    expect(body.rows[2].values.name).toBe('Céline');
  });

  it('reads UTF-16 LE and BE with a BOM, and Windows-1252 without one; tabs and pipes', async () => {
    const w = await sourcesWorld(t.app);
    const text = 'city\tcount\nZürich\t3\nSão Paulo\t4\n';
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
    const beBody = Buffer.from(text, 'utf16le').swap16();
    const be = Buffer.concat([Buffer.from([0xfe, 0xff]), beBody]);
    const cp1252 = Buffer.from('city|count\nZ\xfcrich|3\nS\xe3o Paulo|4\n', 'latin1');
    for (const [buf, enc, delim] of [
      [le, 'utf-16le', '\t'],
      [be, 'utf-16be', '\t'],
      [cp1252, 'windows-1252', '|'],
    ] as const) {
      const { page, version } = await importFile(w, buf, 'cities.txt');
      expect(page.props.upload).toMatchObject({ encoding: enc, delimiter: delim });
      expect(page.props.columns[1].type).toBe('integer');
      const { body } = await rowsOf(w, version.datasetId);
      expect(body.rows.map((r: { values: { city: string } }) => r.values.city)).toEqual([
        'Zürich',
        'São Paulo',
      ]);
    }
  });

  it('a refresh is a new version that keeps the keys by source column; the old one is superseded', async () => {
    const w = await sourcesWorld(t.app);
    const first = await importFile(w, Buffer.from('Name,Score\na,1\nb,2\n'), 'v1.csv');
    const second = await importFile(
      w,
      Buffer.from('Extra,Score,Name\nx,5,c\ny,6,d\nz,7,e\n'),
      'v2.csv',
      (cols) => (cols[2].label = 'Full name'),
      { datasetId: first.version.datasetId },
    );
    expect(second.version.datasetId).toBe(first.version.datasetId);
    expect(second.version.number).toBe(2);
    const cols = await t.app.ctx.db
      .select()
      .from(datasetColumns)
      .where(eq(datasetColumns.versionId, second.version.id));
    expect(Object.fromEntries(cols.map((c) => [c.sourceColumn, c.key]))).toEqual({
      Extra: 'extra',
      Score: 'score',
      Name: 'name',
    });
    const [old] = await t.app.ctx.db
      .select()
      .from(datasetVersions)
      .where(eq(datasetVersions.id, first.version.id));
    expect(old.status).toBe('superseded');
    const [d] = await t.app.ctx.db
      .select()
      .from(datasets)
      .where(eq(datasets.id, first.version.datasetId));
    expect(d.currentVersionId).toBe(second.version.id);
  });

  it('an import failing mid-way (after a chunk was written) leaves the previous version current and no table', async () => {
    const w = await sourcesWorld(t.app);
    const first = await importFile(w, Buffer.from('id,name\n1,a\n'), 'v1.csv');
    const rows = 60_000;
    const run = await importFile(w, Buffer.from(bigCsv(rows)), 'big.csv', () => {}, {
      datasetId: first.version.datasetId,
      drain: false,
    });
    // the database refuses the second chunk (a fault injected in the version's table)
    await t.app.ctx.db.execute(
      sql.raw(
        `ALTER TABLE ds."${run.version.relation}" ADD CONSTRAINT not_too_many CHECK (_row <= 50000)`,
      ),
    );
    await drainJobs(t.app);
    const [v] = await t.app.ctx.db
      .select()
      .from(datasetVersions)
      .where(eq(datasetVersions.id, run.version.id));
    expect(v.status).toBe('failed');
    expect(v.failure).toMatch(/The import failed/);
    const [d] = await t.app.ctx.db
      .select()
      .from(datasets)
      .where(eq(datasets.id, first.version.datasetId));
    expect(d.currentVersionId).toBe(first.version.id);
    const r = (await t.app.ctx.db.execute(
      sql`select to_regclass(${`ds.${run.version.relation}`}) as t`,
    )) as unknown as { rows: Array<{ t: unknown }> };
    expect(r.rows[0].t).toBeNull();
    const { body } = await rowsOf(w, d.id);
    expect(body.rows).toHaveLength(1);
  });

  it('a worker that died during the last attempt: recovery fails the job and its version, the previous stays current', async () => {
    const w = await sourcesWorld(t.app);
    const first = await importFile(w, Buffer.from('id,name\n1,a\n'), 'v1.csv');
    const run = await importFile(w, Buffer.from(bigCsv(100)), 'again.csv', () => {}, {
      datasetId: first.version.datasetId,
      drain: false,
    });
    const version = async () =>
      (
        await t.app.ctx.db
          .select()
          .from(datasetVersions)
          .where(eq(datasetVersions.id, run.version.id))
      )[0];
    await recoverAbandonedJob(
      t.app,
      run.jobId,
      async () => (await version()).status !== 'importing',
      'the version failed',
    );
    expect((await version()).status).toBe('failed');
    const [job] = await t.app.ctx.db.select().from(jobs).where(eq(jobs.id, run.jobId));
    expect(job.status).toBe('failed');
    const [d] = await t.app.ctx.db
      .select()
      .from(datasets)
      .where(eq(datasets.id, first.version.datasetId));
    expect(d.currentVersionId).toBe(first.version.id);
  });

  it('cancel: the job stops between chunks, the version is cancelled, the previous stays current', async () => {
    const w = await sourcesWorld(t.app);
    const run = await importFile(w, Buffer.from(bigCsv(60_000)), 'big.csv', () => {}, {
      drain: false,
    });
    const res = await w.client.post(`/jobs/${run.jobId}/cancel`);
    expect(res.statusCode).toBe(303);
    await drainJobs(t.app);
    const [v] = await t.app.ctx.db
      .select()
      .from(datasetVersions)
      .where(eq(datasetVersions.id, run.version.id));
    expect(v.status).toBe('cancelled');
    const [d] = await t.app.ctx.db.select().from(datasets).where(eq(datasets.id, v.datasetId));
    expect(d.currentVersionId).toBeNull();
    const page = await w.client.page(`/jobs/${run.jobId}`);
    expect(page.props.version.status).toBe('cancelled');
  });

  it('the stats gathered while streaming are exactly those of a scan of the table', async () => {
    const w = await sourcesWorld(t.app);
    const csv =
      'n,txt,cat,int,dec,sci,day,flag,at\n' +
      '1,b, x,007,1.50,1e3,2026-01-02,yes,2026-01-02 10:30\n' +
      '2,a,x,7,1.5,1000,2026-1-2,no,2026-01-02T10:30:00Z\n' +
      '2,B,x,-0,-0.0,2.5E-1,2025-12-31,1,bad\n' +
      '3,,x,9007199254740993,.5,,,,\n' +
      '4,a ,y,12345678901234567890,3.,0.25,2026-01-02,t,2026-01-02 11:30+01:00\n' +
      '5,a,,"1,234",+2.50,,2026-02-30,maybe,\n' +
      '6,\u{1F600},y,-5,0.25,x,0099-01-01,f,2026-01-02 10:30\n' +
      '7,\uFFFD,y,-5,2.500,7,2026-01-02,no,2026-01-02 10:30\n';
    const types = [
      'integer',
      'text',
      'category',
      'integer',
      'decimal',
      'decimal',
      'date',
      'boolean',
    ];
    const { version } = await importFile(w, Buffer.from(csv, 'utf8'), 'mixed.csv', (cols) => {
      types.forEach((type, i) => (cols[i].type = type));
      cols[8].type = 'datetime';
    });
    expect(version.status).toBe('ready');
    const statsOf = async () =>
      Object.fromEntries(
        (
          await t.app.ctx.db
            .select()
            .from(datasetColumns)
            .where(eq(datasetColumns.versionId, version.id))
        ).map((c) => [c.sourceColumn, c.stats]),
      );
    const streamed = await statsOf();
    await computeStats(t.app.ctx.db, version.id); // no `known`: every column scanned
    expect(streamed).toEqual(await statsOf());
    expect(streamed.int).toMatchObject({
      nulls: 1,
      distinct: 5,
      min: '-5',
      max: '9007199254740993',
    });
    expect(streamed.dec).toMatchObject({ nulls: 0, distinct: 6, min: '0.0', max: '3' });
    expect(streamed.day).toMatchObject({ distinct: 2, min: '2025-12-31', max: '2026-01-02' });
    expect(streamed.txt).toMatchObject({ nulls: 1, distinct: 6 });
    expect(streamed.n).toMatchObject({ nulls: 0, distinct: 7, min: '1', max: '7' });
  });
});

describe('XLSX import', () => {
  it('reads the picked sheet: Excel dates, numbers stored as text, formulas as their values', async () => {
    const w = await sourcesWorld(t.app);
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('Notes').addRow(['ignore me']);
    const ws = wb.addWorksheet('Data');
    ws.addRow(['Code', 'Visited', 'Total']);
    ws.addRow(['00123', new Date(Date.UTC(2026, 0, 15)), { formula: '1+1', result: 2 }]);
    ws.addRow(['45', new Date(Date.UTC(2026, 1, 1)), { formula: '2*3', result: 6 }]);
    ws.getColumn(2).numFmt = 'yyyy-mm-dd';
    const buf = Buffer.from(await wb.xlsx.writeBuffer());
    const up = await uploadFile(w.client, w.project.id, buf, 'visits.xlsx');
    const fileId = fileIdOf(up.headers.location as string);
    const first = await w.client.page(`/source-files/${fileId}/preview`);
    expect(first.props.upload.sheets).toEqual(['Notes', 'Data']);
    const picked = await w.client.page(`/source-files/${fileId}/preview?sheet=Data`);
    expect(picked.props.upload.sheet).toBe('Data');
    expect(picked.props.columns.map((c: { type: string }) => c.type)).toEqual([
      'integer',
      'date',
      'integer',
    ]);
    expect(picked.props.rows[0]).toEqual(['00123', '2026-01-15', '2']);
    const columns = picked.props.columns.map(
      (c: { index: number; label: string; type: string }) => ({
        index: c.index,
        label: c.label,
        type: c.index === 0 ? 'text' : c.type,
        include: true,
      }),
    );
    const res = await w.client.post(`/source-files/${fileId}/import`, {
      name: 'Visits',
      sheet: 'Data',
      stakeholderColumn: 0,
      columns,
    });
    expect(res.statusCode, res.body).toBe(303);
    await drainJobs(t.app);
    const [d] = await t.app.ctx.db.select().from(datasets).where(eq(datasets.name, 'Visits'));
    expect(d.stakeholderColumnKey).toBe('code');
    const { body } = await rowsOf(w, d.id);
    expect(body.rows.map((r: { values: Record<string, unknown> }) => r.values)).toEqual([
      { code: '00123', visited: '2026-01-15', total: 2 },
      { code: '45', visited: '2026-02-01', total: 6 },
    ]);
  });
});
