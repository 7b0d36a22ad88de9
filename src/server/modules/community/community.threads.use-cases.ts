import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { fail, forbidden, notFound } from '../../platform/errors.js';
import { idOr404 } from '../../platform/http/ids.js';
import type { AccountUseCase } from '../../platform/use-case/index.js';
import type { RichDoc } from '../../../shared/community/rich-text.js';
import {
  communityFollows,
  communityPosts,
  communityReactions,
  communityThreads,
} from './community.tables.js';
import {
  communityOr404,
  membershipOf,
  moderates,
  threadOr404,
  type ThreadRow,
} from './community.queries.js';
import { mayDelete, mayEdit, mustBeMember, mustModerate } from './community.policy.js';
import { checkMentions, notifyPost, publishChange, textOf } from './community.notify.js';
import { attachImages, removeThreadImages } from './community.images.js';
import { checkCards } from './community.cards.js';

const EXCERPT = 100;
const subject = (t: ThreadRow) => ({ type: 'community_thread', id: t.id, label: t.title });
const threadUrl = (uc: AccountUseCase, id: string) =>
  uc.ctx.routes.url('community.threads.show', { thread: id });

/** The thread and the actor's membership; members only (hidden threads: moderators only). */
export async function threadForMember(uc: AccountUseCase, threadId: unknown) {
  const thread = await threadOr404(uc.tx, threadId);
  const m = await membershipOf(uc.tx, thread.communityId, uc.actor.userId);
  mustBeMember(m);
  if (thread.hidden && !moderates(m)) throw notFound('Thread');
  return { thread, m };
}

export async function createThread(
  uc: AccountUseCase,
  communityId: unknown,
  input: { title: string; body: RichDoc },
) {
  const c = await communityOr404(uc.tx, communityId);
  const m = await membershipOf(uc.tx, c.id, uc.actor.userId);
  if (!m || m.status !== 'active') throw notFound('Community');
  const mentions = await checkMentions(uc.tx, c.id, input.body);
  await checkCards(uc, input.body);
  const [row] = await uc.tx
    .insert(communityThreads)
    .values({
      communityId: c.id,
      authorId: uc.actor.userId,
      authorTeamId: uc.actor.teamId,
      title: input.title,
      body: input.body,
      bodyText: await textOf(uc.tx, input.body),
      mentions,
    })
    .returning();
  await attachImages(uc, c.id, input.body, { threadId: row.id });
  // the author hears about responses to their thread
  await uc.tx
    .insert(communityFollows)
    .values({ threadId: row.id, userId: uc.actor.userId })
    .onConflictDoNothing();
  await uc.audit({
    action: 'community.thread_created',
    subject: subject(row),
    details: {
      community: c.id,
      excerpt: row.bodyText.slice(0, EXCERPT),
      mentions: mentions.length,
    },
  });
  await notifyPost(
    uc,
    {
      id: row.id,
      threadId: row.id,
      threadTitle: row.title,
      body: row.body,
      url: threadUrl(uc, row.id),
    },
    mentions,
    { followers: false },
  );
  publishChange(uc, c.id, row.id);
  return row;
}

export async function updateThread(
  uc: AccountUseCase,
  threadId: unknown,
  input: { title: string; body: RichDoc },
) {
  const { thread } = await threadForMember(uc, threadId);
  if (!mayEdit(thread.authorId, uc.actor.userId))
    throw forbidden('You can edit only your own threads.');
  const mentions = await checkMentions(uc.tx, thread.communityId, input.body);
  await checkCards(uc, input.body, thread.body);
  await attachImages(uc, thread.communityId, input.body, { threadId: thread.id });
  const [next] = await uc.tx
    .update(communityThreads)
    .set({
      title: input.title,
      body: input.body,
      bodyText: await textOf(uc.tx, input.body),
      mentions,
      editedAt: new Date(),
    })
    .where(eq(communityThreads.id, thread.id))
    .returning();
  await uc.audit({
    action: 'community.thread_updated',
    subject: subject(next),
    details: { excerpt: next.bodyText.slice(0, EXCERPT) },
  });
  await notifyPost(
    uc,
    {
      id: next.id,
      threadId: next.id,
      threadTitle: next.title,
      body: next.body,
      url: threadUrl(uc, next.id),
    },
    mentions.filter((id) => !thread.mentions.includes(id)),
    { followers: false },
  );
  publishChange(uc, thread.communityId, thread.id);
  return next;
}

/** The author, or a moderator, deletes a thread with its responses. */
export async function deleteThread(uc: AccountUseCase, threadId: unknown) {
  const { thread, m } = await threadForMember(uc, threadId);
  if (!mayDelete(thread.authorId, uc.actor.userId, m))
    throw forbidden('You can delete only your own threads.');
  await removeThreadImages(uc, thread.communityId, thread.id);
  await uc.tx.delete(communityThreads).where(eq(communityThreads.id, thread.id));
  await uc.audit({
    action: 'community.thread_deleted',
    subject: subject(thread),
    details: {
      community: thread.communityId,
      author: thread.authorId === uc.actor.userId ? 'self' : thread.authorId,
    },
  });
  publishChange(uc, thread.communityId, thread.id);
  return thread;
}

/** A moderator locks a thread (no more responses or replies) or opens it again. */
export async function lockThread(uc: AccountUseCase, threadId: unknown, locked: boolean) {
  const { thread, m } = await threadForMember(uc, threadId);
  mustModerate(m);
  if (thread.locked === locked) {
    uc.unaudited('no change');
    return;
  }
  await uc.tx.update(communityThreads).set({ locked }).where(eq(communityThreads.id, thread.id));
  await uc.audit({
    action: locked ? 'community.thread_locked' : 'community.thread_unlocked',
    subject: subject(thread),
  });
  publishChange(uc, thread.communityId, thread.id);
}

/** A moderator hides a thread from members (or shows it again). */
export async function hideThread(uc: AccountUseCase, threadId: unknown, hidden: boolean) {
  const { thread, m } = await threadForMember(uc, threadId);
  mustModerate(m);
  if (thread.hidden === hidden) {
    uc.unaudited('no change');
    return;
  }
  await uc.tx.update(communityThreads).set({ hidden }).where(eq(communityThreads.id, thread.id));
  await uc.audit({
    action: hidden ? 'community.thread_hidden' : 'community.thread_shown',
    subject: subject(thread),
    details: { author: thread.authorId },
  });
  publishChange(uc, thread.communityId, thread.id);
}

/** Follow a thread (told about new responses and replies) or stop. */
export async function followThread(uc: AccountUseCase, threadId: unknown, following: boolean) {
  const { thread } = await threadForMember(uc, threadId);
  if (following)
    await uc.tx
      .insert(communityFollows)
      .values({ threadId: thread.id, userId: uc.actor.userId })
      .onConflictDoNothing();
  else
    await uc.tx
      .delete(communityFollows)
      .where(
        and(eq(communityFollows.threadId, thread.id), eq(communityFollows.userId, uc.actor.userId)),
      );
  uc.unaudited('a member’s own reading preference');
}

/** Add or take back one reaction on the thread or one of its posts. */
export async function react(
  uc: AccountUseCase,
  target: { type: 'thread' | 'post'; id: unknown },
  input: { reaction: string; on: boolean },
) {
  let threadId: unknown = target.id;
  if (target.type === 'post') {
    const [post] = await uc.tx
      .select({ threadId: communityPosts.threadId, hidden: communityPosts.hidden })
      .from(communityPosts)
      .where(eq(communityPosts.id, idOr404(target.id, 'Post')))
      .limit(1);
    if (!post) throw notFound('Post');
    threadId = post.threadId;
  }
  const { thread } = await threadForMember(uc, threadId);
  const targetId = target.type === 'thread' ? thread.id : (target.id as string);
  if (input.on)
    await uc.tx
      .insert(communityReactions)
      .values({
        targetType: target.type,
        targetId,
        threadId: thread.id,
        userId: uc.actor.userId,
        reaction: input.reaction,
      })
      .onConflictDoNothing();
  else
    await uc.tx
      .delete(communityReactions)
      .where(
        and(
          eq(communityReactions.targetId, targetId),
          eq(communityReactions.userId, uc.actor.userId),
          eq(communityReactions.reaction, input.reaction),
        ),
      );
  uc.unaudited('a reaction is a member’s own mark, shown with their name');
  publishChange(uc, thread.communityId, thread.id);
}

/** The thread's count of visible responses and replies (the feed shows it). */
export async function recount(uc: AccountUseCase, threadId: string) {
  await uc.tx
    .update(communityThreads)
    .set({
      responseCount: sql`(select count(*)::int from ${communityPosts} p where p.thread_id = ${threadId} and p.hidden = false)`,
    })
    .where(eq(communityThreads.id, threadId));
}

/** The ids of a response and its replies. */
export async function withReplies(uc: AccountUseCase, postId: string) {
  const rows = await uc.tx
    .select({ id: communityPosts.id })
    .from(communityPosts)
    .where(or(eq(communityPosts.id, postId), eq(communityPosts.parentId, postId)));
  return rows.map((r) => r.id);
}

export async function deleteReactionsOf(uc: AccountUseCase, ids: string[]) {
  if (ids.length)
    await uc.tx.delete(communityReactions).where(inArray(communityReactions.targetId, ids));
}

export function refuseLocked(thread: ThreadRow) {
  if (thread.locked) throw fail('CONFLICT', 'This thread is locked: it takes no more responses.');
}
