import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.js';
import { audit } from '../../platform/audit/audit.js';
import { AppError, forbidden, notFound } from '../../platform/errors.js';
import { teamMembers, teams, users } from '../../platform/auth/auth.tables.js';
import { ROLE_LABELS, isRole, roleCan } from '../../../shared/permissions.js';
import type { AssignableRole } from '../../../shared/teams/members.schemas.js';
import { notify } from '../notifications/index.js';
import { requireMembership, type Queryable } from './teams.queries.js';
import { clearCurrentTeam, type Acting } from './teams.service.js';
import { pathTo } from './team-links.js';

async function requireMember(db: Queryable, teamId: string, userId: string) {
  const [row] = await db
    .select({ userId: users.id, name: users.name, email: users.email, role: teamMembers.role })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(and(eq(teamMembers.organizationId, teamId), eq(teamMembers.userId, userId)))
    .limit(1);
  if (!row || !isRole(row.role)) throw notFound('Team member');
  return { ...row, role: row.role };
}

/** Change a member's role. The owner's role changes only through a transfer of ownership. */
export async function changeMemberRole(
  ctx: AppContext,
  who: Acting,
  teamId: string,
  memberId: string,
  role: AssignableRole,
) {
  const result = await ctx.db.transaction(async (tx) => {
    const m = await requireMembership(tx, teamId, who.user.id);
    if (!roleCan(m.role, 'team.members.update'))
      throw forbidden('Only the team’s owner and administrators can change roles.');
    const member = await requireMember(tx, teamId, memberId);
    if (member.role === 'owner')
      throw forbidden(
        'The team owner cannot be demoted. The owner can transfer ownership to another member instead.',
      );
    if (member.role === role) return { team: m.team, member, changed: false };
    await tx
      .update(teamMembers)
      .set({ role })
      .where(and(eq(teamMembers.organizationId, teamId), eq(teamMembers.userId, memberId)));
    await audit(tx, who.request, {
      action: 'team.member_role_changed',
      teamId,
      subjectType: 'user',
      subjectId: memberId,
      subjectLabel: member.email,
      details: { from: member.role, to: role },
    });
    if (memberId !== who.user.id)
      await notify(
        ctx,
        {
          userIds: [memberId],
          teamId,
          type: 'team.role_changed',
          title: `Your role in ${m.team.name} is now ${ROLE_LABELS[role]}`,
          body: `${who.user.name} changed your role from ${ROLE_LABELS[member.role]} to ${ROLE_LABELS[role]}.`,
          url: pathTo(ctx, 'teams.show', { team: teamId }),
          data: { teamId, from: member.role, to: role },
        },
        { tx },
      );
    return { team: m.team, member, changed: true };
  });
  ctx.jobs.poke();
  return result;
}

/**
 * Remove a member, or leave the team when the member is yourself. The owner can be neither
 * removed nor leave (transfer ownership or delete the team first).
 */
export async function removeMember(ctx: AppContext, who: Acting, teamId: string, memberId: string) {
  const self = memberId === who.user.id;
  const result = await ctx.db.transaction(async (tx) => {
    const m = await requireMembership(tx, teamId, who.user.id);
    if (!self && !roleCan(m.role, 'team.members.remove'))
      throw forbidden('Only the team’s owner and administrators can remove members.');
    const member = await requireMember(tx, teamId, memberId);
    if (self) {
      if (member.role === 'owner')
        throw forbidden(
          'The owner cannot leave the team. Transfer ownership to another member first, or delete the team.',
        );
    } else if (member.role === 'owner') {
      throw forbidden('The team owner cannot be removed.');
    }
    await tx
      .delete(teamMembers)
      .where(and(eq(teamMembers.organizationId, teamId), eq(teamMembers.userId, memberId)));
    await clearCurrentTeam(tx, memberId, teamId);
    await audit(tx, who.request, {
      action: self ? 'team.member_left' : 'team.member_removed',
      teamId,
      subjectType: 'user',
      subjectId: memberId,
      subjectLabel: member.email,
      details: { role: member.role },
    });
    if (!self)
      await notify(
        ctx,
        {
          userIds: [memberId],
          teamId: null,
          type: 'team.member_removed',
          title: `You were removed from ${m.team.name}`,
          body: `${who.user.name} removed you from the team ${m.team.name}.`,
          url: null,
          data: { teamId },
        },
        { tx },
      );
    return { team: m.team, member };
  });
  ctx.jobs.poke();
  return { ...result, self };
}

/** The owner hands the team to another member, and becomes an administrator. */
export async function transferOwnership(
  ctx: AppContext,
  who: Acting,
  teamId: string,
  newOwnerId: string,
) {
  const result = await ctx.db.transaction(async (tx) => {
    const m = await requireMembership(tx, teamId, who.user.id);
    if (m.role !== 'owner') throw forbidden('Only the team’s owner can transfer ownership.');
    const member = await requireMember(tx, teamId, newOwnerId);
    if (member.userId === who.user.id)
      throw new AppError('ALREADY_OWNER', 422, 'You already own this team.', true, {
        userId: 'You already own this team. Choose another member.',
      });
    if (m.team.personal) throw forbidden('A personal team cannot change hands.');
    await tx
      .update(teamMembers)
      .set({ role: 'admin' })
      .where(and(eq(teamMembers.organizationId, teamId), eq(teamMembers.userId, who.user.id)));
    await tx
      .update(teamMembers)
      .set({ role: 'owner' })
      .where(and(eq(teamMembers.organizationId, teamId), eq(teamMembers.userId, newOwnerId)));
    await tx.update(teams).set({ ownerId: newOwnerId }).where(eq(teams.id, teamId));
    await audit(tx, who.request, {
      action: 'team.member_role_changed',
      teamId,
      subjectType: 'user',
      subjectId: newOwnerId,
      subjectLabel: member.email,
      details: { from: member.role, to: 'owner', transfer: true },
    });
    await audit(tx, who.request, {
      action: 'team.member_role_changed',
      teamId,
      subjectType: 'user',
      subjectId: who.user.id,
      subjectLabel: who.user.email,
      details: { from: 'owner', to: 'admin', transfer: true },
    });
    await notify(
      ctx,
      {
        userIds: [newOwnerId],
        teamId,
        type: 'team.role_changed',
        title: `You now own ${m.team.name}`,
        body: `${who.user.name} transferred ownership of ${m.team.name} to you.`,
        url: pathTo(ctx, 'teams.show', { team: teamId }),
        data: { teamId, from: member.role, to: 'owner' },
      },
      { tx },
    );
    return { team: m.team, member };
  });
  ctx.jobs.poke();
  return result;
}
