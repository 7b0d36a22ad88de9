import { and, asc, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client.js';
import { ABILITIES, isRole, type Ability, type Role } from '../../../shared/permissions.js';
import type { Auth } from './auth.js';
import { authHeaders } from './bridge.js';
import { teamMembers, teams, users } from './auth.tables.js';

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

function toActorUser(u: Pick<UserRow, 'id' | 'name' | 'email' | 'emailVerified' | 'twoFactorEnabled' | 'image' | 'passwordConfirmedAt' | 'createdAt'>): Actor['user'] {
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
export async function loadTeamContext(db: Db, userId: string, preferredTeamId: string | null | undefined, forceTeamId?: string) {
  const rows = await db
    .select({ id: teams.id, name: teams.name, personal: teams.personal, ownerId: teams.ownerId, role: teamMembers.role })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.organizationId))
    .where(forceTeamId ? and(eq(teamMembers.userId, userId), eq(teams.id, forceTeamId)) : eq(teamMembers.userId, userId))
    .orderBy(asc(teamMembers.createdAt));
  const chosen = rows.find((r) => r.id === (forceTeamId ?? preferredTeamId)) ?? (forceTeamId ? undefined : rows[0]);
  if (!chosen) return { team: null, role: null };
  return {
    team: { id: chosen.id, name: chosen.name, personal: chosen.personal, ownerId: chosen.ownerId },
    role: isRole(chosen.role) ? chosen.role : null,
  };
}

/** Resolve the session cookie to an Actor (null when signed out). */
export async function actorFromSession(auth: Auth, db: Db, request: FastifyRequest): Promise<Actor | null> {
  const hasCookie = Object.keys(request.cookies).some((k) => k.includes('session_token'));
  if (!hasCookie) return null;
  const session = await auth.api.getSession({ headers: authHeaders(request), query: { disableCookieCache: true } }).catch(() => null);
  if (!session) return null;
  const [u] = await db.select().from(users).where(eq(users.id, session.user.id)).limit(1);
  if (!u) return null;
  const ctx = await loadTeamContext(db, u.id, u.currentTeamId);
  return { user: toActorUser(u), sessionId: session.session.id, team: ctx.team, role: ctx.role, token: null };
}

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

/** Resolve `Authorization: Bearer <token>` to an Actor in the token's team, limited to its abilities. */
export async function actorFromToken(auth: Auth, db: Db, token: string): Promise<Actor | null> {
  // tokens are 'pw_' + letters (Better Auth's generator): anything else is refused without a lookup
  if (!TOKEN_SHAPE.test(token)) return null;
  const res = await auth.api.verifyApiKey({ body: { key: token } }).catch(() => null);
  if (!res?.valid || !res.key) return null;
  const key = res.key as { id: string; name?: string | null; referenceId: string; metadata?: unknown; permissions?: unknown };
  const [u] = await db.select().from(users).where(eq(users.id, key.referenceId)).limit(1);
  if (!u || !u.emailVerified) return null;
  const meta = jsonish(key.metadata) as { teamId?: unknown } | null;
  if (typeof meta?.teamId !== 'string') return null;
  const ctx = await loadTeamContext(db, u.id, null, meta.teamId);
  if (!ctx.team) return null; // no longer a member of the token's team
  const perms = jsonish(key.permissions) as { api?: unknown } | null;
  const abilities = Array.isArray(perms?.api) ? ABILITIES.filter((a) => (perms.api as unknown[]).includes(a)) : [];
  return { user: toActorUser(u), sessionId: null, team: ctx.team, role: ctx.role, token: { id: key.id, name: key.name ?? null, abilities } };
}
