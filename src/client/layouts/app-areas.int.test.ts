import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app.js';
import { createUser, signIn } from '../../../test/helpers/auth.js';
import { addMember, createTeamFor } from '../../../test/helpers/team-membership.js';
import { ROLES, type Permission } from '../../shared/permissions.js';
import { areaLinks } from './app-areas.js';

// The sidebar shows a role only what it can open: for every role, every area link the layout would
// render (the real route table, the permissions the server shares) answers 200, and each area the
// role cannot open is absent.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('sidebar areas by role', () => {
  it.each(ROLES)('a %s sees only areas it can open', async (role) => {
    const owner = await createUser(t.app);
    const team = await createTeamFor(t.app, owner.id);
    const user = role === 'owner' ? owner : await createUser(t.app);
    if (role !== 'owner') await addMember(t.app, team.id, user.id, role);
    const client = await signIn(t.app, user);
    const page = await client.page('/dashboard');
    const auth = page.props.auth as { team: { id: string }; permissions: Permission[] };
    expect(auth.team.id).toBe(team.id);
    const table = t.app.ctx.routes.clientTable();
    const shown = areaLinks(
      table,
      { teamId: auth.team.id, permissions: auth.permissions },
      '/dashboard',
    );
    expect(shown.length).toBeGreaterThan(3);
    for (const link of shown) {
      const res = await client.get(link.href);
      expect(res.statusCode, `${role}: ${link.label} (${link.href})`).toBe(200);
    }
    // the areas hidden from this role are the ones it cannot open
    const all = areaLinks(
      table,
      {
        teamId: auth.team.id,
        permissions: ['team.logs.view', 'team.settings.manage', ...auth.permissions],
      },
      '/dashboard',
    );
    for (const link of all.filter((a) => !shown.some((s) => s.route === a.route))) {
      const res = await client.get(link.href);
      expect(res.statusCode, `${role}: hidden ${link.label}`).toBe(403);
    }
    expect(shown.some((l) => l.label === 'Logs')).toBe(role === 'owner' || role === 'admin');
    expect(shown.some((l) => l.label === 'Settings')).toBe(role === 'owner' || role === 'admin');
  });
});
