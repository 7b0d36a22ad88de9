import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { apiKeys, teamMembers, teams, users } from '../../platform/auth/auth.tables.js';
import { plural } from '../../../shared/format/plural.js';

/*
 * What deleting an account does to the user's teams (shown on the profile page before the
 * user confirms, and enforced again when they do):
 * - a team the user owns that still has other members and no other owner BLOCKS deletion:
 *   the user must transfer ownership or delete the team first (its members would otherwise
 *   lose a team they use, or be left with no owner);
 * - the user's personal team, and any team they own with no other member, is DELETED with
 *   the account (with everything in it);
 * - a team with another owner, or one the user only belongs to, is simply LEFT.
 */

export interface TeamRef {
  id: string;
  name: string;
  /** members other than the user */
  otherMembers: number;
}

export interface DeletionPlan {
  blocking: TeamRef[];
  deleted: Array<TeamRef & { personal: boolean }>;
  left: TeamRef[];
  /** teams whose owner_id is this user but where another owner takes over */
  handOver: Array<{ teamId: string; newOwnerId: string }>;
}

export async function planAccountDeletion(db: Db, userId: string): Promise<DeletionPlan> {
  const mine = await db
    .select({
      id: teams.id,
      name: teams.name,
      personal: teams.personal,
      ownerId: teams.ownerId,
      role: teamMembers.role,
    })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.organizationId))
    .where(eq(teamMembers.userId, userId))
    .orderBy(asc(teams.name));
  // teams recorded as owned by the user even without a membership row
  const ownedOnly = await db
    .select({ id: teams.id, name: teams.name, personal: teams.personal, ownerId: teams.ownerId })
    .from(teams)
    .where(eq(teams.ownerId, userId));
  const all = [
    ...mine,
    ...ownedOnly
      .filter((t) => !mine.some((m) => m.id === t.id))
      .map((t) => ({ ...t, role: 'owner' })),
  ];

  const ids = all.map((t) => t.id);
  const others = ids.length
    ? await db
        .select({
          teamId: teamMembers.organizationId,
          userId: teamMembers.userId,
          role: teamMembers.role,
        })
        .from(teamMembers)
        .where(and(inArray(teamMembers.organizationId, ids), ne(teamMembers.userId, userId)))
        .orderBy(asc(teamMembers.createdAt))
    : [];

  const plan: DeletionPlan = { blocking: [], deleted: [], left: [], handOver: [] };
  for (const t of all) {
    const members = others.filter((o) => o.teamId === t.id);
    const ref = { id: t.id, name: t.name, otherMembers: members.length };
    const owns = t.role === 'owner' || t.ownerId === userId;
    if (!owns) {
      plan.left.push(ref);
      continue;
    }
    if (t.personal || members.length === 0) {
      plan.deleted.push({ ...ref, personal: t.personal });
      continue;
    }
    const coOwner = members.find((m) => m.role === 'owner');
    if (coOwner) {
      plan.left.push(ref);
      if (t.ownerId === userId) plan.handOver.push({ teamId: t.id, newOwnerId: coOwner.userId });
      continue;
    }
    plan.blocking.push(ref);
  }
  return plan;
}

/** Delete the user, their personal and solo teams, and their API keys (on the use case's `tx`). */
export async function deleteAccount(tx: Db, userId: string, plan: DeletionPlan): Promise<void> {
  for (const h of plan.handOver)
    await tx.update(teams).set({ ownerId: h.newOwnerId }).where(eq(teams.id, h.teamId));
  const doomed = plan.deleted.map((t) => t.id);
  if (doomed.length) await tx.delete(teams).where(inArray(teams.id, doomed));
  await tx.delete(apiKeys).where(eq(apiKeys.referenceId, userId));
  // sessions, credentials, two-factor rows and memberships go with the user (ON DELETE CASCADE)
  await tx.delete(users).where(eq(users.id, userId));
}

/** "Acme (3 other members), Beta (1 other member)" */
export function describeTeams(list: TeamRef[]): string {
  return list.map((t) => `${t.name} (${plural(t.otherMembers, 'other member')})`).join(', ');
}
