import { randomUUID } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { notFound, ValidationError } from '../../platform/errors.js';
import { teamInvitations, teamMembers, teams, users } from '../../platform/auth/auth.tables.js';
import type { AccountUseCase } from '../../platform/use-case/index.js';
import { ROLE_LABELS, isRole, type Role } from '../../../shared/permissions.js';
import type { InviteMemberInput } from '../../../shared/teams/members.schemas.js';
import {
  notificationPayload,
  notifications,
  NOTIFICATIONS_DELIVER,
} from '../notifications/index.js';
import {
  findInvitation,
  findUserByEmail,
  membersWithRoles,
  type Queryable,
} from './teams.queries.js';
import {
  INVITATION_TTL_MS,
  InvitationError,
  invitationProblem,
  invitedNotification,
} from './invitations.service.js';
import { inTeam } from './teams.use-cases.js';
import { pathTo } from './team-links.js';

/*
 * Invitations as use cases (run by runAccountUseCase). The mail and the in-app notifications are
 * jobs queued in the same transaction (a rolled-back write tells no one; SMTP is retried).
 */

const lower = (s: string) => s.trim().toLowerCase();

async function lockTeam(db: Queryable, teamId: string) {
  await db.select({ id: teams.id }).from(teams).where(eq(teams.id, teamId)).for('update');
}

/** Invite someone by email. Members and people with a live invitation cannot be invited again. */
export async function inviteMember(
  uc: AccountUseCase,
  input: InviteMemberInput & { teamId: string },
) {
  const { teamId } = input;
  const email = lower(input.email);
  const m = await inTeam(uc, teamId);
  m.can('team.members.invite');
  await lockTeam(uc.tx, teamId);
  const [member] = await uc.tx
    .select({ id: teamMembers.id })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(and(eq(teamMembers.organizationId, teamId), sql`lower(${users.email}) = ${email}`))
    .limit(1);
  if (member) throw new ValidationError({ email: `${email} is already a member of this team.` });
  const now = new Date();
  const livePending = and(
    eq(teamInvitations.organizationId, teamId),
    eq(teamInvitations.status, 'pending'),
    sql`lower(${teamInvitations.email}) = ${email}`,
  );
  const pending = await uc.tx
    .select({ id: teamInvitations.id, expiresAt: teamInvitations.expiresAt })
    .from(teamInvitations)
    .where(livePending);
  if (pending.some((p) => p.expiresAt > now))
    throw new ValidationError({
      email: `${email} has already been invited. You can resend that invitation from the list of pending invitations.`,
    });
  if (pending.length)
    await uc.tx.update(teamInvitations).set({ status: 'expired' }).where(livePending);
  const [invitation] = await uc.tx
    .insert(teamInvitations)
    .values({
      id: randomUUID(),
      organizationId: teamId,
      email,
      role: input.role,
      status: 'pending',
      expiresAt: new Date(now.getTime() + INVITATION_TTL_MS),
      inviterId: uc.actor.userId,
    })
    .returning();
  await uc.audit({
    action: 'team.member_invited',
    teamId,
    subject: { type: 'team_invitation', id: invitation.id, label: email },
    details: { email, role: input.role },
  });
  const existing = await findUserByEmail(uc.tx, email);
  if (existing)
    await uc.enqueue(
      NOTIFICATIONS_DELIVER,
      notificationPayload(
        invitedNotification(uc.ctx, existing.id, invitation, m.team, uc.actor.name),
      ),
    );
  await uc.enqueue(
    'mail.send',
    uc.ctx.mail.payload('teams.invitation', {
      invitationId: invitation.id,
      inviterId: uc.actor.userId,
    }),
  );
  return { invitation, team: m.team };
}

async function requireTeamInvitation(db: Queryable, teamId: string, invitationId: string) {
  const [inv] = await db
    .select()
    .from(teamInvitations)
    .where(and(eq(teamInvitations.id, invitationId), eq(teamInvitations.organizationId, teamId)))
    .limit(1);
  if (!inv) throw notFound('Invitation');
  return inv;
}

/** Make a pending invitation valid for another 7 days and send it again. */
export async function resendInvitation(
  uc: AccountUseCase,
  input: { teamId: string; invitationId: string },
) {
  const m = await inTeam(uc, input.teamId);
  m.can('team.members.invite');
  const inv = await requireTeamInvitation(uc.tx, input.teamId, input.invitationId);
  if (inv.status !== 'pending') throw notFound('Invitation');
  const [invitation] = await uc.tx
    .update(teamInvitations)
    .set({ expiresAt: new Date(Date.now() + INVITATION_TTL_MS) })
    .where(eq(teamInvitations.id, inv.id))
    .returning();
  await uc.audit({
    action: 'team.invitation_resent',
    teamId: input.teamId,
    subject: { type: 'team_invitation', id: inv.id, label: inv.email },
  });
  await uc.enqueue(
    'mail.send',
    uc.ctx.mail.payload('teams.invitation', { invitationId: inv.id, inviterId: uc.actor.userId }),
  );
  return { invitation, team: m.team };
}

/** Withdraw a pending invitation (its link stops working). */
export async function cancelInvitation(uc: AccountUseCase, input: { invitationId: string }) {
  const [found] = await uc.tx
    .select()
    .from(teamInvitations)
    .where(eq(teamInvitations.id, input.invitationId))
    .limit(1);
  if (!found) throw notFound('Invitation');
  const m = await inTeam(uc, found.organizationId);
  m.can('team.members.invite');
  if (found.status !== 'pending') throw notFound('Invitation');
  await uc.tx
    .update(teamInvitations)
    .set({ status: 'canceled' })
    .where(eq(teamInvitations.id, found.id));
  await uc.audit({
    action: 'team.invitation_cancelled',
    teamId: found.organizationId,
    subject: { type: 'team_invitation', id: found.id, label: found.email },
  });
  return { invitation: found, team: m.team };
}

/**
 * The signed-in, verified user accepts: they join with the invited role and switch to the team.
 * Only the invited email address may accept.
 */
export async function acceptInvitation(
  uc: AccountUseCase,
  input: { invitationId: string; emailVerified: boolean },
) {
  const who = uc.actor;
  const [locked] = await uc.tx
    .select()
    .from(teamInvitations)
    .where(eq(teamInvitations.id, input.invitationId))
    .for('update');
  const row = locked ? await findInvitation(uc.tx, locked.id) : null;
  const problem = invitationProblem(row);
  if (problem) throw problem;
  const { invitation: inv, team } = row!;
  if (lower(inv.email) !== lower(who.email)) {
    throw new InvitationError(
      'INVITATION_WRONG_USER',
      403,
      `This invitation was sent to ${inv.email}, but you are signed in as ${who.email}. Sign out and sign in (or register) with ${inv.email} to accept it.`,
    );
  }
  if (!input.emailVerified)
    throw new InvitationError(
      'EMAIL_UNVERIFIED',
      403,
      'Please verify your email address before accepting the invitation.',
    );
  const role: Role = isRole(inv.role) && inv.role !== 'owner' ? inv.role : 'viewer';
  const [already] = await uc.tx
    .select({ id: teamMembers.id })
    .from(teamMembers)
    .where(and(eq(teamMembers.organizationId, team.id), eq(teamMembers.userId, who.userId)))
    .limit(1);
  if (!already)
    await uc.tx
      .insert(teamMembers)
      .values({ id: randomUUID(), organizationId: team.id, userId: who.userId, role });
  await uc.tx
    .update(teamInvitations)
    .set({ status: 'accepted' })
    .where(eq(teamInvitations.id, inv.id));
  // the "you are invited" notification has been acted on: it no longer counts as unread
  await uc.tx
    .update(notifications)
    .set({ readAt: new Date() })
    .where(
      and(
        eq(notifications.userId, who.userId),
        eq(notifications.type, 'team.invited'),
        isNull(notifications.readAt),
        sql`${notifications.data}->>'invitationId' = ${inv.id}`,
      ),
    );
  await uc.tx.update(users).set({ currentTeamId: team.id }).where(eq(users.id, who.userId));
  if (already) {
    uc.unaudited('already a member: the link only closes the invitation and opens the team');
    return { team, role, joined: false };
  }
  await uc.audit({
    action: 'team.member_joined',
    teamId: team.id,
    subject: { type: 'user', id: who.userId, label: who.email },
    details: { role, invitationId: inv.id },
  });
  const leaders = await membersWithRoles(uc.tx, team.id, ['owner', 'admin']);
  await uc.enqueue(
    NOTIFICATIONS_DELIVER,
    notificationPayload({
      userIds: leaders.map((l) => l.userId).filter((id) => id !== who.userId),
      key: `team.member_joined:${inv.id}`,
      teamId: team.id,
      type: 'team.member_joined',
      title: `${who.name} joined ${team.name}`,
      body: `${who.name} (${who.email}) accepted the invitation and joined as ${ROLE_LABELS[role]}.`,
      url: pathTo(uc.ctx, 'teams.show', { team: team.id }),
      data: { teamId: team.id, userId: who.userId },
    }),
  );
  return { team, role, joined: true };
}
