import { randomUUID } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.js';
import { audit } from '../../platform/audit/audit.js';
import { AppError, forbidden, notFound, ValidationError } from '../../platform/errors.js';
import { teamInvitations, teamMembers, teams, users } from '../../platform/auth/auth.tables.js';
import { ROLE_LABELS, isRole, roleCan, type Role } from '../../../shared/permissions.js';
import type { InviteMemberInput } from '../../../shared/teams/members.schemas.js';
import { notifications, notify } from '../notifications/index.js';
import {
  findInvitation,
  findUserByEmail,
  invitationExpired,
  membersWithRoles,
  requireMembership,
  type InvitationRow,
  type Queryable,
  type TeamRow,
} from './teams.queries.js';
import type { Acting } from './teams.service.js';
import { pathTo, urlTo } from './team-links.js';

/** Invitations are valid for 7 days (as configured for Better Auth's organization plugin). */
const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

const lower = (s: string) => s.trim().toLowerCase();

async function lockTeam(db: Queryable, teamId: string) {
  await db.select({ id: teams.id }).from(teams).where(eq(teams.id, teamId)).for('update');
}

async function sendInvitationMail(
  ctx: AppContext,
  inv: InvitationRow,
  team: TeamRow,
  inviterName: string,
) {
  const url = urlTo(ctx, 'team-invitations.accept', { invitation: inv.id });
  const role = isRole(inv.role) ? ROLE_LABELS[inv.role] : 'member';
  await ctx.mailer.send({
    to: inv.email,
    subject: `You are invited to join ${team.name} on ${ctx.config.appName}`,
    text:
      `Hello,\n\n${inviterName} invited you to join the team "${team.name}" on ${ctx.config.appName} as ${role}.\n\n` +
      `Accept the invitation:\n${url}\n\n` +
      `No account yet? The link lets you create one with this email address (${inv.email}); the invitation is accepted once you have signed in.\n` +
      `The invitation expires on ${inv.expiresAt.toUTCString()}. If you did not expect it, you can ignore this email.\n`,
    meta: { kind: 'team-invitation', teamId: team.id, invitationId: inv.id },
  });
}

async function notifyInvited(
  ctx: AppContext,
  userId: string,
  inv: InvitationRow,
  team: TeamRow,
  inviterName: string,
) {
  await notify(ctx, {
    userId,
    teamId: null,
    type: 'team.invited',
    title: `You are invited to join ${team.name}`,
    body: `${inviterName} invited you to join ${team.name} as ${isRole(inv.role) ? ROLE_LABELS[inv.role] : 'member'}.`,
    url: pathTo(ctx, 'team-invitations.accept', { invitation: inv.id }),
    data: { teamId: team.id, invitationId: inv.id },
  });
}

/** Invite someone by email. Members and people with a live invitation cannot be invited again. */
export async function inviteMember(
  ctx: AppContext,
  who: Acting,
  teamId: string,
  input: InviteMemberInput,
) {
  const email = lower(input.email);
  const { invitation, team } = await ctx.db.transaction(async (tx) => {
    const m = await requireMembership(tx, teamId, who.user.id);
    if (!roleCan(m.role, 'team.members.invite'))
      throw forbidden('Only the team’s owner and administrators can invite members.');
    await lockTeam(tx, teamId);
    const [member] = await tx
      .select({ id: teamMembers.id })
      .from(teamMembers)
      .innerJoin(users, eq(users.id, teamMembers.userId))
      .where(and(eq(teamMembers.organizationId, teamId), sql`lower(${users.email}) = ${email}`))
      .limit(1);
    if (member) throw new ValidationError({ email: `${email} is already a member of this team.` });
    const now = new Date();
    const pending = await tx
      .select({ id: teamInvitations.id, expiresAt: teamInvitations.expiresAt })
      .from(teamInvitations)
      .where(
        and(
          eq(teamInvitations.organizationId, teamId),
          eq(teamInvitations.status, 'pending'),
          sql`lower(${teamInvitations.email}) = ${email}`,
        ),
      );
    if (pending.some((p) => p.expiresAt > now))
      throw new ValidationError({
        email: `${email} has already been invited. You can resend that invitation from the list of pending invitations.`,
      });
    if (pending.length)
      await tx
        .update(teamInvitations)
        .set({ status: 'expired' })
        .where(
          and(
            eq(teamInvitations.organizationId, teamId),
            eq(teamInvitations.status, 'pending'),
            sql`lower(${teamInvitations.email}) = ${email}`,
          ),
        );
    const [inv] = await tx
      .insert(teamInvitations)
      .values({
        id: randomUUID(),
        organizationId: teamId,
        email,
        role: input.role,
        status: 'pending',
        expiresAt: new Date(now.getTime() + INVITATION_TTL_MS),
        inviterId: who.user.id,
      })
      .returning();
    await audit(tx, who.request, {
      action: 'team.member_invited',
      teamId,
      subjectType: 'team_invitation',
      subjectId: inv.id,
      subjectLabel: email,
      details: { email, role: input.role },
    });
    return { invitation: inv, team: m.team };
  });
  const existing = await findUserByEmail(ctx.db, email);
  if (existing) await notifyInvited(ctx, existing.id, invitation, team, who.user.name);
  let mailed = true;
  try {
    await sendInvitationMail(ctx, invitation, team, who.user.name);
  } catch {
    mailed = false;
  }
  return { invitation, team, mailed };
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

/** Send the invitation again, valid for another 7 days. */
export async function resendInvitation(
  ctx: AppContext,
  who: Acting,
  teamId: string,
  invitationId: string,
) {
  const { invitation, team } = await ctx.db.transaction(async (tx) => {
    const m = await requireMembership(tx, teamId, who.user.id);
    if (!roleCan(m.role, 'team.members.invite'))
      throw forbidden('Only the team’s owner and administrators can resend invitations.');
    const inv = await requireTeamInvitation(tx, teamId, invitationId);
    if (inv.status !== 'pending') throw notFound('Invitation');
    const [updated] = await tx
      .update(teamInvitations)
      .set({ expiresAt: new Date(Date.now() + INVITATION_TTL_MS) })
      .where(eq(teamInvitations.id, inv.id))
      .returning();
    await audit(tx, who.request, {
      action: 'team.invitation_resent',
      teamId,
      subjectType: 'team_invitation',
      subjectId: inv.id,
      subjectLabel: inv.email,
    });
    return { invitation: updated, team: m.team };
  });
  await sendInvitationMail(ctx, invitation, team, who.user.name);
  return { invitation, team };
}

/** Withdraw a pending invitation (its link stops working). */
export async function cancelInvitation(ctx: AppContext, who: Acting, invitationId: string) {
  return ctx.db.transaction(async (tx) => {
    const [found] = await tx
      .select()
      .from(teamInvitations)
      .where(eq(teamInvitations.id, invitationId))
      .limit(1);
    if (!found) throw notFound('Invitation');
    const m = await requireMembership(tx, found.organizationId, who.user.id);
    if (!roleCan(m.role, 'team.members.invite'))
      throw forbidden('Only the team’s owner and administrators can cancel invitations.');
    if (found.status !== 'pending') throw notFound('Invitation');
    await tx
      .update(teamInvitations)
      .set({ status: 'canceled' })
      .where(eq(teamInvitations.id, found.id));
    await audit(tx, who.request, {
      action: 'team.invitation_cancelled',
      teamId: found.organizationId,
      subjectType: 'team_invitation',
      subjectId: found.id,
      subjectLabel: found.email,
    });
    return { invitation: found, team: m.team };
  });
}

export class InvitationError extends AppError {}

/** Why an invitation link cannot be used, as a message the visitor can act on. */
export function invitationProblem(
  row: { invitation: InvitationRow; team: TeamRow } | null,
  now = new Date(),
): InvitationError | null {
  if (!row)
    return new InvitationError(
      'INVITATION_NOT_FOUND',
      404,
      'This invitation does not exist. Please check the link in your email.',
    );
  const { invitation: inv, team } = row;
  if (inv.status === 'canceled')
    return new InvitationError(
      'INVITATION_CANCELLED',
      410,
      `This invitation to ${team.name} was cancelled. Ask the team’s owner or an administrator to invite you again.`,
    );
  if (inv.status === 'accepted')
    return new InvitationError(
      'INVITATION_USED',
      410,
      `This invitation to ${team.name} has already been accepted.`,
    );
  if (inv.status === 'rejected')
    return new InvitationError(
      'INVITATION_DECLINED',
      410,
      `This invitation to ${team.name} was declined.`,
    );
  if (invitationExpired(inv, now))
    return new InvitationError(
      'INVITATION_EXPIRED',
      410,
      `This invitation to ${team.name} expired on ${inv.expiresAt.toUTCString()}. Ask the team’s owner or an administrator to send a new one.`,
    );
  if (inv.status !== 'pending')
    return new InvitationError('INVITATION_NOT_FOUND', 404, 'This invitation is no longer valid.');
  return null;
}

/**
 * The signed-in, verified user accepts: they join with the invited role and switch to the team.
 * Only the invited email address may accept.
 */
export async function acceptInvitation(
  ctx: AppContext,
  who: Acting & { user: { emailVerified: boolean } },
  invitationId: string,
) {
  const result = await ctx.db.transaction(async (tx) => {
    const [locked] = await tx
      .select()
      .from(teamInvitations)
      .where(eq(teamInvitations.id, invitationId))
      .for('update');
    const row = locked ? await findInvitation(tx, locked.id) : null;
    const problem = invitationProblem(row);
    if (problem) throw problem;
    const { invitation: inv, team } = row!;
    if (lower(inv.email) !== lower(who.user.email)) {
      throw new InvitationError(
        'INVITATION_WRONG_USER',
        403,
        `This invitation was sent to ${inv.email}, but you are signed in as ${who.user.email}. Sign out and sign in (or register) with ${inv.email} to accept it.`,
      );
    }
    if (!who.user.emailVerified)
      throw new InvitationError(
        'EMAIL_UNVERIFIED',
        403,
        'Please verify your email address before accepting the invitation.',
      );
    const role: Role = isRole(inv.role) && inv.role !== 'owner' ? inv.role : 'viewer';
    const [already] = await tx
      .select({ id: teamMembers.id })
      .from(teamMembers)
      .where(and(eq(teamMembers.organizationId, team.id), eq(teamMembers.userId, who.user.id)))
      .limit(1);
    if (!already)
      await tx
        .insert(teamMembers)
        .values({ id: randomUUID(), organizationId: team.id, userId: who.user.id, role });
    await tx
      .update(teamInvitations)
      .set({ status: 'accepted' })
      .where(eq(teamInvitations.id, inv.id));
    // the "you are invited" notification has been acted on: it no longer counts as unread
    await tx
      .update(notifications)
      .set({ readAt: new Date() })
      .where(
        and(
          eq(notifications.userId, who.user.id),
          eq(notifications.type, 'team.invited'),
          isNull(notifications.readAt),
          sql`${notifications.data}->>'invitationId' = ${inv.id}`,
        ),
      );
    await tx.update(users).set({ currentTeamId: team.id }).where(eq(users.id, who.user.id));
    if (!already)
      await audit(tx, who.request, {
        action: 'team.member_joined',
        teamId: team.id,
        userId: who.user.id,
        actorName: who.user.name,
        actorEmail: who.user.email,
        subjectType: 'user',
        subjectId: who.user.id,
        subjectLabel: who.user.email,
        details: { role, invitationId: inv.id },
      });
    return { team, role, joined: !already };
  });
  if (result.joined) {
    const leaders = await membersWithRoles(ctx.db, result.team.id, ['owner', 'admin']);
    for (const l of leaders) {
      if (l.userId === who.user.id) continue;
      await notify(ctx, {
        userId: l.userId,
        teamId: result.team.id,
        type: 'team.member_joined',
        title: `${who.user.name} joined ${result.team.name}`,
        body: `${who.user.name} (${who.user.email}) accepted the invitation and joined as ${ROLE_LABELS[result.role]}.`,
        url: pathTo(ctx, 'teams.show', { team: result.team.id }),
        data: { teamId: result.team.id, userId: who.user.id },
      });
    }
  }
  return result;
}

/** A new account whose email has live invitations: tell them in-app (the links work once verified). */
export async function notifyPendingInvitations(
  ctx: AppContext,
  user: { id: string; email: string },
) {
  const rows = await ctx.db
    .select({ invitation: teamInvitations, team: teams, inviterName: users.name })
    .from(teamInvitations)
    .innerJoin(teams, eq(teams.id, teamInvitations.organizationId))
    .innerJoin(users, eq(users.id, teamInvitations.inviterId))
    .where(
      and(
        eq(teamInvitations.status, 'pending'),
        gt(teamInvitations.expiresAt, new Date()),
        sql`lower(${teamInvitations.email}) = ${lower(user.email)}`,
      ),
    );
  for (const r of rows) await notifyInvited(ctx, user.id, r.invitation, r.team, r.inviterName);
}
