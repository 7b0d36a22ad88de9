import { randomUUID } from 'node:crypto';
import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { audit } from '../../platform/audit/audit.js';
import { teamMembers, teams, users } from '../../platform/auth/auth.tables.js';
import { uniqueSlug } from './team-slug.js';
import { type Queryable, type TeamRow } from './teams.queries.js';

const isUniqueViolation = (err: unknown) => {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
};

/**
 * Insert a team with its owner (made their current team). A concurrent creation may take the
 * same slug: each try runs in a savepoint of `db`'s transaction (or a transaction of its own),
 * and a slug clash tries again.
 */
export async function insertTeam(
  db: Db,
  o: { name: string; personal: boolean; ownerId: string },
): Promise<TeamRow> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(async (tx) => {
        const [team] = await tx
          .insert(teams)
          .values({
            id: randomUUID(),
            name: o.name,
            slug: await uniqueSlug(tx, o.name),
            personal: o.personal,
            ownerId: o.ownerId,
          })
          .returning();
        await tx
          .insert(teamMembers)
          .values({ id: randomUUID(), organizationId: team.id, userId: o.ownerId, role: 'owner' });
        await tx.update(users).set({ currentTeamId: team.id }).where(eq(users.id, o.ownerId));
        return team;
      });
    } catch (err) {
      if (attempt < 3 && isUniqueViolation(err)) continue;
      throw err;
    }
  }
}

function personalTeamName(userName: string) {
  const first = userName.trim().split(/\s+/)[0] || 'My';
  return `${first.slice(0, 90)}'s Team`;
}

/** At registration (a system action, no request): "<First name>'s Team", personal, owned by the user and made current. */
export async function createPersonalTeam(
  db: Db,
  user: { id: string; name: string; email: string },
) {
  return db.transaction(async (tx) => {
    const team = await insertTeam(tx as unknown as Db, {
      name: personalTeamName(user.name),
      personal: true,
      ownerId: user.id,
    });
    await audit(tx, null, {
      action: 'team.created',
      teamId: team.id,
      userId: user.id,
      actorName: user.name,
      actorEmail: user.email,
      subjectType: 'team',
      subjectId: team.id,
      subjectLabel: team.name,
      details: { personal: true },
    });
    return team;
  });
}

/**
 * When an account is deleted (inside its use case: `tx` is its transaction): teams it owns go
 * with it, unless another member also holds the owner role, in which case ownership passes to
 * them and the team stays. Other members fall back to another of their teams. (The profile module
 * refuses the deletion earlier while an owned team still has other members and no co-owner.)
 */
export async function deleteOwnedTeams(tx: Db, user: { id: string; name: string; email: string }) {
  const owned = await tx.select().from(teams).where(eq(teams.ownerId, user.id));
  const deleted: typeof owned = [];
  for (const team of owned) {
    const [coOwner] = await tx
      .select({ userId: teamMembers.userId })
      .from(teamMembers)
      .where(
        and(
          eq(teamMembers.organizationId, team.id),
          eq(teamMembers.role, 'owner'),
          ne(teamMembers.userId, user.id),
        ),
      )
      .limit(1);
    if (coOwner) {
      await tx.update(teams).set({ ownerId: coOwner.userId }).where(eq(teams.id, team.id));
      continue;
    }
    await tx.update(users).set({ currentTeamId: null }).where(eq(users.currentTeamId, team.id));
    await tx.delete(teams).where(eq(teams.id, team.id));
    await audit(tx, null, {
      action: 'team.deleted',
      teamId: team.id,
      userId: user.id,
      actorName: user.name,
      actorEmail: user.email,
      subjectType: 'team',
      subjectId: team.id,
      subjectLabel: team.name,
      details: { reason: 'owner_account_deleted' },
    });
    deleted.push(team);
  }
  return deleted;
}

/** After a user leaves or is removed: their current team falls back to another membership. */
export async function clearCurrentTeam(db: Queryable, userId: string, teamId: string) {
  await db
    .update(users)
    .set({ currentTeamId: null })
    .where(and(eq(users.id, userId), eq(users.currentTeamId, teamId)));
}
