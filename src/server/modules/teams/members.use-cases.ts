import { and, eq } from 'drizzle-orm';
import { notFound } from '../../platform/errors.js';
import { teamMembers, teams, users } from '../../platform/auth/auth.tables.js';
import type { AccountUseCase } from '../../platform/use-case/index.js';
import { ROLE_LABELS, isRole } from '../../../shared/permissions.js';
import type { AssignableRole } from '../../../shared/teams/members.schemas.js';
import { notificationPayload, NOTIFICATIONS_DELIVER } from '../notifications/index.js';
import type { Queryable } from './teams.queries.js';
import { clearCurrentTeam } from './teams.service.js';
import { inTeam } from './teams.use-cases.js';
import { pathTo } from './team-links.js';

/*
 * Member management as use cases (run by runAccountUseCase): the role rules (who may change
 * whose role, the owner is never demoted, removed nor leaves, transfers are the owner's) are
 * policies in platform/use-case/policy.ts; notifications go out after the commit.
 */

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
  uc: AccountUseCase,
  input: { teamId: string; memberId: string; role: AssignableRole },
) {
  const { teamId, memberId, role } = input;
  const m = await inTeam(uc, teamId);
  m.can('team.members.update');
  const member = await requireMember(uc.tx, teamId, memberId);
  m.can('team.members.update', { member });
  if (member.role === role) {
    uc.unaudited('the member already has this role: nothing was written');
    return { team: m.team, member, changed: false };
  }
  await uc.tx
    .update(teamMembers)
    .set({ role })
    .where(and(eq(teamMembers.organizationId, teamId), eq(teamMembers.userId, memberId)));
  await uc.audit({
    action: 'team.member_role_changed',
    teamId,
    subject: { type: 'user', id: memberId, label: member.email },
    details: { from: member.role, to: role },
  });
  if (memberId !== uc.actor.userId)
    await uc.enqueue(
      NOTIFICATIONS_DELIVER,
      notificationPayload({
        userIds: [memberId],
        teamId,
        type: 'team.role_changed',
        title: `Your role in ${m.team.name} is now ${ROLE_LABELS[role]}`,
        body: `${uc.actor.name} changed your role from ${ROLE_LABELS[member.role]} to ${ROLE_LABELS[role]}.`,
        url: pathTo(uc.ctx, 'teams.show', { team: teamId }),
        data: { teamId, from: member.role, to: role },
      }),
    );
  return { team: m.team, member, changed: true };
}

/**
 * Remove a member, or leave the team when the member is yourself. The owner can be neither
 * removed nor leave (transfer ownership or delete the team first).
 */
export async function removeMember(
  uc: AccountUseCase,
  input: { teamId: string; memberId: string },
) {
  const { teamId, memberId } = input;
  const self = memberId === uc.actor.userId;
  const permission = self ? 'team.leave' : 'team.members.remove';
  const m = await inTeam(uc, teamId);
  m.can(permission);
  const member = await requireMember(uc.tx, teamId, memberId);
  m.can(permission, { member });
  await uc.tx
    .delete(teamMembers)
    .where(and(eq(teamMembers.organizationId, teamId), eq(teamMembers.userId, memberId)));
  await clearCurrentTeam(uc.tx, memberId, teamId);
  await uc.audit({
    action: self ? 'team.member_left' : 'team.member_removed',
    teamId,
    subject: { type: 'user', id: memberId, label: member.email },
    details: { role: member.role },
  });
  if (!self)
    await uc.enqueue(
      NOTIFICATIONS_DELIVER,
      notificationPayload({
        userIds: [memberId],
        teamId: null,
        type: 'team.member_removed',
        title: `You were removed from ${m.team.name}`,
        body: `${uc.actor.name} removed you from the team ${m.team.name}.`,
        url: null,
        data: { teamId },
      }),
    );
  return { team: m.team, member, self };
}

/** The owner hands the team to another member, and becomes an administrator. */
export async function transferOwnership(
  uc: AccountUseCase,
  input: { teamId: string; newOwnerId: string },
) {
  const { teamId, newOwnerId } = input;
  const m = await inTeam(uc, teamId);
  m.can('team.transfer');
  const member = await requireMember(uc.tx, teamId, newOwnerId);
  m.can('team.transfer', { member });
  await uc.tx
    .update(teamMembers)
    .set({ role: 'admin' })
    .where(and(eq(teamMembers.organizationId, teamId), eq(teamMembers.userId, uc.actor.userId)));
  await uc.tx
    .update(teamMembers)
    .set({ role: 'owner' })
    .where(and(eq(teamMembers.organizationId, teamId), eq(teamMembers.userId, newOwnerId)));
  await uc.tx.update(teams).set({ ownerId: newOwnerId }).where(eq(teams.id, teamId));
  await uc.audit({
    action: 'team.member_role_changed',
    teamId,
    subject: { type: 'user', id: newOwnerId, label: member.email },
    details: { from: member.role, to: 'owner', transfer: true },
  });
  await uc.audit({
    action: 'team.member_role_changed',
    teamId,
    subject: { type: 'user', id: uc.actor.userId, label: uc.actor.email },
    details: { from: 'owner', to: 'admin', transfer: true },
  });
  await uc.enqueue(
    NOTIFICATIONS_DELIVER,
    notificationPayload({
      userIds: [newOwnerId],
      teamId,
      type: 'team.role_changed',
      title: `You now own ${m.team.name}`,
      body: `${uc.actor.name} transferred ownership of ${m.team.name} to you.`,
      url: pathTo(uc.ctx, 'teams.show', { team: teamId }),
      data: { teamId, from: member.role, to: 'owner' },
    }),
  );
  return { team: m.team, member };
}
