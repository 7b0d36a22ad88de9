import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { teams, users } from '../../platform/auth/auth.tables.js';
import type { RichDoc } from '../../../shared/community/rich-text.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A community of practice: people of any team who share a field (not team-scoped). */
export const communities = pgTable(
  'communities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** open | request (a moderator approves) */
    joinPolicy: text('join_policy').notNull(),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('communities_name_idx').on(t.name)],
);

/** Who belongs to a community (or asked to): one row per person, roles owner | moderator | member. */
export const communityMembers = pgTable(
  'community_members',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    communityId: uuid('community_id')
      .notNull()
      .references(() => communities.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    /** active | pending (a request to join) */
    status: text('status').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('community_members_unique').on(t.communityId, t.userId),
    index('community_members_user_idx').on(t.userId),
  ],
);

/** A thread: a title and the opening post. */
export const communityThreads = pgTable(
  'community_threads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    communityId: uuid('community_id')
      .notNull()
      .references(() => communities.id, { onDelete: 'cascade' }),
    authorId: text('author_id').references(() => users.id, { onDelete: 'set null' }),
    /** the team the author posted from (shown beside the name) */
    authorTeamId: text('author_team_id').references(() => teams.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    /** the editor's JSON, checked against the allowlist (shared/community/rich-text.ts) */
    body: jsonb('body').$type<RichDoc>().notNull(),
    /** plain text of the body (search, excerpts) */
    bodyText: text('body_text').notNull(),
    mentions: jsonb('mentions').$type<string[]>().notNull().default([]),
    locked: boolean('locked').notNull().default(false),
    hidden: boolean('hidden').notNull().default(false),
    responseCount: integer('response_count').notNull().default(0),
    lastActivityAt: ts('last_activity_at').notNull().defaultNow(),
    editedAt: ts('edited_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('community_threads_community_idx').on(t.communityId, t.createdAt),
    index('community_threads_activity_idx').on(t.communityId, t.lastActivityAt),
  ],
);

/** A response to a thread (parent_id null) or a reply to a response (one level). */
export const communityPosts = pgTable(
  'community_posts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    threadId: uuid('thread_id')
      .notNull()
      .references(() => communityThreads.id, { onDelete: 'cascade' }),
    parentId: uuid('parent_id'),
    authorId: text('author_id').references(() => users.id, { onDelete: 'set null' }),
    authorTeamId: text('author_team_id').references(() => teams.id, { onDelete: 'set null' }),
    body: jsonb('body').$type<RichDoc>().notNull(),
    bodyText: text('body_text').notNull(),
    mentions: jsonb('mentions').$type<string[]>().notNull().default([]),
    hidden: boolean('hidden').notNull().default(false),
    editedAt: ts('edited_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('community_posts_thread_idx').on(t.threadId, t.createdAt),
    index('community_posts_parent_idx').on(t.parentId),
  ],
);

/** One reaction of one person on a thread or post. */
export const communityReactions = pgTable(
  'community_reactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** thread | post */
    targetType: text('target_type').notNull(),
    targetId: uuid('target_id').notNull(),
    threadId: uuid('thread_id')
      .notNull()
      .references(() => communityThreads.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reaction: text('reaction').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('community_reactions_unique').on(t.targetId, t.userId, t.reaction),
    index('community_reactions_thread_idx').on(t.threadId),
  ],
);

/** People told about new responses and replies in a thread. */
export const communityFollows = pgTable(
  'community_follows',
  {
    threadId: uuid('thread_id')
      .notNull()
      .references(() => communityThreads.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('community_follows_unique').on(t.threadId, t.userId)],
);

/** A member's report of a thread or post, for the community's moderators. */
export const communityReports = pgTable(
  'community_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    communityId: uuid('community_id')
      .notNull()
      .references(() => communities.id, { onDelete: 'cascade' }),
    threadId: uuid('thread_id')
      .notNull()
      .references(() => communityThreads.id, { onDelete: 'cascade' }),
    targetType: text('target_type').notNull(),
    targetId: uuid('target_id').notNull(),
    reporterId: text('reporter_id').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason').notNull(),
    resolvedAt: ts('resolved_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('community_reports_open_idx').on(t.communityId, t.resolvedAt)],
);

/**
 * An image uploaded into a community's post: the file is `<dataDir>/uploads/community-<id>/<id>`.
 * Readable by the community's members once a thread or post shows it (before that, only by the
 * one who uploaded it); it goes with the thread or post that holds it.
 */
export const communityImages = pgTable(
  'community_images',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    communityId: uuid('community_id')
      .notNull()
      .references(() => communities.id, { onDelete: 'cascade' }),
    uploadedBy: text('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    /** the thread (its opening post) or the post that shows it; null until posted */
    threadId: uuid('thread_id').references(() => communityThreads.id, { onDelete: 'cascade' }),
    postId: uuid('post_id').references(() => communityPosts.id, { onDelete: 'cascade' }),
    /** the type sniffed from the bytes: image/png | image/jpeg | image/webp | image/gif */
    mime: text('mime').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    byteSize: integer('byte_size').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('community_images_community_idx').on(t.communityId),
    index('community_images_thread_idx').on(t.threadId),
    index('community_images_post_idx').on(t.postId),
  ],
);
