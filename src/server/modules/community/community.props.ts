import {
  REACTIONS,
  type CommunityRole,
  type CommunityView,
  type JoinPolicy,
  type PostView,
  type Reaction,
  type ReactionCount,
  type ThreadSummary,
  type ThreadView,
} from '../../../shared/community/community.js';
import {
  mentionedUserIds,
  renderRichText,
  type LibraryCardInfo,
  type RichDoc,
} from '../../../shared/community/rich-text.js';
import type { CommunityRow, Membership, PostRow, ThreadRow } from './community.queries.js';
import { mayDelete, mayEdit } from './community.policy.js';

const iso = (d: Date) => d.toISOString();

export function toCommunityView(r: {
  community: CommunityRow;
  memberCount: number;
  threadCount: number;
  myRole: string | null;
  myStatus: string | null;
}): CommunityView {
  return {
    id: r.community.id,
    name: r.community.name,
    description: r.community.description,
    joinPolicy: r.community.joinPolicy as JoinPolicy,
    memberCount: Number(r.memberCount),
    threadCount: Number(r.threadCount),
    myRole: (r.myRole as CommunityRole | null) ?? null,
    myStatus: (r.myStatus as 'active' | 'pending' | null) ?? null,
    createdAt: iso(r.community.createdAt),
  };
}

const author = (id: string | null, name: string | null, teamName: string | null) => ({
  id,
  name: name ?? 'A former member',
  teamName,
});

export function toThreadSummary(r: {
  thread: ThreadRow;
  communityName: string;
  authorName: string | null;
  teamName: string | null;
}): ThreadSummary {
  const t = r.thread;
  return {
    id: t.id,
    communityId: t.communityId,
    communityName: r.communityName,
    title: t.title,
    excerpt: t.bodyText.length > 240 ? `${t.bodyText.slice(0, 239)}…` : t.bodyText,
    author: author(t.authorId, r.authorName, r.teamName),
    createdAt: iso(t.createdAt),
    lastActivityAt: iso(t.lastActivityAt),
    responseCount: t.responseCount,
    locked: t.locked,
    hidden: t.hidden,
  };
}

type ReactionRow = { targetId: string; reaction: string; userId: string };

function countsFor(rows: ReactionRow[], targetId: string, viewer: string): ReactionCount[] {
  const mine = rows.filter((r) => r.targetId === targetId);
  return REACTIONS.map((reaction: Reaction) => {
    const of = mine.filter((r) => r.reaction === reaction);
    return { reaction, count: of.length, mine: of.some((r) => r.userId === viewer) };
  });
}

/** Every mentioned id of a thread and its posts (to render current names). */
export function mentionIds(docs: RichDoc[]) {
  return [...new Set(docs.flatMap((d) => mentionedUserIds(d)))];
}

export function toThreadView(
  r: Parameters<typeof toThreadSummary>[0],
  ctx: {
    viewer: string;
    m: Membership;
    reactions: ReactionRow[];
    following: boolean;
    names: Record<string, string>;
    cards: Record<string, LibraryCardInfo>;
  },
): ThreadView {
  return {
    ...toThreadSummary(r),
    html: renderRichText(r.thread.body, ctx),
    editedAt: r.thread.editedAt ? iso(r.thread.editedAt) : null,
    reactions: countsFor(ctx.reactions, r.thread.id, ctx.viewer),
    following: ctx.following,
    canEdit: mayEdit(r.thread.authorId, ctx.viewer),
    canDelete: mayDelete(r.thread.authorId, ctx.viewer, ctx.m),
  };
}

/** Responses (oldest first) each with its replies. */
export function toPostViews(
  rows: Array<{ post: PostRow; authorName: string | null; teamName: string | null }>,
  ctx: {
    viewer: string;
    m: Membership;
    reactions: ReactionRow[];
    names: Record<string, string>;
    cards: Record<string, LibraryCardInfo>;
  },
): PostView[] {
  const view = (r: (typeof rows)[number]): PostView => ({
    id: r.post.id,
    parentId: r.post.parentId,
    author: author(r.post.authorId, r.authorName, r.teamName),
    html: renderRichText(r.post.body, ctx),
    createdAt: iso(r.post.createdAt),
    editedAt: r.post.editedAt ? iso(r.post.editedAt) : null,
    hidden: r.post.hidden,
    reactions: countsFor(ctx.reactions, r.post.id, ctx.viewer),
    canEdit: mayEdit(r.post.authorId, ctx.viewer),
    canDelete: mayDelete(r.post.authorId, ctx.viewer, ctx.m),
    body: mayEdit(r.post.authorId, ctx.viewer) ? r.post.body : null,
    replies: [],
  });
  const responses = rows.filter((r) => !r.post.parentId).map(view);
  const byId = new Map(responses.map((p) => [p.id, p]));
  for (const r of rows) {
    if (!r.post.parentId) continue;
    byId.get(r.post.parentId)?.replies.push(view(r));
  }
  return responses;
}
