import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { teamInvitations, teamMembers, teams, users } from '../../platform/auth/auth.tables.js';
import { isRole, type Role } from '../../../shared/permissions.js';
import { notFound } from '../../platform/errors.js';

/** Anything that can run queries: the database or a transaction. */
export type Queryable = Pick<Db, 'select' | 'insert' | 'update' | 'delete'>;

export type TeamRow = typeof teams.$inferSelect;
export type InvitationRow = typeof teamInvitations.$inferSelect;

export interface Membership {
  team: TeamRow;
  role: Role;
}

/** The user's membership in a team, or null (unknown team and non-member look the same). */
async function findMembership(
  db: Queryable,
  teamId: string,
  userId: string,
): Promise<Membership | null> {
  const [row] = await db
    .select({ team: teams, role: teamMembers.role })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.organizationId))
    .where(and(eq(teamMembers.organizationId, teamId), eq(teamMembers.userId, userId)))
    .limit(1);
  if (!row || !isRole(row.role)) return null;
  return { team: row.team, role: row.role };
}

/** Like findMembership, but a team the user is not in answers 404 (never 403). */
export async function requireMembership(
  db: Queryable,
  teamId: string,
  userId: string,
): Promise<Membership> {
  const m = await findMembership(db, teamId, userId);
  if (!m) throw notFound('Team');
  return m;
}

export async function listMembers(db: Queryable, teamId: string) {
  return db
    .select({
      userId: users.id,
      name: users.name,
      email: users.email,
      image: users.image,
      role: teamMembers.role,
      joinedAt: teamMembers.createdAt,
    })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(eq(teamMembers.organizationId, teamId))
    .orderBy(asc(teamMembers.createdAt));
}

/** Members holding one of the roles (e.g. whom to tell that someone joined). */
export async function membersWithRoles(db: Queryable, teamId: string, roles: Role[]) {
  return db
    .select({ userId: teamMembers.userId })
    .from(teamMembers)
    .where(and(eq(teamMembers.organizationId, teamId), inArray(teamMembers.role, roles)));
}

export async function listPendingInvitations(db: Queryable, teamId: string) {
  return db
    .select({
      id: teamInvitations.id,
      email: teamInvitations.email,
      role: teamInvitations.role,
      expiresAt: teamInvitations.expiresAt,
      createdAt: teamInvitations.createdAt,
      inviterName: users.name,
    })
    .from(teamInvitations)
    .leftJoin(users, eq(users.id, teamInvitations.inviterId))
    .where(and(eq(teamInvitations.organizationId, teamId), eq(teamInvitations.status, 'pending')))
    .orderBy(asc(teamInvitations.createdAt));
}

export async function findUserByEmail(db: Queryable, email: string) {
  const [u] = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      emailVerified: users.emailVerified,
    })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1);
  return u ?? null;
}

export async function findInvitation(db: Queryable, id: string) {
  const [row] = await db
    .select({ invitation: teamInvitations, team: teams })
    .from(teamInvitations)
    .innerJoin(teams, eq(teams.id, teamInvitations.organizationId))
    .where(eq(teamInvitations.id, id))
    .limit(1);
  return row ?? null;
}

export function invitationExpired(
  inv: Pick<InvitationRow, 'status' | 'expiresAt'>,
  now = new Date(),
) {
  return (
    inv.status === 'expired' ||
    (inv.status === 'pending' && inv.expiresAt.getTime() <= now.getTime())
  );
}
