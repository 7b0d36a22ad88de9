import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/** Stored notifications (also pushed live on the user's private channel). */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id').notNull(),
    teamId: text('team_id'),
    /** noun.verb, e.g. team.invited, team.role_changed */
    type: text('type').notNull(),
    title: text('title').notNull(),
    body: text('body'),
    /** where clicking it leads (a path inside the app) */
    url: text('url'),
    data: jsonb('data').$type<Record<string, unknown>>(),
    /** the event it tells of (see notifications.deliver): one notification per user and event */
    eventKey: text('event_key'),
    readAt: timestamp('read_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('notifications_user_event_key_idx').on(t.userId, t.eventKey),
    index('notifications_user_created_idx').on(t.userId, t.createdAt),
    // the unread badge on every page: a small partial index
    index('notifications_user_unread_idx')
      .on(t.userId)
      .where(sql`${t.readAt} is null`),
  ],
);
