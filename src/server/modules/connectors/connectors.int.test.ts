import { PassThrough } from 'node:stream';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helpers/app.js';
import { createUser, signIn } from '../../../../test/helpers/auth.js';
import { drainJobs, recoverAbandonedJob } from '../../../../test/helpers/jobs.js';
import { addMember, createTeamFor } from '../../../../test/helpers/team-membership.js';
import { auditLogs } from '../../platform/audit/audit.tables.js';
import { jobs } from '../../platform/jobs/index.js';
import { datasetVersions, datasets } from '../datasets/read-model.js';
import { runUseCase } from '../../platform/use-case/index.js';
import { beginVersion, findDataset, readRows } from '../datasets/index.js';
import { jobActor } from '../databases/index.js';
import { problems } from '../problems/read-model.js';
import { projects } from '../projects/read-model.js';
import { runDueConnectorImports } from './connectors.import-job.js';
import { connectorImports, connectors } from './connectors.tables.js';
import {
  fakeKobo,
  fakeOdk,
  KOBO_TOKEN,
  ODK_EMAIL,
  ODK_PASSWORD,
  ODK_PROJECT,
  type FakeService,
} from './test-support.js';

let t: TestApp;
let kobo: FakeService;
let odk: FakeService;
let logs = '';
const logStream = new PassThrough();
logStream.on('data', (b: Buffer) => (logs += b.toString('utf8')));

beforeAll(async () => {
  [kobo, odk] = await Promise.all([fakeKobo(), fakeOdk()]);
  t = await createTestApp({
    // the operator setting the databases tests use: loopback 127.0.0.1 reachable, nothing else
    env: { PATHWAYS_SOURCES_ALLOW: '127.0.0.1', LOG_LEVEL: 'debug' },
    build: { logger: undefined, logStream },
  });
});
afterAll(async () => {
  await t?.close();
  await kobo?.close();
  await odk?.close();
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

const koboBody = (secret = KOBO_TOKEN, url = kobo.url) => ({
  name: 'Kobo field office',
  kind: 'kobo',
  url,
  secret,
});
const odkBody = (secret = ODK_PASSWORD) => ({
  name: 'ODK Central',
  kind: 'odk',
  url: odk.url,
  odkProjectId: String(ODK_PROJECT),
  email: ODK_EMAIL,
  secret,
});

async function create(w: World, body: Record<string, unknown>) {
  const res = await w.client.post('/integrations', body);
  expect(res.statusCode).toBe(303);
  return /\/integrations\/([0-9a-f-]{36})/.exec(String(res.headers.location))![1];
}

async function importForm(w: World, id: string, formId: string, name = 'Households') {
  const res = await w.client.post(`/integrations/${id}/import`, {
    projectId: w.project.id,
    name,
    formId,
    schedule: 'hourly',
  });
  expect(res.statusCode).toBe(303);
  await drainJobs(t.app);
  const [imp] = await t.app.ctx.db
    .select()
    .from(connectorImports)
    .where(eq(connectorImports.connectorId, id));
  return imp;
}

const rowsOf = async (w: World, datasetId: string) =>
  readRows(t.app.ctx.db, w.team.id, datasetId, { limit: 50 });

describe('KoboToolbox connector', () => {
  let w: World;
  let id: string;
  beforeAll(async () => {
    w = await world();
    id = await create(w, koboBody());
  });

  it('saves the token sealed, tests it and lists the survey forms', async () => {
    const [c] = await t.app.ctx.db.select().from(connectors).where(eq(connectors.id, id));
    expect(c.status).toBe('ready');
    expect(c.statusMessage).toBe('Connected: 1 form readable.');
    expect(c.sealed!.startsWith('v1.')).toBe(true);
    expect(c.sealed).not.toContain(KOBO_TOKEN);
    const page = await w.client.page(`/integrations/${id}`);
    expect(page.component).toBe('integrations/show');
    expect(page.props.remote.forms).toEqual([
      { id: 'aHouseholds1', name: 'Household survey', submissions: 3 },
    ]);
    expect(JSON.stringify(page.props)).not.toContain(KOBO_TOKEN);
    const list = await w.client.page('/integrations');
    expect(list.props.connectors.map((x: { name: string }) => x.name)).toEqual([
      'Kobo field office',
    ]);
  });

  it('imports a form page by page into a dataset, one row per submission', async () => {
    kobo.requests.length = 0;
    const imp = await importForm(w, id, 'aHouseholds1');
    expect([imp.status, imp.message]).toEqual(['ready', '3 submissions imported.']);
    // two submissions a page: start=0, start=2
    expect(kobo.requests.filter((r) => r.includes('/data/'))).toEqual([
      'GET /api/v2/assets/aHouseholds1/data/?format=json&limit=500&start=0',
      'GET /api/v2/assets/aHouseholds1/data/?format=json&limit=500&start=2',
    ]);
    const page = await rowsOf(w, imp.datasetId);
    expect(page.columns.map((c) => `${c.label}:${c.type}`)).toEqual([
      '_id:integer',
      '_uuid:text',
      'household/size:integer',
      'household/head:text',
      'water_source:text',
      '_submission_time:datetime',
    ]);
    const byLabel = (label: string) => page.columns.find((c) => c.label === label)!.key;
    expect(
      page.rows.map((r) => [r.values[byLabel('_id')], r.values[byLabel('household/head')]]),
    ).toEqual([
      [101, 'Amina'],
      [102, 'Bako'],
      [103, 'Chidi'],
    ]);
    const [ds] = await t.app.ctx.db.select().from(datasets).where(eq(datasets.id, imp.datasetId));
    expect(ds.origin).toBe('connector');
  });

  it('lists the import on the Integrations tab of the project’s problems, not of another project’s', async () => {
    const [mine, other] = await t.app.ctx.db
      .insert(problems)
      .values([
        { teamId: w.team.id, projectId: w.project.id, title: 'Unsafe water' },
        {
          teamId: w.team.id,
          projectId: (
            await t.app.ctx.db
              .insert(projects)
              .values({ teamId: w.team.id, name: 'Other programme' })
              .returning()
          )[0]!.id,
          title: 'Low attendance',
        },
      ])
      .returning();
    const page = await w.client.page(`/problems/${mine!.id}?tab=integrations`);
    expect(page.component).toBe('problems/full-view');
    expect(
      page.props.integrations.connectorImports.map(
        (i: {
          datasetName: string;
          formName: string;
          connector: { name: string; kind: string };
        }) => [i.datasetName, i.formName, i.connector.name, i.connector.kind],
      ),
    ).toEqual([['Households', 'Household survey', 'Kobo field office', 'kobo']]);
    expect(page.props.integrations.databaseImports).toEqual([]);
    expect(JSON.stringify(page.props)).not.toContain(KOBO_TOKEN);
    const elsewhere = await w.client.page(`/problems/${other!.id}?tab=integrations`);
    expect(elsewhere.props.integrations).toEqual({ connectorImports: [], databaseImports: [] });
  });

  it('refreshes into a new version with each remote record once (no duplicates)', async () => {
    const [before] = await t.app.ctx.db
      .select()
      .from(connectorImports)
      .where(eq(connectorImports.connectorId, id));
    // a new submission arrives, and one page repeats a record (paging while data changes)
    kobo.records.push({ _id: 104, _uuid: 'a4', 'household/size': 5, 'household/head': 'Dede' });
    kobo.records.splice(2, 0, { ...kobo.records[1] });
    const res = await w.client.post(`/integrations/imports/${before.id}/refresh`, {});
    expect(res.statusCode).toBe(303);
    await drainJobs(t.app);
    const versions = await t.app.ctx.db
      .select()
      .from(datasetVersions)
      .where(eq(datasetVersions.datasetId, before.datasetId));
    expect(versions.map((v) => [v.number, v.status]).sort()).toEqual([
      [1, 'superseded'],
      [2, 'ready'],
    ]);
    const page = await rowsOf(w, before.datasetId);
    const idKey = page.columns.find((c) => c.label === '_id')!.key;
    expect(page.rows.map((r) => r.values[idKey])).toEqual([101, 102, 103, 104]);
    // the same again: the same four, once each
    kobo.records.splice(2, 1);
    const res2 = await w.client.post(`/integrations/imports/${before.id}/refresh`, {});
    expect(res2.statusCode).toBe(303);
    await drainJobs(t.app);
    const again = await rowsOf(w, before.datasetId);
    expect(again.rows.map((r) => r.values[idKey])).toEqual([101, 102, 103, 104]);
    expect(again.columns.map((c) => c.key)).toEqual(page.columns.map((c) => c.key));
  });

  it('refreshes on its schedule when due (an injected clock)', async () => {
    const [imp] = await t.app.ctx.db
      .select()
      .from(connectorImports)
      .where(eq(connectorImports.connectorId, id));
    expect(await runDueConnectorImports(t.app.ctx, new Date(imp.nextRunAt!.getTime() - 1000))).toBe(
      0,
    );
    const later = new Date(imp.nextRunAt!.getTime() + 1000);
    expect(await runDueConnectorImports(t.app.ctx, later)).toBe(1);
    await drainJobs(t.app);
    const [after] = await t.app.ctx.db
      .select()
      .from(connectorImports)
      .where(eq(connectorImports.id, imp.id));
    expect(after.status).toBe('ready');
    expect(after.nextRunAt!.getTime()).toBe(later.getTime() + 3_600_000);
  });

  it('says so when the service refuses the token, and keeps it out of logs', async () => {
    const bad = await create(w, koboBody('wrong-token-9911'));
    const [c] = await t.app.ctx.db.select().from(connectors).where(eq(connectors.id, bad));
    expect(c.status).toBe('failed');
    expect(c.statusMessage).toBe(
      'The service refused the credentials (HTTP 401): check the token or password.',
    );
    const page = await w.client.page(`/integrations/${bad}`);
    expect(page.props.remote.problem).toBe(c.statusMessage);
    expect(logs).not.toContain(KOBO_TOKEN);
    expect(logs).not.toContain('wrong-token-9911');
  });

  it('refuses addresses outside the operator’s allow list (SSRF)', async () => {
    for (const url of [
      'http://127.0.0.2:9/',
      'http://169.254.169.254/',
      'http://10.0.0.5/',
      'http://[::1]:80/',
    ]) {
      const refused = await create(w, koboBody(KOBO_TOKEN, url));
      const [c] = await t.app.ctx.db.select().from(connectors).where(eq(connectors.id, refused));
      expect(c.status).toBe('failed');
      expect(c.statusMessage).toMatch(/not allowed/);
    }
  });

  it('answers 404 for another team’s connector and import', async () => {
    const other = await world();
    expect((await other.client.get(`/integrations/${id}`)).statusCode).toBe(404);
    const [imp] = await t.app.ctx.db
      .select()
      .from(connectorImports)
      .where(eq(connectorImports.connectorId, id));
    expect(
      (await other.client.post(`/integrations/imports/${imp.id}/refresh`, {})).statusCode,
    ).toBe(404);
  });

  it.each([
    ['before it began a version', false],
    ['after it began a version', true],
  ])(
    'a worker that died during the last attempt (%s): recovery fails the pull, the previous version stays current, a refresh is allowed again',
    async (_, begun) => {
      const [before] = await t.app.ctx.db
        .select()
        .from(connectorImports)
        .where(eq(connectorImports.connectorId, id));
      const current = (await findDataset(t.app.ctx.db, w.team.id, before.datasetId)).dataset
        .currentVersionId;
      const res = await w.client.post(`/integrations/imports/${before.id}/refresh`, {});
      expect(res.statusCode).toBe(303);
      const [queued] = await t.app.ctx.db
        .select()
        .from(connectorImports)
        .where(eq(connectorImports.id, before.id));
      const jobId = queued.jobId!;
      // what the dead attempt left: the pull running and, if it got that far, its version begun
      await t.app.ctx.db
        .update(connectorImports)
        .set({ status: 'running' })
        .where(eq(connectorImports.id, before.id));
      let versionId: string | null = null;
      if (begun) {
        const { columns } = await findDataset(t.app.ctx.db, w.team.id, before.datasetId);
        const actor = await jobActor(t.app.ctx, w.team.id, w.owner.id, 'connector.import');
        // as the job begins it (connectors.import-job.ts)
        const { version } = await runUseCase(t.app.ctx, actor, async (uc) => {
          const begun = await beginVersion(
            uc,
            before.datasetId,
            columns.map((c) => ({
              key: c.key,
              label: c.label,
              type: c.type,
              sourceColumn: c.sourceColumn,
            })),
            jobId,
          );
          await uc.audit({
            action: 'connector.pulled',
            subject: { type: 'dataset', id: before.datasetId },
            details: { connector: id, form: before.formId, version: begun.version.number },
          });
          return begun;
        });
        versionId = version.id;
      }
      const job = async () => (await t.app.ctx.db.select().from(jobs).where(eq(jobs.id, jobId)))[0];
      // the clean-up's last step is the job's progress
      await recoverAbandonedJob(
        t.app,
        jobId,
        async () => (await job()).progress?.phase === 'failed',
        'the abandoned pull cleaned up',
      );
      expect((await job()).status).toBe('failed');
      const [after] = await t.app.ctx.db
        .select()
        .from(connectorImports)
        .where(eq(connectorImports.id, before.id));
      expect(after.status).toBe('failed');
      expect(after.message).toContain('stopped twice');
      if (versionId) {
        const [v] = await t.app.ctx.db
          .select()
          .from(datasetVersions)
          .where(eq(datasetVersions.id, versionId));
        expect(v.status).toBe('failed');
      }
      const [d] = await t.app.ctx.db
        .select()
        .from(datasets)
        .where(eq(datasets.id, before.datasetId));
      expect(d.currentVersionId).toBe(current);
      // no longer stuck "running": the next refresh is accepted and imports
      expect(
        (await w.client.post(`/integrations/imports/${before.id}/refresh`, {})).statusCode,
      ).toBe(303);
      await drainJobs(t.app);
      const [again] = await t.app.ctx.db
        .select()
        .from(connectorImports)
        .where(eq(connectorImports.id, before.id));
      expect(again.status).toBe('ready');
    },
  );
});

describe('ODK Central connector', () => {
  it('signs in, pages the OData feed by $top/$skip and flattens groups', async () => {
    const w = await world();
    const id = await create(w, odkBody());
    odk.requests.length = 0;
    const imp = await importForm(w, id, 'registration', 'Registrations');
    expect(imp.status).toBe('ready');
    expect(odk.requests.filter((r) => r.includes('Submissions'))).toEqual([
      `GET /v1/projects/${ODK_PROJECT}/forms/registration.svc/Submissions?%24top=500&%24skip=0&%24count=true`,
      `GET /v1/projects/${ODK_PROJECT}/forms/registration.svc/Submissions?%24top=500&%24skip=2&%24count=true`,
    ]);
    const page = await rowsOf(w, imp.datasetId);
    expect(page.columns.map((c) => c.label)).toEqual([
      '__id',
      'meta/instanceID',
      'name',
      'age',
      'village/name',
      'village/district',
      '__system/submissionDate',
      '__system/reviewState',
    ]);
    const key = (label: string) => page.columns.find((c) => c.label === label)!.key;
    expect(
      page.rows.map((r) => [
        r.values[key('__id')],
        r.values[key('age')],
        r.values[key('village/name')],
      ]),
    ).toEqual([
      ['uuid:0a1', 31, 'Kaya'],
      ['uuid:0a2', 27, 'Tamale'],
      ['uuid:0a3', 45, 'Kaya'],
    ]);
  });

  it('tells a wrong password apart, and an import of it fails with the reason', async () => {
    const w = await world();
    const id = await create(w, odkBody('not-the-password'));
    const [c] = await t.app.ctx.db.select().from(connectors).where(eq(connectors.id, id));
    expect(c.statusMessage).toMatch(/refused the credentials/);
    const res = await w.client.post(`/integrations/${id}/import`, {
      projectId: w.project.id,
      name: 'x',
      formId: 'registration',
      schedule: 'none',
    });
    expect(res.statusCode).toBe(303);
    const errors = (await w.client.page(String(res.headers.location))).props.errors as Record<
      string,
      string
    >;
    expect(errors.formId).toMatch(/refused the credentials/);
    const audits = await t.app.ctx.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.teamId, w.team.id), eq(auditLogs.action, 'connector.tested')));
    expect(audits.length).toBe(1);
  });
});

describe('connector credentials on Settings → Sources authentication', () => {
  let w: World;
  let id: string;
  const row = async () =>
    (await t.app.ctx.db.select().from(connectors).where(eq(connectors.id, id)))[0];
  const listed = async () => {
    const page = await w.client.page('/settings/sources-authentication');
    expect(JSON.stringify(page.props)).not.toContain(KOBO_TOKEN);
    return page.props.connectorCredentials as Array<Record<string, unknown>>;
  };
  beforeAll(async () => {
    w = await world();
    id = await create(w, koboBody());
  });

  it('lists the connector with its identity, added, last used (the create test) and status', async () => {
    const c = await row();
    expect(await listed()).toEqual([
      {
        connectorId: id,
        name: 'Kobo field office',
        kind: 'kobo',
        identity: 'API token',
        createdAt: c.createdAt.toISOString(),
        rotatedAt: null,
        lastUsedAt: c.lastUsedAt!.toISOString(),
        revokedAt: null,
      },
    ]);
  });

  it('updates last used when an import reads with the secret', async () => {
    const before = (await row()).lastUsedAt!;
    const imp = await importForm(w, id, 'aHouseholds1');
    expect(imp.status).toBe('ready');
    expect((await row()).lastUsedAt!.getTime()).toBeGreaterThan(before.getTime());
  });

  it('rotates only to a secret the service accepts (field error otherwise), owners and admins only', async () => {
    const before = await row();
    const url = `/settings/sources-authentication/connectors/${id}/rotate`;
    const refused = await w.client.post(url, { secret: 'rotated-but-wrong' });
    expect(refused.statusCode).toBe(303);
    const errors = (await w.client.page(String(refused.headers.location))).props.errors;
    expect(errors.secret).toBe(
      'The service refused the credentials (HTTP 401): check the token or password.',
    );
    expect((await row()).sealed).toBe(before.sealed);

    const editor = await createUser(t.app);
    await addMember(t.app, w.team.id, editor.id, 'editor');
    const asEditor = await signIn(t.app, editor);
    expect((await asEditor.post(url, { secret: KOBO_TOKEN })).statusCode).toBe(403);
    const other = await world();
    expect((await other.client.post(url, { secret: KOBO_TOKEN })).statusCode).toBe(404);

    const ok = await w.client.post(url, { secret: KOBO_TOKEN });
    expect([ok.statusCode, ok.headers.location]).toEqual([303, '/settings/sources-authentication']);
    const after = await row();
    expect(after.sealed).not.toBe(before.sealed);
    expect(after.rotatedAt).not.toBeNull();
    expect(after.status).toBe('ready');
    expect((await listed())[0].rotatedAt).toBe(after.rotatedAt!.toISOString());
  });

  it('revokes: the secret wiped, the connector revoked, a refresh fails with where to add a new one', async () => {
    const url = `/settings/sources-authentication/connectors/${id}`;
    expect((await (await world()).client.delete(url)).statusCode).toBe(404);
    expect((await w.client.delete(url)).statusCode).toBe(303);
    const c = await row();
    expect(c.sealed).toBeNull();
    expect(c.status).toBe('revoked');
    expect(c.revokedAt).not.toBeNull();
    expect((await listed())[0].revokedAt).toBe(c.revokedAt!.toISOString());
    const message =
      'The token or password of “Kobo field office” was revoked: add a new one on Settings → Sources authentication.';
    expect((await w.client.page(`/integrations/${id}`)).props.remote.problem).toBe(message);

    const [imp] = await t.app.ctx.db
      .select()
      .from(connectorImports)
      .where(eq(connectorImports.connectorId, id));
    expect((await w.client.post(`/integrations/imports/${imp.id}/refresh`, {})).statusCode).toBe(
      303,
    );
    const [queued] = await t.app.ctx.db
      .select()
      .from(connectorImports)
      .where(eq(connectorImports.id, imp.id));
    await drainJobs(t.app);
    const [failed] = await t.app.ctx.db
      .select()
      .from(connectorImports)
      .where(eq(connectorImports.id, imp.id));
    expect([failed.status, failed.message]).toEqual(['failed', `The import failed: ${message}`]);
    const [job] = await t.app.ctx.db.select().from(jobs).where(eq(jobs.id, queued.jobId!));
    expect([job.status, job.lastError, job.attempts]).toEqual([
      'failed',
      `The import failed: ${message}`,
      1,
    ]);

    const audits = await t.app.ctx.db
      .select()
      .from(auditLogs)
      .where(
        and(
          eq(auditLogs.teamId, w.team.id),
          inArray(auditLogs.action, [
            'connector.credential_rotated',
            'connector.credential_revoked',
          ]),
        ),
      );
    expect(audits.map((a) => a.action).sort()).toEqual([
      'connector.credential_revoked',
      'connector.credential_rotated',
    ]);
    expect(JSON.stringify(audits)).not.toContain(KOBO_TOKEN);
    expect(logs).not.toContain(KOBO_TOKEN);
  });

  it('a new credential added on the page makes the connector active and importable again', async () => {
    const res = await w.client.post(`/settings/sources-authentication/connectors/${id}/rotate`, {
      secret: KOBO_TOKEN,
    });
    expect(res.statusCode).toBe(303);
    const c = await row();
    expect([c.status, c.revokedAt, c.sealed === null]).toEqual(['ready', null, false]);
    const [imp] = await t.app.ctx.db
      .select()
      .from(connectorImports)
      .where(eq(connectorImports.connectorId, id));
    await w.client.post(`/integrations/imports/${imp.id}/refresh`, {});
    await drainJobs(t.app);
    const [after] = await t.app.ctx.db
      .select()
      .from(connectorImports)
      .where(eq(connectorImports.id, imp.id));
    expect(after.status).toBe('ready');
    expect(after.message).toMatch(/^\d+ submissions imported\.$/);
  });
});
