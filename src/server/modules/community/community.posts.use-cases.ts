import { and, eq, inArray, isNull } from 'drizzle-orm';
import { forbidden, notFound, ValidationError } from '../../platform/errors.js';
import type { AccountUseCase } from '../../platform/use-case/index.js';
import type { RichDoc } from '../../../shared/community/rich-text.js';
import {
  communityFollows,
  communityPosts,
  communityReports,
  communityThreads,
} from './community.tables.js';
import { moderates, postOr404, type PostRow, type ThreadRow } from './community.queries.js';
import { mayDelete, mayEdit, mustModerate } from './community.policy.js';
import {
  checkMentions,
  notifyPost,
  publishChange,
  publishPost,
  textOf,
} from './community.notify.js';
import {
  deleteReactionsOf,
  recount,
  refuseLocked,
  threadForMember,
  withReplies,
} from './community.threads.use-cases.js';
import { attachImages, removePostImages } from './community.images.js';
import { checkCards } from './community.cards.js';

const EXCERPT = 100;
const subject = (p: PostRow, t: ThreadRow) => ({
  type: 'community_post',
  id: p.id,
  label: t.title,
});
const postUrl = (uc: AccountUseCase, t: ThreadRow, postId: string) =>
  `${uc.ctx.routes.url('community.threads.show', { thread: t.id })}#post-${postId}`;

/** A response to the thread, or a reply to one of its responses (replies nest one level). */
export async function createPost(
  uc: AccountUseCase,
  threadId: unknown,
  input: { body: RichDoc; parentId?: string | null },
) {
  const { thread } = await threadForMember(uc, threadId);
  refuseLocked(thread);
  if (input.parentId) {
    const [parent] = await uc.tx
      .select({ id: communityPosts.id })
      .from(communityPosts)
      .where(
        and(
          eq(communityPosts.id, input.parentId),
          eq(communityPosts.threadId, thread.id),
          isNull(communityPosts.parentId),
          eq(communityPosts.hidden, false),
        ),
      )
      .limit(1);
    if (!parent) throw new ValidationError({ parentId: 'Reply to a response of this thread.' });
  }
  const mentions = await checkMentions(uc.tx, thread.communityId, input.body);
  await checkCards(uc, input.body);
  const [row] = await uc.tx
    .insert(communityPosts)
    .values({
      threadId: thread.id,
      parentId: input.parentId ?? null,
      authorId: uc.actor.userId,
      authorTeamId: uc.actor.teamId,
      body: input.body,
      bodyText: await textOf(uc.tx, input.body),
      mentions,
    })
    .returning();
  await attachImages(uc, thread.communityId, input.body, { postId: row.id });
  await uc.tx
    .update(communityThreads)
    .set({ lastActivityAt: row.createdAt })
    .where(eq(communityThreads.id, thread.id));
  await recount(uc, thread.id);
  await uc.audit({
    action: input.parentId ? 'community.reply_created' : 'community.response_created',
    subject: subject(row, thread),
    details: {
      thread: thread.id,
      excerpt: row.bodyText.slice(0, EXCERPT),
      mentions: mentions.length,
    },
  });
  await notifyPost(
    uc,
    {
      id: row.id,
      threadId: thread.id,
      threadTitle: thread.title,
      body: row.body,
      url: postUrl(uc, thread, row.id),
    },
    mentions,
    { followers: true },
  );
  // whoever responds follows the thread from then on
  await uc.tx
    .insert(communityFollows)
    .values({ threadId: thread.id, userId: uc.actor.userId })
    .onConflictDoNothing();
  publishPost(uc, thread.communityId, {
    threadId: thread.id,
    postId: row.id,
    authorId: uc.actor.userId,
  });
  return row;
}

async function postForMember(uc: AccountUseCase, postId: unknown) {
  const post = await postOr404(uc.tx, postId);
  const { thread, m } = await threadForMember(uc, post.threadId);
  if (post.hidden && !moderates(m)) throw notFound('Post');
  return { post, thread, m };
}

export async function updatePost(uc: AccountUseCase, postId: unknown, input: { body: RichDoc }) {
  const { post, thread } = await postForMember(uc, postId);
  if (!mayEdit(post.authorId, uc.actor.userId))
    throw forbidden('You can edit only your own posts.');
  refuseLocked(thread);
  const mentions = await checkMentions(uc.tx, thread.communityId, input.body);
  await checkCards(uc, input.body, post.body);
  await attachImages(uc, thread.communityId, input.body, { postId: post.id });
  const [next] = await uc.tx
    .update(communityPosts)
    .set({
      body: input.body,
      bodyText: await textOf(uc.tx, input.body),
      mentions,
      editedAt: new Date(),
    })
    .where(eq(communityPosts.id, post.id))
    .returning();
  await uc.audit({
    action: 'community.post_updated',
    subject: subject(next, thread),
    details: { thread: thread.id, excerpt: next.bodyText.slice(0, EXCERPT) },
  });
  await notifyPost(
    uc,
    {
      id: next.id,
      threadId: thread.id,
      threadTitle: thread.title,
      body: next.body,
      url: postUrl(uc, thread, next.id),
    },
    mentions.filter((id) => !post.mentions.includes(id)),
    { followers: false },
  );
  publishChange(uc, thread.communityId, thread.id);
  return next;
}

/** The author, or a moderator, deletes a post (a response with its replies). */
export async function deletePost(uc: AccountUseCase, postId: unknown) {
  const { post, thread, m } = await postForMember(uc, postId);
  if (!mayDelete(post.authorId, uc.actor.userId, m))
    throw forbidden('You can delete only your own posts.');
  const ids = await withReplies(uc, post.id);
  await deleteReactionsOf(uc, ids);
  await removePostImages(uc, thread.communityId, ids);
  await uc.tx.delete(communityPosts).where(inArray(communityPosts.id, ids));
  await recount(uc, thread.id);
  await uc.audit({
    action: 'community.post_deleted',
    subject: subject(post, thread),
    details: {
      thread: thread.id,
      replies: ids.length - 1,
      author: post.authorId === uc.actor.userId ? 'self' : post.authorId,
    },
  });
  publishChange(uc, thread.communityId, thread.id);
}

/** A moderator hides a post from members (or shows it again). */
export async function hidePost(uc: AccountUseCase, postId: unknown, hidden: boolean) {
  const { post, thread, m } = await postForMember(uc, postId);
  mustModerate(m);
  if (post.hidden === hidden) {
    uc.unaudited('no change');
    return;
  }
  await uc.tx.update(communityPosts).set({ hidden }).where(eq(communityPosts.id, post.id));
  await recount(uc, thread.id);
  await uc.audit({
    action: hidden ? 'community.post_hidden' : 'community.post_shown',
    subject: subject(post, thread),
    details: { thread: thread.id, author: post.authorId },
  });
  publishChange(uc, thread.communityId, thread.id);
}

/** A member reports a thread or post to the community's moderators. */
export async function reportPost(
  uc: AccountUseCase,
  input: { targetType: 'thread' | 'post'; targetId: string; reason: string },
) {
  const { thread, targetId } =
    input.targetType === 'post'
      ? await postForMember(uc, input.targetId).then((r) => ({ ...r, targetId: r.post.id }))
      : await threadForMember(uc, input.targetId).then((r) => ({ ...r, targetId: r.thread.id }));
  const [row] = await uc.tx
    .insert(communityReports)
    .values({
      communityId: thread.communityId,
      threadId: thread.id,
      targetType: input.targetType,
      targetId,
      reporterId: uc.actor.userId,
      reason: input.reason,
    })
    .returning();
  await uc.audit({
    action: 'community.reported',
    subject: { type: `community_${input.targetType}`, id: targetId, label: thread.title },
    details: { report: row.id, reason: input.reason.slice(0, EXCERPT) },
  });
  return row;
}
