import { expect } from 'vitest';
import type { TestApp } from '../../test/helpers/app.js';
import { createUser, signIn } from '../../test/helpers/auth.js';
import type { TestClient } from '../../test/helpers/client.js';
import { createTeamFor } from '../../test/helpers/team-membership.js';
import { projects } from '../../src/server/modules/projects/projects.tables.js';

/** A signed-in user who owns a team with one project: where most form journeys start. */
export async function ownerWithProject(
  t: TestApp,
  names: { user: string; team: string; project: string },
) {
  const user = await createUser(t.app, { name: names.user });
  const team = await createTeamFor(t.app, user.id, names.team);
  const [project] = await t.app.ctx.db
    .insert(projects)
    .values({ teamId: team.id, name: names.project })
    .returning();
  const client = await signIn(t.app, user);
  return { user, team, project, client };
}

/** Create a form in the project through its route; returns the new form's id. */
export async function createForm(
  client: TestClient,
  projectId: string,
  form: { name: string; kind: 'survey' | 'stakeholder' },
): Promise<string> {
  const res = await client.post(`/projects/${projectId}/forms`, form);
  expect(res.statusCode).toBe(303);
  return res.headers.location!.split('/')[2];
}
