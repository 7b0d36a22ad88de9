import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  apiKeys,
  sessions,
  teamMembers,
  teams,
  users,
} from '../../src/server/platform/auth/auth.tables.js';
import { ABILITIES, type Ability, type Role } from '../../src/shared/permissions.js';
import { createUser, signIn, type TestUser } from '../helpers/auth.js';
import { TestClient } from '../helpers/client.js';

/**
 * The cast of the cross-cutting security tests: team A with one member per role (plus a
 * `target` member that team-management routes act on), team B with its owner (the outsider),
 * an unverified user, and API tokens. Everything the routes act on belongs to team A, so
 * the outsider must get 404 for it.
 */
export const MEMBER_ROLES = [
  'owner',
  'admin',
  'editor',
  'viewer',
] as const satisfies readonly Role[];
export type MemberRole = (typeof MEMBER_ROLES)[number];

export interface WorldUser extends TestUser {
  client: TestClient;
  sessionToken: string;
}

export interface World {
  app: FastifyInstance;
  teamA: { id: string; name: string };
  teamB: { id: string; name: string };
  members: Record<MemberRole, WorldUser>;
  /** a viewer of team A no test signs in as: member-management routes act on them */
  target: TestUser;
  /** owner of team B, current team B */
  outsider: WorldUser;
  unverified: WorldUser;
}

let ipSeq = 0;
/** A different client IP for every request, so per-IP rate limits never blur an access check. */
export function freshIp() {
  ipSeq += 1;
  return `10.${(ipSeq >> 16) & 255}.${(ipSeq >> 8) & 255}.${ipSeq & 255}`;
}

/** A TestClient whose every request comes from a new IP. */
export class RotatingIpClient extends TestClient {
  override request(...args: Parameters<TestClient['request']>) {
    this.opts.ip = freshIp();
    return super.request(...args);
  }
}

async function makeTeam(app: FastifyInstance, name: string, ownerId: string) {
  const id = randomUUID();
  await app.ctx.db.insert(teams).values({
    id,
    name,
    slug: `${name.toLowerCase().replace(/\W+/g, '-')}-${id.slice(0, 8)}`,
    personal: false,
    ownerId,
  });
  return { id, name };
}

async function addMember(app: FastifyInstance, teamId: string, userId: string, role: Role) {
  await app.ctx.db
    .insert(teamMembers)
    .values({ id: randomUUID(), organizationId: teamId, userId, role });
  await app.ctx.db
    .update(users)
    .set({ currentTeamId: teamId, passwordConfirmedAt: new Date() })
    .where(eq(users.id, userId));
}

export async function signedIn(app: FastifyInstance, user: TestUser): Promise<WorldUser> {
  const client = await signIn(app, user);
  const rotating = new RotatingIpClient(app);
  rotating.cookies = client.cookies;
  const cookie = [...client.cookies].find(([k]) => k.includes('session_token'));
  if (!cookie) throw new Error('signIn set no session cookie');
  const sessionToken = decodeURIComponent(cookie[1]).split('.')[0];
  return { ...user, client: rotating, sessionToken };
}

export async function buildWorld(app: FastifyInstance): Promise<World> {
  const stamp = Date.now().toString(36);
  const raw = {} as Record<MemberRole, TestUser>;
  for (const role of MEMBER_ROLES)
    raw[role] = await createUser(app, {
      email: `${role}.${stamp}@team-a.example.org`,
      name: `A ${role}`,
    });
  const target = await createUser(app, {
    email: `target.${stamp}@team-a.example.org`,
    name: 'A target',
  });
  const outsiderUser = await createUser(app, {
    email: `owner.${stamp}@team-b.example.org`,
    name: 'B owner',
  });
  const unverifiedUser = await createUser(app, {
    email: `unverified.${stamp}@example.org`,
    name: 'Unverified',
    verified: false,
  });

  const teamA = await makeTeam(app, `Team A ${stamp}`, raw.owner.id);
  const teamB = await makeTeam(app, `Team B ${stamp}`, outsiderUser.id);
  for (const role of MEMBER_ROLES) await addMember(app, teamA.id, raw[role].id, role);
  await addMember(app, teamA.id, target.id, 'viewer');
  await addMember(app, teamB.id, outsiderUser.id, 'owner');

  const members = {} as Record<MemberRole, WorldUser>;
  for (const role of MEMBER_ROLES) members[role] = await signedIn(app, raw[role]);
  return {
    app,
    teamA,
    teamB,
    members,
    target,
    outsider: await signedIn(app, outsiderUser),
    unverified: await signedIn(app, unverifiedUser),
  };
}

/**
 * Is the cast still as built? A mutation a route is allowed to make (delete the team, remove a
 * member, sign out, change a password) breaks it, and the tests then build a new one.
 */
export async function worldIntact(w: World): Promise<boolean> {
  const db = w.app.ctx.db;
  const signed = [...MEMBER_ROLES.map((r) => w.members[r]), w.outsider, w.unverified];
  const ids = [...signed.map((u) => u.id), w.target.id];
  const tokens = signed.map((u) => u.sessionToken);
  // one round trip (the security suites ask before most requests they send)
  const res = (await db.execute(sql`select
    (select coalesce(json_agg(json_build_object('id', ${users.id}, 'verified', ${users.emailVerified}, 'current', ${users.currentTeamId})), '[]')
       from ${users} where ${inArray(users.id, ids)}) as "users",
    (select coalesce(json_agg(json_build_object('team', ${teamMembers.organizationId}, 'user', ${teamMembers.userId}, 'role', ${teamMembers.role})), '[]')
       from ${teamMembers} where ${inArray(teamMembers.userId, ids)}) as "members",
    (select count(*)::int from ${sessions} where ${inArray(sessions.token, tokens)}) as "sessions",
    (select count(*)::int from ${teams} where ${inArray(teams.id, [w.teamA.id, w.teamB.id])}) as "teams"`)) as unknown as {
    rows: Array<{
      users: Array<{ id: string; verified: boolean; current: string | null }>;
      members: Array<{ team: string; user: string; role: string }>;
      sessions: number;
      teams: number;
    }>;
  };
  const {
    users: userRows,
    members: memberRows,
    sessions: sessionCount,
    teams: teamCount,
  } = res.rows[0];
  if (userRows.length !== ids.length || sessionCount !== signed.length || teamCount !== 2)
    return false;
  const role = (team: string, user: string) =>
    memberRows.find((m) => m.team === team && m.user === user)?.role;
  for (const r of MEMBER_ROLES) if (role(w.teamA.id, w.members[r].id) !== r) return false;
  if (role(w.teamA.id, w.target.id) !== 'viewer' || role(w.teamB.id, w.outsider.id) !== 'owner')
    return false;
  for (const u of userRows) {
    const expectedTeam =
      u.id === w.outsider.id ? w.teamB.id : u.id === w.unverified.id ? undefined : w.teamA.id;
    if (expectedTeam && u.current !== expectedTeam) return false;
    if (u.verified !== (u.id !== w.unverified.id)) return false;
  }
  return true;
}

/** Password confirmations in the cast: fresh (handlers run) or absent (confirm-password redirect). */
export async function setPasswordConfirmed(w: World, confirmed: boolean) {
  const ids = [...MEMBER_ROLES.map((r) => w.members[r].id), w.outsider.id, w.unverified.id];
  await w.app.ctx.db
    .update(users)
    .set({ passwordConfirmedAt: confirmed ? new Date() : null })
    .where(inArray(users.id, ids));
}

/** A plain-text API token for a user in a team with the given abilities. */
export async function createToken(
  app: FastifyInstance,
  userId: string,
  teamId: string,
  abilities: readonly Ability[] = ABILITIES,
  name = 'matrix token',
) {
  const res = (await app.ctx.auth.api.createApiKey({
    body: { userId, name, permissions: { api: [...abilities] }, metadata: { teamId } },
  })) as { key: string; id: string };
  return { id: res.id, key: res.key };
}

export async function tokenExists(app: FastifyInstance, id: string) {
  const rows = await app.ctx.db
    .select({ id: apiKeys.id })
    .from(apiKeys)
    .where(and(eq(apiKeys.id, id), eq(apiKeys.enabled, true)));
  return rows.length === 1;
}
