import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helpers/app.js';
import { createUser, signedInUser, signIn } from '../../../../test/helpers/auth.js';
import { PusherSocket } from '../../../../test/helpers/pusher-socket.js';
import { drainJobs } from '../../../../test/helpers/jobs.js';
import { jobs, recoverStaleJobs } from '../../platform/jobs/index.js';
import { notifications, notify, type NewNotification } from './index.js';

let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as { port: number }).port;
});
afterAll(() => t.close());

/** Queue one notification for one user, run the queue, and return the stored row. */
async function deliver(userId: string, n: Omit<NewNotification, 'userIds'>) {
  const key = `test:${randomUUID()}`;
  await notify(t.app.ctx, { ...n, key, userIds: [userId] });
  await drainJobs(t.app);
  const [row] = await t.app.ctx.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.eventKey, key)));
  return row;
}

/** n notifications, one second apart (the clock may give rows made within a millisecond the same time) */
async function make(userId: string, n: number, extra: Partial<NewNotification> = {}) {
  const rows = [];
  const start = Date.now() - n * 1000;
  for (let i = 1; i <= n; i++) {
    const row = await deliver(userId, {
      type: 'test.made',
      title: `Notice ${i}`,
      body: `Body ${i}`,
      ...extra,
    });
    await t.app.ctx.db
      .update(notifications)
      .set({ createdAt: new Date(start + i * 1000) })
      .where(eq(notifications.id, row.id));
    rows.push(row);
  }
  return rows;
}

describe('notify()', () => {
  it('queues a job that stores the notification and pushes it on private-user.{id}', async () => {
    const { user, client } = await signedInUser(t.app);
    const s = await PusherSocket.open(port, t.app.ctx.config.pusher.key);
    const channel = `private-user.${user.id}`;
    const auth = await client.post(
      '/broadcasting/auth',
      { socket_id: s.socketId, channel_name: channel },
      { accept: 'application/json' },
    );
    await s.subscribe(channel, auth.json().auth);
    const row = await deliver(user.id, {
      type: 'team.invited',
      title: 'You were invited',
      body: 'Join Acme',
      url: '/teams/1',
    });
    const ev = await s.next('notification.created', channel);
    expect(JSON.parse(ev.data as string)).toEqual({
      id: row.id,
      type: 'team.invited',
      title: 'You were invited',
      body: 'Join Acme',
      url: '/teams/1',
      readAt: null,
      createdAt: row.createdAt.toISOString(),
    });
    await s.close();
  });
});

describe('notifications.deliver', () => {
  it('a retried job (its worker died after the rows committed) makes no duplicate', async () => {
    const a = await createUser(t.app);
    const b = await createUser(t.app);
    const jobId = await notify(t.app.ctx, {
      userIds: [a.id, b.id, a.id],
      teamId: null,
      type: 'test.retried',
      title: 'Once each',
    });
    await drainJobs(t.app);
    const stored = () =>
      t.app.ctx.db.select().from(notifications).where(eq(notifications.type, 'test.retried'));
    expect((await stored()).map((n) => n.userId).sort()).toEqual([a.id, b.id].sort());
    // as if the worker had died before marking the job done: stale-job recovery queues it again
    await t.app.ctx.db
      .update(jobs)
      .set({ status: 'running', lockedAt: new Date(0), lockedBy: 'gone:1:x' })
      .where(eq(jobs.id, jobId!));
    expect(await recoverStaleJobs(t.app.ctx.db, 60_000)).toBe(1);
    expect(await drainJobs(t.app)).toBe(1);
    const [job] = await t.app.ctx.db.select().from(jobs).where(eq(jobs.id, jobId!));
    expect(job).toMatchObject({ status: 'done', attempts: 2 });
    expect(await stored()).toHaveLength(2);
  });

  it('the same event queued twice reaches each recipient once', async () => {
    const a = await createUser(t.app);
    const event = { key: `test.event:${randomUUID()}`, type: 'test.twice', title: 'Hello' };
    await notify(t.app.ctx, { ...event, userIds: [a.id] });
    await notify(t.app.ctx, { ...event, userIds: [a.id] });
    await drainJobs(t.app);
    expect(
      await t.app.ctx.db.select().from(notifications).where(eq(notifications.userId, a.id)),
    ).toHaveLength(1);
  });
});

describe('notification pages and actions', () => {
  it('lists the user own notifications newest first, 10 a page by default, searchable and sortable, with the unread count shared on every page', async () => {
    const { user, client } = await signedInUser(t.app);
    const other = await createUser(t.app);
    await make(user.id, 23);
    await make(other.id, 2, { title: 'Someone else' });
    const page1 = await client.page('/notifications');
    expect(page1.component).toBe('notifications/index');
    expect(page1.props.notifications).toMatchObject({
      total: 23,
      page: 1,
      perPage: 10,
      sort: 'created_at',
      dir: 'desc',
      search: '',
    });
    expect(page1.props.notifications.rows).toHaveLength(10);
    expect(page1.props.notifications.rows[0].title).toBe('Notice 23');
    expect(page1.props.total).toBe(23);
    expect(page1.props.unread).toBe(23);
    expect(page1.props.unreadNotifications).toBe(23);
    const page3 = await client.page('/notifications?page=3');
    expect(page3.props.notifications.rows.map((n: { title: string }) => n.title)).toEqual([
      'Notice 3',
      'Notice 2',
      'Notice 1',
    ]);
    const dash = await client.page('/dashboard');
    expect(dash.props.unreadNotifications).toBe(23);

    // search (title and text), another user's rows never match
    const found = await client.page('/notifications?search=Body%2012');
    expect(found.props.notifications.rows.map((n: { title: string }) => n.title)).toEqual([
      'Notice 12',
    ]);
    expect((await client.page('/notifications?search=Someone')).props.notifications.total).toBe(0);
    const oldest = await client.page('/notifications?sort=created_at&dir=asc&perPage=25');
    expect(oldest.props.notifications.rows).toHaveLength(23);
    expect(oldest.props.notifications.rows[0].title).toBe('Notice 1');

    // nonsense query values fall back to the defaults
    const bad = await client.page('/notifications?page=zero&perPage=7&sort=password');
    expect(bad.props.notifications).toMatchObject({
      page: 1,
      perPage: 10,
      sort: 'created_at',
      dir: 'desc',
    });
  });

  it('the bell endpoint gives the latest five and the unread count', async () => {
    const { user, client } = await signedInUser(t.app);
    await make(user.id, 7);
    const res = await client.get('/notifications/latest', { accept: 'application/json' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.unread).toBe(7);
    expect(body.notifications.map((n: { title: string }) => n.title)).toEqual([
      'Notice 7',
      'Notice 6',
      'Notice 5',
      'Notice 4',
      'Notice 3',
    ]);
  });

  it('marks one read; another user id or a malformed id answers 404 and changes nothing', async () => {
    const a = await signedInUser(t.app);
    const b = await signedInUser(t.app);
    const [mine] = await make(a.user.id, 1);
    const [theirs] = await make(b.user.id, 1);

    const res = await a.client.post(
      `/notifications/${mine.id}/read`,
      {},
      { referer: 'http://localhost:3000/notifications' },
    );
    expect(res.statusCode).toBe(303);
    const [row] = await t.app.ctx.db
      .select()
      .from(notifications)
      .where(eq(notifications.id, mine.id));
    expect(row.readAt).not.toBeNull();
    expect((await a.client.page('/dashboard')).props.unreadNotifications).toBe(0);

    const foreign = await a.client.post(`/notifications/${theirs.id}/read`);
    expect(foreign.statusCode).toBe(404);
    const [still] = await t.app.ctx.db
      .select()
      .from(notifications)
      .where(eq(notifications.id, theirs.id));
    expect(still.readAt).toBeNull();

    expect((await a.client.post('/notifications/not-a-uuid/read')).statusCode).toBe(404);
    expect(
      (await a.client.post('/notifications/00000000-0000-4000-8000-000000000000/read')).statusCode,
    ).toBe(404);
  });

  it('open=1 follows the notification link, only inside the app', async () => {
    const { user, client } = await signedInUser(t.app);
    const [inside] = await make(user.id, 1, { url: '/dashboard' });
    const [outside] = await make(user.id, 1, { url: '//evil.example/x' });
    const r1 = await client.post(`/notifications/${inside.id}/read`, { open: true });
    expect(r1.headers.location).toBe('/dashboard');
    const r2 = await client.post(`/notifications/${outside.id}/read`, { open: true });
    expect(r2.headers.location).not.toContain('evil');
  });

  it('marks all read for this user only', async () => {
    const a = await signedInUser(t.app);
    const b = await signedInUser(t.app);
    await make(a.user.id, 3);
    await make(b.user.id, 2);
    const res = await a.client.post('/notifications/read-all');
    expect(res.statusCode).toBe(303);
    expect((await a.client.page('/notifications')).props.unread).toBe(0);
    expect((await b.client.page('/notifications')).props.unread).toBe(2);
  });

  it('needs a verified, signed-in user; POSTs need the CSRF token', async () => {
    const unverified = await createUser(t.app, { verified: false });
    const c = await signIn(t.app, unverified);
    expect((await c.get('/notifications')).headers.location).toBe('/verify-email');
    const { client } = await signedInUser(t.app);
    expect(
      (await client.post('/notifications/read-all', {}, { 'x-xsrf-token': 'forged' })).statusCode,
    ).toBe(419);
  });
});
