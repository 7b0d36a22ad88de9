import { PassThrough } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helpers/app.js';
import { createUser, signIn } from '../../../../test/helpers/auth.js';
import { drainJobs, recoverAbandonedJob } from '../../../../test/helpers/jobs.js';
import { addMember, createTeamFor } from '../../../../test/helpers/team-membership.js';
import { auditLogs } from '../../platform/audit/audit.tables.js';
import { jobs } from '../../platform/jobs/index.js';
import { datasets, datasetVersions } from '../datasets/read-model.js';
import { readRows } from '../datasets/index.js';
import { notifications } from '../notifications/index.js';
import { projects } from '../projects/read-model.js';
import { SecretBox } from '../../platform/secrets/secret-box.js';
import { runDueImports } from './databases.import-job.js';
import { databaseConnections, sourceCredentials } from './databases.tables.js';
import { createRemoteFixtures, LOOPBACK_ALLOWED, type RemoteFixtures } from './test-support.js';

let t: TestApp;
let fx: RemoteFixtures;
let logs = '';
const logStream = new PassThrough();
logStream.on('data', (b: Buffer) => (logs += b.toString('utf8')));

beforeAll(async () => {
  fx = await createRemoteFixtures();
  t = await createTestApp({
    env: { ...LOOPBACK_ALLOWED, LOG_LEVEL: 'debug' },
    build: { logger: undefined, logStream },
  });
});
afterAll(async () => {
  await t?.close();
  await fx?.drop();
});

async function world() {
  const owner = await createUser(t.app);
  const team = await createTeamFor(t.app, owner.id);
  const [project] = await t.app.ctx.db
    .insert(projects)
    .values({ teamId: team.id, name: 'Programme' })
    .returning();
  return { owner, team, project: project!, client: await signIn(t.app, owner) };
}
type World = Awaited<ReturnType<typeof world>>;

const mariadb = () => ({
  name: 'Field MariaDB',
  engine: 'mysql',
  host: '127.0.0.1',
  port: 3306,
  database: 'test',
  username: fx.reader,
  password: fx.password,
  tlsMode: 'disable',
});
const postgres = () => ({
  name: 'Warehouse',
  engine: 'postgres',
  host: '127.0.0.1',
  port: 5432,
  database: 'test',
  username: 'postgres',
  password: fx.password,
  tlsMode: 'disable',
});

async function connect(w: World, body: Record<string, unknown>) {
  const res = await w.client.post('/databases', body);
  expect(res.statusCode).toBe(303);
  const id = /\/databases\/([0-9a-f-]{36})/.exec(String(res.headers.location))![1];
  await drainJobs(t.app);
  return id;
}

async function errorsAfter(
  w: World,
  res: { statusCode: number; headers: Record<string, unknown> },
) {
  expect(res.statusCode).toBe(303);
  return (await w.client.page(String(res.headers.location))).props.errors as Record<string, string>;
}

async function importTable(w: World, id: string, body: Record<string, unknown>) {
  const res = await w.client.post(`/databases/${id}/import`, {
    projectId: w.project.id,
    schedule: 'none',
    ...body,
  });
  expect(res.statusCode).toBe(303);
  const location = String(res.headers.location);
  expect(location).toMatch(/\/jobs\/[0-9a-f-]{36}$/);
  const jobId = location.split('/').pop()!;
  await drainJobs(t.app);
  const [v] = await t.app.ctx.db
    .select()
    .from(datasetVersions)
    .where(eq(datasetVersions.jobId, jobId));
  return { jobId, version: v };
}

describe('database sources', () => {
  let w: World;
  let my: string;
  let pgId: string;
  beforeAll(async () => {
    w = await world();
    my = await connect(w, mariadb());
    pgId = await connect(w, postgres());
  });

  it('saves a connection with its password sealed, tests it in a job and tells its creator', async () => {
    const [c] = await t.app.ctx.db
      .select()
      .from(databaseConnections)
      .where(eq(databaseConnections.id, my));
    expect(c.status).toBe('ready');
    expect(c.statusMessage).toMatch(
      /^Connected: (1 table or view|\d+ tables and views) readable\.$/,
    );
    const [cred] = await t.app.ctx.db
      .select()
      .from(sourceCredentials)
      .where(eq(sourceCredentials.connectionId, my));
    expect(cred.sealed.startsWith('v1.')).toBe(true);
    expect(cred.sealed).not.toContain(fx.password);
    const told = await t.app.ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, w.owner.id), eq(notifications.type, 'database.ready')));
    expect(told.map((n) => n.title)).toContain('The database “Field MariaDB” is connected');
    const list = await w.client.page('/databases');
    expect(list.component).toBe('databases/index');
    expect(
      list.props.connections.map((x: { name: string; status: string }) => [x.name, x.status]),
    ).toEqual([
      ['Field MariaDB', 'ready'],
      ['Warehouse', 'ready'],
    ]);
  });

  it('browses tables, columns with their types, and the first rows', async () => {
    const page = await w.client.page(`/databases/${my}?schema=test&table=${fx.table}`);
    expect(page.props.browse.problem).toBeNull();
    expect(page.props.browse.tables).toContainEqual({
      schema: 'test',
      name: fx.table,
      kind: 'table',
    });
    const preview = page.props.browse.preview;
    expect(preview.problem).toBeNull();
    expect(
      preview.columns.map((c: { name: string; type: string }) => `${c.name}:${c.type}`),
    ).toEqual([
      'id:integer',
      'name:text',
      'amount:decimal',
      'born:date',
      'seen:datetime',
      'active:boolean',
      'score:decimal',
    ]);
    expect(preview.rows[0]).toEqual([
      '1',
      'Anna',
      '12.50',
      '1990-04-01',
      '2026-01-02 10:30:00',
      '1',
      '1.25',
    ]);
    const onPg = await w.client.page(`/databases/${pgId}?schema=public&table=${fx.table}`);
    expect(onPg.props.browse.preview.columns.map((c: { type: string }) => c.type)).toEqual([
      'integer',
      'text',
      'decimal',
      'date',
      'datetime',
      'boolean',
      'decimal',
    ]);
  });

  it.each([
    ['MariaDB', () => my, 'test'],
    ['PostgreSQL', () => pgId, 'public'],
  ])('imports a table from %s into a dataset with its types and rows', async (_, id, schema) => {
    const { version } = await importTable(w, id(), {
      name: `People ${schema}`,
      kind: 'table',
      table: { schema, name: fx.table },
    });
    expect(version.status).toBe('ready');
    expect(Number(version.rowCount)).toBe(3);
    expect(version.errorCount).toBe(0);
    const page = await readRows(t.app.ctx.db, w.team.id, version.datasetId, { limit: 10 });
    expect(page.columns.map((c) => `${c.key}:${c.type}`)).toEqual([
      'id:integer',
      'name:text',
      'amount:decimal',
      'born:date',
      'seen:datetime',
      'active:boolean',
      'score:decimal',
    ]);
    const iso = (v: unknown) =>
      v === null ? null : new Date(String(v).replace(' ', 'T').replace(/\+00$/, 'Z')).toISOString();
    expect(page.rows.map((r) => ({ ...r.values, seen: iso(r.values.seen) }))).toEqual([
      {
        id: 1,
        name: 'Anna',
        amount: '12.50',
        born: '1990-04-01',
        seen: '2026-01-02T10:30:00.000Z',
        active: true,
        score: '1.25',
      },
      {
        id: 2,
        name: 'Bob',
        amount: '0.10',
        born: '1985-12-31',
        seen: '2026-02-03T08:00:00.000Z',
        active: false,
        score: '-3.5',
      },
      {
        id: 3,
        name: 'Chloé “C” O’Neil',
        amount: null,
        born: null,
        seen: null,
        active: null,
        score: null,
      },
    ]);
    const status = await w.client.page(`/jobs/${version.jobId}`);
    expect(status.component).toBe('survey-sources/job-status');
    expect(status.props.job.progress.phase).toBe('done');
  });

  it('imports a read-only SELECT', async () => {
    const { version } = await importTable(w, pgId, {
      name: 'Big spenders',
      kind: 'query',
      query: `SELECT name, amount * 2 AS doubled FROM ${fx.table} WHERE amount > 1;`,
    });
    expect(Number(version.rowCount)).toBe(1);
    const page = await readRows(t.app.ctx.db, w.team.id, version.datasetId, { limit: 10 });
    expect(page.rows.map((r) => r.values)).toEqual([{ name: 'Anna', doubled: '25.00' }]);
  });

  it('refuses a write statement, and a SELECT that writes fails in the read-only transaction', async () => {
    for (const query of [
      `DELETE FROM ${fx.table}`,
      `SELECT 1; DROP TABLE ${fx.table}`,
      `WITH gone AS (DELETE FROM ${fx.table} RETURNING *) SELECT * FROM gone`,
    ]) {
      const errors = await errorsAfter(
        w,
        await w.client.post(`/databases/${pgId}/import`, {
          projectId: w.project.id,
          name: 'Bad',
          kind: 'query',
          query,
          schedule: 'none',
        }),
      );
      expect(errors.query).toMatch(/read-only query|one statement/);
    }
    const page = await w.client.page(
      `/databases/${pgId}?query=${encodeURIComponent(`SELECT nextval('${fx.table}_seq')`)}`,
    );
    expect(page.props.browse.preview.problem).toMatch(/read-only transaction/);
    const blocked = await w.client.page(
      `/databases/${my}?query=${encodeURIComponent('UPDATE x SET a = 1')}`,
    );
    expect(blocked.props.browse.preview.problem).toMatch(/must start with SELECT or WITH/);
  });

  it('says a wrong password was refused, specifically', async () => {
    const id = await connect(w, { ...mariadb(), name: 'Wrong', password: 'not-the-password' });
    const res = await w.client.post(`/databases/${id}/test`);
    const page = await w.client.page(String(res.headers.location));
    expect(page.props.flash.error).toBe(
      `The database refused the user name or password for “${fx.reader}” (authentication failed).`,
    );
    expect(page.props.connection.status).toBe('failed');
    const told = await t.app.ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, w.owner.id), eq(notifications.type, 'database.failed')));
    expect(told.length).toBeGreaterThan(0);
  });

  it.each([
    [
      'a name that does not resolve',
      { host: 'no-such-host.invalid' },
      'The host name no-such-host.invalid could not be found (DNS lookup failed). Check its spelling.',
    ],
    [
      'a closed port',
      { port: 1 },
      'The connection to 127.0.0.1:1 was refused: no database is listening on that port, or a firewall rejects it.',
    ],
    ['TLS the server does not offer', { tlsMode: 'require' }, 'The TLS connection failed:'],
    [
      'a database that does not exist',
      { database: 'no_such_db' },
      'The database “no_such_db” does not exist on 127.0.0.1:5432, or this user may not open it.',
    ],
  ])('says specifically what failed: %s', async (_, change, message) => {
    const id = await connect(w, {
      ...postgres(),
      name: `Failing ${JSON.stringify(change)}`,
      ...change,
    });
    const res = await w.client.post(`/databases/${id}/test`);
    const page = await w.client.page(String(res.headers.location));
    expect(page.props.flash.error).toContain(message);
  });

  it.each([
    ['127.0.0.2', 'is this server itself (loopback)'],
    ['169.254.169.254', 'is a cloud metadata service'],
    ['metadata.google.internal', 'is a cloud metadata service'],
    ['10.0.0.1', 'is a private network address'],
    ['[::1]', 'is this server itself (loopback)'],
    ['::ffff:169.254.169.254', 'is a cloud metadata service'],
    ['224.0.0.1', 'is a multicast address'],
    ['0.0.0.0', 'is an unspecified address'],
  ])('refuses to connect to %s', async (host, why) => {
    const id = await connect(w, { ...postgres(), name: `SSRF ${host}`, host });
    const res = await w.client.post(`/databases/${id}/test`);
    const page = await w.client.page(String(res.headers.location));
    expect(page.props.flash.error).toContain(why);
    expect(page.props.flash.error).toMatch(/^Connections to .* are not allowed/);
  });

  it('runs a scheduled import when due and tells its creator when one fails', async () => {
    const { version } = await importTable(w, my, {
      name: 'Hourly people',
      kind: 'table',
      table: { schema: 'test', name: fx.table },
      schedule: 'hourly',
    });
    const later = new Date(Date.now() + 2 * 3_600_000);
    expect(await runDueImports(t.app.ctx, later)).toBeGreaterThanOrEqual(1);
    await drainJobs(t.app);
    const versions = await t.app.ctx.db
      .select()
      .from(datasetVersions)
      .where(eq(datasetVersions.datasetId, version.datasetId));
    expect(versions.map((v) => [v.number, v.status]).sort()).toEqual([
      [1, 'superseded'],
      [2, 'ready'],
    ]);
    // the password is revoked: the next run cannot connect, and the creator is told
    const settings = await w.client.page('/settings/sources-authentication');
    const cred = settings.props.credentials.find(
      (c: { connection: { id: string } }) => c.connection.id === my,
    );
    expect((await w.client.delete(`/settings/sources-authentication/${cred.id}`)).statusCode).toBe(
      303,
    );
    await runDueImports(t.app.ctx, new Date(later.getTime() + 2 * 3_600_000));
    await drainJobs(t.app);
    const told = await t.app.ctx.db
      .select()
      .from(notifications)
      .where(
        and(eq(notifications.userId, w.owner.id), eq(notifications.type, 'database.import_failed')),
      );
    expect(told[0]?.title).toBe('The scheduled import of “Hourly people” failed');
    expect(told[0]?.body).toContain('authentication failed');
    // a new password brings it back
    const rotate = await w.client.post(`/settings/sources-authentication/${cred.id}/rotate`, {
      password: 'x',
    });
    expect(rotate.statusCode).toBe(404);
    const edit = await w.client.put(`/databases/${my}`, { ...mariadb() });
    expect(edit.statusCode).toBe(303);
    await drainJobs(t.app);
    const back = await w.client.page(`/databases/${my}`);
    expect(back.props.connection).toMatchObject({ status: 'ready', hasPassword: true });
  });

  it('a worker that died during the last attempt: recovery fails the version, the previous stays current and the creator is told', async () => {
    const { version: first } = await importTable(w, pgId, {
      name: 'Daily people',
      kind: 'table',
      table: { schema: 'public', name: fx.table },
      schedule: 'daily',
    });
    expect(first.status).toBe('ready');
    // the scheduled refresh begins a version and queues its job, which no one runs yet
    expect(await runDueImports(t.app.ctx, new Date(Date.now() + 2 * 86_400_000))).toBeGreaterThan(
      0,
    );
    const [second] = await t.app.ctx.db
      .select()
      .from(datasetVersions)
      .where(
        and(
          eq(datasetVersions.datasetId, first.datasetId),
          eq(datasetVersions.status, 'importing'),
        ),
      );
    const version = async () =>
      (
        await t.app.ctx.db.select().from(datasetVersions).where(eq(datasetVersions.id, second.id))
      )[0];
    const told = () =>
      t.app.ctx.db
        .select()
        .from(notifications)
        .where(
          and(
            eq(notifications.userId, w.owner.id),
            eq(notifications.type, 'database.import_failed'),
          ),
        );
    // the clean-up's last step is the notification
    await recoverAbandonedJob(
      t.app,
      second.jobId!,
      async () => (await told()).some((n) => n.url?.includes(second.jobId!)),
      'the creator told',
    );
    expect((await version()).status).toBe('failed');
    expect((await version()).failure).toContain('stopped twice');
    const [job] = await t.app.ctx.db.select().from(jobs).where(eq(jobs.id, second.jobId!));
    expect(job.status).toBe('failed');
    expect(job.progress).toMatchObject({ phase: 'failed' });
    const [d] = await t.app.ctx.db.select().from(datasets).where(eq(datasets.id, first.datasetId));
    expect(d.currentVersionId).toBe(first.id);
    expect((await told()).map((n) => n.title)).toContain(
      'The scheduled import of “Daily people” failed',
    );
  });

  it('rotates a stored password: the connection is tested again with the new one', async () => {
    const id = await connect(w, { ...mariadb(), name: 'Rotated', password: 'old-wrong' });
    const settings = await w.client.page('/settings/sources-authentication');
    const cred = settings.props.credentials.find(
      (c: { connection: { id: string } }) => c.connection.id === id,
    );
    const res = await w.client.post(`/settings/sources-authentication/${cred.id}/rotate`, {
      password: fx.password,
    });
    expect(res.statusCode).toBe(303);
    await drainJobs(t.app);
    const page = await w.client.page(`/databases/${id}`);
    expect(page.props.connection.status).toBe('ready');
    const after = await w.client.page('/settings/sources-authentication');
    const again = after.props.credentials.find((c: { id: string }) => c.id === cred.id);
    expect(again.rotatedAt).not.toBeNull();
    expect(again.lastUsedAt).not.toBeNull();
  });

  it('never shows or logs a password: props, audit details and log output', async () => {
    const pages = [
      '/databases',
      '/databases/create',
      `/databases/${my}`,
      `/databases/${my}/edit`,
      `/databases/${pgId}?schema=public&table=${fx.table}`,
      '/settings/sources-authentication',
    ];
    for (const url of pages) {
      const page = await w.client.page(url);
      expect(JSON.stringify(page.props)).not.toContain(fx.password);
    }
    const audit = await t.app.ctx.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.teamId, w.team.id));
    expect(audit.some((a) => a.action === 'database.created')).toBe(true);
    expect(JSON.stringify(audit)).not.toContain(fx.password);
    expect(logs.length).toBeGreaterThan(0);
    expect(logs).not.toContain(fx.password);
    const stored = await t.app.ctx.db.select().from(databaseConnections);
    expect(JSON.stringify(stored)).not.toContain(fx.password);
  });

  it('answers 404 for another team’s connection and credential', async () => {
    const other = await world();
    const settings = await w.client.page('/settings/sources-authentication');
    const cred = settings.props.credentials[0].id as string;
    for (const [method, url, body] of [
      ['GET', `/databases/${pgId}`, undefined],
      ['GET', `/databases/${pgId}/edit`, undefined],
      ['PUT', `/databases/${pgId}`, postgres()],
      ['POST', `/databases/${pgId}/test`, undefined],
      [
        'POST',
        `/databases/${pgId}/import`,
        {
          projectId: other.project.id,
          name: 'x',
          kind: 'table',
          table: { schema: 'public', name: fx.table },
          schedule: 'none',
        },
      ],
      ['DELETE', `/databases/${pgId}`, undefined],
      ['POST', `/settings/sources-authentication/${cred}/rotate`, { password: 'x' }],
      ['DELETE', `/settings/sources-authentication/${cred}`, undefined],
    ] as const) {
      const res = await other.client.request(method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await other.client.page('/databases')).props.connections).toEqual([]);
  });

  it('lets a viewer see the connection but not read the remote database nor change it', async () => {
    const viewer = await createUser(t.app);
    await addMember(t.app, w.team.id, viewer.id, 'viewer');
    const client = await signIn(t.app, viewer);
    const page = await client.page(`/databases/${pgId}?schema=public&table=${fx.table}`);
    expect(page.props.browse).toEqual({
      problem: 'Only editors and administrators browse this database and import from it.',
      tables: [],
      preview: null,
    });
    expect((await client.post(`/databases/${pgId}/test`)).statusCode).toBe(403);
  });

  it('says so when a table is gone or a stored password no longer opens', async () => {
    const errors = await errorsAfter(
      w,
      await w.client.post(`/databases/${pgId}/import`, {
        projectId: w.project.id,
        name: 'Gone',
        kind: 'table',
        table: { schema: 'public', name: 'no_such_table' },
        schedule: 'none',
      }),
    );
    expect(errors.table).toBe('The database has no such table.');
    const id = await connect(w, { ...postgres(), name: 'Old key' });
    await t.app.ctx.db
      .update(sourceCredentials)
      .set({ sealed: new SecretBox('another key').seal('pw', `database_connection:${id}`) })
      .where(eq(sourceCredentials.connectionId, id));
    const res = await w.client.post(`/databases/${id}/test`);
    const page = await w.client.page(String(res.headers.location));
    expect(page.props.flash.error).toContain('cannot be read with this server’s key');
    expect((await w.client.page(`/databases/${id}`)).props.browse.problem).toContain(
      'cannot be read with this server’s key',
    );
  });

  it('validates the connection form on its fields', async () => {
    const errors = await errorsAfter(
      w,
      await w.client.post('/databases', {
        ...mariadb(),
        host: 'http://evil/x',
        port: 70000,
        name: '',
      }),
    );
    expect(Object.keys(errors).sort()).toEqual(['host', 'name', 'port']);
  });
});
