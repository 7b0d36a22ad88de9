import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helpers/app.js';
import { createUser, signIn, signedInUser, type TestUser } from '../../../../test/helpers/auth.js';
import type { TestClient } from '../../../../test/helpers/client.js';
import { seedSubjects } from '../../../../test/helpers/comment-subjects.js';
import { PusherSocket } from '../../../../test/helpers/pusher-socket.js';
import { addMember, createTeamFor } from '../../../../test/helpers/team-membership.js';
import { auditLogs } from '../../platform/audit/audit.tables.js';
import { COMMENT_SUBJECTS, type CommentSubject } from '../../../shared/toc/vocabulary.js';
import type { Role } from '../../../shared/permissions.js';
import { notifications } from '../notifications/index.js';
import { comments } from './index.js';
import { drainJobs } from '../../../../test/helpers/jobs.js';

let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as { port: number }).port;
});
afterAll(() => t.close());

const JSON_HEADERS = { accept: 'application/json' };
/** The thread component's requests: JSON, not Inertia. */
const api = (c: TestClient) => ({
  index: (subjectType: string, subjectId: string) =>
    c.request(
      'GET',
      `/comments?subjectType=${subjectType}&subjectId=${subjectId}`,
      undefined,
      JSON_HEADERS,
      false,
    ),
  store: (body: Record<string, unknown>) =>
    c.request('POST', '/comments', body, JSON_HEADERS, false),
  update: (id: string, body: Record<string, unknown>) =>
    c.request('PUT', `/comments/${id}`, body, JSON_HEADERS, false),
  destroy: (id: string) => c.request('DELETE', `/comments/${id}`, undefined, JSON_HEADERS, false),
});

interface Member {
  user: TestUser;
  client: TestClient;
  api: ReturnType<typeof api>;
}

/** A team with an owner and members of the given roles, and one of every subject. */
async function team(roles: Role[] = ['editor']) {
  const owner = await createUser(t.app, { name: 'Olu Owner' });
  const { id } = await createTeamFor(t.app, owner.id, 'Mentoring NGO');
  const ownerClient = await signIn(t.app, owner);
  const members: Member[] = [];
  for (const [i, role] of roles.entries()) {
    const user = await createUser(t.app, {
      name: `${role[0].toUpperCase()}${role.slice(1)} Person ${i}`,
    });
    await addMember(t.app, id, user.id, role);
    const client = await signIn(t.app, user);
    members.push({ user, client, api: api(client) });
  }
  const subjects = await seedSubjects(t.app, id);
  return {
    teamId: id,
    owner: { user: owner, client: ownerClient, api: api(ownerClient) } as Member,
    members,
    subjects,
  };
}

const mention = (u: TestUser) => `@[${u.name}](${u.id})`;

/** a user's notifications, once the queued notification jobs have run */
async function notificationsOf(userId: string) {
  await drainJobs(t.app);
  return t.app.ctx.db.select().from(notifications).where(eq(notifications.userId, userId));
}

describe('comment threads', () => {
  it('adds and lists comments oldest first with author, initials, resolved mentions, edit rights and the members for the picker', async () => {
    const { owner, members, subjects } = await team(['editor']);
    const [editor] = members;
    const first = await owner.api.store({
      subjectType: 'project',
      subjectId: subjects.project,
      body: `Baseline is in, ${mention(editor.user)} please check.`,
    });
    expect(first.statusCode).toBe(201);
    const created = first.json().comment;
    expect(created).toMatchObject({
      subjectType: 'project',
      subjectId: subjects.project,
      author: { id: owner.user.id, name: 'Olu Owner', initials: 'OO' },
      mentions: [{ id: editor.user.id, name: editor.user.name }],
      editedAt: null,
      canEdit: true,
    });
    const second = await editor.api.store({
      subjectType: 'project',
      subjectId: subjects.project,
      body: 'Checked, looks right.',
    });
    expect(second.statusCode).toBe(201);

    const res = await editor.api.index('project', subjects.project);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const data = res.json();
    expect(data.comments.map((c: { body: string }) => c.body)).toEqual([
      `Baseline is in, ${mention(editor.user)} please check.`,
      'Checked, looks right.',
    ]);
    expect(
      data.comments.map((c: { canEdit: boolean; canDelete: boolean }) => [c.canEdit, c.canDelete]),
    ).toEqual([
      [false, false],
      [true, true],
    ]);
    expect(data.members.map((m: { name: string }) => m.name).sort()).toEqual(
      [editor.user.name, 'Olu Owner'].sort(),
    );
    expect(data.viewer).toEqual({ id: editor.user.id, canComment: true, canModerate: false });
    expect(data.hasOlder).toBe(false);
    // another subject's thread is separate
    expect((await editor.api.index('problem', subjects.problem)).json().comments).toEqual([]);
  });

  it('works on every kind of subject', async () => {
    const { owner, subjects } = await team([]);
    for (const type of COMMENT_SUBJECTS) {
      const res = await owner.api.store({
        subjectType: type,
        subjectId: subjects[type],
        body: `About this ${type}`,
      });
      expect(res.statusCode, type).toBe(201);
      const list = (await owner.api.index(type, subjects[type])).json().comments;
      expect(
        list.map((c: { body: string }) => c.body),
        type,
      ).toEqual([`About this ${type}`]);
    }
  });

  it('another team’s subjects and comments answer 404, for every kind of subject', async () => {
    const a = await team([]);
    const b = await team([]);
    const [theirs] = await t.app.ctx.db
      .insert(comments)
      .values({
        teamId: a.teamId,
        subjectType: 'project',
        subjectId: a.subjects.project,
        authorId: a.owner.user.id,
        body: 'Team A only',
      })
      .returning();
    for (const type of COMMENT_SUBJECTS) {
      expect((await b.owner.api.index(type, a.subjects[type])).statusCode, type).toBe(404);
      expect(
        (
          await b.owner.api.store({
            subjectType: type,
            subjectId: a.subjects[type],
            body: 'sneaky',
          })
        ).statusCode,
        type,
      ).toBe(404);
    }
    expect((await b.owner.api.update(theirs.id, { body: 'changed' })).statusCode).toBe(404);
    expect((await b.owner.api.destroy(theirs.id)).statusCode).toBe(404);
    expect((await b.owner.api.destroy('not-a-uuid')).statusCode).toBe(404);
    // a subject id that exists nowhere, or a subject type mismatch, is not found either
    expect((await a.owner.api.index('problem', a.subjects.project)).statusCode).toBe(404);
    const [row] = await t.app.ctx.db.select().from(comments).where(eq(comments.id, theirs.id));
    expect(row.body).toBe('Team A only');
    expect(
      await t.app.ctx.db.select().from(comments).where(eq(comments.teamId, b.teamId)),
    ).toHaveLength(0);
  });

  it('validates the body and the subject on the field', async () => {
    const { owner, subjects } = await team([]);
    const empty = await owner.api.store({
      subjectType: 'project',
      subjectId: subjects.project,
      body: '   ',
    });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual({ body: 'Write a comment.' });
    const long = await owner.api.store({
      subjectType: 'project',
      subjectId: subjects.project,
      body: 'x'.repeat(5001),
    });
    expect(long.json().errors.body).toBe('A comment may be at most 5,000 characters.');
    expect(
      (
        await owner.api.store({
          subjectType: 'project',
          subjectId: subjects.project,
          body: 'x'.repeat(5000),
        })
      ).statusCode,
    ).toBe(201);
    const kind = await owner.api.store({
      subjectType: 'budget',
      subjectId: subjects.project,
      body: 'hi',
    });
    expect(kind.json().errors.subjectType).toBe('Choose what the comment is about.');
    expect(
      (
        await owner.api.store({
          subjectType: 'project',
          subjectId: subjects.project,
          body: 'hi',
          html: '<b>x</b>',
        })
      ).json().errors.html,
    ).toBe("Unknown field 'html'.");
    expect((await owner.api.index('project', 'nope')).json().errors.subjectId).toBe(
      'That is not a valid id.',
    );
  });

  it('stores markup as plain text (rendering escapes it)', async () => {
    const { owner, subjects } = await team([]);
    const body = '<img src=x onerror=alert(1)> **bold** @[<script>](not-a-member)';
    // the fake mention names nobody in the team: refused
    expect(
      (await owner.api.store({ subjectType: 'project', subjectId: subjects.project, body })).json()
        .errors.body,
    ).toBe('You can only mention members of this team.');
    const ok = await owner.api.store({
      subjectType: 'project',
      subjectId: subjects.project,
      body: '<img src=x onerror=alert(1)>',
    });
    expect(ok.json().comment.body).toBe('<img src=x onerror=alert(1)>');
  });
});

describe('editing and deleting', () => {
  it('only the author edits; others get 403 and nothing changes', async () => {
    const { owner, members, subjects } = await team(['editor', 'admin']);
    const [editor, admin] = members;
    const mine = (
      await editor.api.store({
        subjectType: 'element',
        subjectId: subjects.element,
        body: 'First draft',
      })
    ).json().comment;
    for (const other of [owner, admin]) {
      const res = await other.api.update(mine.id, { body: 'Hijacked' });
      expect(res.statusCode).toBe(403);
      expect(res.json().detail).toBe('You can edit only your own comments.');
    }
    const edited = await editor.api.update(mine.id, { body: 'Second draft' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().comment.body).toBe('Second draft');
    expect(edited.json().comment.editedAt).not.toBeNull();
    const list = (await owner.api.index('element', subjects.element)).json().comments;
    expect(list.map((c: { body: string }) => c.body)).toEqual(['Second draft']);
  });

  it('the author deletes their own; owners and admins delete anyone’s; editors and viewers may not delete others’', async () => {
    const { owner, members, subjects } = await team(['editor', 'viewer', 'admin']);
    const [editor, viewer, admin] = members;
    const post = async (m: Member, body: string) =>
      (await m.api.store({ subjectType: 'metric', subjectId: subjects.metric, body })).json()
        .comment.id as string;
    const byOwner = await post(owner, 'from the owner');
    const byViewer = await post(viewer, 'from the viewer');
    const byEditor = await post(editor, 'from the editor');

    expect((await editor.api.destroy(byOwner)).statusCode).toBe(403);
    expect((await viewer.api.destroy(byEditor)).statusCode).toBe(403);
    expect((await editor.api.destroy(byEditor)).statusCode).toBe(204);
    expect((await admin.api.destroy(byOwner)).statusCode).toBe(204);
    expect((await owner.api.destroy(byViewer)).statusCode).toBe(204);
    expect((await owner.api.destroy(byViewer)).statusCode).toBe(404);
    expect((await owner.api.index('metric', subjects.metric)).json().comments).toEqual([]);

    const admins = (await admin.api.index('metric', subjects.metric)).json();
    expect(admins.viewer.canModerate).toBe(true);
  });

  it('viewers may comment (comment.create is granted to every role) and edit their own comments', async () => {
    const { members, subjects } = await team(['viewer']);
    const [viewer] = members;
    const res = await viewer.api.store({
      subjectType: 'data_point',
      subjectId: subjects.data_point,
      body: 'Where does this number come from?',
    });
    expect(res.statusCode).toBe(201);
    expect(
      (await viewer.api.update(res.json().comment.id, { body: 'Where does this come from?' }))
        .statusCode,
    ).toBe(200);
    expect(
      (await viewer.api.index('data_point', subjects.data_point)).json().viewer.canComment,
    ).toBe(true);
  });

  it('audits create, update and delete with an excerpt, never the whole body', async () => {
    const { owner, subjects } = await team([]);
    const long = `Start of a long note. ${'lorem ipsum '.repeat(40)}THE SECRET END`;
    const id = (
      await owner.api.store({ subjectType: 'problem', subjectId: subjects.problem, body: long })
    ).json().comment.id;
    await owner.api.update(id, { body: `${long} edited` });
    await owner.api.destroy(id);
    const rows = await t.app.ctx.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.subjectType, 'comment'), eq(auditLogs.subjectId, id)));
    expect(rows.map((r) => r.action).sort()).toEqual([
      'comment.created',
      'comment.deleted',
      'comment.updated',
    ]);
    for (const r of rows) {
      expect(r.subjectLabel).toBe('Girls drop out after grade 6');
      expect(r.details).toMatchObject({ on: 'problem', onId: subjects.problem });
      const excerpt = (r.details as { excerpt: string }).excerpt;
      expect(excerpt.startsWith('Start of a long note.')).toBe(true);
      expect(excerpt.length).toBeLessThanOrEqual(100);
      expect(JSON.stringify(r.details)).not.toContain('THE SECRET END');
    }
  });
});

describe('mentions', () => {
  it('refuses a mention of someone outside the team, on the body field', async () => {
    const { owner, subjects } = await team([]);
    const stranger = await createUser(t.app, { name: 'Stranger Danger' });
    const res = await owner.api.store({
      subjectType: 'project',
      subjectId: subjects.project,
      body: `Hey ${mention(stranger)}`,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ body: 'You can only mention members of this team.' });
    expect(await notificationsOf(stranger.id)).toHaveLength(0);
  });

  it('notifies each mentioned member once, never the author; an edit notifies only the newly mentioned', async () => {
    const { owner, members, subjects, teamId } = await team(['editor', 'viewer']);
    const [editor, viewer] = members;
    const body = `${mention(editor.user)} and ${mention(editor.user)} and me ${mention(owner.user)}: is the baseline right?`;
    const id = (
      await owner.api.store({ subjectType: 'project', subjectId: subjects.project, body })
    ).json().comment.id;
    const forEditor = await notificationsOf(editor.user.id);
    expect(forEditor).toHaveLength(1);
    expect(forEditor[0]).toMatchObject({
      type: 'comment.mentioned',
      teamId,
      title: 'Olu Owner mentioned you on Girls in school',
    });
    // the link to the project page (null until the projects module registers projects.show)
    expect([null, `/projects/${subjects.project}`]).toContain(forEditor[0].url);
    expect(forEditor[0].body).toBe(
      `@${editor.user.name} and @${editor.user.name} and me @Olu Owner: is the baseline right?`,
    );
    expect(await notificationsOf(owner.user.id)).toHaveLength(0);

    await owner.api.update(id, { body: `${body} cc ${mention(viewer.user)}` });
    expect(await notificationsOf(editor.user.id)).toHaveLength(1);
    expect(await notificationsOf(viewer.user.id)).toHaveLength(1);
    const [row] = await t.app.ctx.db.select().from(comments).where(eq(comments.id, id));
    expect(row.mentions).toEqual([editor.user.id, owner.user.id, viewer.user.id]);
  });
});

describe('limits', () => {
  it('posting and editing: 20 a minute per person, then 429 with the reason on the body field and nothing stored; others may still post', async () => {
    const { owner, members, subjects } = await team(['editor']);
    const [editor] = members;
    let id = '';
    for (let i = 0; i < 20; i++) {
      const res =
        i < 19
          ? await owner.api.store({
              subjectType: 'project',
              subjectId: subjects.project,
              body: `Comment ${i} ${mention(editor.user)}`,
            })
          : await owner.api.update(id, { body: 'edited' });
      expect(res.statusCode, res.body).toBe(i < 19 ? 201 : 200);
      if (i === 0) id = res.json().comment.id;
    }
    const before = await t.app.ctx.db
      .select()
      .from(comments)
      .where(eq(comments.subjectId, subjects.project));
    const blocked = await owner.api.store({
      subjectType: 'project',
      subjectId: subjects.project,
      body: `One more ${mention(editor.user)}`,
    });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      errors: {
        body: expect.stringMatching(/^You are commenting too quickly\. Please try again in /),
      },
    });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await owner.api.update(id, { body: 'edited again' })).statusCode).toBe(429);
    expect(
      await t.app.ctx.db.select().from(comments).where(eq(comments.subjectId, subjects.project)),
    ).toHaveLength(before.length);
    expect(await notificationsOf(editor.user.id)).toHaveLength(19);
    expect(
      (
        await editor.api.store({
          subjectType: 'project',
          subjectId: subjects.project,
          body: 'Mine still works',
        })
      ).statusCode,
    ).toBe(201);
  });

  it('a mention notifies at most once per comment, however often an edit drops and re-adds it', async () => {
    const { owner, members, subjects } = await team(['editor']);
    const [editor] = members;
    const id = (
      await owner.api.store({
        subjectType: 'project',
        subjectId: subjects.project,
        body: `Hi ${mention(editor.user)}`,
      })
    ).json().comment.id;
    for (const body of [
      'Hi nobody',
      `Hi again ${mention(editor.user)}`,
      'Gone',
      `Back ${mention(editor.user)}`,
    ])
      expect((await owner.api.update(id, { body })).statusCode).toBe(200);
    expect(await notificationsOf(editor.user.id)).toHaveLength(1);
  });
});

describe('live events on the team channel', () => {
  it('a member subscribed to private-team.{id} receives comment.created, .updated and .deleted; another team does not', async () => {
    const { owner, members, subjects, teamId } = await team(['viewer']);
    const [viewer] = members;
    const other = await signedInUser(t.app);
    const otherTeam = await createTeamFor(t.app, other.user.id);

    const s = await PusherSocket.open(port, t.app.ctx.config.pusher.key);
    const channel = `private-team.${teamId}`;
    const auth = await viewer.client.post(
      '/broadcasting/auth',
      { socket_id: s.socketId, channel_name: channel },
      { accept: 'application/json' },
    );
    expect(auth.statusCode).toBe(200);
    await s.subscribe(channel, auth.json().auth);
    // an outsider cannot listen in
    const denied = await other.client.post(
      '/broadcasting/auth',
      { socket_id: s.socketId, channel_name: channel },
      { accept: 'application/json' },
    );
    expect(denied.statusCode).toBe(403);
    const s2 = await PusherSocket.open(port, t.app.ctx.config.pusher.key);
    const otherChannel = `private-team.${otherTeam.id}`;
    await s2.subscribe(
      otherChannel,
      (
        await other.client.post(
          '/broadcasting/auth',
          { socket_id: s2.socketId, channel_name: otherChannel },
          { accept: 'application/json' },
        )
      ).json().auth,
    );

    const created = (
      await owner.api.store({
        subjectType: 'survey_question',
        subjectId: subjects.survey_question,
        body: 'Add a “don’t know” option?',
      })
    ).json().comment;
    const ev = JSON.parse((await s.next('comment.created', channel)).data as string);
    expect(ev).toEqual({
      subjectType: 'survey_question',
      subjectId: subjects.survey_question,
      comment: {
        id: created.id,
        subjectType: 'survey_question',
        subjectId: subjects.survey_question,
        author: { id: owner.user.id, name: 'Olu Owner', initials: 'OO' },
        body: 'Add a “don’t know” option?',
        mentions: [],
        editedAt: null,
        createdAt: created.createdAt,
      },
    });

    await owner.api.update(created.id, { body: 'Add a “not sure” option?' });
    const up = JSON.parse((await s.next('comment.updated', channel)).data as string);
    expect(up.comment).toMatchObject({ id: created.id, body: 'Add a “not sure” option?' });
    expect(up.comment.editedAt).not.toBeNull();

    await owner.api.destroy(created.id);
    const del = JSON.parse((await s.next('comment.deleted', channel)).data as string);
    expect(del).toEqual({
      subjectType: 'survey_question',
      subjectId: subjects.survey_question,
      comment: { id: created.id },
    });

    await s2.barrier();
    expect(s2.received.filter((m) => m.event.startsWith('comment.'))).toEqual([]);
    await s.close();
    await s2.close();
  });

  it('a comment too large for one event is announced without its body (the thread reloads)', async () => {
    const { owner, subjects, teamId } = await team([]);
    const s = await PusherSocket.open(port, t.app.ctx.config.pusher.key);
    const channel = `private-team.${teamId}`;
    await s.subscribe(
      channel,
      (
        await owner.client.post(
          '/broadcasting/auth',
          { socket_id: s.socketId, channel_name: channel },
          { accept: 'application/json' },
        )
      ).json().auth,
    );
    const big = '🌍'.repeat(2500); // 5,000 UTF-16 units, 10,000 bytes of UTF-8
    const res = await owner.api.store({
      subjectType: 'project' as CommentSubject,
      subjectId: subjects.project,
      body: big,
    });
    expect(res.statusCode, res.body).toBe(201);
    const ev = JSON.parse((await s.next('comment.created', channel)).data as string);
    expect(ev).toEqual({ subjectType: 'project', subjectId: subjects.project, comment: null });
    await s.close();
  });
});

describe('removed subjects take their comments with them (the cascade subscriber)', () => {
  const onSubjects = async (teamId: string, ids: string[]) =>
    (await t.app.ctx.db.select().from(comments).where(eq(comments.teamId, teamId)))
      .filter((c) => ids.includes(c.subjectId))
      .map((c) => c.subjectType)
      .sort();

  it('a removal of any type deletes the comments of those subjects in that team only', async () => {
    const { owner, teamId, subjects } = await team([]);
    const stranger = await team([]);
    for (const type of COMMENT_SUBJECTS)
      await owner.api.store({ subjectType: type, subjectId: subjects[type], body: `on ${type}` });
    await stranger.owner.api.store({
      subjectType: 'metric',
      subjectId: stranger.subjects.metric,
      body: 'elsewhere',
    });
    // another team's id removes nothing
    await t.app.ctx.cascades.removing({
      tx: t.app.ctx.db,
      teamId,
      subjectType: 'metric',
      ids: [stranger.subjects.metric],
    });
    expect(await onSubjects(stranger.teamId, [stranger.subjects.metric])).toEqual(['metric']);
    await t.app.ctx.cascades.removing({
      tx: t.app.ctx.db,
      teamId,
      subjectType: 'survey_question',
      ids: [subjects.survey_question],
    });
    expect(await onSubjects(teamId, Object.values(subjects))).toEqual([
      'data_point',
      'element',
      'link',
      'metric',
      'problem',
      'project',
    ]);
  });

  it('deleting a problem removes the threads of the problem, its elements and links; deleting the project, the rest', async () => {
    const { owner, teamId, subjects } = await team([]);
    const other = await seedSubjects(t.app, teamId, 'Other project');
    for (const s of [subjects, other])
      for (const type of ['project', 'problem', 'element', 'link'] as const)
        await owner.api.store({ subjectType: type, subjectId: s[type], body: `on ${type}` });
    expect((await owner.client.delete(`/problems/${subjects.problem}`)).statusCode).toBe(303);
    expect(await onSubjects(teamId, Object.values(subjects))).toEqual(['project']);
    expect(await onSubjects(teamId, Object.values(other))).toEqual([
      'element',
      'link',
      'problem',
      'project',
    ]);
    expect(
      (await owner.client.delete(`/projects/${other.project}`, { confirm: 'Other project' }))
        .statusCode,
    ).toBe(303);
    expect(await onSubjects(teamId, Object.values(other))).toEqual([]);
    expect(await onSubjects(teamId, Object.values(subjects))).toEqual(['project']);
  });
});
