import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helpers/app.js';
import { signedInUser, type TestUser } from '../../../../test/helpers/auth.js';
import { addMember, createTeamFor } from '../../../../test/helpers/team-membership.js';
import type { TestClient } from '../../../../test/helpers/client.js';
import { auditLogs } from '../../platform/audit/audit.tables.js';

let t: TestApp;
let owner: { user: TestUser; client: TestClient };
let editor: { user: TestUser; client: TestClient };
let viewer: { user: TestUser; client: TestClient };
let admin: { user: TestUser; client: TestClient };
let outsider: { user: TestUser; client: TestClient };
let team: { id: string; name: string };
let otherTeam: { id: string; name: string };

type Row = {
  id: string;
  action: string;
  actionLabel: string;
  who: { name: string; email: string } | null;
  subject: string | null;
  ip: string | null;
  createdAt: string;
};

function entry(
  u: TestUser,
  teamId: string | null,
  action: string,
  createdAt: string,
  extra: Partial<typeof auditLogs.$inferInsert> = {},
) {
  return {
    teamId,
    userId: u.id,
    actorName: u.name,
    actorEmail: u.email,
    action,
    createdAt: new Date(createdAt),
    ip: '203.0.113.7',
    ...extra,
  };
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await signedInUser(t.app, { name: 'Olive Owner' });
  editor = await signedInUser(t.app, { name: 'Eddie Editor' });
  viewer = await signedInUser(t.app, { name: 'Vera Viewer' });
  admin = await signedInUser(t.app, { name: 'Ada Admin' });
  outsider = await signedInUser(t.app, { name: 'Otto Outsider' });
  team = await createTeamFor(t.app, owner.user.id, 'Field Team');
  await addMember(t.app, team.id, editor.user.id, 'editor');
  await addMember(t.app, team.id, viewer.user.id, 'viewer');
  await addMember(t.app, team.id, admin.user.id, 'admin');
  otherTeam = await createTeamFor(t.app, outsider.user.id, 'Other Team');

  const rows = [
    entry(owner.user, team.id, 'token.created', '2026-03-01T10:00:00Z', {
      subjectType: 'api_token',
      subjectLabel: 'CI deploys',
      details: { name: 'CI deploys', abilities: ['read'] },
    }),
    entry(owner.user, team.id, 'team.member_added', '2026-03-02T10:00:00Z', {
      subjectType: 'user',
      subjectLabel: 'Eddie Editor',
    }),
    entry(editor.user, null, 'auth.login', '2026-03-03T09:00:00Z', { ip: '198.51.100.4' }),
    entry(viewer.user, null, 'auth.logout', '2026-03-04T09:00:00Z'),
    // another team's entries and an outsider's sign-in: never on this team's page
    entry(outsider.user, otherTeam.id, 'team.updated', '2026-03-03T12:00:00Z', {
      subjectLabel: 'Other Team',
    }),
    entry(outsider.user, null, 'auth.login', '2026-03-03T13:00:00Z', { ip: '192.0.2.99' }),
    // an entry of this team by someone with no name (e.g. a system job)
    {
      teamId: team.id,
      userId: null,
      actorName: null,
      actorEmail: null,
      action: 'import.finished',
      createdAt: new Date('2026-03-05T08:00:00Z'),
    },
  ];
  // 20 more owner entries for paging, in April
  for (let i = 0; i < 20; i++)
    rows.push(
      entry(
        owner.user,
        team.id,
        'team.updated',
        `2026-04-${String(i + 1).padStart(2, '0')}T08:00:00Z`,
        { subjectLabel: `Change ${i + 1}` },
      ),
    );
  await t.app.ctx.db.insert(auditLogs).values(rows);
});
afterAll(() => t.close());

async function logs(client: TestClient, qs = '') {
  const page = await client.page(`/logs${qs}`);
  expect(page.component).toBe('logs/index');
  const props = page.props as {
    logs: {
      rows: Row[];
      total: number;
      page: number;
      perPage: number;
      search: string;
      sort: string;
      dir: string;
    };
    options: {
      actions: Array<{ value: string; label: string }>;
      users: Array<{ value: string; label: string }>;
    };
    filters: Record<string, string | null>;
  };
  // the table's page (the DataTable's `data`) beside the page's filters and their choices
  return { ...props.logs, options: props.options, filters: props.filters };
}

describe('audit log page', () => {
  it('shows the team’s entries and its members’ sign-ins, never another team’s', async () => {
    const p = await logs(owner.client, '?perPage=100');
    expect(p.total).toBe(25);
    expect(p.rows).toHaveLength(25);
    const json = JSON.stringify(p);
    expect(json).not.toContain('Otto Outsider');
    expect(json).not.toContain('192.0.2.99');
    expect(json).not.toContain('Other Team');
    const login = p.rows.find((r) => r.action === 'auth.login')!;
    expect(login).toMatchObject({
      actionLabel: 'Signed in',
      who: { name: 'Eddie Editor', email: editor.user.email },
      ip: '198.51.100.4',
    });
    expect(p.rows.find((r) => r.action === 'import.finished')).toMatchObject({
      who: null,
      actionLabel: 'Import: finished',
    });
    expect(p.options.users.map((u) => u.value).sort()).toEqual(
      [owner.user.id, editor.user.id, viewer.user.id, admin.user.id].sort(),
    );
    expect(p.options.actions.map((a) => a.value)).not.toContain(undefined);
  });

  it('the outsider sees only their own team', async () => {
    const p = await logs(outsider.client);
    expect(p.rows.map((r) => r.action).sort()).toEqual(['auth.login', 'team.updated']);
    expect(JSON.stringify(p)).not.toContain('Field Team');
  });

  it('admins may view; editors and viewers may not', async () => {
    expect((await logs(admin.client)).total).toBe(25);
    expect((await editor.client.get('/logs')).statusCode).toBe(403);
    expect((await viewer.client.get('/logs')).statusCode).toBe(403);
  });

  it('pages on the server, newest first by default', async () => {
    const p1 = await logs(owner.client);
    expect(p1).toMatchObject({ total: 25, page: 1, perPage: 10, sort: 'created_at', dir: 'desc' });
    expect(p1.rows).toHaveLength(10);
    expect(p1.rows[0].subject).toBe('Change 20');
    const p3 = await logs(owner.client, '?page=3');
    expect(p3.rows).toHaveLength(5);
    expect(p3.rows.at(-1)!.action).toBe('token.created');
    // past the end: the last page; nonsense values: the defaults
    expect((await logs(owner.client, '?page=99')).page).toBe(3);
    const odd = await logs(owner.client, '?perPage=7&sort=password&dir=sideways&page=-2');
    expect(odd).toMatchObject({ perPage: 10, sort: 'created_at', dir: 'desc', page: 1 });
  });

  it('sorts by action, actor and ip in both directions', async () => {
    const asc = await logs(owner.client, '?sort=action&dir=asc&perPage=100');
    const actions = asc.rows.map((r) => r.action);
    expect(actions).toEqual([...actions].sort());
    const desc = await logs(owner.client, '?sort=action&dir=desc&perPage=100');
    expect(desc.rows[0].action).toBe('token.created');
    const byActor = await logs(owner.client, '?sort=actor&dir=asc&perPage=100');
    expect(byActor.rows[0].who?.name).toBe('Eddie Editor');
  });

  it('searches names, emails, subjects, IPs and plain-word action labels', async () => {
    expect((await logs(owner.client, '?search=signed%20in')).rows.map((r) => r.who?.name)).toEqual([
      'Eddie Editor',
    ]);
    // every word must match somewhere (a label, a name, a subject...): "signed" alone also finds "Signed out"
    expect((await logs(owner.client, '?search=signed')).rows.map((r) => r.action).sort()).toEqual([
      'auth.login',
      'auth.logout',
    ]);
    expect((await logs(owner.client, '?search=Change%2019')).rows.map((r) => r.subject)).toEqual([
      'Change 19',
    ]);
    expect(
      (await logs(owner.client, `?search=${encodeURIComponent(viewer.user.email)}`)).rows.map(
        (r) => r.action,
      ),
    ).toEqual(['auth.logout']);
    expect((await logs(owner.client, '?search=CI%20dep')).rows.map((r) => r.action)).toEqual([
      'token.created',
    ]);
    expect((await logs(owner.client, '?search=198.51')).total).toBe(1);
    // the outsider's entries stay out of search results
    expect((await logs(owner.client, '?search=Otto')).total).toBe(0);
    // LIKE wildcards are literal
    expect((await logs(owner.client, '?search=%25')).total).toBe(0);
  });

  it('filters by action, user and date range', async () => {
    expect((await logs(owner.client, '?action=team.updated&perPage=100')).total).toBe(20);
    expect((await logs(owner.client, `?user=${editor.user.id}`)).rows.map((r) => r.action)).toEqual(
      ['auth.login'],
    );
    expect((await logs(owner.client, `?user=${outsider.user.id}`)).total).toBe(0);
    const march = await logs(owner.client, '?from=2026-03-02&to=2026-03-04&perPage=100');
    expect(march.rows.map((r) => r.action).sort()).toEqual([
      'auth.login',
      'auth.logout',
      'team.member_added',
    ]);
    const combined = await logs(
      owner.client,
      `?from=2026-04-10&action=team.updated&user=${owner.user.id}&search=Change&perPage=25&sort=action&dir=asc`,
    );
    // April 10..20 with "Change" in the subject: Change 10..20; the filters come back for the page's controls
    expect(combined.total).toBe(11);
    expect(combined).toMatchObject({ perPage: 25, sort: 'action', dir: 'asc', search: 'Change' });
    expect(combined.filters).toEqual({
      action: 'team.updated',
      user: owner.user.id,
      from: '2026-04-10',
      to: null,
    });
    // bad filter values are dropped, not a failure
    expect((await logs(owner.client, '?from=yesterday&to=2026-13-45&perPage=100')).total).toBe(25);
  });
});
