import { and, eq } from 'drizzle-orm';
import { fail, forbidden, notFound } from '../../platform/errors.js';
import type { AccountUseCase } from '../../platform/use-case/index.js';
import type { JoinPolicy } from '../../../shared/community/community.js';
import { notificationPayload, NOTIFICATIONS_DELIVER } from '../notifications/index.js';
import { communities, communityMembers, communityReports } from './community.tables.js';
import {
  communityOr404,
  listMembers,
  membershipOf,
  type CommunityRow,
} from './community.queries.js';
import { mustModerate, mustOwn } from './community.policy.js';

const subject = (c: CommunityRow) => ({ type: 'community', id: c.id, label: c.name });

export async function createCommunity(
  uc: AccountUseCase,
  input: { name: string; description: string; joinPolicy: JoinPolicy },
) {
  const [row] = await uc.tx
    .insert(communities)
    .values({ ...input, createdBy: uc.actor.userId })
    .returning();
  await uc.tx
    .insert(communityMembers)
    .values({ communityId: row.id, userId: uc.actor.userId, role: 'owner', status: 'active' });
  await uc.audit({
    action: 'community.created',
    subject: subject(row),
    details: { joinPolicy: row.joinPolicy },
  });
  return row;
}

/** Join an open community, or ask to join one that needs a moderator's approval. */
export async function joinCommunity(uc: AccountUseCase, communityId: unknown) {
  const c = await communityOr404(uc.tx, communityId);
  const existing = await membershipOf(uc.tx, c.id, uc.actor.userId);
  if (existing) {
    uc.unaudited('already a member, or the request is already waiting');
    return existing.status;
  }
  const status = c.joinPolicy === 'open' ? 'active' : 'pending';
  await uc.tx
    .insert(communityMembers)
    .values({ communityId: c.id, userId: uc.actor.userId, role: 'member', status })
    .onConflictDoNothing();
  await uc.audit({
    action: status === 'active' ? 'community.joined' : 'community.join_requested',
    subject: subject(c),
  });
  if (status === 'pending') {
    const mods = (await listMembers(uc.tx, c.id, false)).filter((m) => m.role !== 'member');
    await uc.enqueue(
      NOTIFICATIONS_DELIVER,
      notificationPayload({
        userIds: mods.map((m) => m.userId),
        key: `community.join_requested:${c.id}:${uc.actor.userId}`,
        teamId: null,
        type: 'community.join_requested',
        title: `${uc.actor.name} asked to join ${c.name}`,
        url: uc.ctx.routes.url('community.show', { community: c.id }),
      }),
    );
  }
  return status;
}

/** Leave (or withdraw a request); the owner stays. */
export async function leaveCommunity(uc: AccountUseCase, communityId: unknown) {
  const c = await communityOr404(uc.tx, communityId);
  const m = await membershipOf(uc.tx, c.id, uc.actor.userId);
  if (!m) throw notFound('Community');
  if (m.role === 'owner') throw fail('FORBIDDEN', 'The owner cannot leave the community they run.');
  await uc.tx
    .delete(communityMembers)
    .where(
      and(eq(communityMembers.communityId, c.id), eq(communityMembers.userId, uc.actor.userId)),
    );
  await uc.audit({
    action: m.status === 'pending' ? 'community.request_withdrawn' : 'community.left',
    subject: subject(c),
  });
}

async function targetOf(uc: AccountUseCase, c: CommunityRow, userId: unknown) {
  const id = typeof userId === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test(userId) ? userId : null;
  const m = id ? await membershipOf(uc.tx, c.id, id) : null;
  if (!id || !m) throw notFound('Member');
  return { id, m };
}

/** A moderator lets a waiting person in. */
export async function approveMember(uc: AccountUseCase, communityId: unknown, userId: unknown) {
  const c = await communityOr404(uc.tx, communityId);
  mustModerate(await membershipOf(uc.tx, c.id, uc.actor.userId));
  const t = await targetOf(uc, c, userId);
  if (t.m.status === 'active') {
    uc.unaudited('already a member');
    return;
  }
  await uc.tx
    .update(communityMembers)
    .set({ status: 'active' })
    .where(and(eq(communityMembers.communityId, c.id), eq(communityMembers.userId, t.id)));
  await uc.audit({
    action: 'community.member_approved',
    subject: subject(c),
    details: { member: t.id },
  });
  await uc.enqueue(
    NOTIFICATIONS_DELIVER,
    notificationPayload({
      userIds: [t.id],
      key: `community.approved:${c.id}:${t.id}`,
      teamId: null,
      type: 'community.approved',
      title: `You are now a member of ${c.name}`,
      url: uc.ctx.routes.url('community.show', { community: c.id }),
    }),
  );
}

/** The owner makes a member a moderator, or back. */
export async function setMemberRole(
  uc: AccountUseCase,
  communityId: unknown,
  userId: unknown,
  role: 'moderator' | 'member',
) {
  const c = await communityOr404(uc.tx, communityId);
  mustOwn(await membershipOf(uc.tx, c.id, uc.actor.userId));
  const t = await targetOf(uc, c, userId);
  if (t.m.role === 'owner') throw forbidden('The owner’s role does not change.');
  if (t.m.status !== 'active') throw fail('CONFLICT', 'Approve the request first.');
  if (t.m.role === role) {
    uc.unaudited('the role did not change');
    return;
  }
  await uc.tx
    .update(communityMembers)
    .set({ role })
    .where(and(eq(communityMembers.communityId, c.id), eq(communityMembers.userId, t.id)));
  await uc.audit({
    action: 'community.member_role_changed',
    subject: subject(c),
    details: { member: t.id, from: t.m.role, to: role },
  });
}

/** A moderator removes a member or declines a request; only the owner removes a moderator. */
export async function removeMember(uc: AccountUseCase, communityId: unknown, userId: unknown) {
  const c = await communityOr404(uc.tx, communityId);
  const me = await membershipOf(uc.tx, c.id, uc.actor.userId);
  mustModerate(me);
  const t = await targetOf(uc, c, userId);
  if (t.m.role === 'owner') throw forbidden('The owner cannot be removed.');
  if (t.m.role === 'moderator' && me!.role !== 'owner')
    throw forbidden('Only the owner removes a moderator.');
  await uc.tx
    .delete(communityMembers)
    .where(and(eq(communityMembers.communityId, c.id), eq(communityMembers.userId, t.id)));
  await uc.audit({
    action: t.m.status === 'pending' ? 'community.request_declined' : 'community.member_removed',
    subject: subject(c),
    details: { member: t.id },
  });
}

/** A moderator closes a report (after acting on it, or not). */
export async function resolveReport(uc: AccountUseCase, reportId: unknown) {
  const id = typeof reportId === 'string' ? reportId : '';
  const [report] = /^[0-9a-f-]{36}$/i.test(id)
    ? await uc.tx.select().from(communityReports).where(eq(communityReports.id, id)).limit(1)
    : [];
  if (!report) throw notFound('Report');
  const c = await communityOr404(uc.tx, report.communityId);
  const me = await membershipOf(uc.tx, c.id, uc.actor.userId);
  if (!me || me.status !== 'active') throw notFound('Report');
  mustModerate(me);
  if (report.resolvedAt) {
    uc.unaudited('already resolved');
    return;
  }
  await uc.tx
    .update(communityReports)
    .set({ resolvedAt: new Date() })
    .where(eq(communityReports.id, report.id));
  await uc.audit({
    action: 'community.report_resolved',
    subject: subject(c),
    details: { report: report.id, on: report.targetType, onId: report.targetId },
  });
}
