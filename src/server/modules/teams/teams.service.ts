import { randomUUID } from 'node:crypto';
import { and, eq, ne } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.js';
import { audit } from '../../platform/audit/audit.js';
import { AppError, forbidden } from '../../platform/errors.js';
import { teamMembers, teams, users } from '../../platform/auth/auth.tables.js';
import { roleCan } from '../../../shared/permissions.js';
import { uniqueSlug } from './team-slug.js';
import { requireMembership, type Queryable, type TeamRow } from './teams.queries.js';

/** Who is acting, and the request the audit entry describes (null for system actions). */
export interface Acting {
  user: { id: string; name: string; email: string };
  request: Parameters<typeof audit>[1];
}

type Tx = Parameters<Parameters<AppContext['db']['transaction']>[0]>[0];

const isUniqueViolation = (err: unknown) => {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
};

/** Insert a team with its owner, retrying when a concurrent creation took the same slug. */
async function insertTeam(
  ctx: AppContext,
  o: { name: string; personal: boolean; ownerId: string },
  after: (tx: Tx, team: TeamRow) => Promise<void>,
): Promise<TeamRow> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await ctx.db.transaction(async (tx) => {
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
        await after(tx, team);
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

/** At registration: "<First name>'s Team", personal, owned by the user and made current. */
export async function createPersonalTeam(
  ctx: AppContext,
  user: { id: string; name: string; email: string },
) {
  return insertTeam(
    ctx,
    { name: personalTeamName(user.name), personal: true, ownerId: user.id },
    async (tx, team) => {
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
    },
  );
}

/** A new team; the creator is its owner and switches to it. */
export async function createTeam(ctx: AppContext, who: Acting, name: string) {
  return insertTeam(ctx, { name, personal: false, ownerId: who.user.id }, async (tx, team) => {
    await audit(tx, who.request, {
      action: 'team.created',
      teamId: team.id,
      userId: who.user.id,
      subjectType: 'team',
      subjectId: team.id,
      subjectLabel: team.name,
      details: { personal: false },
    });
  });
}

export async function updateTeamName(ctx: AppContext, who: Acting, teamId: string, name: string) {
  return ctx.db.transaction(async (tx) => {
    const m = await requireMembership(tx, teamId, who.user.id);
    if (!roleCan(m.role, 'team.update'))
      throw forbidden('Only the team’s owner and administrators can rename it.');
    if (m.team.name === name) return m.team;
    const [team] = await tx.update(teams).set({ name }).where(eq(teams.id, teamId)).returning();
    await audit(tx, who.request, {
      action: 'team.updated',
      teamId,
      subjectType: 'team',
      subjectId: teamId,
      subjectLabel: name,
      details: { from: m.team.name, to: name },
    });
    return team;
  });
}

/** Owner only; personal teams stay. Members whose current team it was fall back to another team. */
export async function deleteTeam(ctx: AppContext, who: Acting, teamId: string) {
  return ctx.db.transaction(async (tx) => {
    const m = await requireMembership(tx, teamId, who.user.id);
    if (!roleCan(m.role, 'team.delete')) throw forbidden('Only the team’s owner can delete it.');
    if (m.team.personal)
      throw new AppError('PERSONAL_TEAM', 403, 'A personal team cannot be deleted.');
    await tx.update(users).set({ currentTeamId: null }).where(eq(users.currentTeamId, teamId));
    await tx.delete(teams).where(eq(teams.id, teamId));
    await audit(tx, who.request, {
      action: 'team.deleted',
      teamId,
      subjectType: 'team',
      subjectId: teamId,
      subjectLabel: m.team.name,
    });
    return m.team;
  });
}

/**
 * Before an account is deleted (Jetstream's rule): the teams it owns go with it, personal or not;
 * other members fall back to another of their teams. Memberships elsewhere vanish by cascade.
 */
/**
 * When an account is deleted: teams it owns go with it, unless another member also holds the
 * owner role, in which case ownership passes to them and the team stays. (The profile module
 * refuses the deletion earlier while an owned team still has other members and no co-owner.)
 */
export async function deleteOwnedTeams(
  ctx: AppContext,
  user: { id: string; name: string; email: string },
) {
  return ctx.db.transaction(async (tx) => {
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
  });
}

/** Make a team the user's current one (members only: others get 404). */
export async function switchTeam(ctx: AppContext, who: Acting, teamId: string) {
  return ctx.db.transaction(async (tx) => {
    const m = await requireMembership(tx, teamId, who.user.id);
    await tx.update(users).set({ currentTeamId: teamId }).where(eq(users.id, who.user.id));
    await audit(tx, who.request, {
      action: 'team.switched',
      teamId,
      subjectType: 'team',
      subjectId: teamId,
      subjectLabel: m.team.name,
    });
    return m.team;
  });
}

/** After a user leaves or is removed: their current team falls back to another membership. */
export async function clearCurrentTeam(db: Queryable, userId: string, teamId: string) {
  await db
    .update(users)
    .set({ currentTeamId: null })
    .where(and(eq(users.id, userId), eq(users.currentTeamId, teamId)));
}
