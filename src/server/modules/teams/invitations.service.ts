import { and, eq, gt, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.js';
import type { Db } from '../../platform/db/client.js';
import { AppError } from '../../platform/errors.js';
import { teamInvitations, teams, users } from '../../platform/auth/auth.tables.js';
import { ROLE_LABELS, isRole } from '../../../shared/permissions.js';
import { notify, type NewNotification } from '../notifications/index.js';
import {
  findInvitation,
  invitationExpired,
  type InvitationRow,
  type TeamRow,
} from './teams.queries.js';
import { pathTo, urlTo } from './team-links.js';

/** Invitations are valid for 7 days (as configured for Better Auth's organization plugin). */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

const lower = (s: string) => s.trim().toLowerCase();

const invitationMailData = z.strictObject({
  invitationId: z.string().min(1),
  /** who (re)sent it */
  inviterId: z.string().min(1),
});

declare module '../../platform/mail/mail-queue.js' {
  interface MailTemplateData {
    'teams.invitation': z.infer<typeof invitationMailData>;
  }
}

/** The invitation mail, rendered by the mail job; an invitation no longer pending sends nothing. */
export function registerInvitationMail(ctx: AppContext) {
  ctx.mail.template('teams.invitation', invitationMailData, async (d) => {
    const row = await findInvitation(ctx.db, d.invitationId);
    if (!row || row.invitation.status !== 'pending') return null;
    const { invitation: inv, team } = row;
    const [inviter] = await ctx.db
      .select({ name: users.name })
      .from(users)
      .where(eq(users.id, d.inviterId))
      .limit(1);
    const inviterName = inviter?.name ?? `A member of ${team.name}`;
    const url = urlTo(ctx, 'team-invitations.accept', { invitation: inv.id });
    const role = isRole(inv.role) ? ROLE_LABELS[inv.role] : 'member';
    return {
      to: inv.email,
      subject: `You are invited to join ${team.name} on ${ctx.config.appName}`,
      text:
        `Hello,\n\n${inviterName} invited you to join the team "${team.name}" on ${ctx.config.appName} as ${role}.\n\n` +
        `Accept the invitation:\n${url}\n\n` +
        `No account yet? The link lets you create one with this email address (${inv.email}); the invitation is accepted once you have signed in.\n` +
        `The invitation expires on ${inv.expiresAt.toUTCString()}. If you did not expect it, you can ignore this email.\n`,
    };
  });
}

/** The "you are invited" notification (one per invitation and person, however often queued). */
export function invitedNotification(
  ctx: AppContext,
  userId: string,
  inv: InvitationRow,
  team: TeamRow,
  inviterName: string,
): NewNotification {
  return {
    userIds: [userId],
    key: `team.invited:${inv.id}`,
    teamId: null,
    type: 'team.invited',
    title: `You are invited to join ${team.name}`,
    body: `${inviterName} invited you to join ${team.name} as ${isRole(inv.role) ? ROLE_LABELS[inv.role] : 'member'}.`,
    url: pathTo(ctx, 'team-invitations.accept', { invitation: inv.id }),
    data: { teamId: team.id, invitationId: inv.id },
  };
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

/** A new account whose email has live invitations: tell them in-app (the links work once verified). */
export async function notifyPendingInvitations(
  ctx: AppContext,
  user: { id: string; email: string },
  db: Db = ctx.db,
) {
  const rows = await db
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
  for (const r of rows)
    await notify(ctx, invitedNotification(ctx, user.id, r.invitation, r.team, r.inviterName), {
      tx: db,
    });
}
