import { PassThrough } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helpers/app.js';
import { signedInUser } from '../../../../test/helpers/auth.js';
import { drainJobs } from '../../../../test/helpers/jobs.js';
import { createTeamFor } from '../../../../test/helpers/team-membership.js';
import { auditLogs } from '../../platform/audit/audit.tables.js';
import { runUseCase } from '../../platform/use-case/index.js';
import { problems, tocElements } from '../problems/read-model.js';
import { projects } from '../projects/read-model.js';
import { dataPoints } from '../metrics/read-model.js';
import { enqueueWebhookEvent } from './index.js';
import { webhookDeliveries, webhookEndpoints } from './webhooks.tables.js';
import { fakeReceiver, verifySignature, type FakeReceiver } from './test-support.js';
import { formsTestKit } from '../forms/test-support.js';
import { fileIdOf, uploadFile } from '../sources/test-support.js';

let t: TestApp;
let receiver: FakeReceiver;
let logs = '';
const logStream = new PassThrough();
logStream.on('data', (b: Buffer) => (logs += b.toString('utf8')));

beforeAll(async () => {
  receiver = await fakeReceiver();
  t = await createTestApp({
    // loopback 127.0.0.1 reachable for the test receiver, nothing else
    env: { PATHWAYS_SOURCES_ALLOW: '127.0.0.1', LOG_LEVEL: 'debug' },
    build: { logger: undefined, logStream },
  });
});
afterAll(async () => {
  await t?.close();
  await receiver?.close();
});

async function world() {
  const { user, client } = await signedInUser(t.app);
  const team = await createTeamFor(t.app, user.id);
  return { user, client, team };
}
type World = Awaited<ReturnType<typeof world>>;

/** Create an endpoint through the page; the secret is read from the one flash that shows it */
async function createEndpoint(w: World, events = ['metric_value.changed'], url = receiver.url) {
  const res = await w.client.post('/integrations/webhooks', { url, events, active: true });
  expect(res.statusCode, res.body).toBe(303);
  const id = /\/integrations\/webhooks\/([0-9a-f-]{36})/.exec(String(res.headers.location))![1];
  const page = await w.client.page(`/integrations/webhooks/${id}`);
  const secret = page.props.flash.data?.webhookSecret as string;
  expect(secret).toMatch(/^whsec_/);
  return { id, secret, page };
}

const deliveriesOf = (endpointId: string) =>
  t.app.ctx.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpointId));

/** A metric with one manual data point, in a project of the world's team */
async function metricOf(w: World) {
  const db = t.app.ctx.db;
  const [project] = await db
    .insert(projects)
    .values({ teamId: w.team.id, name: 'Water' })
    .returning();
  const [problem] = await db
    .insert(problems)
    .values({ teamId: w.team.id, projectId: project.id, title: 'Unsafe water' })
    .returning();
  const [element] = await db
    .insert(tocElements)
    .values({ teamId: w.team.id, problemId: problem.id, kind: 'output', title: 'Wells' })
    .returning();
  const res = await w.client.post(`/elements/${element.id}/metrics`, {
    name: 'Wells built',
    type: 'count',
    direction: 'increase',
    period: 'quarterly',
    periodStart: '2026-01-01',
    periodEnd: '2026-12-31',
  });
  expect(res.statusCode, res.body).toBe(303);
  const metricId = res.headers.location!.split('/').pop()!;
  const [dp] = await db.select().from(dataPoints).where(eq(dataPoints.metricId, metricId));
  return { metricId, dataPointId: dp.id };
}

const kit = formsTestKit(() => t);

/** The `data` of the events this endpoint received (drained first) */
async function sentData(endpointId: string) {
  await drainJobs(t.app);
  const rows = await deliveriesOf(endpointId);
  expect(rows.every((r) => r.status === 'succeeded')).toBe(true);
  return rows.map((r) => ({ event: r.event, ...(r.payload.data as Record<string, unknown>) }));
}

describe('webhooks', () => {
  it('sends response.created from the public form and import.finished from a file import', async () => {
    const s = await kit.setup();
    const w = { user: s.user, client: s.client, team: s.team };
    const { id } = await createEndpoint(w, ['response.created', 'import.finished']);
    const formId = await kit.newForm(s);
    await kit.add(s, formId, { key: 'village', type: 'short_text', label: 'Village' });
    await kit.publish(s, formId);
    const token = await kit.openToken(formId);
    const clientId = crypto.randomUUID();
    const body = { id: clientId, version: 1, answers: { village: 'Kisumu' } };
    const first = await kit.submit(kit.publicClient(), token, body);
    expect(first.statusCode, first.body).toBe(201);
    // the same submission again stores nothing new and sends nothing new
    expect((await kit.submit(kit.publicClient(), token, body)).statusCode).toBeLessThan(300);
    let sent = await sentData(id);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      event: 'response.created',
      formId,
      answers: { village: 'Kisumu' },
    });

    const up = await uploadFile(w.client, s.project.id, Buffer.from('a,b\n1,2\n'), 'small.csv');
    expect(up.statusCode, up.body).toBe(303);
    const fileId = fileIdOf(up.headers.location as string);
    const preview = await w.client.page(`/source-files/${fileId}/preview`);
    const res = await w.client.post(`/source-files/${fileId}/import`, {
      name: 'Small',
      sheet: preview.props.upload.sheet,
      stakeholderColumn: null,
      columns: preview.props.columns.map((c: Record<string, unknown>) => ({
        index: c.index,
        label: c.label,
        type: c.type,
        include: true,
      })),
    });
    expect(res.statusCode, res.body).toBe(303);
    await drainJobs(t.app);
    sent = await sentData(id);
    expect(sent.find((d) => d.event === 'import.finished')).toMatchObject({
      datasetName: 'Small',
      origin: 'upload',
      status: 'ready',
      rows: 1,
    });
  });

  it('signs a metric value change, sends it once the write commits, and logs the answer', async () => {
    const w = await world();
    const { id, secret, page } = await createEndpoint(w);
    // the secret is shown once, never in the endpoint's props nor the audit rows
    expect(JSON.stringify(page.props.endpoint)).not.toContain(secret);
    const again = await w.client.page(`/integrations/webhooks/${id}`);
    expect(JSON.stringify(again.props)).not.toContain(secret);
    const [row] = await t.app.ctx.db
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, id));
    expect(row.sealedSecret).not.toContain(secret);

    const { metricId, dataPointId } = await metricOf(w);
    // a refused write (bad period) sends nothing
    const bad = await w.client.post(`/metrics/${metricId}/values`, {
      dataPointId,
      period: 'not a period',
      value: 3,
    });
    expect(bad.statusCode).toBe(303);
    expect(await deliveriesOf(id)).toHaveLength(0);

    const before = receiver.received.length;
    const ok = await w.client.post(`/metrics/${metricId}/values`, {
      dataPointId,
      period: '2026-Q1',
      value: 12,
    });
    expect(ok.statusCode, ok.body).toBe(303);
    await drainJobs(t.app);
    const got = receiver.received.slice(before);
    expect(got).toHaveLength(1);
    const [{ headers, body }] = got;
    expect(headers['pathways-event']).toBe('metric_value.changed');
    expect(verifySignature(String(headers['pathways-signature']), body, secret)).toBe(true);
    expect(verifySignature(String(headers['pathways-signature']), body, 'whsec_wrong')).toBe(false);
    const sent = JSON.parse(body);
    expect(sent).toMatchObject({
      type: 'metric_value.changed',
      data: { change: 'created', metricId, period: '2026-Q1', value: 12 },
    });
    const [delivery] = await deliveriesOf(id);
    expect(headers['pathways-delivery']).toBe(delivery.id);
    expect(sent.id).toBe(delivery.id);
    expect(delivery).toMatchObject({ status: 'succeeded', attempts: 1, httpStatus: 200 });
    expect(delivery.response).toBe('{"ok":true}');

    const log = await w.client.page(`/integrations/webhooks/${id}`);
    expect(log.props.deliveries[0]).toMatchObject({ status: 'succeeded', httpStatus: 200 });
    const audits = await t.app.ctx.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.teamId, w.team.id));
    expect(audits.map((a) => a.action)).toContain('webhook.created');
    expect(JSON.stringify(audits)).not.toContain(secret);
    expect(logs).not.toContain(secret);
  });

  it('queues an event only if the write that makes it commits', async () => {
    const w = await world();
    const { id } = await createEndpoint(w, ['import.finished']);
    const actor = {
      userId: w.user.id,
      name: 'x',
      email: w.user.email,
      teamId: w.team.id,
      role: 'owner' as const,
      tokenId: null,
      ip: null,
      userAgent: null,
    };
    await expect(
      runUseCase(t.app.ctx, actor, async (uc) => {
        await enqueueWebhookEvent(uc, w.team.id, 'import.finished', { datasetId: 'x' });
        throw new Error('the write fails after the event');
      }),
    ).rejects.toThrow('the write fails');
    expect(await deliveriesOf(id)).toHaveLength(0);
    // an event nobody subscribed to queues nothing
    await runUseCase(t.app.ctx, actor, async (uc) => {
      expect(await enqueueWebhookEvent(uc, w.team.id, 'response.created', {})).toBe(0);
      expect(await enqueueWebhookEvent(uc, w.team.id, 'import.finished', { datasetId: 'y' })).toBe(
        1,
      );
      uc.unaudited('test');
    });
    expect(await deliveriesOf(id)).toHaveLength(1);
    await drainJobs(t.app);
  });

  it('retries a 500 after 1 min, 5 min, ... and gives up after the 6th attempt; redeliver sends it again', async () => {
    const w = await world();
    const { id } = await createEndpoint(w);
    receiver.answer(500, 'x'.repeat(5000));
    const before = receiver.received.length;
    const test = await w.client.post(`/integrations/webhooks/${id}/test`);
    expect(test.statusCode).toBe(303);
    await drainJobs(t.app);
    let [d] = await deliveriesOf(id);
    expect(d).toMatchObject({ event: 'ping', status: 'failed', attempts: 1, httpStatus: 500 });
    expect(d.response!.length).toBe(2048);
    const waited = d.nextAttemptAt!.getTime() - d.updatedAt.getTime();
    expect(waited).toBe(60_000);
    // not due yet: nothing runs now
    await drainJobs(t.app);
    expect((await deliveriesOf(id))[0].attempts).toBe(1);
    // each next attempt once its wait is over: 5 min, 30 min, 2 h, 6 h
    const waits = [300_000, 1_800_000, 7_200_000, 21_600_000];
    for (const wait of waits) {
      await drainJobs(t.app, { at: new Date(d.nextAttemptAt!.getTime() + 30_000) });
      [d] = await deliveriesOf(id);
      expect(d.status).toBe('failed');
      expect(d.nextAttemptAt!.getTime() - d.updatedAt.getTime()).toBe(wait);
    }
    await drainJobs(t.app, { at: new Date(d.nextAttemptAt!.getTime() + 30_000) });
    [d] = await deliveriesOf(id);
    expect(d).toMatchObject({ status: 'given_up', attempts: 6, nextAttemptAt: null });
    expect(receiver.received.length - before).toBe(6);
    const ping = JSON.parse(receiver.received[before].body);
    expect(ping.type).toBe('ping');

    receiver.answer(204, '');
    const again = await w.client.post(`/integrations/webhooks/deliveries/${d.id}/redeliver`);
    expect(again.statusCode).toBe(303);
    await drainJobs(t.app);
    [d] = await deliveriesOf(id);
    expect(d).toMatchObject({ status: 'succeeded', attempts: 7, httpStatus: 204 });
    // a delivered one is not sent again
    const twice = await w.client.post(`/integrations/webhooks/deliveries/${d.id}/redeliver`);
    expect(twice.statusCode).toBe(409);
    receiver.answer(200);
  });

  it('refuses private, loopback and metadata addresses at save and at send', async () => {
    const w = await world();
    for (const url of [
      'http://169.254.169.254/latest/meta-data',
      'http://10.0.0.5/hook',
      'http://192.168.1.10/hook',
      'https://[::1]/hook',
      'http://metadata.google.internal/',
      'http://127.0.0.2:8080/hook',
    ]) {
      const res = await w.client.post('/integrations/webhooks', {
        url,
        events: ['import.finished'],
      });
      expect(res.statusCode, url).toBe(303);
      const page = await w.client.page('/integrations/webhooks');
      expect(JSON.stringify(page.props.errors), url).toMatch(/not allowed|https/);
    }
    expect(
      await t.app.ctx.db
        .select()
        .from(webhookEndpoints)
        .where(eq(webhookEndpoints.teamId, w.team.id)),
    ).toHaveLength(0);
    // an address that became refused after it was saved is refused at send too
    const { id } = await createEndpoint(w);
    await t.app.ctx.db
      .update(webhookEndpoints)
      .set({ url: 'http://169.254.169.254/hook' })
      .where(eq(webhookEndpoints.id, id));
    await w.client.post(`/integrations/webhooks/${id}/test`);
    await drainJobs(t.app);
    const [d] = await deliveriesOf(id);
    expect(d).toMatchObject({ status: 'failed', httpStatus: null });
    expect(d.response).toMatch(/cloud metadata/);
  });

  it('rotates the secret, edits the events, deletes; another team gets 404 and a bad input its field error', async () => {
    const w = await world();
    const other = await world();
    const { id, secret } = await createEndpoint(w);
    const rotated = await w.client.post(`/integrations/webhooks/${id}/rotate`);
    expect(rotated.statusCode).toBe(303);
    const page = await w.client.page(`/integrations/webhooks/${id}`);
    const fresh = page.props.flash.data?.webhookSecret as string;
    expect(fresh).toMatch(/^whsec_/);
    expect(fresh).not.toBe(secret);
    const before = receiver.received.length;
    await w.client.post(`/integrations/webhooks/${id}/test`);
    await drainJobs(t.app);
    const [{ headers, body }] = receiver.received.slice(before);
    expect(verifySignature(String(headers['pathways-signature']), body, fresh)).toBe(true);
    expect(verifySignature(String(headers['pathways-signature']), body, secret)).toBe(false);

    const edit = await w.client.put(`/integrations/webhooks/${id}`, {
      url: receiver.url,
      events: ['response.created', 'import.finished'],
      active: false,
    });
    expect(edit.statusCode).toBe(303);
    const [row] = await t.app.ctx.db
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, id));
    expect(row).toMatchObject({ events: ['response.created', 'import.finished'], active: false });
    const none = await w.client.put(`/integrations/webhooks/${id}`, {
      url: receiver.url,
      events: [],
    });
    expect(none.statusCode).toBe(303);
    expect((await w.client.page(`/integrations/webhooks/${id}`)).props.errors?.events).toBeTruthy();

    for (const [method, url] of [
      ['GET', `/integrations/webhooks/${id}`],
      ['POST', `/integrations/webhooks/${id}/test`],
      ['POST', `/integrations/webhooks/${id}/rotate`],
      ['DELETE', `/integrations/webhooks/${id}`],
    ] as const) {
      const res = await other.client.request(method, url);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    const del = await w.client.delete(`/integrations/webhooks/${id}`);
    expect(del.statusCode).toBe(303);
    expect(await deliveriesOf(id)).toHaveLength(0);
  });
});
