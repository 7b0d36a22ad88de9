import type { RichNode } from './rich-text.js';

/**
 * Community constants and views, zod-free (the client's pages import them without pulling in
 * zod; the inputs are in community.schemas.ts).
 */
export type CommunityRole = 'owner' | 'moderator' | 'member';
export const JOIN_POLICIES = ['open', 'request'] as const;
export type JoinPolicy = (typeof JOIN_POLICIES)[number];
export const FEED_SORTS = ['newest', 'active'] as const;
export type FeedSort = (typeof FEED_SORTS)[number];

/** The small fixed set of reactions, in display order. */
export const REACTIONS = ['like', 'insightful', 'thanks', 'celebrate'] as const;
export type Reaction = (typeof REACTIONS)[number];
export const REACTION_LABELS: Record<Reaction, string> = {
  like: 'Like',
  insightful: 'Insightful',
  thanks: 'Thanks',
  celebrate: 'Celebrate',
};

/** Posting: threads, responses and replies per person and minute. */
export const POSTS_PER_MINUTE = 10;
/** Threads per feed or community page. */
export const THREADS_PER_PAGE = 20;

/** Live events on `private-community.{communityId}` (members only). */
export const COMMUNITY_EVENTS = {
  posted: 'community.post.created',
  changed: 'community.thread.changed',
} as const;

export interface AuthorView {
  id: string | null;
  name: string;
  /** the team the author posted from */
  teamName: string | null;
}

export interface CommunityView {
  id: string;
  name: string;
  description: string;
  joinPolicy: JoinPolicy;
  memberCount: number;
  threadCount: number;
  /** the viewer's role, when a member */
  myRole: CommunityRole | null;
  /** 'pending' while a request to join waits for a moderator */
  myStatus: 'active' | 'pending' | null;
  createdAt: string;
}

export interface ReactionCount {
  reaction: Reaction;
  count: number;
  mine: boolean;
}

export interface ThreadSummary {
  id: string;
  communityId: string;
  communityName: string;
  title: string;
  excerpt: string;
  author: AuthorView;
  createdAt: string;
  lastActivityAt: string;
  responseCount: number;
  locked: boolean;
  hidden: boolean;
}

export interface PostView {
  id: string;
  parentId: string | null;
  author: AuthorView;
  /** rendered on the server from the allowlist */
  html: string;
  createdAt: string;
  editedAt: string | null;
  hidden: boolean;
  reactions: ReactionCount[];
  canEdit: boolean;
  canDelete: boolean;
  /** the editor's JSON, only for the author (to edit it) */
  body: RichNode | null;
  replies: PostView[];
}

export interface ThreadView extends ThreadSummary {
  html: string;
  editedAt: string | null;
  reactions: ReactionCount[];
  following: boolean;
  canEdit: boolean;
  canDelete: boolean;
}

export interface MemberView {
  userId: string;
  name: string;
  email: string;
  role: CommunityRole;
  status: 'active' | 'pending';
  since: string;
}

export interface ReportView {
  id: string;
  targetType: 'thread' | 'post';
  targetId: string;
  threadId: string;
  reason: string;
  reporter: string;
  createdAt: string;
}

/** Someone the editor can @mention: a member of the community. */
export interface MentionCandidate {
  id: string;
  label: string;
}

/** What the live event of a new response or reply carries (the page reloads its posts). */
export interface CommunityPostEvent {
  threadId: string;
  postId: string;
  authorId: string | null;
}
