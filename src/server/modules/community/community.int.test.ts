import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helpers/app.js';
import { createUser, signIn, type TestUser } from '../../../../test/helpers/auth.js';
import type { TestClient } from '../../../../test/helpers/client.js';
import { drainJobs } from '../../../../test/helpers/jobs.js';
import { PusherSocket } from '../../../../test/helpers/pusher-socket.js';
import { XSS_PAYLOADS } from '../../../../test/helpers/xss-payloads.js';
import { auditLogs } from '../../platform/audit/audit.tables.js';
import { POSTS_PER_MINUTE } from '../../../shared/community/community.js';
import { docOf, type RichDoc } from '../../../shared/community/rich-text.js';
import { notifications } from '../notifications/index.js';
import { communityThreads } from './community.tables.js';

let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as { port: number }).port;
});
afterAll(() => t.close());

const JSON_H = { accept: 'application/json' };
interface Person {
  user: TestUser;
  c: TestClient;
  send(method: string, url: string, body?: unknown): ReturnType<TestClient['request']>;
}
async function person(name: string): Promise<Person> {
  const user = await createUser(t.app, { name });
  const c = await signIn(t.app, user);
  return { user, c, send: (m, url, body) => c.request(m, url, body, JSON_H, false) };
}
const mention = (id: string, label: string): RichDoc => ({
  type: 'doc',
  content: [
    {
      type: 'paragraph',
      content: [
        { type: 'text', text: 'Over to ' },
        { type: 'mention', attrs: { id, label } },
      ],
    },
  ],
});

async function community(owner: Person, joinPolicy: 'open' | 'request' = 'open') {
  const name = `WASH practitioners ${Math.random().toString(36).slice(2, 8)}`;
  const res = await owner.send('POST', '/community/communities', {
    name,
    description: 'Water, sanitation and hygiene',
    joinPolicy,
  });
  expect(res.statusCode).toBe(303);
  return res.headers.location!.split('/').pop()!;
}
async function thread(
  p: Person,
  communityId: string,
  title = 'Handwashing baselines',
  body = docOf('How do you measure it?'),
) {
  const res = await p.send('POST', `/community/communities/${communityId}/threads`, {
    title,
    body,
  });
  expect(res.statusCode, res.body).toBe(303);
  return res.headers.location!.split('/').pop()!;
}
async function respond(p: Person, threadId: string, body: RichDoc, parentId?: string) {
  return p.send('POST', `/community/threads/${threadId}/posts`, {
    body,
    ...(parentId ? { parentId } : {}),
  });
}
const postIdOf = (location: string) => location.split('#post-')[1];

describe('community membership', () => {
  it('the creator owns it; open communities let anyone in; others ask and a moderator approves', async () => {
    const owner = await person('Olu Owner');
    const ann = await person('Ann Member');
    const rey = await person('Rey Requester');
    const open = await community(owner, 'open');
    const closed = await community(owner, 'request');

    const show = await owner.c.page(`/community/communities/${open}`);
    expect(show.props.community.myRole).toBe('owner');

    expect((await ann.send('POST', `/community/communities/${open}/join`)).statusCode).toBe(303);
    expect((await ann.c.page(`/community/communities/${open}`)).props.community.myStatus).toBe(
      'active',
    );

    // a request waits: no threads, no thread pages
    const tid = await thread(owner, closed);
    expect((await rey.send('POST', `/community/communities/${closed}/join`)).statusCode).toBe(303);
    const waiting = await rey.c.page(`/community/communities/${closed}`);
    expect(waiting.props.community.myStatus).toBe('pending');
    expect(waiting.props.threads).toEqual([]);
    expect((await rey.send('GET', `/community/threads/${tid}`)).statusCode).toBe(404);
    expect((await respond(rey, tid, docOf('let me in'))).statusCode).toBe(404);

    // Ann (a member elsewhere, not here) cannot approve; the owner can
    expect(
      (await ann.send('POST', `/community/communities/${closed}/members/${rey.user.id}/approve`))
        .statusCode,
    ).toBe(404);
    expect(
      (await owner.send('POST', `/community/communities/${closed}/members/${rey.user.id}/approve`))
        .statusCode,
    ).toBe(303);
    expect((await rey.c.page(`/community/threads/${tid}`)).props.thread.title).toBe(
      'Handwashing baselines',
    );
    await drainJobs(t.app);
    const told = await t.app.ctx.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, rey.user.id));
    expect(told.map((n) => n.type)).toEqual(['community.approved']);

    const actions = (
      await t.app.ctx.db
        .select({ a: auditLogs.action })
        .from(auditLogs)
        .where(eq(auditLogs.userId, owner.user.id))
    ).map((r) => r.a);
    expect(actions).toEqual(
      expect.arrayContaining(['community.created', 'community.member_approved']),
    );
  });

  it('roles: the owner names moderators; moderators remove members but not other moderators; the owner stays', async () => {
    const owner = await person('Olu Owner');
    const mod = await person('Mo Moderator');
    const mod2 = await person('Max Moderator');
    const mem = await person('Mia Member');
    const id = await community(owner);
    for (const p of [mod, mod2, mem]) await p.send('POST', `/community/communities/${id}/join`);
    // only the owner changes roles
    expect(
      (
        await mod.send('PUT', `/community/communities/${id}/members/${mem.user.id}`, {
          role: 'moderator',
        })
      ).statusCode,
    ).toBe(403);
    for (const p of [mod, mod2])
      expect(
        (
          await owner.send('PUT', `/community/communities/${id}/members/${p.user.id}`, {
            role: 'moderator',
          })
        ).statusCode,
      ).toBe(303);
    expect(
      (await mod.send('DELETE', `/community/communities/${id}/members/${mod2.user.id}`)).statusCode,
    ).toBe(403);
    expect(
      (await mod.send('DELETE', `/community/communities/${id}/members/${owner.user.id}`))
        .statusCode,
    ).toBe(403);
    expect(
      (await mem.send('DELETE', `/community/communities/${id}/members/${mod.user.id}`)).statusCode,
    ).toBe(403);
    expect(
      (await mod.send('DELETE', `/community/communities/${id}/members/${mem.user.id}`)).statusCode,
    ).toBe(303);
    expect((await mem.c.page(`/community/communities/${id}`)).props.community.myRole).toBeNull();
    expect((await owner.send('POST', `/community/communities/${id}/leave`)).statusCode).toBe(403);
    expect((await mod2.send('POST', `/community/communities/${id}/leave`)).statusCode).toBe(303);
  });

  it('the community channel lets only its members listen', async () => {
    const owner = await person('Olu Owner');
    const stranger = await person('Sam Stranger');
    const id = await community(owner);
    const s = await PusherSocket.open(port, t.app.ctx.config.pusher.key);
    const channel = `private-community.${id}`;
    const ask = (p: Person) =>
      p.c.post('/broadcasting/auth', { socket_id: s.socketId, channel_name: channel }, JSON_H);
    expect((await ask(owner)).statusCode).toBe(200);
    expect((await ask(stranger)).statusCode).toBe(403);
    await stranger.send('POST', `/community/communities/${id}/join`);
    const granted = await ask(stranger);
    expect(granted.statusCode).toBe(200);
    await s.subscribe(channel, granted.json().auth);
    // a new response reaches the members listening
    const tid = await thread(owner, id);
    await respond(owner, tid, docOf('Live'));
    const live = await s.next('community.post.created', channel);
    expect(JSON.parse(live.data as string)).toMatchObject({
      threadId: tid,
      authorId: owner.user.id,
    });
    // removed: the subscription ends at once
    await owner.send('DELETE', `/community/communities/${id}/members/${stranger.user.id}`);
    await s.next('pusher:subscription_error', channel);
    s.close();
  });
});

describe('community threads and posts', () => {
  it('only the author edits; the author or a moderator deletes', async () => {
    const owner = await person('Olu Owner');
    const ann = await person('Ann Author');
    const ben = await person('Ben Bystander');
    const id = await community(owner);
    for (const p of [ann, ben]) await p.send('POST', `/community/communities/${id}/join`);
    const tid = await thread(ann, id);
    const edit = { title: 'Handwashing, revised', body: docOf('Revised') };
    expect((await ben.send('PUT', `/community/threads/${tid}`, edit)).statusCode).toBe(403);
    expect((await owner.send('PUT', `/community/threads/${tid}`, edit)).statusCode).toBe(403);
    expect((await ann.send('PUT', `/community/threads/${tid}`, edit)).statusCode).toBe(303);
    const r = await respond(ann, tid, docOf('A response'));
    const pid = postIdOf(r.headers.location!);
    expect(
      (await ben.send('PUT', `/community/posts/${pid}`, { body: docOf('mine now') })).statusCode,
    ).toBe(403);
    expect((await ben.send('DELETE', `/community/posts/${pid}`)).statusCode).toBe(403);
    expect((await owner.send('DELETE', `/community/posts/${pid}`)).statusCode).toBe(303);
    expect((await ben.send('DELETE', `/community/threads/${tid}`)).statusCode).toBe(403);
    expect((await ann.send('DELETE', `/community/threads/${tid}`)).statusCode).toBe(303);
    expect((await ann.send('GET', `/community/threads/${tid}`)).statusCode).toBe(404);
  });

  it('replies nest one level; hidden posts and threads are invisible to members, not to moderators', async () => {
    const owner = await person('Olu Owner');
    const mem = await person('Mia Member');
    const id = await community(owner);
    await mem.send('POST', `/community/communities/${id}/join`);
    const tid = await thread(mem, id);
    const r1 = postIdOf((await respond(mem, tid, docOf('Response one'))).headers.location!);
    const reply = postIdOf((await respond(owner, tid, docOf('A reply'), r1)).headers.location!);
    // a reply to a reply is refused
    const deeper = await respond(mem, tid, docOf('deeper'), reply);
    expect(deeper.statusCode).toBe(422);
    expect(deeper.json().errors.parentId).toBe('Reply to a response of this thread.');
    let page = await mem.c.page(`/community/threads/${tid}`);
    expect(page.props.posts).toHaveLength(1);
    expect(page.props.posts[0].replies.map((p: { html: string }) => p.html)).toEqual([
      '<p>A reply</p>',
    ]);

    expect(
      (await mem.send('POST', `/community/posts/${r1}/hide`, { hidden: true })).statusCode,
    ).toBe(403);
    expect(
      (await owner.send('POST', `/community/posts/${r1}/hide`, { hidden: true })).statusCode,
    ).toBe(303);
    page = await mem.c.page(`/community/threads/${tid}`);
    expect(page.props.posts).toEqual([]);
    expect(JSON.stringify(page.props)).not.toContain('A reply');
    const modView = await owner.c.page(`/community/threads/${tid}`);
    expect(modView.props.posts[0].hidden).toBe(true);

    expect(
      (await owner.send('POST', `/community/threads/${tid}/hide`, { hidden: true })).statusCode,
    ).toBe(303);
    expect((await mem.send('GET', `/community/threads/${tid}`)).statusCode).toBe(404);
    expect((await mem.c.page('/community')).props.threads).toEqual([]);
    expect(
      (await owner.c.page('/community')).props.threads.map((x: { id: string }) => x.id),
    ).toContain(tid);
    const actions = (
      await t.app.ctx.db
        .select({ a: auditLogs.action })
        .from(auditLogs)
        .where(eq(auditLogs.userId, owner.user.id))
    ).map((r) => r.a);
    expect(actions).toEqual(
      expect.arrayContaining(['community.post_hidden', 'community.thread_hidden']),
    );
  });

  it('a locked thread refuses responses and replies until it is opened again', async () => {
    const owner = await person('Olu Owner');
    const mem = await person('Mia Member');
    const id = await community(owner);
    await mem.send('POST', `/community/communities/${id}/join`);
    const tid = await thread(mem, id);
    expect(
      (await mem.send('POST', `/community/threads/${tid}/lock`, { locked: true })).statusCode,
    ).toBe(403);
    expect(
      (await owner.send('POST', `/community/threads/${tid}/lock`, { locked: true })).statusCode,
    ).toBe(303);
    const refused = await respond(mem, tid, docOf('Too late'));
    expect(refused.statusCode).toBe(409);
    expect(refused.body).toContain('This thread is locked: it takes no more responses.');
    expect((await mem.c.page(`/community/threads/${tid}`)).props.viewer.canPost).toBe(false);
    await owner.send('POST', `/community/threads/${tid}/lock`, { locked: false });
    expect((await respond(mem, tid, docOf('Now then'))).statusCode).toBe(303);
  });

  it('mentions notify each member once; followers hear about responses; non-members cannot be mentioned', async () => {
    const owner = await person('Olu Owner');
    const ben = await person('Ben Mentioned');
    const fay = await person('Fay Follower');
    const out = await person('Oscar Outsider');
    const id = await community(owner);
    for (const p of [ben, fay]) await p.send('POST', `/community/communities/${id}/join`);
    const tid = await thread(owner, id);
    expect(
      (await fay.send('POST', `/community/threads/${tid}/follow`, { following: true })).statusCode,
    ).toBe(303);

    const refused = await respond(owner, tid, mention(out.user.id, 'Oscar'));
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.body).toBe('You can only mention members of this community.');

    const pid = postIdOf(
      (await respond(owner, tid, mention(ben.user.id, 'Ben'))).headers.location!,
    );
    // an edit that drops and re-adds the mention tells nobody again
    await owner.send('PUT', `/community/posts/${pid}`, { body: docOf('no mention') });
    await owner.send('PUT', `/community/posts/${pid}`, { body: mention(ben.user.id, 'Ben') });
    await drainJobs(t.app);
    const of = async (u: TestUser) =>
      (await t.app.ctx.db.select().from(notifications).where(eq(notifications.userId, u.id))).map(
        (n) => n.type,
      );
    expect(await of(ben.user)).toEqual(['community.mentioned']);
    expect(await of(fay.user)).toEqual(['community.replied']);
    expect(await of(owner.user)).toEqual([]);
    const [n] = await t.app.ctx.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, ben.user.id));
    expect(n.title).toBe('Olu Owner mentioned you in “Handwashing baselines”');
    expect(n.body).toBe('Over to @Ben Mentioned');
  });

  it('reports reach the moderators only; reactions toggle per person', async () => {
    const owner = await person('Olu Owner');
    const mem = await person('Mia Member');
    const id = await community(owner);
    await mem.send('POST', `/community/communities/${id}/join`);
    const tid = await thread(owner, id);
    const report = { targetType: 'thread', targetId: tid, reason: 'Off topic for WASH' };
    expect((await mem.send('POST', '/community/reports', report)).statusCode).toBe(303);
    expect((await mem.c.page(`/community/communities/${id}`)).props.reports).toEqual([]);
    const open = (await owner.c.page(`/community/communities/${id}`)).props.reports;
    expect(open.map((r: { reason: string; reporter: string }) => [r.reason, r.reporter])).toEqual([
      ['Off topic for WASH', 'Mia Member'],
    ]);
    expect((await mem.send('POST', `/community/reports/${open[0].id}/resolve`)).statusCode).toBe(
      403,
    );
    expect((await owner.send('POST', `/community/reports/${open[0].id}/resolve`)).statusCode).toBe(
      303,
    );
    expect((await owner.c.page(`/community/communities/${id}`)).props.reports).toEqual([]);

    const react = (p: Person, on: boolean) =>
      p.send('POST', `/community/threads/${tid}/reactions`, { reaction: 'insightful', on });
    await react(mem, true);
    await react(mem, true);
    await react(owner, true);
    const counts = async (p: Person) =>
      (await p.c.page(`/community/threads/${tid}`)).props.thread.reactions.find(
        (r: { reaction: string }) => r.reaction === 'insightful',
      );
    expect(await counts(mem)).toEqual({ reaction: 'insightful', count: 2, mine: true });
    await react(mem, false);
    expect(await counts(mem)).toEqual({ reaction: 'insightful', count: 1, mine: false });
  });

  it('limits posting per person and minute', async () => {
    const owner = await person('Rapid Poster');
    const id = await community(owner);
    const tid = await thread(owner, id);
    for (let i = 1; i < POSTS_PER_MINUTE; i++)
      expect((await respond(owner, tid, docOf(`post ${i}`))).statusCode).toBe(303);
    const limited = await respond(owner, tid, docOf('one too many'));
    expect(limited.statusCode).toBe(429);
    expect(limited.json().errors.body).toMatch(/^You are posting too quickly/);
    // refused input does not count against anyone: it is refused before the limit
    expect((await respond(owner, tid, { type: 'doc' } as RichDoc)).statusCode).toBe(422);
  });

  it('refuses hostile editor JSON whole, and renders accepted text escaped', async () => {
    const owner = await person('Xavier Tester');
    const id = await community(owner);
    const tid = await thread(owner, id);
    let accepted = 0;
    for (const p of XSS_PAYLOADS.filter((x) => !x.name.startsWith('raw HTML'))) {
      const res = await owner.send('POST', `/community/communities/${id}/threads`, {
        title: 'Hostile',
        body: p.doc,
      });
      if (res.statusCode === 303) accepted += 1;
      else {
        expect(res.statusCode, p.name).toBe(422);
        expect(res.json().errors.body, p.name).toBeTruthy();
      }
    }
    // even the escaped mention label is refused here: its id names no member
    expect(accepted).toBe(0);
    const raw = XSS_PAYLOADS.filter((x) => x.name.startsWith('raw HTML')).flatMap(
      (x) => x.doc.content!,
    );
    const r = await respond(owner, tid, { type: 'doc', content: raw } as RichDoc);
    expect(r.statusCode).toBe(303);
    const page = await owner.c.page(`/community/threads/${tid}`);
    const html: string = page.props.posts[0].html;
    expect(html).not.toMatch(/<(script|img|svg|iframe|object|embed|style|meta|base|a\s)/i);
    expect(html).toContain('&lt;script&gt;window.__xss=1&lt;/script&gt;');
    const [row] = await t.app.ctx.db
      .select({ n: communityThreads.id })
      .from(communityThreads)
      .where(and(eq(communityThreads.communityId, id), eq(communityThreads.title, 'Hostile')));
    expect(row).toBeUndefined();
  });

  it('searches thread titles and text with wildcards taken literally; sorts by activity', async () => {
    const owner = await person('Sara Search');
    const id = await community(owner);
    const a = await thread(owner, id, 'Coverage at 100% of schools');
    const b = await thread(owner, id, 'Coverage at 1000 schools');
    const hit = await owner.c.page('/community?search=100%25');
    expect(hit.props.threads.map((x: { id: string }) => x.id)).toEqual([a]);
    expect((await owner.c.page('/community?search=_')).props.threads).toEqual([]);
    await respond(owner, a, docOf('bump'));
    const active = await owner.c.page('/community?sort=active');
    expect(active.props.threads.slice(0, 2).map((x: { id: string }) => x.id)).toEqual([a, b]);
    const newest = await owner.c.page('/community?sort=newest');
    expect(newest.props.threads.slice(0, 2).map((x: { id: string }) => x.id)).toEqual([b, a]);
  });
});
