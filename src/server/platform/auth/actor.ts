import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client.js';
import { ABILITIES, isRole, type Ability, type Role } from '../../../shared/permissions.js';
import type { Auth } from './auth.js';
import { authHeaders, forwardAuthCookies } from './bridge.js';
import { apiKeys, sessions, teamMembers, teams, users } from './auth.tables.js';
import { sessionNeedsRefresh, sessionSettings, unsignAuthCookie } from './session-cookie.js';
import type { SessionCache } from './session-cache.js';

/** The signed-in user as our routes see them, in their current team. */
export interface Actor {
  user: {
    id: string;
    name: string;
    email: string;
    emailVerified: boolean;
    twoFactorEnabled: boolean;
    image: string | null;
    passwordConfirmedAt: Date | null;
    createdAt: Date;
  };
  sessionId: string | null;
  /** the current team (null only for a user who belongs to no team at all) */
  team: { id: string; name: string; personal: boolean; ownerId: string | null } | null;
  role: Role | null;
  /** set when the request authenticated with an API token */
  token: { id: string; name: string | null; abilities: Ability[] } | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor | null;
  }
}

type UserRow = typeof users.$inferSelect;

function toActorUser(
  u: Pick<
    UserRow,
    | 'id'
    | 'name'
    | 'email'
    | 'emailVerified'
    | 'twoFactorEnabled'
    | 'image'
    | 'passwordConfirmedAt'
    | 'createdAt'
  >,
): Actor['user'] {
  return {
    id: u.id,
    name: u.name,
    email: u.email,
    emailVerified: u.emailVerified,
    twoFactorEnabled: Boolean(u.twoFactorEnabled),
    image: u.image ?? null,
    passwordConfirmedAt: u.passwordConfirmedAt ? new Date(u.passwordConfirmedAt) : null,
    createdAt: new Date(u.createdAt),
  };
}

/** The user's current team and role: their chosen team if still a member, else their oldest membership. */
export async function loadTeamContext(
  db: Db,
  userId: string,
  preferredTeamId: string | null | undefined,
  forceTeamId?: string,
) {
  const rows = await db
    .select({
      id: teams.id,
      name: teams.name,
      personal: teams.personal,
      ownerId: teams.ownerId,
      role: teamMembers.role,
    })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.organizationId))
    .where(
      forceTeamId
        ? and(eq(teamMembers.userId, userId), eq(teams.id, forceTeamId))
        : eq(teamMembers.userId, userId),
    )
    .orderBy(asc(teamMembers.createdAt));
  const chosen =
    rows.find((r) => r.id === (forceTeamId ?? preferredTeamId)) ??
    (forceTeamId ? undefined : rows[0]);
  if (!chosen) return { team: null, role: null };
  return {
    team: { id: chosen.id, name: chosen.name, personal: chosen.personal, ownerId: chosen.ownerId },
    role: isRole(chosen.role) ? chosen.role : null,
  };
}

/** One of the user's teams, with their role in it (the `auth.teams` shared prop lists these). */
export interface Membership {
  id: string;
  name: string;
  personal: boolean;
  ownerId: string | null;
  role: string;
  /** when the user joined (epoch seconds): the oldest membership is the fallback current team */
  joined: number;
}

/** The memberships read with the actor, in team-name order; keyed by the Actor object itself. */
const membershipsByActor = new WeakMap<Actor, Membership[]>();

/**
 * The signed-in user's teams (team-name order). Read once per request: the session lookup
 * fetches them with the session and user, so the shared props do not query them again.
 */
export async function actorMemberships(db: Db, actor: Actor): Promise<Membership[]> {
  const known = membershipsByActor.get(actor);
  if (known) return known;
  const rows = await db
    .select(membershipColumns)
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.organizationId))
    .where(eq(teamMembers.userId, actor.user.id))
    .orderBy(asc(teams.name), asc(teamMembers.createdAt));
  const list = rows.map((r) => ({ ...r, joined: r.joined.getTime() / 1000 }));
  membershipsByActor.set(actor, list);
  return list;
}

const membershipColumns = {
  id: teams.id,
  name: teams.name,
  personal: teams.personal,
  ownerId: teams.ownerId,
  role: teamMembers.role,
  joined: teamMembers.createdAt,
};

/** all of a user's memberships as one JSON array (team-name order), for the single session query */
const membershipsJson = sql<Membership[] | string>`(
  select coalesce(json_agg(json_build_object(
    'id', ${teams.id}, 'name', ${teams.name}, 'personal', ${teams.personal}, 'ownerId', ${teams.ownerId},
    'role', ${teamMembers.role}, 'joined', extract(epoch from ${teamMembers.createdAt})
  ) order by ${teams.name}, ${teamMembers.createdAt}), '[]'::json)
  from ${teamMembers} inner join ${teams} on ${teams.id} = ${teamMembers.organizationId}
  where ${teamMembers.userId} = ${users.id}
)`;

/** The current team: the user's chosen team if still a member, else their oldest membership. */
function currentTeam(memberships: Membership[], preferredTeamId: string | null | undefined) {
  let chosen = preferredTeamId ? memberships.find((m) => m.id === preferredTeamId) : undefined;
  if (!chosen) for (const m of memberships) if (!chosen || m.joined < chosen.joined) chosen = m;
  if (!chosen) return { team: null, role: null };
  return {
    team: { id: chosen.id, name: chosen.name, personal: chosen.personal, ownerId: chosen.ownerId },
    role: isRole(chosen.role) ? chosen.role : null,
  };
}

/**
 * Resolve the session cookie to an Actor (null when signed out), in one query: the session
 * joined to its user and the user's memberships, found by the token in Better Auth's signed
 * session cookie. The cookie's HMAC is checked first (a forged or tampered cookie costs no
 * query); a missing (revoked) or expired session, or a deleted user, is refused.
 *
 * Expired sessions and sessions due for Better Auth's refresh (`updateAge`) are handed to
 * `auth.api.getSession`, which deletes the expired session or extends the live one; the
 * cookies it sets (expiry cleared, or the session cookie re-issued) are forwarded to `reply`.
 */
export async function actorFromSession(
  auth: Auth,
  db: Db,
  request: FastifyRequest,
  reply?: FastifyReply,
  cache?: SessionCache,
): Promise<Actor | null> {
  const settings = await sessionSettings(auth);
  const token = unsignAuthCookie(request.cookies?.[settings.tokenCookie], settings.secret);
  if (!token) return null;
  const key = `s:${token}`;
  await cache?.ready();
  let row = cache?.get<SessionRow>(key);
  if (!row) {
    const generation = cache?.generation ?? 0;
    row = await sessionRow(db, token);
    if (!row) return null;
    cache?.set(key, generation, { userId: row.id, teamIds: row.memberships.map((m) => m.id) }, row);
  }
  const expired = row.expiresAt.getTime() < Date.now();
  if (
    expired ||
    (sessionNeedsRefresh(row.expiresAt, settings) &&
      !unsignAuthCookie(request.cookies?.[settings.dontRememberCookie], settings.secret))
  ) {
    // Better Auth deletes or extends the session (the triggers then drop the cached row)
    cache?.delete(key);
    const res = await auth.api
      .getSession({
        headers: authHeaders(request),
        query: { disableCookieCache: true },
        returnHeaders: true,
      })
      .catch(() => null);
    if (res && reply) forwardAuthCookies(reply, res.headers);
    if (expired || !res?.response || res.response.session.id !== row.sessionId) return null;
  }
  const { team, role } = currentTeam(row.memberships, row.currentTeamId);
  const actor: Actor = {
    user: toActorUser(row),
    sessionId: row.sessionId,
    team,
    role,
    token: null,
  };
  membershipsByActor.set(actor, row.memberships);
  return actor;
}

/** The session, its user and the user's memberships, by session token (one query). */
async function sessionRow(db: Db, token: string) {
  const [row] = await db
    .select({
      sessionId: sessions.id,
      expiresAt: sessions.expiresAt,
      id: users.id,
      name: users.name,
      email: users.email,
      emailVerified: users.emailVerified,
      twoFactorEnabled: users.twoFactorEnabled,
      image: users.image,
      passwordConfirmedAt: users.passwordConfirmedAt,
      createdAt: users.createdAt,
      currentTeamId: users.currentTeamId,
      memberships: membershipsJson,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.token, token))
    .limit(1);
  if (!row) return undefined;
  const memberships = (
    typeof row.memberships === 'string' ? JSON.parse(row.memberships) : row.memberships
  ) as Membership[];
  return { ...row, memberships: Object.freeze(memberships) as Membership[] };
}

type SessionRow = NonNullable<Awaited<ReturnType<typeof sessionRow>>>;

const TOKEN_SHAPE = /^pw_[A-Za-z0-9]{16,200}$/;

/** The plugin returns metadata/permissions parsed, or as JSON text (possibly twice encoded). */
function jsonish(v: unknown): unknown {
  for (let i = 0; i < 2 && typeof v === 'string'; i++) {
    try {
      v = JSON.parse(v);
    } catch {
      return null;
    }
  }
  return v;
}

/** What a verified token resolves to (cached between requests; see session-cache.ts). */
interface TokenEntry {
  user: UserRow;
  team: NonNullable<Actor['team']>;
  role: Role | null;
  token: NonNullable<Actor['token']>;
  expiresAt: number | null;
}

/** how often a cached token's "last used" time is written (verification writes it on a cache miss) */
const LAST_USED_EVERY_MS = 60_000;
const lastUsedWritten = new Map<string, number>();

/** Resolve `Authorization: Bearer <token>` to an Actor in the token's team, limited to its abilities. */
export async function actorFromToken(
  auth: Auth,
  db: Db,
  token: string,
  cache?: SessionCache,
): Promise<Actor | null> {
  // tokens are 'pw_' + letters (Better Auth's generator): anything else is refused without a lookup
  if (!TOKEN_SHAPE.test(token)) return null;
  const key = `k:${token}`;
  await cache?.ready();
  const cached = cache?.get<TokenEntry>(key);
  if (cached && (cached.expiresAt === null || cached.expiresAt > Date.now())) {
    touchLastUsed(db, cached.token.id);
    return {
      user: toActorUser(cached.user),
      sessionId: null,
      team: cached.team,
      role: cached.role,
      token: cached.token,
    };
  }
  const generation = cache?.generation ?? 0;
  const entry = await verifyToken(auth, db, token);
  if (!entry) return null;
  lastUsedWritten.set(entry.token.id, Date.now());
  cache?.set(key, generation, { userId: entry.user.id, teamIds: [entry.team.id] }, entry);
  return {
    user: toActorUser(entry.user),
    sessionId: null,
    team: entry.team,
    role: entry.role,
    token: entry.token,
  };
}

/** Better Auth's verification (it records the key's last use), then the user and their membership of the token's team. */
async function verifyToken(auth: Auth, db: Db, token: string): Promise<TokenEntry | null> {
  const res = await auth.api.verifyApiKey({ body: { key: token } }).catch(() => null);
  if (!res?.valid || !res.key) return null;
  const key = res.key as {
    id: string;
    name?: string | null;
    referenceId: string;
    metadata?: unknown;
    permissions?: unknown;
    expiresAt?: Date | string | null;
    remaining?: number | null;
  };
  const [u] = await db.select().from(users).where(eq(users.id, key.referenceId)).limit(1);
  if (!u || !u.emailVerified) return null;
  const meta = jsonish(key.metadata) as { teamId?: unknown } | null;
  if (typeof meta?.teamId !== 'string') return null;
  const ctx = await loadTeamContext(db, u.id, null, meta.teamId);
  if (!ctx.team) return null; // no longer a member of the token's team
  const perms = jsonish(key.permissions) as { api?: unknown } | null;
  const abilities = Array.isArray(perms?.api)
    ? ABILITIES.filter((a) => (perms.api as unknown[]).includes(a))
    : [];
  // a key with a usage quota must be counted by Better Auth on every use: never served from the cache
  const expiresAt =
    key.remaining != null ? 0 : key.expiresAt ? new Date(key.expiresAt).getTime() : null;
  return {
    user: u,
    team: ctx.team,
    role: ctx.role,
    token: { id: key.id, name: key.name ?? null, abilities },
    expiresAt,
  };
}

/** Record a cached token's use at most once a minute (off the request path). */
function touchLastUsed(db: Db, keyId: string) {
  const now = Date.now();
  if (now - (lastUsedWritten.get(keyId) ?? 0) < LAST_USED_EVERY_MS) return;
  lastUsedWritten.set(keyId, now);
  if (lastUsedWritten.size > 10_000) lastUsedWritten.clear();
  void db
    .update(apiKeys)
    .set({ lastRequest: new Date(now) })
    .where(eq(apiKeys.id, keyId))
    .catch(() => {});
}
