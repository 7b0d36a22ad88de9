import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { tableQuery } from '../../platform/http/table-query.js';
import { notifications } from './notifications.tables.js';

export type NotificationRow = typeof notifications.$inferSelect;

/** Unread count for the badge (uses the partial index on unread rows). */
export async function unreadCount(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return Number(row?.n ?? 0);
}

export async function totalCount(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(eq(notifications.userId, userId));
  return Number(row?.n ?? 0);
}

/** Newest first. */
export function listNotifications(
  db: Db,
  userId: string,
  limit: number,
  offset = 0,
): Promise<NotificationRow[]> {
  return db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit)
    .offset(offset);
}

/** One page of the user's notifications for the list (search title and text, sort, newest first by default). */
export function pageNotifications(db: Db, userId: string, query: unknown) {
  return tableQuery(db, query, {
    select: {
      id: notifications.id,
      type: notifications.type,
      title: notifications.title,
      body: notifications.body,
      url: notifications.url,
      readAt: notifications.readAt,
      createdAt: notifications.createdAt,
    },
    from: notifications,
    where: eq(notifications.userId, userId),
    searchable: [notifications.title, notifications.body],
    sortable: {
      created_at: notifications.createdAt,
      title: notifications.title,
      read_at: notifications.readAt,
    },
    defaultSort: 'created_at',
    defaultDir: 'desc',
    tiebreak: notifications.id,
  });
}

/** Mark one of the user's notifications read; undefined when it is not theirs (or does not exist). */
export async function markRead(
  db: Db,
  userId: string,
  id: string,
): Promise<NotificationRow | undefined> {
  const [row] = await db
    .select()
    .from(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .limit(1);
  if (!row) return undefined;
  if (row.readAt) return row;
  const [updated] = await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning();
  return updated;
}

export async function markAllRead(db: Db, userId: string): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return rows.length;
}

export async function deleteForUser(db: Db, userId: string) {
  await db.delete(notifications).where(eq(notifications.userId, userId));
}
